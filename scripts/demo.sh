#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The README's main job: install what it needs (no test or benchmark tools), build the library and the
# gjk2d command in ./build-demo, then generate a 1,000,000-pair scene, cross-check every ISA against the
# scalar reference, print the bench table and draw one pair (GJK, and its contact manifold); then a
# scene of moving bodies with rays and points, to cross-check the casts, the time of impact, the ray cast
# and the point query, and draw one sweep.
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
"$G" svg "$OUT/w1.scene" --pair 9 --manifold -o "$OUT/pair9-manifold.svg"
echo "== casts, time of impact, rays and points: 100,000 pairs of moving bodies over 3 frames"
"$G" gen --pairs 100000 --frames 3 --motion 0.5 --rays 100000 --points 100000 --seed 2 -o "$OUT/moving.scene"
"$G" check "$OUT/moving.scene" --query cast,toi,ray,point
"$G" svg "$OUT/moving.scene" --pair 8 --toi -o "$OUT/sweep8.svg"
for f in pair7 pair7-minkowski pair9-manifold sweep8; do rsvg-convert "$OUT/$f.svg" -o "$OUT/$f.png"; done
echo "outputs in $OUT/: w1.scene, moving.scene, pair7.svg, pair7-minkowski.svg, pair9-manifold.svg, sweep8.svg (and PNGs)"
