# SPDX-License-Identifier: MIT
"""Frame coherence, contact manifolds and casts: the batch calls bit for bit against the single-pair
calls of the C library (through the module's *_pair helpers), and against shapely (GEOS, double) where
the check is independent and simple. Tolerances are the library's own (src/tolerance.h through
conftest; the manifold's face tolerance from include/gjk2d.h, its one home): TOL_REL * L for distances
(L: the pair's scale, the translation included for casts, docs/casts.md's CAST_TOL)."""
import re

import numpy as np
import pytest
from conftest import ROOT, TOL_POINT, TOL_REL, assert_same_bits, bits, random_scene
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Point
from test_shapely import geometry, pair_scale, to_world

import gjk2d

FACE_TOL = float.fromhex(re.search(r"#define GJK2D_MANIFOLD_FACE_TOLERANCE (\S+)f",
                                   (ROOT / "include" / "gjk2d.h").read_text()).group(1))


def shape_of(s, k):
    first = np.concatenate([[0], np.cumsum(s.counts)])
    return s.vertices[first[k]:first[k + 1]], float(s.radii[k])


def moving(seed, shapes=60, pairs=400, frames=6, step=0.02, **kw):
    """A scene and its poses over `frames` frames, every body moving and turning a little per frame."""
    s, poses, p = random_scene(seed, shapes=shapes, pairs=pairs, **kw)
    rng = np.random.default_rng(seed + 100)
    v = rng.uniform(-1, 1, (shapes, 3)) * step
    angle0 = np.arctan2(poses[:, 3], poses[:, 2]).astype(np.float64)
    seq = []
    for f in range(frames):
        ang = angle0 + f * v[:, 2]
        seq.append(np.column_stack([poses[:, 0] + f * v[:, 0], poses[:, 1] + f * v[:, 1], np.cos(ang),
                                    np.sin(ang)]).astype(np.float32))
    return s, seq, p


# ---------------------------------------------------------------------------------------------
# Frame coherence
# ---------------------------------------------------------------------------------------------

def test_cached_batch_matches_single_pair_over_frames():
    s, seq, pairs = moving(31, shapes=40, pairs=250, min_verts=1, max_verts=6, radius=0.1)
    cache = gjk2d.new_cache(len(pairs))
    single = gjk2d.new_cache(len(pairs))
    for f, poses in enumerate(seq):
        cutoff = None if f % 2 == 0 else 2.0
        r = gjk2d.distance_cached(s, poses, pairs, cache, max_distance=cutoff)
        for k, (a, b) in enumerate(pairs):
            (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
            d = gjk2d.distance_pair_cached(va, vb, poses[a], poses[b], ra, rb, cache=single[k:k + 1],
                                           max_distance=cutoff)
            got = (r.distance[k], r.signed_distance[k], r.core_distance[k], r.ax[k], r.ay[k], r.bx[k], r.by[k],
                   r.nx[k], r.ny[k])
            want = (d.distance, d.signed_distance, d.core_distance) + d.point_a + d.point_b + d.normal
            assert bits(np.array(got, np.float32)).tolist() == bits(np.array(want, np.float32)).tolist(), (f, k)
            assert (r.feature_a[k], r.feature_b[k], r.iterations[k], r.status[k]) == \
                (d.feature_a, d.feature_b, d.iterations, d.status), (f, k)
        assert cache.tobytes() == single.tobytes()
        if cutoff is not None:
            assert (r.status == gjk2d.STATUS_BEYOND).any()
            beyond = r.status == gjk2d.STATUS_BEYOND
            assert (r.distance[beyond] > 2.0).all() and np.isnan(r.ax[beyond]).all()


def test_overlap_cached_matches_single_pair_and_cold():
    s, seq, pairs = moving(32, shapes=40, pairs=300)
    cache = gjk2d.new_cache(len(pairs))
    single = gjk2d.new_cache(len(pairs))
    for poses in seq:
        r = gjk2d.overlap_cached(s, poses, pairs, cache)
        cold = gjk2d.distance(s, poses, pairs)
        for k, (a, b) in enumerate(pairs):
            (va, _), (vb, _) = shape_of(s, a), shape_of(s, b)
            o = gjk2d.overlap_pair_cached(va, vb, poses[a], poses[b], cache=single[k:k + 1])
            assert (r.overlap[k], r.iterations[k], r.status[k]) == (o.overlap, o.iterations, o.status)
        decided = np.abs(cold.signed_distance) > TOL_REL * 30  # outside the touching band (L < 30 here)
        assert (r.overlap[decided] == (cold.signed_distance[decided] <= 0)).all()
    assert cache.tobytes() == single.tobytes()


def test_warm_distance_vs_shapely():
    s, seq, pairs = moving(33, shapes=60, pairs=300, radius=0.0)
    cache = gjk2d.new_cache(len(pairs))
    for poses in seq:
        r = gjk2d.distance_cached(s, poses, pairs, cache)
        assert (r.status == gjk2d.STATUS_OK).all()
        for k, (a, b) in enumerate(pairs):
            (va, _), (vb, _) = shape_of(s, a), shape_of(s, b)
            wa, wb, L, _ = pair_scale(va, poses[a], vb, poses[b], 0.0, 0.0)
            assert abs(r.core_distance[k] - geometry(wa).distance(geometry(wb))) <= TOL_REL * L, k


def test_warm_needs_fewer_iterations_than_cold():
    s, seq, pairs = moving(34, shapes=100, pairs=2000, frames=10, step=0.01)
    cache = gjk2d.new_cache(len(pairs))
    warm = cold = 0
    for f, poses in enumerate(seq):
        w = gjk2d.distance_cached(s, poses, pairs, cache)
        c = gjk2d.distance(s, poses, pairs)
        if f:  # frame 0 is cold either way
            warm += int(w.iterations.sum())
            cold += int(c.iterations.sum())
    assert warm < 0.6 * cold, (warm, cold)


def test_cached_threads_and_ranges():
    s, seq, pairs = moving(35, shapes=50, pairs=3001, frames=3)
    c1, c2 = gjk2d.new_cache(len(pairs)), gjk2d.new_cache(len(pairs))
    for poses in seq:
        r1 = gjk2d.distance_cached(s, poses, pairs, c1)
        r2 = gjk2d.distance_cached(s, poses, pairs, c2, threads=3)
        assert_same_bits(r1, r2)
        assert c1.tobytes() == c2.tobytes()
    c3 = c1.copy()
    d = np.full(len(pairs), 7.0, np.float32)
    gjk2d.distance_cached(s, seq[-1], pairs, c3, out={"distance": d}, begin=1000, end=2000)
    assert (d[:1000] == 7).all() and (d[2000:] == 7).all()
    assert c3[:1000].tobytes() == c1[:1000].tobytes()
    # cold (cache None) equals a zeroed cache
    assert_same_bits(gjk2d.distance_cached(s, seq[0], pairs), gjk2d.distance_cached(s, seq[0], pairs,
                                                                                   gjk2d.new_cache(len(pairs))))


# ---------------------------------------------------------------------------------------------
# Contact manifolds
# ---------------------------------------------------------------------------------------------

def manifold_scene(seed, pairs=400):
    """Pairs placed near each other: most touch, overlap or are within a margin."""
    s, poses, _ = random_scene(seed, shapes=2 * pairs, pairs=1, min_verts=1, max_verts=6,
                               radius=np.random.default_rng(seed).choice([0.0, 0.0, 0.15], 2 * pairs))
    rng = np.random.default_rng(seed + 1)
    poses = poses.copy()
    off = rng.uniform(0.3, 2.5, pairs)
    ang = rng.uniform(-np.pi, np.pi, pairs)
    poses[1::2, 0] = poses[0::2, 0] + off * np.cos(ang)
    poses[1::2, 1] = poses[0::2, 1] + off * np.sin(ang)
    return s, poses, np.column_stack([np.arange(0, 2 * pairs, 2), np.arange(1, 2 * pairs, 2)])


def test_manifold_matches_single_pair():
    s, poses, pairs = manifold_scene(41, pairs=300)
    m = gjk2d.manifold(s, poses, pairs, margin=0.1)
    assert (m.count > 0).sum() > 100
    for k, (a, b) in enumerate(pairs):
        (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
        p = gjk2d.manifold_pair(va, vb, poses[a], poses[b], ra, rb, margin=0.1)
        got = np.concatenate([m.normal[k], m.points[k].ravel(), m.anchors_a[k].ravel(), m.anchors_b[k].ravel(),
                              m.separations[k]])
        want = np.array(p.normal + sum(p.points, ()) + sum(p.anchors_a, ()) + sum(p.anchors_b, ()) + p.separations,
                        np.float32)
        assert got.tobytes() == want.tobytes(), k
        assert (m.count[k], tuple(m.ids[k]), m.reference[k], m.status[k]) == \
            (p.count, p.ids, p.reference, p.status), k
    assert_same_bits(gjk2d.manifold(s, poses, pairs, 0.1, threads=2), m)


def test_manifold_points_vs_shapely():
    """Contact points lie within half their separation of both rounded shapes (they are midway between
    a point of each surface, one the other's projection along the normal); no separation exceeds the
    margin; a pair apart by more than the margin has no contact and a pair within it has one, outside
    the bands of the tolerances."""
    margin = 0.1
    s, poses, pairs = manifold_scene(42, pairs=400)
    m = gjk2d.manifold(s, poses, pairs, margin=margin)
    assert (m.status == gjk2d.STATUS_OK).all()
    assert set(np.unique(m.count)) == {0, 1, 2}
    for k, (a, b) in enumerate(pairs):
        (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
        wa, wb, L, W = pair_scale(va, poses[a], vb, poses[b], ra, rb)
        A, B = geometry(wa), geometry(wb)
        tol = TOL_POINT(L, W) + TOL_REL * L
        band = tol + FACE_TOL * 4 * L  # the pair's size is below 4 L (two bounding boxes, L their half-extent)
        clearance = A.distance(B) - ra - rb
        n = int(m.count[k])
        if clearance > margin + band:
            assert n == 0, k
        elif clearance < margin - band:
            assert n >= 1, k
        assert abs(float(np.hypot(*m.normal[k])) - 1) <= 1e-5
        for i in range(n):
            p = Point(*m.points[k, i])
            sep = float(m.separations[k, i])
            assert sep <= margin + tol, k
            grow = abs(sep) / 2 + tol
            assert A.distance(p) <= ra + grow and B.distance(p) <= rb + grow, (k, i, sep)
            np.testing.assert_allclose(m.anchors_a[k, i], m.points[k, i] - poses[a, :2], atol=tol + 1e-6)
        assert np.isnan(m.points[k, n:]).all() and (m.ids[k, n:] == gjk2d.CONTACT_ID_NONE).all()


def test_manifold_out_layout():
    s, poses, pairs = manifold_scene(43, pairs=50)
    ref = gjk2d.manifold(s, poses, pairs, 0.05)
    out = gjk2d.empty_result(gjk2d.ManifoldResult, len(pairs))
    r = gjk2d.manifold(s, poses, pairs, 0.05, out=out)
    assert r.points is out.points and r.points.shape == (50, 2, 2) and r.ids.shape == (50, 2)
    assert_same_bits(r, ref)
    r = gjk2d.manifold(s, poses, pairs, 0.05, fields=["count", "points"])
    assert r.normal is None and (r.count == ref.count).all()
    with pytest.raises(ValueError, match="planar"):
        gjk2d.manifold(s, poses, pairs, 0.05, out={"points": np.zeros((50, 2, 2), np.float32)})


# ---------------------------------------------------------------------------------------------
# Casts
# ---------------------------------------------------------------------------------------------

def test_casts_match_single_pair():
    s, poses, pairs = random_scene(51, shapes=40, pairs=200, min_verts=1, max_verts=6, radius=0.1)
    rng = np.random.default_rng(52)
    t = rng.uniform(-8, 8, (len(pairs), 2)).astype(np.float32)
    c = gjk2d.shape_cast(s, poses, pairs, t)
    assert set(np.unique(c.state)) == {0, 1, 2}
    shape = rng.integers(0, 40, 300)
    o, d = rng.uniform(-8, 8, (300, 2)).astype(np.float32), rng.uniform(-8, 8, (300, 2)).astype(np.float32)
    mf = rng.uniform(0, 1.5, 300).astype(np.float32)
    ray = gjk2d.ray_cast(s, poses, shape, o, d, mf)
    q = gjk2d.point_query(s, poses, shape, o)
    for k, (a, b) in enumerate(pairs):
        (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
        p = gjk2d.shape_cast_pair(va, vb, poses[a], poses[b], ra, rb, t[k])
        got = (c.state[k], c.fraction[k], c.px[k], c.py[k], c.nx[k], c.ny[k], c.iterations[k], c.status[k])
        assert bits(np.array(got[1:6], np.float32)).tolist() == bits(np.array((p.fraction,) + p.point + p.normal,
                                                                              np.float32)).tolist(), k
        assert (got[0], got[6], got[7]) == (p.state, p.iterations, p.status)
    for k in range(300):
        v, r = shape_of(s, shape[k])
        p = gjk2d.ray_cast_pair(v, poses[shape[k]], o[k], d[k], r, mf[k])
        assert bits(np.array([ray.fraction[k], ray.px[k], ray.py[k], ray.nx[k], ray.ny[k]], np.float32)).tolist() \
            == bits(np.array((p.fraction,) + p.point + p.normal, np.float32)).tolist(), k
        assert (ray.state[k], ray.iterations[k], ray.status[k]) == (p.state, p.iterations, p.status)
        p = gjk2d.point_query_pair(v, poses[shape[k]], o[k], r)
        assert bits(np.array([q.distance[k], q.cx[k], q.cy[k], q.nx[k], q.ny[k]], np.float32)).tolist() == \
            bits(np.array((p.distance,) + p.closest + p.normal, np.float32)).tolist(), k
        assert (q.inside[k], q.status[k]) == (p.inside, p.status)
    for threads in (2, 3):
        assert_same_bits(gjk2d.shape_cast(s, poses, pairs, t, threads=threads), c)
        assert_same_bits(gjk2d.ray_cast(s, poses, shape, o, d, mf, threads=threads), ray)
        assert_same_bits(gjk2d.point_query(s, poses, shape, o, threads=threads), q)


def test_casts_vs_shapely():
    """At a hit, the shapes (B moved by the fraction) touch: their rounded distance is 0 within CAST_TOL;
    a miss never passes within the rounded shapes; point queries give GEOS's distance."""
    s, poses, pairs = random_scene(53, shapes=60, pairs=300, min_verts=1, max_verts=6, radius=0.1)
    rng = np.random.default_rng(54)
    t = rng.uniform(-8, 8, (len(pairs), 2)).astype(np.float32)
    c = gjk2d.shape_cast(s, poses, pairs, t)
    for k, (a, b) in enumerate(pairs):
        (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
        f = float(c.fraction[k])
        moved = poses[b].astype(np.float64).copy()
        moved[:2] += f * t[k]
        wa, wb, L, W = pair_scale(va, poses[a], vb, moved, ra, rb)
        L += float(np.abs(t[k]).max())
        gap = geometry(wa).distance(geometry(wb)) - ra - rb
        if c.state[k] == gjk2d.CAST_HIT:
            assert abs(gap) <= TOL_REL * L, (k, gap)
        elif c.state[k] == gjk2d.CAST_OVERLAP:
            assert f == 0 and gap <= TOL_REL * L
        else:
            path = geometry(np.concatenate([to_world(vb, poses[b]), to_world(vb, moved)])).convex_hull
            assert path.distance(geometry(wa)) - ra - rb >= -TOL_REL * L, k
    pts = rng.uniform(-8, 8, (400, 2)).astype(np.float32)
    shape = rng.integers(0, 60, 400)
    q = gjk2d.point_query(s, poses, shape, pts)
    for k in range(400):
        v, r = shape_of(s, shape[k])
        w = to_world(v, poses[shape[k]])
        L = float(max(np.abs(w).max(), np.abs(pts[k]).max())) + r
        want = max(geometry(w).distance(Point(*pts[k])) - r, 0.0)
        assert abs(q.distance[k] - want) <= TOL_REL * L, k
        if abs(want) > TOL_REL * L:
            assert bool(q.inside[k]) == (want == 0)


def sweep_pose(sweep, t):
    """The pose of a sweep at t, as gjk2d_sweep_pose: angle and centre in double, cos and sin to float."""
    lx, ly, x0, y0, x1, y1, a0, a1 = (float(x) for x in sweep)
    ang = a0 + t * (a1 - a0)
    c, s = np.float32(np.cos(ang)), np.float32(np.sin(ang))
    cx, cy = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
    return np.array([cx - (float(c) * lx - float(s) * ly), cy - (float(s) * lx + float(c) * ly), c, s])


def test_time_of_impact():
    s, poses, pairs = random_scene(61, shapes=40, pairs=150, min_verts=1, max_verts=6, radius=0.05)
    rng = np.random.default_rng(62)
    n = len(s)
    ang = np.arctan2(poses[:, 3], poses[:, 2])
    sweeps = np.column_stack([np.zeros((n, 2)), poses[:, :2], poses[:, :2] + rng.uniform(-6, 6, (n, 2)), ang,
                              ang + rng.uniform(-1, 1, n)]).astype(np.float32)
    target, tolerance = 0.0, 0.00125
    r = gjk2d.time_of_impact(s, sweeps, pairs, target, tolerance)
    assert (r.state == gjk2d.TOI_HIT).sum() > 10
    assert_same_bits(gjk2d.time_of_impact(s, sweeps, pairs, target, tolerance, threads=2), r)
    for k, (a, b) in enumerate(pairs):
        (va, ra), (vb, rb) = shape_of(s, a), shape_of(s, b)
        p = gjk2d.time_of_impact_pair(va, vb, sweeps[a], sweeps[b], ra, rb, target, tolerance)
        assert bits(np.array([r.t[k], r.separation[k]], np.float32)).tolist() == \
            bits(np.array([p.t, p.separation], np.float32)).tolist(), k
        assert (r.state[k], r.iterations[k], r.status[k]) == (p.state, p.iterations, p.status)
        if r.state[k] == gjk2d.TOI_HIT:
            wa, wb, L, _ = pair_scale(va, sweep_pose(sweeps[a], float(r.t[k])), vb,
                                      sweep_pose(sweeps[b], float(r.t[k])), ra, rb)
            gap = geometry(wa).distance(geometry(wb)) - ra - rb
            aim = max(target + ra + rb, 4 * tolerance) - ra - rb
            assert abs(gap - aim) <= tolerance + TOL_REL * L, (k, gap, aim)
            assert abs(gap - r.separation[k]) <= TOL_REL * L


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------

@pytest.fixture
def scene():
    return random_scene(71, shapes=10, pairs=100)


def test_bad_cache(scene):
    s, poses, pairs = scene
    with pytest.raises(TypeError, match="CACHE_DTYPE"):
        gjk2d.distance_cached(s, poses, pairs, np.zeros(100 * 5, np.float32))
    with pytest.raises(ValueError, match="at least 100 records"):
        gjk2d.distance_cached(s, poses, pairs, gjk2d.new_cache(99))
    c = gjk2d.new_cache(100)
    c.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        gjk2d.overlap_cached(s, poses, pairs, c)
    for bad in (-1.0, float("nan")):
        with pytest.raises(gjk2d.Error, match="max_distance"):
            gjk2d.distance_cached(s, poses, pairs, max_distance=bad)
    va, _ = shape_of(s, 0)
    assert gjk2d.distance_pair_cached(va, va, max_distance=-1.0).status == gjk2d.STATUS_INVALID


def test_bad_indices_and_arguments(scene):
    s, poses, pairs = scene
    bad = pairs.copy()
    bad[57, 1] = 10
    d = np.full(100, 5.0, np.float32)
    for call in (lambda **kw: gjk2d.manifold(s, poses, bad, 0.1, **kw),
                 lambda **kw: gjk2d.shape_cast(s, poses, bad, np.ones((100, 2)), **kw),
                 lambda **kw: gjk2d.distance_cached(s, poses, bad, gjk2d.new_cache(100), **kw)):
        with pytest.raises(gjk2d.Error, match=r"pair 57 \(\d+, 10\) names a shape outside \[0, 10\)") as e:
            call(threads=2)
        assert e.value.code == -3 and e.value.pair == 57
    with pytest.raises(gjk2d.Error, match=r"item 3 names shape 11") as e:
        gjk2d.point_query(s, poses, [0, 1, 2, 11], np.zeros((4, 2)))
    assert e.value.pair == 3
    with pytest.raises(gjk2d.Error, match="item 0 names shape -1"):
        gjk2d.ray_cast(s, poses, [-1], [[0, 0]], [[1, 0]])
    with pytest.raises(gjk2d.Error) as e:
        gjk2d.manifold(s, poses, pairs, margin=-1.0, out={"separations": np.zeros((100, 2), np.float32).T.copy().T})
    assert e.value.code == -2
    sweeps = np.zeros((10, 8), np.float32)
    with pytest.raises(gjk2d.Error) as e:
        gjk2d.time_of_impact(s, sweeps, pairs, tolerance=0.0, out={"t": d})
    assert e.value.code == -10 and (d == 5).all()
    with pytest.raises(ValueError, match=r"\(N, 8\)"):
        gjk2d.time_of_impact(s, sweeps[:9], pairs)
    with pytest.raises(ValueError, match=r"translations must have shape \(100, 2\)"):
        gjk2d.shape_cast(s, poses, pairs, np.zeros((99, 2)))
    with pytest.raises(TypeError, match="float"):
        gjk2d.point_query(s, poses, [0], np.zeros((1, 2), np.int64))
    with pytest.raises(gjk2d.Error, match="range"):
        gjk2d.manifold(s, poses, pairs, begin=5, end=200)


def test_statuses_not_exceptions():
    v = np.array([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0], [0, 1], [1, 1], [1, 0]], np.float32)
    s = gjk2d.Shapes(v, [4, 4])  # shape 1 is clockwise: invalid
    poses = np.array([[0, 0, 1, 0], [0.5, 0, 1, 0], [np.nan, 0, 1, 0]], np.float32)
    assert s.invalid == 1
    m = gjk2d.manifold(s, poses, [[0, 1], [0, 0]])
    assert m.status.tolist() == [gjk2d.STATUS_INVALID, gjk2d.STATUS_OK] and m.count[0] == 0
    s2 = gjk2d.Shapes(v[:4], [4])
    sweeps = np.array([[0, 0, 0, 0, 1, 0, 0, 0]], np.float32)
    assert gjk2d.time_of_impact(s2, sweeps, [[0, 0]]).status[0] == gjk2d.STATUS_OK
    sweeps[0, 2] = np.inf
    assert gjk2d.time_of_impact(s2, sweeps, [[0, 0]]).status[0] == gjk2d.STATUS_BAD_POSE
    c = gjk2d.shape_cast(s2, poses[:1], [[0, 0]], [[np.nan, 0]])
    assert c.status[0] == gjk2d.STATUS_BAD_POSE and np.isnan(c.fraction[0])
    r = gjk2d.ray_cast(s, poses[[0, 0]], [0, 1], [[-2, 0.5]] * 2, [[4, 0]] * 2)
    assert r.status.tolist() == [gjk2d.STATUS_OK, gjk2d.STATUS_INVALID] and r.state[0] == gjk2d.CAST_HIT
    q = gjk2d.point_query(s, poses[[2, 0]], [0], [[0.5, 0.5]])
    assert q.status[0] == gjk2d.STATUS_BAD_POSE
    cache = gjk2d.new_cache(1)
    cache[0] = (1.0, 3, [0, 1, 2], [0, 1, 2], 0)
    gjk2d.distance_cached(s, poses, [[0, 1]], cache)
    assert cache[0]["count"] == 0  # a pair that cannot be computed gets a zeroed entry


@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(-np.pi, np.pi), st.floats(0, 0.3))
def test_point_query_vs_geos_hypothesis(x, y, angle, radius):
    v = np.array([[-1, -0.5], [1, -0.5], [1.2, 0.3], [0, 0.9]], np.float32)
    pose = np.array([0.3, -0.2, np.cos(angle), np.sin(angle)], np.float32)
    p = gjk2d.point_query_pair(v, pose, (x, y), radius)
    r = float(np.float32(radius))
    want = max(geometry(to_world(v, pose)).distance(Point(float(np.float32(x)), float(np.float32(y)))) - r, 0.0)
    L = 4.0
    assert p.status == gjk2d.STATUS_OK and abs(p.distance - want) <= TOL_REL * L
