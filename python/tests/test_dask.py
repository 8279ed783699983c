# SPDX-License-Identifier: MIT
"""gjk2d.dask: the same bits as one in-process call, on dask's local scheduler and on a
distributed.LocalCluster of 2 worker processes, which receive the shapes and poses once each."""
import dask
import dask.array as da
import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest
from conftest import bits, random_scene

import gjk2d
import gjk2d.dask as gd


@pytest.fixture(scope="module")
def scene():
    return random_scene(41, shapes=2000, pairs=200000, min_verts=1, max_verts=8, radius=0.05)


def assert_columns_equal(got, ref, fields):
    for f in fields:
        g = np.asarray(got[f])
        assert (bits(g) == bits(getattr(ref, f))).all(), f


def test_local_scheduler_array_and_dataframe(scene):
    s, poses, pairs = scene
    ref = {q: getattr(gjk2d, q)(s, poses, pairs) for q in ("distance", "overlap", "sat")}
    dp = da.from_array(pairs, chunks=(30000, 2))
    for q in ref:
        res = gd.query(q, s, poses, dp)
        got = dict(zip(res, dask.compute(*res.values(), scheduler="threads")))
        assert_columns_equal(got, ref[q], res)
    df = dd.from_pandas(pd.DataFrame({"i": pairs[:, 0], "j": pairs[:, 1]}), npartitions=5)
    out = gd.sat(s, poses, df, columns=("i", "j"), fields=["separation", "status"]).compute(scheduler="sync")
    assert list(out.columns) == ["separation", "status"] and (out.index == df.index.compute()).all()
    assert_columns_equal(out, ref["sat"], ["separation", "status"])


def test_manifold_array_and_dataframe(scene):
    s, poses, pairs = scene
    pairs = pairs[:20000]
    ref = gjk2d.manifold(s, poses, pairs, 0.1)
    res = gd.manifold(s, poses, da.from_array(pairs, chunks=(3000, 2)), 0.1)
    got = dict(zip(res, dask.compute(*res.values(), scheduler="threads")))
    assert got["points"].shape == (20000, 2, 2)
    assert_columns_equal(got, ref, res)
    df = dd.from_pandas(pd.DataFrame({"a": pairs[:, 0], "b": pairs[:, 1]}), npartitions=3)
    out = gd.manifold(s, poses, df, margin=0.1, fields=["normal", "points", "count"]).compute(scheduler="sync")
    assert list(out.columns) == ["normal_0", "normal_1", "points_0_0", "points_0_1", "points_1_0", "points_1_1",
                                 "count"]
    assert (bits(out["points_1_0"].to_numpy()) == bits(ref.points[:, 1, 0])).all()
    assert (bits(out["normal_1"].to_numpy()) == bits(ref.normal[:, 1])).all()
    assert (out["count"].to_numpy() == ref.count).all()


def test_bad_dask_input(scene):
    s, poses, pairs = scene
    with pytest.raises(ValueError, match="shape"):
        gd.distance(s, poses, da.from_array(pairs[:, :1], chunks=100))
    with pytest.raises(TypeError, match="integers"):
        gd.distance(s, poses, da.from_array(pairs.astype(float), chunks=100))
    with pytest.raises(ValueError, match="no column"):
        gd.distance(s, poses, dd.from_pandas(pd.DataFrame({"x": pairs[:, 0]}), npartitions=1))
    with pytest.raises(ValueError, match="unknown field"):
        gd.overlap(s, poses, da.from_array(pairs, chunks=100), fields=["distance"])
    with pytest.raises(TypeError, match="dask array or dask DataFrame"):
        gd.distance(s, poses, pairs)
    with pytest.raises(gjk2d.Error, match="poses for"):
        gd.distance(s, poses[:10], da.from_array(pairs, chunks=100))
    # a bad pair index surfaces when computed, with the pair's index in its partition
    bad = pairs.copy()
    bad[150000, 0] = 5000
    with pytest.raises(gjk2d.Error, match="names a shape outside"):
        gd.distance(s, poses, da.from_array(bad, chunks=(50000, 2)))["distance"].compute(scheduler="sync")


def test_local_cluster_two_processes_bit_identical(scene):
    distributed = pytest.importorskip("distributed")
    s, poses, pairs = scene
    ref = gjk2d.distance(s, poses, pairs)
    ref_o = gjk2d.overlap(s, poses, pairs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        before = client.run(lambda: gjk2d.Shapes.unpickled)
        dp = da.from_array(pairs, chunks=(20000, 2))  # 10 partitions over 2 workers
        res = gd.distance(s, poses, dp, client=client)
        got = dict(zip(res, dask.compute(*res.values())))
        assert_columns_equal(got, ref, res)
        after = client.run(lambda: gjk2d.Shapes.unpickled)
        # the shapes reached each worker once, however many partitions it ran
        assert len(after) == 2 and all(after[w] - before[w] == 1 for w in after), (before, after)
        workers = client.run(lambda: __import__("os").getpid())
        assert len(set(workers.values())) == 2
        df = dd.from_pandas(pd.DataFrame({"a": pairs[:, 0], "b": pairs[:, 1]}), npartitions=4)
        out = gd.overlap(s, poses, df, client=client).compute()
        assert_columns_equal(out, ref_o, ["overlap", "iterations", "status"])
        # the manifold, its (M, 2, 2) points as records
        res = gd.manifold(s, poses, dp[:40000], 0.05, client=client, fields=["count", "points", "ids"])
        got = dict(zip(res, dask.compute(*res.values())))
        assert_columns_equal(got, gjk2d.manifold(s, poses, pairs[:40000], 0.05), res)
        # a scene shipped once, for several queries
        before = client.run(lambda: gjk2d.Shapes.unpickled)
        shipped = client.scatter(gd.Scene(s, poses), broadcast=True)
        for q in ("sat", "distance"):
            res = gd.query(q, shipped, None, dp, fields=["status", "nx"])
            got = dict(zip(res, dask.compute(*res.values())))
            assert_columns_equal(got, getattr(gjk2d, q)(s, poses, pairs), res)
        after = client.run(lambda: gjk2d.Shapes.unpickled)
        assert all(after[w] - before[w] == 1 for w in after), (before, after)
        with pytest.raises(TypeError, match="already scattered"):
            gd.distance(shipped, poses, dp)
