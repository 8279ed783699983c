#!/usr/bin/env bash
# valgrind memcheck on the gjk2d command over every class of bad input: a well-formed scene holding
# every kind of invalid shape (bad_shapes.scene) through every query, check, svg and gen, and every
# kind of malformed scene file. Each run must end with its usual exit status, 0 memcheck errors and
# no definitely or indirectly lost memory (--errors-for-leak-kinds=definite,indirect, so a leak is an
# error and gives exit status 99).
# Usage: memcheck.sh GJK2D (skipped, status 77, when valgrind is missing or GJK2D is built with ASan).
HERE="$(cd "$(dirname "$0")" && pwd)"
# G, a temporary working directory, fail() and finish(): the CLI tests' helpers.
. "$HERE/../cli/lib.sh"
VALGRIND="${VALGRIND:-$(command -v valgrind)}"
if [ -z "$VALGRIND" ]; then
    echo "SKIP: valgrind not found (Debian package valgrind): memcheck not run"
    exit 77
fi
if grep -q __asan_init "$G" 2>/dev/null; then
    echo "SKIP: $G is built with AddressSanitizer, which valgrind cannot run; memcheck runs in the plain build"
    exit 77
fi

# vg WANT_STATUS ARGS...: gjk2d under memcheck; the log is kept in vg.log. The AVX2 kernels' long
# straight-line blocks exhaust valgrind's translation storage with origin tracking ("VEX temporary storage
# exhausted"); shorter superblocks (--vex-guest-max-insns=25, default 50) avoid that.
vg() {
    local want="$1"
    shift
    "$VALGRIND" --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect --track-origins=yes --vex-guest-max-insns=25 --log-file=vg.log \
        "$G" "$@" >out.txt 2>err.txt
    local got=$?
    if [ "$got" != "$want" ]; then
        fail "gjk2d $* exited $got, expected $want (99 = memcheck errors); memcheck log:
$(head -c 3000 vg.log)
stderr: $(head -c 600 err.txt)"
        return 1
    fi
    [ -s vg.log ] && fail "gjk2d $*: memcheck printed: $(head -c 3000 vg.log)"
    echo "ok: gjk2d $*"
    return 0
}

S="$HERE/bad_shapes.scene"
# Shapes 9..14 and 20..23 of bad_shapes.scene are invalid, 15..19 have bad poses (one per class), the
# others are valid. expect A B: the status the pair (A, B) must get.
expect() {
    awk -v a="$1" -v b="$2" 'function invalid(k) { return (k >= 9 && k <= 14) || (k >= 20 && k <= 23) }
        function badpose(k) { return k >= 15 && k <= 19 }
        BEGIN { print (invalid(a) || invalid(b)) ? "invalid" : (badpose(a) || badpose(b)) ? "bad-pose" : "ok" }'
}
for q in distance overlap sat; do
    for isa in scalar auto; do
        vg 0 run --query $q --isa $isa --threads 2 "$S" -o $q.csv || continue
        # The status column, by name (the distance CSV has more columns after it).
        col=$(head -1 $q.csv | tr ',' '\n' | grep -n -x status | cut -d: -f1)
        [ -n "$col" ] || { fail "$q.csv has no status column: $(head -1 $q.csv)"; continue; }
        # Every pair of an invalid shape is reported invalid, of a bad pose bad-pose, every other pair
        # is computed.
        paste -d, <(sed -n '/^pairs /,$p' "$S" | tail -n +2 | tr ' ' ,) <(tail -n +2 $q.csv | cut -d, -f"$col") |
            while IFS=, read -r a b status; do
                want=$(expect "$a" "$b")
                if [ "$want" = ok ]; then
                    [ "$status" = ok ] || [ "$status" = maxiter ] || echo "pair ($a, $b): $status"
                else
                    [ "$status" = "$want" ] || echo "pair ($a, $b): $status, expected $want"
                fi
            done > statuses.txt
        [ -s statuses.txt ] && fail "$q/$isa statuses: $(cat statuses.txt)"
    done
done
vg 0 check "$S" --isa all --threads 2
vg 0 svg "$S" --pair 0 -o valid.svg
vg 0 svg "$S" --pair 9 -o invalid.svg      # shape 9 is clockwise: drawn, no simplexes
vg 0 svg "$S" --pairs 7,8,12 --minkowski -o grid.svg
vg 0 gen --pairs 200 --min-verts 1 --max-verts 20 --radius 0.1 --threads 2 -o gen.scene
vg 0 check --soak 3000 --chunk 1000 --max-verts 20 --threads 2

# Malformed files: exit 2 with a FILE:LINE: message, and still no memory error or leak.
ok='shapes 1
0 0 0 0 3 0 0 1 0 0 1'
bad() { printf '%s' "$2" > "$1.scene"; vg 2 run "$1.scene" -o x.csv && [ ! -e x.csv ] || fail "$1: output left behind"; }
bad empty ''
bad magic 'hello 1
'
bad version 'gjk2d-scene 2
'
bad noshapes 'gjk2d-scene 1
pairs 0
'
bad negcount 'gjk2d-scene 1
shapes -1
'
bad badnumber "gjk2d-scene 1
shapes 1
0 0 0 0 3 abc 0 1 0 0 1
pairs 0
"
bad fewverts "gjk2d-scene 1
shapes 1
0 0 0 0 3 0 0 1 0
pairs 0
"
bad zeroverts "gjk2d-scene 1
shapes 1
0 0 0 0 0
pairs 0
"
bad hugeverts "gjk2d-scene 1
shapes 1
0 0 0 0 5000 0 0
pairs 0
"
bad fewshapes "gjk2d-scene 1
shapes 2000000000
0 0 0 0 1 0 0
"
bad pairindex "gjk2d-scene 1
$ok
pairs 1
0 1
"
bad fewpairs "gjk2d-scene 1
$ok
pairs 1000000000000
0 0
"
bad extra "gjk2d-scene 1
$ok
pairs 1
0 0
0 0
"
vg 2 run missing.scene
vg 2 run "$S" --isa no-such-isa
vg 2 svg "$S" --pair 100000

[ "$failures" -ne 0 ] || echo "0 memcheck errors, 0 definite or indirect leaks"
finish
