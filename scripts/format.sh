#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Apply .clang-format to every C and C++ source of the project (src/, include/, tests/, bench/, python/), except
# tests/readme/per_frame.c, whose layout is the README's example. --check: only report files that differ
# (exit 1), for a review or CI.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=(-i)
[ "${1:-}" = --check ] && mode=(--dry-run -Werror)
mapfile -t files < <(git ls-files '*.[ch]' '*.cpp' | grep -v '^tests/fuzz/corpus/' | grep -vx 'tests/readme/per_frame.c')
clang-format "${mode[@]}" "${files[@]}"
