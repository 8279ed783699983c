#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Apply .clang-format to the directories that follow it: src/cli/, tests/ (but tests/simd/) and bench/.
# src/ (but src/cli/), include/ and tests/simd/ keep their present layout for now. --check: only report
# files that differ (exit 1), for a review or CI.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=(-i)
[ "${1:-}" = --check ] && mode=(--dry-run -Werror)
mapfile -t files < <(git ls-files 'src/cli/*.[ch]' 'tests/*.[ch]' 'tests/*.cpp' 'bench/*.[ch]' 'bench/*.cpp' |
    grep -v '^tests/simd/' | grep -v '^tests/fuzz/corpus/')
clang-format "${mode[@]}" "${files[@]}"
