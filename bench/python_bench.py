#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The Python module's benchmark (docs/python.md, "Benchmark"), printed as Markdown:

1. gjk2d against shapely on W1 (`gjk2d gen --pairs 1000000 --seed 1`, read with gjk2d.read_scene): distance
   (every field, and the distance alone, which is what shapely returns) and intersects, one thread, the
   same pairs, the fastest of 7 runs (gjk2d) and 3 (shapely). Debian 12's shapely is 1.8, which has no
   vectorised distance: it is a Python loop over GEOS calls (shapely 2's vectorised loop runs in C).
   Building the shapely geometries is not timed.
2. The module's overhead against the bare C batch call at 10^3, 10^5 and 10^6 pairs per call, in the same
   process on the same prepared set and arrays, interleaved (A, B, A, B, ...), the fastest of several
   rounds each: `gjk2d.distance(shapes, poses, pairs)` as a user writes it ((M, 2) pairs, outputs
   allocated), and the per-frame form (pairs already int32 columns, `out=` arrays reused).
3. gjk2d.dask over 10^7 pairs (W1's pairs ten times, 4 partitions of 2.5 * 10^6 pairs, about 0.15 s of
   work each: Dask's guidance is tasks well above its scheduling cost) on a distributed.LocalCluster of 1
   and of 2 worker processes (one thread each); the pairs' partitions are placed on the workers first,
   round-robin (an even split), the scene scattered to every worker, then the fastest of 3 runs (results
   persisted, then also gathered). Three rounds, each a 1-worker cluster then a 2-worker one; the ratio
   reported is the median of the rounds'.

Run: PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--cli build/src/cli/gjk2d] [--out FILE]
Wall-clock numbers on a shared 2-core machine are noisy: the ratios (A/B in one process) are the figures
to trust, and the Dask scaling depends on how much of a second core the machine gives.
"""
import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

import numpy as np

import gjk2d
from gjk2d import _gjk2d


def timed(fn):
    """Wall-clock seconds of fn()."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def cpu_timed(fn):
    """This thread's CPU seconds of fn(): on a shared machine the wall clock also counts the time other
    processes hold the core; single-threaded work is measured this way on both sides of a ratio."""
    t0 = time.thread_time()
    fn()
    return time.thread_time() - t0


def spin(_):
    """Fixed pure-Python work, for the machine's own scaling with worker processes."""
    x = 0
    for i in range(3_000_000):
        x += i & 7
    return x


def cpu_name(cli):
    """The CPU as `gjk2d info` names it (src/cpu_name.c)."""
    try:
        info = subprocess.run([cli, "info"], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or "unknown CPU"
    for line in info.splitlines():
        if line.startswith("cpu: "):
            return line[len("cpu: "):]
    return "unknown CPU"


def w1(cli, pairs, path):
    if not os.path.exists(path):
        subprocess.run([cli, "gen", "--pairs", str(pairs), "--seed", "1", "-o", path], check=True,
                       stderr=subprocess.DEVNULL)
    scene = gjk2d.read_scene(path)
    x, y, angle = scene.poses
    c, s = np.empty(len(x), np.float32), np.empty(len(x), np.float32)
    _gjk2d.poses_from_angles(angle, c, s)
    poses = np.ascontiguousarray(np.column_stack([x, y, c, s]), np.float32)
    return scene.shapes, poses, scene.pairs


def versus_shapely(shapes, poses, pairs, n, report):
    import shapely
    from shapely.geometry import Polygon
    first = np.concatenate([[0], np.cumsum(shapes.counts)])
    used = np.unique(pairs[:n])
    geoms = {}
    for k in used:
        v = shapes.vertices[first[k]:first[k + 1]].astype(np.float64)
        px, py, c, s = poses[k].astype(np.float64)
        geoms[k] = Polygon(np.column_stack([c * v[:, 0] - s * v[:, 1] + px, s * v[:, 0] + c * v[:, 1] + py]))
    ga = [geoms[a] for a in pairs[:n, 0]]
    gb = [geoms[b] for b in pairs[:n, 1]]
    sub = pairs[:n]
    gjk2d.distance(shapes, poses, sub)  # warm-up (and the ISA choice)
    # The gjk2d calls reach their steady rate after a few calls (caches, the allocator's free lists):
    # the fastest of `runs`; shapely's rate is steady from the first run.
    runs = 7
    t_gd = min(cpu_timed(lambda: gjk2d.distance(shapes, poses, sub)) for _ in range(runs))
    # What shapely's distance returns: the distance alone (the kernels then skip the points and features).
    t_gd1 = min(cpu_timed(lambda: gjk2d.distance(shapes, poses, sub, fields=["distance"])) for _ in range(runs))
    t_go = min(cpu_timed(lambda: gjk2d.overlap(shapes, poses, sub)) for _ in range(runs))
    t_sd = min(cpu_timed(lambda: [a.distance(b) for a, b in zip(ga, gb)]) for _ in range(3))
    t_si = min(cpu_timed(lambda: [a.intersects(b) for a, b in zip(ga, gb)]) for _ in range(3))
    full_d = min(cpu_timed(lambda: gjk2d.distance(shapes, poses, pairs)) for _ in range(runs))
    reused = gjk2d.distance(shapes, poses, pairs)
    full_out = min(cpu_timed(lambda: gjk2d.distance(shapes, poses, pairs, out=reused)) for _ in range(runs))
    full_o = min(cpu_timed(lambda: gjk2d.overlap(shapes, poses, pairs)) for _ in range(runs))
    report.append(f"## gjk2d vs shapely {shapely.__version__} on W1 (first {n} pairs, one thread, "
                  f"fastest of {runs} runs for gjk2d and 3 for shapely, thread CPU time)\n")
    report.append("| query | gjk2d (Python) | shapely | ratio |\n|---|---|---|---|")
    report.append(f"| distance, every field | {n / t_gd / 1e6:.2f} M pairs/s | {n / t_sd / 1e6:.3f} M pairs/s "
                  f"| **{t_sd / t_gd:.0f}x** |")
    report.append(f"| distance alone (`fields=[\"distance\"]`) | {n / t_gd1 / 1e6:.2f} M pairs/s "
                  f"| {n / t_sd / 1e6:.3f} M pairs/s | **{t_sd / t_gd1:.0f}x** |")
    report.append(f"| overlap / intersects | {n / t_go / 1e6:.2f} M pairs/s | {n / t_si / 1e6:.3f} M pairs/s "
                  f"| **{t_si / t_go:.0f}x** |")
    report.append(f"\nAll {len(pairs)} W1 pairs in one call from Python: distance {len(pairs) / full_d / 1e6:.2f} M pairs/s "
                  f"with its outputs allocated by the call (every field: {sum(np.asarray(a).nbytes for a in reused) / 1e6:.0f} MB, which a "
                  f"fragmented heap hands out as fresh pages, faulted in on first write), "
                  f"{len(pairs) / full_out / 1e6:.2f} M pairs/s into reused `out=` arrays; "
                  f"overlap {len(pairs) / full_o / 1e6:.2f} M pairs/s (ISA {gjk2d.isa()}).\n")


def overhead(shapes, poses, pairs, report, rounds=7):
    report.append("## Python overhead against the bare C call (distance, every field, one thread, thread CPU time, "
                  f"fastest of {rounds} interleaved rounds)\n")
    report.append("| pairs per call | C batch | `gjk2d.distance` as written | overhead | per-frame form (`out=`, int32 columns) | overhead |")
    report.append("|---|---|---|---|---|---|")
    p = gjk2d.as_poses(poses)
    for m in (1000, 100_000, 1_000_000):
        sub = np.ascontiguousarray(pairs[:m])
        a, b = gjk2d.as_pairs(sub)
        out = gjk2d.distance(shapes, p, (a, b))
        outs = tuple(out)
        loops = max(1, 200_000 // m)
        c_best = py_best = frame_best = float("inf")
        for _ in range(rounds):
            c_best = min(c_best, sum(_gjk2d.time_batch(0, shapes._set, p.args, a, b, outs, 1) for _ in range(loops)) / loops)
            py_best = min(py_best, cpu_timed(lambda: [gjk2d.distance(shapes, poses, sub) for _ in range(loops)]) / loops)
            frame_best = min(frame_best, cpu_timed(lambda: [gjk2d.distance(shapes, p, (a, b), out=out)
                                                            for _ in range(loops)]) / loops)
        report.append(f"| {m:,} | {c_best * 1e3:.3f} ms ({m / c_best / 1e6:.2f} M/s) | {py_best * 1e3:.3f} ms | "
                      f"{100 * (py_best / c_best - 1):+.1f} % | {frame_best * 1e3:.3f} ms | {100 * (frame_best / c_best - 1):+.1f} % |")
    report.append("")


def dask_round(big, parts, workers, shapes, poses):
    """One LocalCluster of `workers` worker processes: the fastest of 3 runs with the results kept on the
    workers, of 3 with them gathered, and of 3 of the pure-Python control, after a warm-up run."""
    import dask
    import dask.array as da
    from distributed import Client, LocalCluster, wait

    import gjk2d.dask as gd
    chunk = len(big) // parts
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=40) as cluster, Client(cluster) as client:
        # The partitions placed round-robin on the workers (an even split): the scheduler's own
        # rebalance once left 10 partitions 4 and 6, which alone caps 2 workers at 1.67x one.
        addresses = sorted(client.scheduler_info()["workers"])
        placed = [client.scatter(big[i * chunk:(i + 1) * chunk], workers=[addresses[i % workers]], hash=False)
                  for i in range(parts)]
        dp = da.concatenate([da.from_delayed(p, (chunk, 2), big.dtype) for p in placed])
        wait(placed)
        shipped = client.scatter(gd.Scene(shapes, poses), broadcast=True)  # once per worker, untimed
        baseline = sum(len(k) for k in client.has_what().values())

        def run(gather):
            while sum(len(k) for k in client.has_what().values()) > baseline:
                time.sleep(0.01)  # the previous run's results are gone: nothing is reused
            d = gd.distance(shipped, None, dp, fields=["distance", "status"], client=client)
            if gather:
                return timed(lambda: dask.compute(d["distance"], d["status"]))
            t0 = time.perf_counter()
            kept = client.persist([d["distance"], d["status"]])
            wait(kept)
            seconds = time.perf_counter() - t0
            del kept
            return seconds

        run(False)  # warm-up
        kept = min(run(False) for _ in range(3))
        gathered = min(run(True) for _ in range(3))
        spin_time = min(timed(lambda: client.gather(client.map(spin, range(10), pure=False))) for _ in range(3))
        return kept, gathered, spin_time


def dask_scaling(shapes, poses, pairs, report, total=10_000_000, parts=4, rounds=3):
    reps = -(-total // len(pairs))
    big = np.tile(pairs, (reps, 1))[:total]
    # Rounds of one cluster after the other (never both up at once: a second cluster's processes slow
    # the first's runs), so a drift of the shared machine falls on both sides of each round's ratio.
    rows = [{w: dask_round(big, parts, w, shapes, poses) for w in (1, 2)} for _ in range(rounds)]
    ratio = lambda r, k: r[1][k] / r[2][k]  # noqa: E731
    load = os.getloadavg()[0]
    report.append(f"## gjk2d.dask: {total:,} W1 pairs in {parts} partitions, LocalCluster, one thread per worker "
                  "process\n")
    report.append("| round | 1 worker, kept | 2 workers, kept | 2 / 1 kept | 2 / 1 gathered | pure-Python task x 10, "
                  "2 / 1 |")
    report.append("|---|---|---|---|---|---|")
    for i, r in enumerate(rows):
        report.append(f"| {i + 1} | {r[1][0]:.3f} s ({total / r[1][0] / 1e6:.1f} M pairs/s) | {r[2][0]:.3f} s "
                      f"({total / r[2][0] / 1e6:.1f} M pairs/s) | {ratio(r, 0):.2f}x | {ratio(r, 1):.2f}x | "
                      f"{ratio(r, 2):.2f}x |")
    med = lambda k: float(np.median([ratio(r, k) for r in rows]))  # noqa: E731
    report.append(f"\n2 workers / 1 worker, median of the rounds: **{med(0):.2f}x** (kept), {med(1):.2f}x (gathered); "
                  f"the machine's own scaling, the pure-Python task: {med(2):.2f}x. Load average at the end: "
                  f"{load:.1f} on {os.cpu_count()} CPUs (wall clock; each round runs a 1-worker cluster, then a "
                  "2-worker one, each the fastest of 3 runs after a warm-up run).\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default="build/src/cli/gjk2d", help="the gjk2d command, to generate W1 and name the CPU")
    ap.add_argument("--pairs", type=int, default=1_000_000, help="W1's pair count")
    ap.add_argument("--shapely-pairs", type=int, default=100_000, help="pairs timed against shapely")
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--out", help="also write the report to this file")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        shapes, poses, pairs = w1(args.cli, args.pairs, os.path.join(tmp, "w1.scene"))
    report = [f"# gjk2d from Python\n\n{cpu_name(args.cli)}, {os.cpu_count()} CPUs visible, Python {platform.python_version()} "
              f"({sys.executable}), numpy {np.__version__}, gjk2d {gjk2d.version}, {gjk2d.isa_reason()}\n"]
    versus_shapely(shapes, poses, pairs, args.shapely_pairs, report)
    overhead(shapes, poses, pairs, report)
    if not args.skip_dask:
        dask_scaling(shapes, poses, pairs, report)
    text = "\n".join(report)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
