#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configure (once) and build gjk2d in ./build. Extra arguments go to `meson setup`, e.g. -Dfull_tests=false for a quick suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f build/build.ninja ]; then
  [ $# -eq 0 ] || meson configure build "$@"
else
  meson setup build "$@"
fi
ninja -C build
