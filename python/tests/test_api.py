# SPDX-License-Identifier: MIT
"""The module's calls against each other and against the README's scene: pose and pair forms, out=,
fields=, threads=, ranges, single-pair helpers, pickling, names and features."""
import pickle

import numpy as np
import pytest
from conftest import FLT_EPSILON, TOL_REL, assert_same_bits, random_scene

import gjk2d

# The README's per-frame scene (tests/readme/per_frame.c): box, box, capsule core, circle centre.
VERTS = [[-.5, -.5], [.5, -.5], [.5, .5], [-.5, .5], [-.5, -.5], [.5, -.5], [.5, .5], [-.5, .5],
         [0, -1], [0, 1], [0, 0]]


def readme_scene():
    s = gjk2d.Shapes(VERTS, [4, 4, 2, 1], radii=[0, 0, .25, .5])
    poses = np.array([[0, 0, 1, 0], [3.5, 0, 1, 0], [0, 3, 1, 0], [-3, 0, 1, 0]], np.float32)
    return s, poses, np.array([[0, 1], [0, 2], [0, 3]])


def test_readme_scene_exact_answers():
    s, poses, pairs = readme_scene()
    r = gjk2d.distance(s, poses, pairs)
    tol = TOL_REL * 4.5  # per_frame.c: L <= 4.5 for every pair
    np.testing.assert_allclose(r.distance, [2.5, 1.25, 2.0], atol=tol, rtol=0)
    np.testing.assert_allclose(np.column_stack([r.nx, r.ny]), [[1, 0], [0, 1], [-1, 0]], atol=2 * tol / 0.5, rtol=0)
    assert r.feature_a[1:].tolist() == [5, 7] and r.feature_b[1:].tolist() == [0, 0]  # edge 2, edge 3; vertex 0
    assert (r.status == gjk2d.STATUS_OK).all()
    assert gjk2d.feature_is_edge(r.feature_a[1:]).all() and gjk2d.feature_index(r.feature_a[1:]).tolist() == [2, 3]
    o = gjk2d.overlap(s, poses, pairs)
    assert o.overlap.dtype == np.bool_ and not o.overlap.any()
    t = gjk2d.sat(s, poses, pairs)
    np.testing.assert_allclose(t.separation, [2.5, 1.25, 2.0], atol=tol, rtol=0)


def test_pose_forms_agree():
    s, poses, pairs = random_scene(1, shapes=50, pairs=2000)
    ref = gjk2d.distance(s, poses, pairs)
    x, y, c, sn = (poses[:, i].copy() for i in range(4))
    for form in [(x, y, c, sn), poses.astype(np.float64)[:, :4].astype(np.float32),
                 np.asfortranarray(poses), poses[::1, :]]:
        assert_same_bits(gjk2d.distance(s, form, pairs), ref)
    # float64 positions with the same values: the same answers (the relative pose is in double anyway)
    assert_same_bits(gjk2d.distance(s, (x.astype(np.float64), y.astype(np.float64), c, sn), pairs), ref)
    # (N, 3) with angles: cos and sin from gjk2d_pose_from_angle (double, rounded to float)
    angle = np.arctan2(sn.astype(np.float64), c.astype(np.float64))
    c3, s3 = np.cos(angle).astype(np.float32), np.sin(angle).astype(np.float32)
    r3 = gjk2d.distance(s, np.column_stack([x, y, angle]), pairs)
    assert_same_bits(r3, gjk2d.distance(s, (x.astype(np.float64), y.astype(np.float64), c3, s3), pairs))


def test_pair_forms_agree():
    s, poses, pairs = random_scene(2, shapes=30, pairs=1000)
    ref = gjk2d.distance(s, poses, pairs)
    for form in [pairs.astype(np.int64), pairs.astype(np.uint16), (pairs[:, 0], pairs[:, 1]),
                 np.asfortranarray(pairs), pairs.tolist()]:
        assert_same_bits(gjk2d.distance(s, poses, form), ref)


def test_out_fields_threads_ranges():
    s, poses, pairs = random_scene(3, shapes=100, pairs=3001)
    ref = gjk2d.distance(s, poses, pairs)
    out = {"distance": np.full(3001, -1, np.float32), "status": np.zeros(3001, np.uint8)}
    r = gjk2d.distance(s, poses, pairs, out=out)
    assert r.distance is out["distance"] and r.status is out["status"] and r.nx is None
    assert_same_bits(r, ref, ["distance", "status"])
    r = gjk2d.distance(s, poses, pairs, fields=["nx", "feature_b"])
    assert r.distance is None and r.ax is None
    assert_same_bits(r, ref, ["nx", "feature_b"])
    for threads in (2, 3, 0):
        assert_same_bits(gjk2d.distance(s, poses, pairs, threads=threads), ref)
        assert_same_bits(gjk2d.sat(s, poses, pairs, threads=threads), gjk2d.sat(s, poses, pairs))
        assert_same_bits(gjk2d.overlap(s, poses, pairs, threads=threads), gjk2d.overlap(s, poses, pairs))
    # a range writes only its pairs, at their indices
    d = np.full(3001, 7.0, np.float32)
    gjk2d.distance(s, poses, pairs, out={"distance": d}, begin=1000, end=2000)
    assert (d[:1000] == 7).all() and (d[2000:] == 7).all()
    assert (d[1000:2000] == ref.distance[1000:2000]).all()
    # a bool out array for overlap
    ov = np.zeros(3001, np.bool_)
    o = gjk2d.overlap(s, poses, pairs, out=gjk2d.OverlapResult(ov, None, None))
    assert o.overlap is ov and (ov == gjk2d.overlap(s, poses, pairs).overlap).all()


def test_empty_pairs():
    s, poses, _ = random_scene(4, shapes=3, pairs=1)
    r = gjk2d.distance(s, poses, np.zeros((0, 2), np.int32))
    assert r.distance.shape == (0,)


def test_single_pair_matches_batch():
    s, poses, pairs = random_scene(5, shapes=40, pairs=300, min_verts=1, max_verts=6, radius=0.1)
    batch_d, batch_o, batch_s = (q(s, poses, pairs) for q in (gjk2d.distance, gjk2d.overlap, gjk2d.sat))
    first = np.concatenate([[0], np.cumsum(s.counts)])
    for k, (a, b) in enumerate(pairs):
        va, vb = s.vertices[first[a]:first[a + 1]], s.vertices[first[b]:first[b + 1]]
        args = (va, vb, poses[a], poses[b], s.radii[a], s.radii[b])
        d = gjk2d.distance_pair(*args)
        assert np.float32(d.distance) == batch_d.distance[k] and np.float32(d.normal[0]) == batch_d.nx[k]
        assert (d.feature_a, d.feature_b, d.status) == (batch_d.feature_a[k], batch_d.feature_b[k], batch_d.status[k])
        assert d.end in gjk2d.END_NAMES and d.end != "none"
        assert gjk2d.overlap_pair(*args).overlap == batch_o.overlap[k]
        assert np.float32(gjk2d.sat_pair(*args).separation) == batch_s.separation[k]


def test_pickle_prepares_again():
    s, poses, pairs = random_scene(6, shapes=20, pairs=200, radius=0.2)
    before = gjk2d.Shapes.unpickled
    t = pickle.loads(pickle.dumps(s))
    assert gjk2d.Shapes.unpickled == before + 1 and t._set is not s._set
    assert_same_bits(gjk2d.distance(t, poses, pairs), gjk2d.distance(s, poses, pairs))
    assert [s.bound(k) for k in range(20)] == [t.bound(k) for k in range(20)]


def test_offsets_and_instancing():
    v = np.array(VERTS, np.float32)
    a = gjk2d.Shapes(v, [4, 4, 2, 1])
    b = gjk2d.Shapes(v, offsets=[0, 4, 8, 10, 11])
    c = gjk2d.Shapes(v, [4, 4, 4], first=[0, 0, 0])  # three instances of one box
    poses = np.array([[0, 0, 1, 0], [3, 0, 1, 0], [0, 3, 1, 0], [-3, 0, 1, 0]], np.float32)
    assert_same_bits(gjk2d.distance(a, poses, [[0, 1], [2, 3]]), gjk2d.distance(b, poses, [[0, 1], [2, 3]]))
    r = gjk2d.distance(c, poses, [[0, 1], [0, 2]])
    np.testing.assert_allclose(r.distance, [2, 2], atol=TOL_REL * 4)


def test_isa_info_and_names():
    assert gjk2d.version == "0.3.0" and gjk2d.__version__ == gjk2d.version
    assert gjk2d.isa() in gjk2d.ISAS and gjk2d.isa_reason()
    assert "scalar" in gjk2d.supported_isas() and gjk2d.isa_supported("scalar")
    assert not gjk2d.isa_supported("no-such-isa")
    assert gjk2d.STATUS_NAMES == ("ok", "maxiter", "invalid", "bad-pose", "beyond")
    assert gjk2d.lane_width() >= 1
    problems, first = gjk2d.check_poses(np.array([[0, 0, 1, 0], [0, 0, 2, 0], [np.nan, 0, 1, 0]], np.float32))
    assert first == 1 and problems.tolist() == [0, 4, 2]
    assert FLT_EPSILON > 0
