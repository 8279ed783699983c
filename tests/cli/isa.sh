#!/usr/bin/env bash
# Every ISA the CPU supports: 'run --isa X' agrees with 'run --isa scalar' within tolerance, and
# 'run --isa auto' too; 'check' passes on all of them; 'info' and 'bench' report each one.
. "$(dirname "$0")/lib.sh"

expect_status 0 "$G" info
grep -q "^gjk2d [0-9]" out.txt || fail "info: no version"
grep -q "^auto: [a-z0-9]*, lane width [0-9]*$" out.txt || fail "info: no auto line"
grep -qx "isa scalar supported" out.txt || fail "info: scalar must be supported"
[ "$(grep -c '^isa ' out.txt)" = 6 ] || fail "info: expected 6 isa lines"
isas=$(sed -n 's/^isa \([a-z0-9]*\) supported$/\1/p' out.txt)

expect_status 0 "$G" gen --pairs 4000 --seed 21 -o s.scene
"$G" run --isa scalar s.scene -o ref.csv || fail "scalar run"
# Distances within 32 eps L; the scenes keep |coordinates| in A's frame below about 8, so L < 12.
compare() {
    paste -d, ref.csv "$1" | awk -F, -v tol="$(awk 'BEGIN { print 32 * 1.1920929e-7 * 12 }')" 'NR > 1 {
        d = $2 - $12; if (d < 0) d = -d
        if (d > tol || $10 != $20) bad++ }
        END { exit bad > 0 }'
}
for isa in auto $isas; do
    expect_status 0 "$G" run --isa $isa s.scene -o $isa.csv || continue
    compare $isa.csv || fail "run --isa $isa differs from scalar beyond tolerance"
done
expect_status 0 "$G" check s.scene --isa all
grep -q "^check: PASS" out.txt || fail "check --isa all: $(cat out.txt)"
for isa in $isas; do
    grep -q "^check distance $isa " out.txt || fail "check has no line for $isa"
done
expect_status 0 "$G" bench s.scene --repeat 1 --threads 1
for isa in $isas; do
    for q in distance overlap sat; do
        grep -Eq "^bench $q $isa threads=1 pairs=4000 [0-9]+\.[0-9]{2} Mpairs/s$" out.txt || fail "bench line $q $isa"
    done
done
finish
