# SPDX-License-Identifier: MIT
"""The GIL is released while the library runs: a Python thread keeps counting during a batch call.

With the GIL held the counter could move only around the call's edges (one switch interval, set to
1 ms here); with it released it runs during most of the call, whatever share of a core it gets. The
call is made long (~0.3 s) on the scalar reference so the two cases are far apart."""
import sys
import threading
import time

import numpy as np
import pytest
from conftest import random_scene

import gjk2d


@pytest.fixture
def slow_scene():
    s, poses, pairs = random_scene(31, shapes=200, pairs=500000, min_verts=8, max_verts=8)
    # already in the library's layout, so the Python half has next to nothing to do around the call
    yield s, gjk2d.as_poses(poses), gjk2d.as_pairs(pairs)
    gjk2d.set_isa("auto")


def counted_during(call):
    count = [0]
    stop = threading.Event()

    def counter():
        while not stop.is_set():
            count[0] += 1

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    t = threading.Thread(target=counter)
    t.start()
    try:
        time.sleep(0.05)  # the counter is running
        t0, c0 = time.perf_counter(), count[0]
        time.sleep(0.1)   # its rate while the main thread sleeps (GIL free)
        rate = (count[0] - c0) / (time.perf_counter() - t0)
        c0, t0 = count[0], time.perf_counter()
        call()
        during, seconds = count[0] - c0, time.perf_counter() - t0
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    return during / (rate * seconds), seconds


@pytest.mark.parametrize("query", ["distance", "overlap", "sat", "distance_cached", "manifold"])
def test_gil_released_during_query(slow_scene, query):
    s, poses, pairs = slow_scene
    gjk2d.set_isa("scalar")
    fraction, seconds = counted_during(lambda: getattr(gjk2d, query)(s, poses, pairs))
    assert seconds > 0.02, "the call is too short to tell"
    # held: ~0.001 s / seconds of the free rate at most; released: most of it
    print(f"{query}: counter at {fraction:.1%} of its free rate during a {seconds:.3f} s call")
    assert fraction > 0.25, f"{query}: the counter ran {fraction:.1%} of its free rate during a {seconds:.3f} s call"


def test_two_query_threads_overlap_in_time(slow_scene):
    """Two threads' batch calls run at the same time: their intervals inside the call overlap."""
    s, poses, pairs = slow_scene
    gjk2d.set_isa("scalar")
    spans = [None, None]
    barrier = threading.Barrier(2)

    def work(i):
        barrier.wait()
        t0 = time.perf_counter()
        gjk2d.distance(s, poses, pairs, fields=["distance"])
        spans[i] = (t0, time.perf_counter())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = spans
    overlap = min(a1, b1) - max(a0, b0)
    assert overlap > 0.5 * min(a1 - a0, b1 - b0), f"calls overlapped {overlap:.3f} s of {a1 - a0:.3f} / {b1 - b0:.3f} s"
