#!/bin/sh
# End-to-end timing of the benchmark binary with hyperfine, one command per implementation (--only), on
# W1's distance query with 5 in-process repetitions. Pair generation is included in every command, so
# compare the commands with each other; the in-process table of gjk2d_bench is the precise number.
# Usage: bench/hyperfine.sh [build-dir] [pairs]     (defaults: build, 1000000)
set -eu
build=${1:-build}
pairs=${2:-1000000}
bin="$build/bench/gjk2d_bench"
[ -x "$bin" ] || { echo "no $bin: build first (meson setup $build && ninja -C $build)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine not installed (apt-get install hyperfine)" >&2; exit 1; }
out=$(dirname "$0")/results
mkdir -p "$out"
cmds=""
for impl in scalar portable sse41 avx2 avx512 neon box2d; do
    # Only the implementations this machine (and build) runs.
    if "$bin" --pairs 16 --reps 1 --workload w1 --query distance --only "$impl" >/dev/null 2>&1; then
        cmds="$cmds|$impl"
    fi
done
set --
IFS='|'
for impl in ${cmds#|}; do
    set -- "$@" --command-name "distance-$impl" "$bin --pairs $pairs --reps 5 --workload w1 --query distance --only $impl"
done
unset IFS
hyperfine --warmup 1 --runs 5 --export-json "$out/hyperfine-w1-distance.json" --export-markdown "$out/hyperfine-w1-distance.md" "$@"
