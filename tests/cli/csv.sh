#!/usr/bin/env bash
# CSV format of every query: exact header, one row per pair in order, field counts, status words,
# empty numeric fields for invalid pairs, and floats that read back (%.9g).
. "$(dirname "$0")/lib.sh"

expect_status 0 "$G" gen --pairs 1000 --seed 2 -o s.scene
declare -A header=(
    [distance]="pair,distance,ax,ay,bx,by,nx,ny,iterations,status"
    [overlap]="pair,overlap,iterations,status"
    [sat]="pair,overlap,separation,nx,ny,status")
declare -A fields=([distance]=10 [overlap]=4 [sat]=6)
for q in distance overlap sat; do
    expect_status 0 "$G" run --query $q --threads 3 s.scene || continue
    mv out.txt $q.csv
    [ "$(head -1 $q.csv)" = "${header[$q]}" ] || fail "$q header: $(head -1 $q.csv)"
    [ "$(wc -l < $q.csv)" = 1001 ] || fail "$q: $(wc -l < $q.csv) lines, expected 1001"
    awk -F, -v n=${fields[$q]} 'NR > 1 && (NF != n || $1 != NR - 2 || $NF !~ /^(ok|maxiter|invalid)$/) { bad++ }
        END { exit bad > 0 }' $q.csv || fail "$q rows: wrong field count, order or status"
done
awk -F, 'NR > 1 && ($2 != 0 && $2 != 1) { bad++ } END { exit bad > 0 }' overlap.csv || fail "overlap not 0/1"
# Threads split the range but never change a result; '-o -' is stdout.
expect_status 0 "$G" run --threads 1 s.scene -o - && mv out.txt one.csv
"$G" run --threads 2 s.scene -o two.csv || fail "run -o two.csv"
cmp -s one.csv two.csv || fail "1 and 2 threads differ"
cmp -s one.csv distance.csv || fail "-o - and stdout differ"

# An invalid shape: reported once with its index and reason, its pairs invalid with empty fields,
# every other pair computed.
cat > inv.scene <<'S'
gjk2d-scene 1
shapes 3
0 0 0 0 3 0 0 1 0 0 1
3 0 0 0 3 0 0 0 1 1 0
6 0 0 0 4 0 0 1 0 1 1 0 1
pairs 3
0 1
0 2
1 2
S
expect_status 0 "$G" run inv.scene -o inv.csv
[ "$(grep -c 'shape 1' err.txt)" = 1 ] || fail "invalid shape 1 not reported exactly once: $(cat err.txt)"
grep -q "clockwise" err.txt || fail "reason missing: $(cat err.txt)"
grep -qx "0,,,,,,,,,invalid" inv.csv || fail "pair 0 of the invalid shape: $(sed -n 2p inv.csv)"
grep -qx "2,,,,,,,,,invalid" inv.csv || fail "pair 2 of the invalid shape: $(sed -n 4p inv.csv)"
grep -q "^1,5,1,0,6,0,1,0,[0-9]*,ok$" inv.csv || fail "valid pair 1 not computed: $(sed -n 3p inv.csv)"
"$G" run --query sat inv.scene 2>/dev/null | grep -qx "0,,,,,invalid" || fail "sat invalid row"
"$G" run --query overlap inv.scene 2>/dev/null | grep -qx "0,,,invalid" || fail "overlap invalid row"

# Known answer: unit squares 1 apart along x.
cat > sq.scene <<'S'
gjk2d-scene 1
shapes 2
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 4 0 0 1 0 1 1 0 1
pairs 1
0 1
S
"$G" run sq.scene 2>/dev/null | sed -n 2p | grep -q "^0,1,1,[0-9.e-]*,2,[0-9.e-]*,1,0,[0-9]*,ok$" \
    || fail "square pair: $("$G" run sq.scene | sed -n 2p)"
"$G" run --query sat sq.scene 2>/dev/null | sed -n 2p | grep -qx "0,0,1,1,0,ok" || fail "square sat row"
finish
