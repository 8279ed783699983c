#!/bin/sh
# End-to-end timing of the benchmark binary with hyperfine, one command per implementation, on W1
# (pair generation included: compare the commands with each other, not with the in-process table).
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
for isa in scalar portable sse41 avx2 avx512 neon; do
    # Only the implementations this machine runs: the benchmark itself lists them.
    if "$bin" --pairs 16 --reps 1 --workload w1 --query distance --isa "$isa" --no-threads 2>/dev/null | grep -q " $isa "; then
        cmds="$cmds|$isa"
    fi
done
set --
IFS='|'
for isa in ${cmds#|}; do
    set -- "$@" --command-name "distance-$isa" "GJK2D_ISA=$isa $bin --pairs $pairs --reps 1 --workload w1 --query distance --isa $isa --no-threads"
done
unset IFS
hyperfine --warmup 1 --runs 5 --export-json "$out/hyperfine-w1-distance.json" --export-markdown "$out/hyperfine-w1-distance.md" "$@"
