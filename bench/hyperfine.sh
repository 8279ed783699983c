#!/bin/sh
# Whole-process timing of `gjk2d run` with hyperfine, one command per ISA this CPU runs (scalar is the
# reference), on a generated W1-like scene: parse + query + CSV written to stdout (hyperfine discards it).
# Parsing and writing dominate a whole process; the --verbose split of one run per ISA is saved too.
# Usage: bench/hyperfine.sh [build-dir] [pairs] [out-dir]     (defaults: build, 1000000, bench/results)
set -eu
build=${1:-build}
pairs=${2:-1000000}
out=${3:-$(dirname "$0")/results}
G="$build/src/cli/gjk2d"
[ -x "$G" ] || { echo "no $G: build first (meson setup $build && ninja -C $build)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine not installed (apt-get install hyperfine)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scene="$tmp/w1.scene"
"$G" gen --pairs "$pairs" --seed 1 -o "$scene" 2>"$tmp/gen.txt"

set --
: >"$out/hyperfine-run-verbose.txt"
for isa in $("$G" info | awk '$1 == "isa" && $3 == "supported" {print $2}'); do
    cmd="$G run --query distance --isa $isa --threads 1 $scene"
    set -- "$@" --command-name "run-distance-$isa" "$cmd"
    # The CSV goes to stdout; one verbose run per ISA records the parse / run / write split.
    $cmd --verbose 2>>"$out/hyperfine-run-verbose.txt" >"$tmp/out.csv"
done
hyperfine --warmup 1 --runs 5 --export-json "$out/hyperfine-run.json" --export-markdown "$out/hyperfine-run.md" "$@"
# The scene's path is a temporary directory: name it by what it is in the committed tables.
sed -i "s|$scene|w1.scene|g" "$out/hyperfine-run.md" "$out/hyperfine-run.json" "$out/hyperfine-run-verbose.txt"
sed -i "s|$build/src/cli/gjk2d|gjk2d|g" "$out/hyperfine-run.md"
