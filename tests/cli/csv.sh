#!/usr/bin/env bash
# CSV format of every query: exact header, one row per pair in order, field counts, status words,
# empty fields for invalid and bad-pose pairs, the distance query's signed and core distances and
# witness features, no negative zero, and floats that read back (%.9g).
. "$(dirname "$0")/lib.sh"

expect_status 0 "$G" gen --pairs 1000 --seed 2 -o s.scene
declare -A header=(
    [distance]="pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,feature_a,feature_b"
    [overlap]="pair,overlap,iterations,status"
    [sat]="pair,overlap,separation,nx,ny,status")
declare -A fields=([distance]=14 [overlap]=4 [sat]=6)
# The status column: the new distance columns come after it, the others end with it.
declare -A status_col=([distance]=10 [overlap]=4 [sat]=6)
for q in distance overlap sat; do
    expect_status 0 "$G" run --query $q --threads 3 s.scene || continue
    mv out.txt $q.csv
    [ "$(head -1 $q.csv)" = "${header[$q]}" ] || fail "$q header: $(head -1 $q.csv)"
    [ "$(wc -l < $q.csv)" = 1001 ] || fail "$q: $(wc -l < $q.csv) lines, expected 1001"
    awk -F, -v n=${fields[$q]} -v s=${status_col[$q]} '
        NR > 1 && (NF != n || $1 != NR - 2 || $s !~ /^(ok|maxiter|invalid|bad-pose)$/) { bad++ }
        END { exit bad > 0 }' $q.csv || fail "$q rows: wrong field count, order or status"
    # A negative zero would read as a sign where there is none: every zero is printed as 0.
    grep -Eq '(^|,)-0(,|$)' $q.csv && fail "$q: a -0 field: $(grep -Em1 '(^|,)-0(,|$)' $q.csv)"
done
awk -F, 'NR > 1 && ($2 != 0 && $2 != 1) { bad++ } END { exit bad > 0 }' overlap.csv || fail "overlap not 0/1"
# The new distance columns of every computed pair: distance = max(0, signed_distance) exactly (the
# header's contract; both are the same float printed the same way), core_distance >= 0, signed_distance
# = core - ra - rb = core here (the scene has no radii; the float core rounded once), features v<i>,
# e<i> or -, and - exactly where the cores overlap (core distance 0).
awk -F, 'NR > 1 && $10 != "invalid" && $10 != "bad-pose" {
    want = $11 > 0 ? $11 : 0
    if ($2 != want || $12 < 0 || $11 != $12) bad++
    if ($13 !~ /^(v[0-9]+|e[0-9]+|-)$/ || $14 !~ /^(v[0-9]+|e[0-9]+|-)$/) bad++
    if (($12 == 0) != ($13 == "-") || ($12 == 0) != ($14 == "-")) bad++ }
    END { exit bad > 0 }' distance.csv || fail "distance rows: signed/core distance or features inconsistent"
# Feature indices name vertices of the pair's own shapes: at most 8 vertices each in this scene.
awk -F, 'NR > 1 { for (c = 13; c <= 14; c++) if ($c != "-" && substr($c, 2) + 0 > 7) bad++ }
    END { exit bad > 0 }' distance.csv || fail "a feature index beyond the shape's vertices"
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
grep -qx "0,,,,,,,,,invalid,,,," inv.csv || fail "pair 0 of the invalid shape: $(sed -n 2p inv.csv)"
grep -qx "2,,,,,,,,,invalid,,,," inv.csv || fail "pair 2 of the invalid shape: $(sed -n 4p inv.csv)"
# Triangle vertex 1 at (1, 0) against the square's vertex 0 at (6, 0).
grep -q "^1,5,1,0,6,0,1,0,[0-9]*,ok,5,5,v1,v0$" inv.csv || fail "valid pair 1 not computed: $(sed -n 3p inv.csv)"
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
"$G" run sq.scene 2>/dev/null | sed -n 2p | grep -q "^0,1,1,[0-9.e-]*,2,[0-9.e-]*,1,0,[0-9]*,ok,1,1,[ve][0-9],[ve][0-9]$" \
    || fail "square pair: $("$G" run sq.scene | sed -n 2p)"
"$G" run --query sat sq.scene 2>/dev/null | sed -n 2p | grep -qx "0,0,1,1,0,ok" || fail "square sat row"
# A to B along -x: the SAT axis is (-1, 0) with the library's y a negative zero, printed 0.
cat > neg.scene <<'S'
gjk2d-scene 1
shapes 2
0 0 0 0 4 0 0 1 0 1 1 0 1
-2 0 0 0 4 0 0 1 0 1 1 0 1
pairs 1
0 1
S
"$G" run --query sat neg.scene 2>/dev/null | sed -n 2p | grep -qx "0,0,1,-1,0,ok" || fail "negative-x sat row: $("$G" run --query sat neg.scene | sed -n 2p)"
# Points and segments (the segment's two sides, its degenerate edges) make many zero coordinates.
expect_status 0 "$G" gen --pairs 3000 --seed 3 --min-verts 1 --max-verts 4 -o small.scene
for q in distance sat; do
    "$G" run --query $q small.scene -o small-$q.csv 2>/dev/null || fail "run $q small.scene"
    grep -Eq '(^|,)-0(,|$)' small-$q.csv && fail "small $q: a -0 field: $(grep -Em1 '(^|,)-0(,|$)' small-$q.csv)"
done

# Known answers of the new distance columns, one witness-feature case per row (no parallel closest
# edges, where several feature pairs are equally right):
#   0: triangle vertex 0 at (2, 0.5) against the unit square's right edge (e1, from vertex 1 to 2)
#   1: the squares' nearest corners: vertex 2 of A, vertex 0 of B, distance sqrt(2) in float
#   2, 3: a segment from (-1, 0) to (1, 0) and a point above it (e1: the side from vertex 1 back to 0,
#         facing +y) and below it (e0, facing -y)
#   4: two circles of radius 1, centres 1.5 apart: signed -0.5, core 1.5, distance 0, vertices v0
#   5: a sharp square and a rounded one whose cores overlap: signed = -(ra + rb) = -0.25, no features
#   6: two overlapping sharp squares: everything 0, no features
#   7: pair 0 with A and B swapped
cat > feat.scene <<'S'
gjk2d-scene 1
shapes 10
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 3 0 0.5 1 0 1 1
2 2 0 0 4 0 0 1 0 1 1 0 1
0 0 0 0 2 -1 0 1 0
0 1 0 0 1 0 0
0 -1 0 0 1 0 0
0 0 0 1 1 0 0
1.5 0 0 1 1 0 0
0.5 0 0 0.25 4 0 0 1 0 1 1 0 1
0.25 0.25 0 0 4 0 0 1 0 1 1 0 1
pairs 8
0 1
0 2
3 4
3 5
6 7
0 8
0 9
1 0
S
expect_status 0 "$G" run feat.scene -o feat.csv
# pair,distance,ax,ay,bx,by,nx,ny,iterations (any),status,signed_distance,core_distance,feature_a,feature_b
while IFS='|' read -r k want; do
    got=$(awk -F, -v k="$k" 'NR == k + 2 { $9 = "*"; OFS = ","; $1 = $1; print }' feat.csv)
    [ "$got" = "$want" ] || fail "feature case $k: got '$got', expected '$want'"
done <<'E'
0|0,1,1,0.5,2,0.5,1,0,*,ok,1,1,e1,v0
1|1,1.41421354,1,1,2,2,0.707106769,0.707106769,*,ok,1.41421354,1.41421354,v2,v0
2|2,1,0,0,0,1,0,1,*,ok,1,1,e1,v0
3|3,1,0,0,0,-1,0,-1,*,ok,1,1,e0,v0
4|4,0,0.75,0,0.75,0,1,0,*,ok,-0.5,1.5,v0,v0
5|5,0,0.5,0,0.5,0,0,0,*,ok,-0.25,0,-,-
6|6,0,0.25,0.25,0.25,0.25,0,0,*,ok,0,0,-,-
7|7,1,2,0.5,1,0.5,-1,0,*,ok,1,1,v0,e1
E

# Feature names follow the scene's own vertex numbering, duplicates included: a hexagon whose bottom
# side is the run (0, 0), (1, 0), (1, 0) again, (2, 0) names the edge of the run that holds the witness
# point: e2 below x = 1.5 (from the duplicate to (2, 0)), e0 below x = 0.5; its right side e3
# (vertex 3 = (2, 0) to vertex 4 = (2, 1)) and its top e4.
cat > run.scene <<'S'
gjk2d-scene 1
shapes 5
0 0 0 0 6 0 0 1 0 1 0 2 0 2 1 0 1
1.5 -1 0 0 1 0 0
0.5 -1 0 0 1 0 0
2.5 0.5 0 0 1 0 0
1 2 0 0 1 0 0
pairs 4
0 1
0 2
0 3
0 4
S
expect_status 0 "$G" run run.scene -o run.csv
[ "$(cut -d, -f13,14 run.csv | tail -n +2 | tr '\n' ' ')" = "e2,v0 e0,v0 e3,v0 e4,v0 " ] ||
    fail "collinear run features: $(cut -d, -f13,14 run.csv | tail -n +2 | tr '\n' ' ')"

# Bad poses (the scene gives a position and an angle, so a pose is bad when a number is not finite
# or the position is beyond 1e15): each reported once on stderr with its reason, their pairs bad-pose
# with every other field empty, every other pair computed, exit status 0.
cat > pose.scene <<'S'
gjk2d-scene 1
shapes 5
0 0 0 0 3 0 0 1 0 0 1
2e15 0 0 0 3 0 0 1 0 0 1
0 0 nan 0 3 0 0 1 0 0 1
0 -inf 0 0 3 0 0 1 0 0 1
3 0 0 0 3 0 0 1 0 0 1
pairs 5
0 1
0 2
3 0
0 4
1 2
S
for q in distance overlap sat; do
    expect_status 0 "$G" run --query $q pose.scene -o pose-$q.csv || continue
    for i in 1 2 3; do
        [ "$(grep -c "shape $i has a bad pose" err.txt)" = 1 ] || fail "$q: bad pose of shape $i not reported once: $(cat err.txt)"
    done
    grep -q "shape 0 \|shape 4 " err.txt && fail "$q: a good shape reported: $(cat err.txt)"
    grep -q "shape 1 has a bad pose.*1e15" err.txt || fail "$q: no magnitude reason for shape 1: $(cat err.txt)"
    grep -q "shape 2 has a bad pose.*NaN or infinite" err.txt || fail "$q: no non-finite reason for shape 2: $(cat err.txt)"
done
empty_row() { # pair, empty fields before the status, after it
    printf '%s' "$1"; for ((i = 0; i < $2; i++)); do printf ,; done; printf ',bad-pose'
    for ((i = 0; i < $3; i++)); do printf ,; done; echo
}
for k in 0 1 2 4; do
    grep -qx "$(empty_row $k 8 4)" pose-distance.csv || fail "distance pair $k: $(sed -n $((k + 2))p pose-distance.csv)"
    grep -qx "$(empty_row $k 2 0)" pose-overlap.csv || fail "overlap pair $k: $(sed -n $((k + 2))p pose-overlap.csv)"
    grep -qx "$(empty_row $k 4 0)" pose-sat.csv || fail "sat pair $k: $(sed -n $((k + 2))p pose-sat.csv)"
done
grep -q "^3,2,1,0,3,0,1,0,[0-9]*,ok,2,2,v1,v0$" pose-distance.csv || fail "good pair 3: $(sed -n 5p pose-distance.csv)"
expect_status 0 "$G" run --verbose pose.scene -o /dev/null
grep -q "statuses: ok 1, maxiter 0, invalid 0, bad-pose 4, beyond 0$" err.txt || fail "verbose status counts: $(cat err.txt)"
finish
