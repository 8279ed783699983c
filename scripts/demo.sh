#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The README's main job: install what it needs (no test or benchmark tools), build the library and the
# gjk2d command in ./build-demo, then generate a 1,000,000-pair scene, cross-check every ISA against the
# scalar reference, print the bench table and draw one pair.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --demo
# A build of its own: ./build is the test command's, with the test suite configured.
[ -f build-demo/build.ninja ] || meson setup build-demo -Dtests=false -Dbench=false </dev/null >/dev/null
ninja -C build-demo >/dev/null

G=build-demo/src/cli/gjk2d
OUT=demo-out
mkdir -p "$OUT"
"$G" info
echo "== generate W1: 1,000,000 random 3..8-gon pairs, half overlapping"
"$G" gen --pairs 1000000 --seed 1 -o "$OUT/w1.scene"
echo "== cross-check every ISA against the scalar reference"
"$G" check "$OUT/w1.scene"
echo "== throughput per query and ISA"
"$G" bench "$OUT/w1.scene" --repeat 5
echo "== GJK at work on one pair"
"$G" svg "$OUT/w1.scene" --pair 7 -o "$OUT/pair7.svg"
"$G" svg "$OUT/w1.scene" --pair 7 --minkowski -o "$OUT/pair7-minkowski.svg"
rsvg-convert "$OUT/pair7.svg" -o "$OUT/pair7.png"
rsvg-convert "$OUT/pair7-minkowski.svg" -o "$OUT/pair7-minkowski.png"
echo "outputs in $OUT/: w1.scene, pair7.svg/.png, pair7-minkowski.svg/.png"
