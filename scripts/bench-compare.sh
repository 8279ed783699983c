#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The benchmark of an older build against this one, side by side: the two gjk2d_bench binaries run
# alternately (old, new, old, new, ...) on the same workload, ROUNDS times each, and the gjk2d rows of
# their tables are compared per ISA: the median over rounds of each binary's rate (itself a median of
# its --reps repetitions), and the median over rounds of new / old, both runs of a round being adjacent.
# A last row compares the defaults: the old binary's "best ISA" with the new one's "gjk2d auto" row (or
# its best ISA when it has none).
#   scripts/bench-compare.sh OLD_BENCH [NEW_BENCH] [ROUNDS]
# OLD_BENCH: gjk2d_bench of the previous version (e.g. a git worktree of it, built with -Dtests=false);
# NEW_BENCH defaults to build-bench/bench/gjk2d_bench, ROUNDS to 3. BENCH_COMPARE_ARGS replaces the
# benchmark arguments (default: W1, distance, 5 repetitions); they must select one query, whose table's
# "gjk2d <isa>" rows are read, and be accepted by both binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    echo "usage: scripts/bench-compare.sh OLD_BENCH [NEW_BENCH] [ROUNDS]" >&2
    exit 2
fi
old=$1 new=${2:-build-bench/bench/gjk2d_bench} rounds=${3:-3}
for b in "$old" "$new"; do
    [ -x "$b" ] || { echo "scripts/bench-compare.sh: $b is not an executable" >&2; exit 2; }
done
args=${BENCH_COMPARE_ARGS:---sections main --workloads w1 --query distance --reps 5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for r in $(seq 1 "$rounds"); do
    for side in old new; do
        bin=$old
        [ $side = new ] && bin=$new
        echo "== round $r/$rounds, $side: $bin $args" >&2
        # shellcheck disable=SC2086 # the arguments are words
        "$bin" $args >"$tmp/$side.$r.md"
    done
done

# The new binary's own line naming the CPU ("CPU: <name>, N cores online; ...").
cpu=$(sed -n 's/^CPU: \(.*\), [0-9]* cores online.*/\1/p' "$tmp/new.1.md")
echo "# gjk2d_bench old vs new, $rounds alternating rounds"
echo
echo "CPU: ${cpu:-unknown}; arguments: \`$args\`"
echo "old: \`$old\` ($(head -1 "$tmp/old.1.md" | sed 's/^# //'))"
echo "new: \`$new\` ($(head -1 "$tmp/new.1.md" | sed 's/^# //'))"
echo
# Rows "| gjk2d ISA | pairs | Mpairs/s | ..." of the first timing table of each output.
python3 - "$tmp" "$rounds" <<'PY'
import re, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
row = re.compile(r"^\| gjk2d (\w+) \| (\d+) \| ([0-9.]+) \|")

best = re.compile(r"best ISA: (\w+)")

def rates(path):
    out = {}
    for line in open(path):
        m = row.match(line)
        if m and m.group(1) not in out:
            out[m.group(1)] = float(m.group(3))
        m = best.search(line)
        if m:
            out["_best"] = m.group(1)
    return out

def default(run):
    return run["auto"] if "auto" in run else run[run["_best"]]

runs = {side: [rates(f"{tmp}/{side}.{r}.md") for r in range(1, rounds + 1)] for side in ("old", "new")}
isas = [i for i in runs["new"][0] if not i.startswith("_") and all(i in run for side in runs for run in runs[side])]
if not isas:
    sys.exit("no gjk2d rows common to both outputs")
print("| ISA | old Mpairs/s (median) | new Mpairs/s (median) | new / old (median of rounds) | per round new / old |")
print("|---|---|---|---|---|")
def line(label, old, new):
    ratios = [n / o for n, o in zip(new, old)]
    print(f"| {label} | {statistics.median(old):.3f} | {statistics.median(new):.3f} | "
          f"{statistics.median(ratios):.3f} | {', '.join(f'{x:.3f}' for x in ratios)} |")

for isa in isas:
    line(isa, [run[isa] for run in runs["old"]], [run[isa] for run in runs["new"]])
if all("_best" in run for run in runs["old"]):
    new_default = "auto" if "auto" in runs["new"][0] else runs["new"][0].get("_best", "?")
    line(f"default (old {runs['old'][0]['_best']}, new {new_default})", [default(r) for r in runs["old"]],
         [default(r) for r in runs["new"]])
PY
