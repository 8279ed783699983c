#!/usr/bin/env bash
# The SVG is well-formed XML and holds both shapes, the closest-point segment, the numbered simplexes
# and a legend, for plain, rounded and Minkowski pictures and for a grid of pairs.
. "$(dirname "$0")/lib.sh"

XMLLINT="${XMLLINT:-$(command -v xmllint)}"
[ -n "$XMLLINT" ] || { echo "xmllint not found (Debian libxml2-utils)"; exit 77; }

expect_status 0 "$G" gen --pairs 20 --seed 6 -o s.scene
expect_status 0 "$G" gen --pairs 20 --seed 6 --min-verts 1 --max-verts 3 --radius 0.2 -o r.scene
check_svg() {
    local f="$1"
    "$XMLLINT" --noout "$f" || fail "$f is not well-formed XML"
    grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$f" || fail "$f: no svg root"
    grep -Eq 'viewBox="0 0 [0-9]+ [0-9]+"' "$f" || fail "$f: no viewBox"
    grep -q 'class="legend"' "$f" || fail "$f: no legend"
    grep -q 'class="simplex"' "$f" || fail "$f: no simplex"
    grep -q 'class="iter"[^>]*>1<' "$f" || fail "$f: simplexes not numbered"
}
expect_status 0 "$G" svg s.scene --pair 3 -o pair.svg
check_svg pair.svg
grep -Eq '<polygon class="shape-a" points="[0-9., -]+"' pair.svg || fail "polygon A missing"
grep -Eq '<polygon class="shape-b" points="[0-9., -]+"' pair.svg || fail "polygon B missing"
grep -q '<line [^>]*class="closest"' pair.svg || fail "closest-point segment missing"
grep -q 'class="point-a"' pair.svg && grep -q 'class="point-b"' pair.svg || fail "closest points missing"
[ -s out.txt ] && fail "svg -o wrote to stdout"

expect_status 0 "$G" svg r.scene --pair 2 && mv out.txt rounded.svg
check_svg rounded.svg
grep -Eq '<(path|circle) [^>]*class="shape-a"' rounded.svg || fail "rounded outline of A missing"

expect_status 0 "$G" svg s.scene --pair 3 --minkowski -o mink.svg
check_svg mink.svg
grep -q 'class="minkowski"' mink.svg || fail "Minkowski difference missing"
grep -q 'class="origin"' mink.svg || fail "origin missing"

expect_status 0 "$G" svg s.scene --pairs 0,1,2,5 --cols 2 -o grid.svg
check_svg grid.svg
[ "$(grep -c '<g id="pair-' grid.svg)" = 4 ] || fail "grid does not hold 4 pairs"
expect_status 2 "$G" svg s.scene --pairs 1,x -o bad.svg
[ -e bad.svg ] && fail "bad pair list left a file"
# The Minkowski picture of a pair with an invalid shape (NaN or infinite vertex): found by valgrind,
# the hull kept every point of a NaN difference on both chains and wrote past its index array (the
# ASan build of this test and tests/memcheck catch a regression). Now drawn from the finite points.
printf 'gjk2d-scene 1\nshapes 3\n0 0 0 0 4 0 0 1 0 1 1 0 1\n2 0 0 0 3 nan 0 1 0 0 1\n0 2 0 0 3 inf 0 1 0 0 1\npairs 2\n0 1\n1 2\n' > nan.scene
expect_status 0 "$G" svg nan.scene --pairs 0,1 --minkowski -o nan.svg && { "${XMLLINT}" --noout nan.svg || fail "nan.svg is not well-formed XML"; }
finish
