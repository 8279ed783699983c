#!/usr/bin/env bash
# Runs a program that only uses the library with GJK2D_ISA=bogus and fails if it wrote anything to
# stdout or stderr, or exited non-zero (see quiet_guest.c). Usage: quiet.sh PROGRAM
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
GJK2D_ISA=bogus "$1" >"$dir/out" 2>"$dir/err"
rc=$?
status=0
if [ "$rc" != 0 ]; then
    echo "FAIL: $1 exited $rc (wrong answers, or gjk2d_isa_reason() does not name the ignored value)"
    status=1
fi
for f in out err; do
    if [ -s "$dir/$f" ]; then
        echo "FAIL: the library wrote $(wc -c <"$dir/$f") bytes to std$f:"
        head -c 2000 "$dir/$f"
        status=1
    fi
done
[ $status = 0 ] && echo "ok: GJK2D_ISA=bogus: nothing printed, reason names it"
exit $status
