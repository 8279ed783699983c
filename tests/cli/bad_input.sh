#!/usr/bin/env bash
# Every class of bad input: exit status 2, a FILE:LINE: reason message, and no output file left
# behind (an existing output file is left untouched, no temporary file remains).
. "$(dirname "$0")/lib.sh"

ok_shapes='shapes 2
0 0 0 0 3 0 0 1 0 0 1
2 0 0 0 3 0 0 1 0 0 1'

# case NAME EXPECTED_LINE MESSAGE_REGEX CONTENT
case_() {
    local name="$1" line="$2" regex="$3" content="$4"
    printf '%s' "$content" > "$name.scene"
    echo "previous" > out.csv
    for cmd in run check svg; do
        local args=("$name.scene")
        [ $cmd = run ] && args+=(-o out.csv)
        [ $cmd = svg ] && args+=(--pair 0 -o out.svg)
        expect_status 2 "$G" $cmd "${args[@]}" || continue
        grep -q "^$name.scene:$line: " err.txt || fail "$name ($cmd): expected '$name.scene:$line: ...', got: $(cat err.txt)"
        grep -Eq "$regex" err.txt || fail "$name ($cmd): message does not match /$regex/: $(cat err.txt)"
        [ -s out.txt ] && fail "$name ($cmd): wrote to stdout"
    done
    [ "$(cat out.csv)" = previous ] || fail "$name: existing output file changed"
    [ -e out.svg ] && fail "$name: svg output left behind"
    ls | grep -q '\.tmp\.' && fail "$name: temporary file left behind: $(ls)"
    rm -f out.csv
}

case_ empty 1 "expected 'gjk2d-scene 1'" ''
case_ magic 1 "not a gjk2d scene" 'hello 1
'
case_ version 1 "unsupported scene version 2" 'gjk2d-scene 2
'
case_ noshapes 2 "expected 'shapes <count>'" 'gjk2d-scene 1
pairs 0
'
case_ negshapes 2 "out of range" 'gjk2d-scene 1
shapes -1
'
case_ badnumber 4 "bad vertex x 'abc'" "gjk2d-scene 1
shapes 2
0 0 0 0 3 0 0 1 0 0 1
2 0 0 0 3 abc 0 1 0 0 1
pairs 0
"
case_ junknumber 3 "bad position x '1.5x'" "gjk2d-scene 1
shapes 1
1.5x 0 0 0 1 0 0
pairs 0
"
case_ fewverts 3 "vertex count 3 does not match" "gjk2d-scene 1
shapes 1
0 0 0 0 3 0 0 1 0
pairs 0
"
case_ manyverts 3 "vertex count 3 does not match" "gjk2d-scene 1
shapes 1
0 0 0 0 3 0 0 1 0 0 1 5
pairs 0
"
case_ zeroverts 3 "vertex count 0 out of range" "gjk2d-scene 1
shapes 1
0 0 0 0 0
pairs 0
"
case_ hugeverts 3 "vertex count 5000 out of range" "gjk2d-scene 1
shapes 1
0 0 0 0 5000 0 0
pairs 0
"
case_ fewshapes 5 "shape count mismatch: the header says 3 shapes, found 2" "gjk2d-scene 1
shapes 3
0 0 0 0 3 0 0 1 0 0 1
2 0 0 0 3 0 0 1 0 0 1
pairs 0
"
case_ eofshapes 5 "header says 3 shapes, found 2" "gjk2d-scene 1
shapes 3
0 0 0 0 3 0 0 1 0 0 1
2 0 0 0 3 0 0 1 0 0 1
"
case_ fewpairs 7 "header says 2 pairs, found 1" "gjk2d-scene 1
$ok_shapes
pairs 2
0 1
"
case_ manypairs 7 "pair count mismatch" "gjk2d-scene 1
$ok_shapes
pairs 1
0 1
1 0
"
case_ pairrange 6 "names shape 2, outside \[0, 2\)" "gjk2d-scene 1
$ok_shapes
pairs 1
0 2
"
case_ pairneg 6 "names shape -1" "gjk2d-scene 1
$ok_shapes
pairs 1
-1 0
"
case_ pairjunk 6 "unexpected 'x' after the pair" "gjk2d-scene 1
$ok_shapes
pairs 1
0 1 x
"
case_ pairfloat 6 "bad shape index b '1.0'" "gjk2d-scene 1
$ok_shapes
pairs 1
0 1.0
"
# Header counts far beyond the file (found by fuzz_scene: the reader used to allocate the arrays for
# the announced count up front, 48 GB for two billion shapes): the file's real end is reported.
case_ hugeshapes 4 "header says 2000000000 shapes, found 1" "gjk2d-scene 1
shapes 2000000000
0 0 0 0 1 0 0
"
case_ hugepairs 7 "header says 1000000000000 pairs, found 1" "gjk2d-scene 1
$ok_shapes
pairs 1000000000000
0 1
"
# Comments and blank lines count as lines: the reported number is the file's own line.
case_ comments 9 "names shape 7" "gjk2d-scene 1
# a comment

$ok_shapes
pairs 1
   # indented comment
0 7
"
# A file without a final newline still parses (control for the cases above).
printf 'gjk2d-scene 1\n%s\npairs 1\n0 1' "$ok_shapes" > nofinal.scene
expect_status 0 "$G" run nofinal.scene -o nofinal.csv
[ "$(wc -l < nofinal.csv)" = 2 ] || fail "scene without final newline"
printf 'gjk2d-scene 1\r\n%s\r\npairs 1\r\n0 1\r\n' "$(printf '%s' "$ok_shapes" | sed 's/$/\r/')" > crlf.scene
expect_status 0 "$G" run crlf.scene || fail "CRLF scene"
# A NUL byte is named as such (it used to end the number early: "bad vertex x '0'"), and a number
# beyond the float range as out of range (it used to round to infinity: "NaN or infinite").
printf 'gjk2d-scene 1\nshapes 1\n0 0 0 0 1 1\0003 0\npairs 1\n0 0\n' > nul.scene
for cmd in run check "svg --pair 0"; do
    expect_status 2 "$G" $cmd nul.scene && grep -qx "nul.scene:3: a NUL byte at column 12 (not a text file?)" err.txt ||
        fail "$cmd: NUL byte inside a number: $(cat err.txt)"
done
case_ floatrange 3 "vertex x '1e39' is beyond the float range" "gjk2d-scene 1
shapes 1
0 0 0 0 1 1e39 0
pairs 0
"
case_ anglerange 3 "angle '1e309' is beyond the double range" "gjk2d-scene 1
shapes 1
0 0 1e309 0 1 0 0
pairs 0
"
# A missing file or a directory is the command's error, not a line of the file (it used to be "FILE:0:").
expect_status 2 "$G" run missing-file.scene -o x.csv
grep -qx "gjk2d: cannot open missing-file.scene: No such file or directory" err.txt || fail "missing file message: $(cat err.txt)"
[ -e x.csv ] && fail "missing file: output created"
mkdir -p adir
expect_status 2 "$G" run adir -o x.csv
grep -qx "gjk2d: cannot read adir: a directory, not a scene file" err.txt || fail "directory message: $(cat err.txt)"

# An invalid shape is reported at its own line of the file (comments and blank lines counted).
printf 'gjk2d-scene 1\nshapes 2\n0 0 0 0 3 0 0 1 0 0 1\n# comment\n\n0 0 0 0 2 nan 0 1 0\npairs 1\n0 1\n' > inv.scene
expect_status 0 "$G" run inv.scene -o inv.csv
grep -q "^inv.scene:6: shape 1 is invalid (vertex 0): " err.txt || fail "invalid shape without its line: $(cat err.txt)"
printf 'gjk2d-scene 1\nshapes 2\n0 0 0 0 3 0 0 1 0 0 1\n2e15 0 0 0 1 0 0\npairs 1\n0 1\n' > pose.scene
expect_status 0 "$G" run pose.scene -o pose.csv
grep -q "^pose.scene:4: shape 1 has a bad pose" err.txt || fail "bad pose without its line: $(cat err.txt)"

# Output errors name the file asked for: a device by its name (it used to say "stdout"), never our
# temporary name.
if [ -w /dev/full ]; then
    expect_status 2 "$G" run nofinal.scene -o /dev/full
    grep -q "write to /dev/full failed" err.txt || fail "/dev/full message: $(cat err.txt)"
fi

# An output that cannot be written: exit 2, nothing left behind.
expect_status 2 "$G" run nofinal.scene -o no-such-dir/x.csv
[ -e no-such-dir ] && fail "output directory created"
grep -qx "gjk2d: cannot create no-such-dir/x.csv: No such file or directory" err.txt || fail "unwritable output message: $(cat err.txt)"

# Options and ISAs.
expect_status 2 "$G" run --bogus nofinal.scene && grep -q "unknown option '--bogus'" err.txt || fail "unknown option message"
expect_status 2 "$G" run --isa foo nofinal.scene && grep -q "unknown instruction set 'foo'" err.txt || fail "unknown isa message"
expect_status 2 "$G" run --query nope nofinal.scene
expect_status 2 "$G" run --threads 0 nofinal.scene
expect_status 2 "$G" frobnicate
expect_status 2 "$G" gen
expect_status 2 "$G" gen --pairs 10 --min-verts 9 --max-verts 4
expect_status 2 "$G" svg nofinal.scene --pair 5
expect_status 2 "$G" check nofinal.scene --isa scalar,foo
unsupported=$("$G" info | sed -n 's/^isa \([a-z0-9]*\) unsupported$/\1/p' | head -1)
if [ -n "$unsupported" ]; then
    for cmd in "run nofinal.scene" "check nofinal.scene" "bench nofinal.scene --repeat 1"; do
        expect_status 2 "$G" $cmd --isa "$unsupported" && grep -q "not supported" err.txt \
            || fail "$cmd --isa $unsupported: $(cat err.txt)"
    done
fi
for cmd in gen run check bench svg info; do
    expect_status 0 "$G" $cmd --help && grep -q "usage: gjk2d $cmd" out.txt || fail "$cmd --help"
done
expect_status 0 "$G" --help
finish
