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
