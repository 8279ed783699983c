# Helpers shared by the CLI tests. Each test script gets the gjk2d executable as $1 ($G) and, from
# tests/cli/meson.build, the test-hook build of it as $2 ($GH, empty when not given), and works in a
# fresh temporary directory that is removed on exit.
set -u
G="$1"
case "$G" in /*) ;; *) G="$PWD/$G" ;; esac
GH="${2:-}"
case "$GH" in /* | '') ;; *) GH="$PWD/$GH" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_status WANT CMD...: run CMD, compare its exit status; stdout/stderr kept in out.txt/err.txt.
expect_status() {
    local want="$1"
    shift
    "$@" >out.txt 2>err.txt
    local got=$?
    if [ "$got" != "$want" ]; then
        fail "'$*' exited $got, expected $want; stderr: $(head -c 600 err.txt)"
        return 1
    fi
    return 0
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$failures failure(s)" >&2
        exit 1
    fi
    echo "all passed"
    exit 0
}

# closing_squares_scene FILE: the scene of cast.sh and toi.sh. Two unit squares one apart closing at 3 per
# step (A +1, B -2); a square moving up and right past another (a miss); two overlapping squares; frame 1 -> 2
# without motion.
closing_squares_scene() {
    cat > "$1" <<'SCENE'
gjk2d-scene 1
shapes 3
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 4 0 0 1 0 1 1 0 1
0 0.5 0 0 4 0 0 1 0 1 1 0 1
pairs 3
0 1
1 2
0 2
frames 3
frame 1
1 0 0
0 0 0
0 3 0
frame 2
1 0 0
0 0 0
0 3 0
SCENE
}
