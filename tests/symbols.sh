#!/usr/bin/env bash
# A guest in someone else's program exports only its own names: the shared library's dynamic symbol
# table defines nothing but gjk2d_ names (internals, gjk2d__, are hidden), and the static library's
# objects define no global outside gjk2d_ / gjk2d__ (so they cannot clash with the host's names).
# The dynamic symbols are exactly the header's GJK2D_API functions.
# Usage: symbols.sh LIBGJK2D.so LIBGJK2D.a GJK2D.H   (NM: the nm to use; skipped, status 77, without one)
set -u
so="$1"
ar="$2"
header="$3"
NM="${NM:-$(command -v nm)}"
if [ -z "$NM" ]; then
    echo "SKIP: nm not found (binutils): exported symbols not checked"
    exit 77
fi
status=0

# nm prints "ADDRESS TYPE NAME" for defined symbols; archive member headers ("file.o:") and blank lines
# have fewer fields.
names() { awk 'NF == 3 { print $3 }'; }

# A build for fuzzing (-fsanitize=fuzzer-no-link) has the linker's bounds of its coverage sections
# (__start___sancov_*, __stop___sancov_*): the toolchain's names, not ours.
dyn=$("$NM" -D --defined-only "$so" | names | grep -v -E '^__(start|stop)___sancov_')
if [ -z "$dyn" ]; then
    echo "FAIL: $so defines no dynamic symbol at all"
    status=1
fi
bad=$(printf '%s\n' "$dyn" | grep -v -E '^gjk2d_[a-z0-9]' | grep -v '^$')
if [ -n "$bad" ]; then
    echo "FAIL: $so exports names other than gjk2d_* (public) ones:"
    printf '%s\n' "$bad" | head -40
    status=1
fi
# Every declaration marked GJK2D_API (its name is on the marker's line), and nothing else.
api=$(grep -o 'GJK2D_API[^(]*gjk2d_[a-z0-9_]*(' "$header" | grep -o 'gjk2d_[a-z0-9_]*($' | tr -d '(' | sort -u)
if [ "$(printf '%s\n' "$api" | wc -l)" -lt 20 ]; then
    echo "FAIL: found only $(printf '%s\n' "$api" | wc -l) GJK2D_API declarations in $header"
    status=1
fi
missing=$(comm -23 <(printf '%s\n' "$api") <(printf '%s\n' "$dyn" | sort -u))
extra=$(comm -13 <(printf '%s\n' "$api") <(printf '%s\n' "$dyn" | sort -u))
[ -z "$missing" ] || { echo "FAIL: declared GJK2D_API but not exported: $missing"; status=1; }
[ -z "$extra" ] || { echo "FAIL: exported but not declared GJK2D_API in $header: $extra"; status=1; }

glob=$("$NM" --defined-only -g "$ar" | names)
# AddressSanitizer gives every global variable an ODR indicator named after it (__odr_asan.NAME): the
# toolchain's, carrying our name, not a name of ours.
bad=$(printf '%s\n' "$glob" | grep -v -E '^gjk2d_|^__odr_asan[._]gjk2d_' | grep -v '^$')
if [ -n "$bad" ]; then
    echo "FAIL: $ar defines globals outside gjk2d_ / gjk2d__:"
    printf '%s\n' "$bad" | sort -u | head -40
    status=1
fi
[ $status = 0 ] && echo "ok: $(printf '%s\n' "$dyn" | wc -l) exported gjk2d_ names; $(printf '%s\n' "$glob" | sort -u | wc -l) global names in the archive, all gjk2d_ / gjk2d__"
exit $status
