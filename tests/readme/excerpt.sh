#!/bin/sh
# The README's per-frame code block must be, line for line, the text between the README:begin and
# README:end comments of tests/readme/per_frame.c (the program the test suite builds and runs), so the
# example a reader copies is the one that is tested.
#   usage: excerpt.sh README.md per_frame.c
# In README.md the block is the fenced ```c block between <!-- per_frame.c:begin --> and
# <!-- per_frame.c:end -->. Exit status 1 when the two differ or a marker is missing or repeated.
set -eu
readme=$1 source=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Lines strictly between the marker lines, in $3; fails unless each marker occurs exactly once, in order.
between() {
    awk -v b="$2" -v e="$3" '
        $0 == b { nb++; inside = 1; next }
        $0 == e { ne++; inside = 0; next }
        inside { print }
        END { if (nb != 1 || ne != 1) { printf "%s: expected one \"%s\" and one \"%s\" line, found %d and %d\n", FILENAME, b, e, nb, ne > "/dev/stderr"; exit 1 } }
    ' "$1"
}

between "$readme" '<!-- per_frame.c:begin -->' '<!-- per_frame.c:end -->' >"$tmp/block" || exit 1
between "$source" '// README:begin' '// README:end' >"$tmp/source" || exit 1

# The README block is a fenced C block and nothing else: its first line opens it, its last closes it.
first=$(sed -n '1p' "$tmp/block")
last=$(sed -n '$p' "$tmp/block")
if [ "$first" != '```c' ] || [ "$last" != '```' ]; then
    echo "$readme: the per_frame.c markers must enclose exactly one \`\`\`c block" >&2
    exit 1
fi
sed '1d;$d' "$tmp/block" >"$tmp/code"
if [ ! -s "$tmp/source" ]; then
    echo "$source: nothing between the README markers" >&2
    exit 1
fi
if ! cmp -s "$tmp/code" "$tmp/source"; then
    echo "$readme: the per-frame code block differs from $source (README:begin .. README:end):" >&2
    diff -u "$tmp/source" "$tmp/code" >&2 || true
    exit 1
fi
echo "README code block = $source excerpt ($(wc -l <"$tmp/source") lines)"
