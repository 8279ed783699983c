#!/usr/bin/env bash
# Every ISA the CPU supports: 'run --isa X' agrees with 'run --isa scalar' within tolerance, and
# 'run --isa auto' too; 'check' passes on all of them; 'info' and 'bench' report each one. 'info'
# names the library version, the ISA in use and why; a GJK2D_ISA the library ignored is reported by
# the command in exactly one warning line.
. "$(dirname "$0")/lib.sh"

expect_status 0 "$G" info
version=$("$G" --version | sed -n 's/^gjk2d //p')
echo "$version" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+' || fail "--version: '$version'"
head -1 out.txt | grep -qx "gjk2d $version" || fail "info: first line is not 'gjk2d $version': $(head -1 out.txt)"
grep -Eq "^isa: [a-z0-9]+, lane width [0-9]+$" out.txt || fail "info: no 'isa:' line"
grep -Eq "^isa reason: .+" out.txt || fail "info: no 'isa reason:' line"
grep -q "^auto: [a-z0-9]*, lane width [0-9]*$" out.txt || fail "info: no auto line"
grep -Eq "^threads: [1-9][0-9]*$" out.txt || fail "info: no threads line"
grep -qx "isa scalar supported" out.txt || fail "info: scalar must be supported"
[ "$(grep -c '^isa [a-z0-9]* \(un\)*supported$' out.txt)" = 6 ] || fail "info: expected 6 isa lines"
isas=$(sed -n 's/^isa \([a-z0-9]*\) supported$/\1/p' out.txt)
auto=$(sed -n 's/^auto: \([a-z0-9]*\),.*/\1/p' out.txt)
# Without GJK2D_ISA the ISA in use is auto's, chosen automatically, and nothing is printed on stderr.
grep -q "^isa: $auto," out.txt || fail "info: the ISA in use is not auto's ($auto): $(grep '^isa:' out.txt)"
[ -s err.txt ] && fail "info printed on stderr: $(cat err.txt)"

# GJK2D_ISA naming a usable ISA: used, said in the reason, no warning.
GJK2D_ISA=scalar expect_status 0 "$G" info
grep -q "^isa: scalar, lane width 1$" out.txt || fail "GJK2D_ISA=scalar: $(grep '^isa' out.txt | head -2)"
grep -q "^isa reason: .*GJK2D_ISA" out.txt || fail "GJK2D_ISA=scalar: the reason does not name it: $(grep '^isa reason' out.txt)"
[ -s err.txt ] && fail "GJK2D_ISA=scalar: stderr: $(cat err.txt)"

# GJK2D_ISA that is ignored (unknown, or unsupported here): the library only says why in its reason;
# the command prints one warning line, whatever the command and however often it switches ISAs, and
# runs on auto's choice with unchanged results.
expect_status 0 "$G" gen --pairs 4000 --seed 21 -o s.scene
"$G" run s.scene -o plain.csv 2>/dev/null || fail "run without GJK2D_ISA"
unsupported=$("$G" info | sed -n 's/^isa \([a-z0-9]*\) unsupported$/\1/p' | head -1)
for bad in bogus $unsupported; do
    GJK2D_ISA=$bad expect_status 0 "$G" info
    # auto's choice is a measurement made by each process: compare with this process's own.
    auto_here=$(sed -n 's/^auto: \([a-z0-9]*\),.*/\1/p' out.txt)
    grep -q "^isa: $auto_here," out.txt || fail "GJK2D_ISA=$bad: not auto's ISA ($auto_here): $(grep '^isa:' out.txt)"
    grep -q "^isa reason: GJK2D_ISA.*ignored" out.txt || fail "GJK2D_ISA=$bad: reason: $(grep '^isa reason' out.txt)"
    for cmd in "info" "run s.scene -o bad.csv" "check s.scene --query distance" "bench s.scene --repeat 1 --query sat"; do
        GJK2D_ISA=$bad expect_status 0 "$G" $cmd || continue
        [ "$(wc -l < err.txt)" = 1 ] || fail "GJK2D_ISA=$bad $cmd: expected one stderr line, got: $(cat err.txt)"
        grep -q "^gjk2d: warning: GJK2D_ISA='$bad': GJK2D_ISA.*ignored" err.txt ||
            fail "GJK2D_ISA=$bad $cmd: warning: $(cat err.txt)"
    done
    cmp -s plain.csv bad.csv || fail "GJK2D_ISA=$bad changed the results"
    # Help needs no ISA: no warning.
    GJK2D_ISA=$bad expect_status 0 "$G" run --help
    [ -s err.txt ] && fail "GJK2D_ISA=$bad run --help warned: $(cat err.txt)"
done

"$G" run --isa scalar s.scene -o ref.csv || fail "scalar run"
# Distances within 32 eps L; the scenes keep |coordinates| in A's frame below about 8, so L < 12.
# Columns of the pasted rows: distance 2 and 16, status 10 and 24 (14 columns per row).
compare() {
    paste -d, ref.csv "$1" | awk -F, -v tol="$(awk 'BEGIN { print 32 * 1.1920929e-7 * 12 }')" 'NR > 1 {
        d = $2 - $16; if (d < 0) d = -d
        if (d > tol || $10 != $24) bad++ }
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
