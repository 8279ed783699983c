#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The README's test command: install what is missing, build, run the whole test suite twice:
#  1. the release build in ./build (extra arguments go to its `meson setup`, e.g. -Dfull_tests=false
#     for a tenth of the random pairs), including valgrind memcheck of the gjk2d command;
#  2. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer in ./build-asan (clang, with
#     the libFuzzer targets built and replayed over their committed corpora; a tenth of the random
#     pairs, which keeps this pass to a few minutes). Any sanitizer report fails the test it occurs in.
#  3. a warnings build: GCC, debugoptimized, with the sanitizers and -Werror, library and command
#     only (GCC's flow analysis at -O2 under instrumentation finds what the release build does not,
#     e.g. a buffer it believes may be read uninitialized);
#  4. the source style: scripts/format.sh --check (.clang-format, Debian 12's clang-format 14).
# The last line counts the test cases of both passes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh "$@"
status=0
meson test -C build --print-errorlogs --num-processes 2 || status=$?

asan=build-asan
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=1
if [ ! -f $asan/build.ninja ]; then
  if command -v clang >/dev/null; then
    CC=clang meson setup $asan -Db_sanitize=address,undefined -Db_lundef=false -Dfull_tests=false -Dfuzz=true
  else # the fuzz targets need clang; the suite itself runs under GCC's sanitizers too
    meson setup $asan -Db_sanitize=address,undefined -Db_lundef=false -Dfull_tests=false
  fi
fi
rm -f $asan/meson-logs/testlog.json  # never count a previous run
if ninja -C $asan; then
  meson test -C $asan --print-errorlogs --num-processes 2 || status=$?
else
  status=1
fi

warn=build-warnings
if [ ! -f $warn/build.ninja ]; then
  CC=gcc meson setup $warn -Dbuildtype=debugoptimized -Db_sanitize=address,undefined -Dwerror=true \
    -Dtests=false -Dbench=false -Dcli=true
fi
ninja -C $warn || { echo "warnings build: failed (a warning under -Werror, see above)"; status=1; }
bash scripts/format.sh --check || { echo "source style: files differ from .clang-format (bash scripts/format.sh)"; status=1; }

echo "release pass: $(python3 scripts/test_summary.py build/meson-logs/testlog.json || true)"
if [ -f $asan/meson-logs/testlog.json ]; then
  echo "asan+ubsan pass: $(python3 scripts/test_summary.py $asan/meson-logs/testlog.json || true)"
  cat build/meson-logs/testlog.json $asan/meson-logs/testlog.json > $asan/meson-logs/testlog-both.json
  python3 scripts/test_summary.py $asan/meson-logs/testlog-both.json || true
else
  python3 scripts/test_summary.py build/meson-logs/testlog.json || true
fi
exit $status
