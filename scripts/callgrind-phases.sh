#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions per pair of one batch query on one ISA, split by the kernel's phases, from callgrind's
# function-level counts (valgrind runs sse4.1 and avx2, not AVX-512: time AVX-512 with gjk2d_bench_ab).
#   scripts/callgrind-phases.sh [-b BUILD] QUERY ISA [WORKLOAD [PAIRS]]
# QUERY: distance, overlap, sat, cast (shape cast) or ray (ray cast; both as gjk2d_bench_ab --query cast|ray
# makes them from the workload's pairs); ISA: scalar, portable, sse41, avx2; WORKLOAD: w1 (default), w2, w3,
# w4, b3; PAIRS: 100000 by default. BUILD (default build-rel) is a release build with the bench
# (BUILD/bench/gjk2d_bench_ab, which runs the query once under callgrind).
#
# The kernels keep each phase out of line (KERNEL_PHASE in src/simd/kernel_tmpl.c): the cost of every
# function reached from the batch call goes to the phase of its nearest phase function on the call path
# (shared callees are split between callers in proportion to the calls' inclusive costs), and anything
# outside a phase function to "other" (the block loop, the dispatch). Straggler and rounded passes keep
# their own phase for everything they call (their loads and steps too).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-rel
if [ "${1:-}" = -b ]; then
    build=$2
    shift 2
fi
if [ $# -lt 2 ] || [ $# -gt 4 ]; then
    echo "usage: scripts/callgrind-phases.sh [-b BUILD] QUERY ISA [WORKLOAD [PAIRS]]" >&2
    exit 2
fi
query=$1 isa=$2 workload=${3:-w1} pairs=${4:-100000}
exe=$build/bench/gjk2d_bench_ab
[ -x "$exe" ] || { echo "scripts/callgrind-phases.sh: no $exe (a release build with -Dbench=true)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
valgrind --tool=callgrind --compress-strings=no --compress-pos=no --callgrind-out-file="$tmp/cg.out" \
    "$exe" --once --query "$query" --workload "$workload" --pairs "$pairs" "$isa" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; exit 1; }

python3 - "$tmp/cg.out" "$query" "$isa" "$workload" "$pairs" <<'PY'
import collections, re, sys
path, query, isa, workload, pairs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])

# Phase functions: (phase, sticky). A sticky phase keeps everything below it.
PHASES = {
    "gjk2d_check_batch": ("argument check", False),
    "lblock_load": ("load", False),
    "gjk_block_run": ("steps", False),
    "gjk_block_run2": ("steps", False),
    "gjk_lanes_finish": ("finish", False),
    "gjk_write_block": ("store", False),
    "gjk_write_lane": ("store", False),
    "gjk_run_stragglers": ("stragglers", True),
    "lpending_add": ("stragglers", True),
    "bool_block_run_cold": ("steps", False),
    "bool_block_run_warm": ("steps", False),
    "bool_block_run2_cold": ("steps", False),
    "bool_write": ("store", False),
    "bool_run_stragglers": ("stragglers", True),
    "sat_block": ("steps", False),
    "sat_write": ("store", False),
    "sat_put": ("store", False),
}
if query == "overlap":
    PHASES["gjk_distance_run"] = ("rounded pairs (distance lanes)", True)
# The casts: a block's turns, its finish and stores, the lanes that end at the start (answered by the
# distance lanes, everything below them included), the stragglers; a ray at polygons is one clipping pass.
PHASES.update({
    "gjk2d_check_items": ("argument check", False),
    "lblock_load_items": ("load", False),
    "lane_shape_columns": ("load", False),
    "lane_poses_load": ("load", False),
    "cast_lanes_run": ("steps", False),
    "ray_clip": ("steps", False),
    "ray_circle": ("steps", False),
    "cast_block_write": ("finish", False),
    "cast_store_block": ("store", False),
    "cast_lanes_write": ("store", False),
    "cast_run_starts": ("at the start (distance lanes)", True),
    "cast_run_stragglers": ("stragglers", True),
})
ORDER = ["argument check", "load", "steps", "finish", "store", "stragglers",
         "rounded pairs (distance lanes)", "at the start (distance lanes)", "other"]
ENTRY = "gjk2d_batch_" + query

def base(name):
    return re.sub(r"\.(constprop|isra|part|cold)\..*$|\.(cold)$", "", name.split("'")[0])

self_cost = collections.Counter()
edges = collections.defaultdict(collections.Counter)  # caller -> callee -> inclusive cost of its calls
fn = cfn = None
after_calls = False
for line in open(path):
    line = line.rstrip("\n")
    if line.startswith("fn="):
        fn, after_calls = line[3:], False
    elif line.startswith("cfn="):
        cfn = line[4:]
    elif line.startswith("calls="):
        after_calls = True
    elif line and (line[0].isdigit() or line[0] in "+-*"):
        parts = line.split()
        cost = int(parts[1]) if len(parts) > 1 else 0
        if after_calls:
            edges[fn][cfn] += cost
            after_calls = False
        elif fn is not None:
            self_cost[fn] += cost
incl = {f: self_cost[f] + sum(edges[f].values()) for f in set(self_cost) | set(edges)}
entries = [f for f in incl if base(f) == ENTRY]
if not entries:
    sys.exit(f"no {ENTRY} in the profile")
phase = collections.Counter()

def walk(f, scale, ph, sticky, depth):
    if depth > 60 or scale <= 0:
        return
    p = PHASES.get(base(f))
    if p and not sticky:
        ph, sticky = p
    phase[ph] += self_cost[f] * scale
    for g, c in edges[f].items():
        if incl.get(g):
            walk(g, scale * c / incl[g], ph, sticky, depth + 1)

for e in entries:
    walk(e, 1.0, "other", False, 0)
total = sum(incl[e] for e in entries)
print(f"{query} on {isa}, {workload.upper()}, {pairs} pairs: {total / pairs:.1f} instructions per pair "
      f"(callgrind, {ENTRY} inclusive)")
print("| phase | instructions per pair | share |")
print("|---|---|---|")
for ph in ORDER + sorted(set(phase) - set(ORDER)):
    if phase[ph] >= 0.05 * pairs:
        print(f"| {ph} | {phase[ph] / pairs:.1f} | {100.0 * phase[ph] / total:.1f} % |")
PY
