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


def test_casts_array_and_dataframe(scene):
    """Shape casts, ray casts, point queries and times of impact: per-item inputs ride along with the
    work list's rows (arrays chunked differently from it, or a DataFrame's columns), bit-identical to
    one in-process call."""
    s, poses, pairs = scene
    rng = np.random.default_rng(7)
    pairs = pairs[:20000]
    n = len(pairs)
    trans = rng.uniform(-8, 8, (n, 2)).astype(np.float32)
    shape = pairs[:, 0].copy()
    points = rng.uniform(-8, 8, (n, 2)).astype(np.float32)
    sweeps = np.column_stack([np.zeros((len(s), 2)), poses[:, :2], poses[:, :2] + rng.uniform(-6, 6, (len(s), 2)),
                              np.zeros(len(s)), rng.uniform(-1, 1, len(s))]).astype(np.float32)
    ref = {"shape_cast": gjk2d.shape_cast(s, poses, pairs, trans),
           "ray_cast": gjk2d.ray_cast(s, poses, shape, points, trans, 0.75),
           "point_query": gjk2d.point_query(s, poses, shape, points),
           "time_of_impact": gjk2d.time_of_impact(s, sweeps, pairs[:4000], 0.01)}
    assert (ref["shape_cast"].state == gjk2d.CAST_HIT).sum() > 100
    assert (ref["ray_cast"].state == gjk2d.CAST_HIT).sum() > 100
    assert (ref["time_of_impact"].state == gjk2d.TOI_HIT).sum() > 10
    dp, ds = da.from_array(pairs, chunks=(3000, 2)), da.from_array(shape, chunks=2500)
    got = {"shape_cast": gd.shape_cast(s, poses, dp, da.from_array(trans, chunks=(7000, 2))),
           "ray_cast": gd.ray_cast(s, poses, ds, points, da.from_array(trans, chunks=(4000, 1)), max_fraction=0.75),
           "point_query": gd.point_query(s, poses, ds, points),
           "time_of_impact": gd.time_of_impact(s, sweeps, dp[:4000], 0.01)}
    for q, res in got.items():
        computed = dict(zip(res, dask.compute(*res.values(), scheduler="threads")))
        assert_columns_equal(computed, ref[q], res)
    df = dd.from_pandas(pd.DataFrame({"a": pairs[:, 0], "b": pairs[:, 1], "tx": trans[:, 0], "ty": trans[:, 1],
                                      "px": points[:, 0], "py": points[:, 1]}), npartitions=3)
    out = gd.shape_cast(s, poses, df, ("tx", "ty"), fields=["state", "fraction"]).compute(scheduler="sync")
    assert_columns_equal(out, ref["shape_cast"], ["state", "fraction"])
    out = gd.ray_cast(s, poses, df, ("px", "py"), ("tx", "ty"), columns=("a",), max_fraction=0.75).compute(
        scheduler="sync")
    assert_columns_equal(out, ref["ray_cast"], gjk2d.CastResult._fields)
    out = gd.point_query(gd.Scene(s, poses), None, df, ("px", "py")).compute(scheduler="sync")
    assert_columns_equal(out, ref["point_query"], gjk2d.PointResult._fields)


def test_bad_dask_cast_input(scene):
    s, poses, pairs = scene
    dp = da.from_array(pairs[:1000], chunks=(300, 2))
    with pytest.raises(ValueError, match=r"translations must have shape \(1000, 2\)"):
        gd.shape_cast(s, poses, dp, np.zeros((999, 2)))
    with pytest.raises(TypeError, match="1 per-item input"):
        gd.query("shape_cast", s, poses, dp)
    with pytest.raises(ValueError, match=r"takes \(M,\) indices"):
        gd.point_query(s, poses, dp, np.zeros((1000, 2)))
    with pytest.raises(ValueError, match="needs the Scene's sweeps"):
        gd.time_of_impact(gd.Scene(s, poses), None, dp)
    with pytest.raises(ValueError, match=r"\(N, 8\)"):
        gd.time_of_impact(s, np.zeros((10, 8), np.float32), dp)
    df = dd.from_pandas(pd.DataFrame({"a": pairs[:100, 0], "b": pairs[:100, 1]}), npartitions=1)
    with pytest.raises(TypeError, match="pair of its column names"):
        gd.shape_cast(s, poses, df, np.zeros((100, 2)))
    with pytest.raises(ValueError, match=r"no column\(s\) \['tx'"):
        gd.shape_cast(s, poses, df, ("tx", "ty"))


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
    # distributed's Active Memory Manager drops "extra" replicas every 2 s, broadcast ones included, and a
    # worker then fetches (unpickles) the scene again: off here, so the count below measures gjk2d.dask.
    amm_off = dask.config.set({"distributed.scheduler.active-memory-manager.start": False})
    with amm_off, distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
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
        # a cast with its per-pair translations chunked unlike the pairs
        trans = np.random.default_rng(3).uniform(-8, 8, (40000, 2)).astype(np.float32)
        res = gd.shape_cast(s, poses, dp[:40000], da.from_array(trans, chunks=(15000, 2)), client=client)
        got = dict(zip(res, dask.compute(*res.values())))
        assert_columns_equal(got, gjk2d.shape_cast(s, poses, pairs[:40000], trans), res)
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
