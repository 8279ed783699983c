#!/usr/bin/env bash
# The README's test command: install what is missing, build, run the whole test suite.
# Extra arguments go to `meson setup` (e.g. -Dfull_tests=false for a tenth of the random pairs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/build.sh "$@"
status=0
meson test -C build --print-errorlogs --num-processes 2 || status=$?
python3 scripts/test_summary.py build/meson-logs/testlog.json || true
exit $status
