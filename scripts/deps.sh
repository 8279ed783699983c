#!/usr/bin/env bash
# Install whatever gjk2d needs that this Debian machine lacks (as root, or through sudo).
# Everything comes from Debian's packages; nothing is downloaded from anywhere else.
set -euo pipefail

packages=(
  gcc pkg-config meson ninja-build python3   # build
  libsimde-dev                               # SIMD kernels (header-only)
  libcriterion-dev                           # tests
  libxml2-utils                              # tests: xmllint checks the SVG output
  libbox2d-dev g++                           # benchmark peer (Box2D 2.4.1)
  libgeos-dev                                # benchmark peer (GEOS C API)
  clang valgrind                             # fuzz targets, memcheck test
  hyperfine gnuplot                          # benchmark timing and plots
  librsvg2-bin                               # demo: SVG pictures to PNG
)

missing=()
for p in "${packages[@]}"; do
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
