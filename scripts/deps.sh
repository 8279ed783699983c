#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install whatever gjk2d needs that this Debian machine lacks (as root, or through sudo).
# Everything comes from Debian's packages; nothing is downloaded from anywhere else.
#
#   scripts/deps.sh            everything below (what CI and scripts/test.sh rely on)
#   scripts/deps.sh --build    the library and the gjk2d command: C compiler, meson, ninja, SIMDe headers
#   scripts/deps.sh --demo     --build, and rsvg-convert for the main job's PNG pictures
#   scripts/deps.sh --test     --build, and the test suite's tools (Criterion, xmllint, clang, valgrind, Python's)
#   scripts/deps.sh --bench    --build, and the benchmark's peers and tools (Box2D, GEOS, hyperfine, gnuplot)
#   scripts/deps.sh --fuzz     --build, and clang for the libFuzzer targets
# Several modes may be given at once (scripts/deps.sh --test --bench).
set -euo pipefail

build=(gcc meson ninja-build libsimde-dev)              # library, gjk2d command (SIMDe: header-only)
demo=(librsvg2-bin)                                     # demo: SVG pictures to PNG
# The Python module and its tests (python/), all for Debian's /usr/bin/python3.
python=(python3-dev python3-numpy python3-mesonpy python3-pip python3-pytest python3-hypothesis
        python3-shapely python3-dask python3-distributed python3-pandas)
test=(pkg-config python3 libcriterion-dev               # Criterion suite (pkg-config finds it); test summary
      libxml2-utils                                     # xmllint checks the SVG output
      clang valgrind                                    # sanitizer pass and fuzz corpora; memcheck test
      clang-format                                      # the one source style (scripts/format.sh --check)
      "${python[@]}")
bench=(pkg-config python3 libbox2d-dev g++ libgeos-dev  # peers (Box2D 2.4.1, GEOS C API); scripts/bench.sh
       hyperfine gnuplot                                # whole-process timing, plots
       "${python[@]}")                                  # bench/python_bench.py
fuzz=(clang)

packages=()
if [ $# -eq 0 ]; then
  packages=("${build[@]}" "${demo[@]}" "${test[@]}" "${bench[@]}" "${fuzz[@]}")
fi
for mode in "$@"; do
  case "$mode" in
    --build) packages+=("${build[@]}") ;;
    --demo) packages+=("${build[@]}" "${demo[@]}") ;;
    --test) packages+=("${build[@]}" "${test[@]}") ;;
    --bench) packages+=("${build[@]}" "${bench[@]}") ;;
    --fuzz) packages+=("${build[@]}" "${fuzz[@]}") ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "deps: unknown mode '$mode' (--build, --demo, --test, --bench, --fuzz; none: everything)" >&2; exit 2 ;;
  esac
done

missing=()
for p in $(printf '%s\n' "${packages[@]}" | sort -u); do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "deps: installing ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
