# SPDX-License-Identifier: MIT
"""Distance and overlap against shapely (GEOS, in double precision): an independent oracle.

The shapes are the library's: float32 vertices, float32 poses, world coordinates formed in double for
GEOS. Rounded shapes are compared through their cores (the rounded distance is the core distance
minus both radii exactly), so no polygonal approximation of a circle enters. The tolerance is the
library's own, read from src/tolerance.h: TOL_REL * L for distances and separations, TOL_POINT(L, W)
for closest points (docs/accuracy.md gives the reasons); GEOS's double-precision error is below
1e-15 L, nothing next to it. Overlap is compared outside the touching band (within the tolerance of
touching, either answer is right)."""
import numpy as np
from conftest import TOL_POINT, TOL_REL, random_polygons
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

import gjk2d


def geometry(world):
    return Point(world[0]) if len(world) == 1 else LineString(world) if len(world) == 2 else Polygon(world)


def to_world(v, pose):
    px, py, c, s = (float(x) for x in pose)
    v = v.astype(np.float64)
    return np.column_stack([c * v[:, 0] - s * v[:, 1] + px, s * v[:, 0] + c * v[:, 1] + py])


def pair_scale(va, pa, vb, pb, ra, rb):
    """L: the largest |core coordinate| of both shapes in A's frame, plus both radii; W: the largest
    |world coordinate|, plus the radii."""
    wa, wb = to_world(va, pa), to_world(vb, pb)
    c, s = float(pa[2]), float(pa[3])
    d = wb - [float(pa[0]), float(pa[1])]
    b_in_a = np.column_stack([c * d[:, 0] + s * d[:, 1], -s * d[:, 0] + c * d[:, 1]])
    L = max(np.abs(va).max(), np.abs(b_in_a).max()) + ra + rb
    W = max(np.abs(wa).max(), np.abs(wb).max()) + ra + rb
    return wa, wb, float(L), float(W)


def check_pair(va, pa, ra, vb, pb, rb):
    """Compare every query on one pair with GEOS; returns whether the pair was outside the touching band."""
    s = gjk2d.Shapes(np.concatenate([va, vb]), [len(va), len(vb)], radii=[ra, rb])
    assert s.invalid == 0, [s.problem(0), s.problem(1)]
    poses = np.array([pa, pb], np.float32)
    d = gjk2d.distance(s, poses, [[0, 1]])
    o = gjk2d.overlap(s, poses, [[0, 1]])
    t = gjk2d.sat(s, poses, [[0, 1]])
    assert d.status[0] == o.status[0] == t.status[0] == gjk2d.STATUS_OK
    wa, wb, L, W = pair_scale(va, pa, vb, pb, ra, rb)
    A, B = geometry(wa), geometry(wb)
    core = A.distance(B)
    ra, rb = float(np.float32(ra)), float(np.float32(rb))
    tol, tolp = TOL_REL * L, TOL_POINT(L, W)
    assert abs(d.core_distance[0] - core) <= tol, (d.core_distance[0], core, tol)
    assert abs(d.signed_distance[0] - (core - ra - rb)) <= tol
    assert d.distance[0] == max(0.0, d.signed_distance[0])
    pa_, pb_ = Point(d.ax[0], d.ay[0]), Point(d.bx[0], d.by[0])
    if core - ra - rb > tol:
        # closest points on the rounded surfaces, as far apart as the distance
        assert abs(A.distance(pa_) - ra) <= tolp and abs(B.distance(pb_) - rb) <= tolp
        assert abs(pa_.distance(pb_) - d.distance[0]) <= 2 * tolp
    elif core - ra - rb < -tol:
        # overlapping: one point, inside both rounded shapes
        assert pa_.equals(pb_) and A.distance(pa_) <= ra + tolp and B.distance(pa_) <= rb + tolp
    if core > tol:
        # the SAT's separation is the exact core distance for separated cores, minus the radii
        assert abs(t.separation[0] - (core - ra - rb)) <= tol
    clearance = core - ra - rb
    if clearance > tol:
        expect = False
    elif clearance < -tol and core > 0:
        expect = True
    elif core == 0 and len(va) > 2 and len(vb) > 2 and A.buffer(-tol).intersects(B.buffer(-tol)):
        expect = True  # the polygons overlap by more than the tolerance
    elif core == 0 and ra + rb > tol:
        expect = True
    else:
        return False   # touching band
    assert bool(o.overlap[0]) == expect and bool(t.overlap[0]) == expect and (d.signed_distance[0] <= 0) == expect
    return True


@st.composite
def shape(draw, min_verts=1, max_verts=8):
    n = draw(st.integers(min_verts, max_verts))
    gaps = np.array(draw(st.lists(st.floats(1.0, 10.0), min_size=n, max_size=n)))
    start = draw(st.floats(0, 2 * np.pi))
    rx, ry = draw(st.floats(0.05, 3.0)), draw(st.floats(0.05, 3.0))
    ang = start + 2 * np.pi * np.cumsum(gaps) / gaps.sum()
    return np.column_stack([rx * np.cos(ang), ry * np.sin(ang)]).astype(np.float32)


def pose(draw_range):
    return st.tuples(st.floats(-draw_range, draw_range), st.floats(-draw_range, draw_range),
                     st.floats(-np.pi, np.pi)).map(
        lambda p: np.array([p[0], p[1], np.cos(p[2]), np.sin(p[2])], np.float32))


@given(shape(3), pose(6.0), shape(3), pose(6.0))
def test_polygons_vs_geos(va, pa, vb, pb):
    check_pair(va, pa, 0.0, vb, pb, 0.0)


@given(shape(1), pose(4.0), st.floats(0, 1), shape(1), pose(4.0), st.floats(0, 1))
def test_rounded_shapes_vs_geos(va, pa, ra, vb, pb, rb):
    check_pair(va, pa, ra, vb, pb, rb)


@given(shape(3), pose(1e4), shape(3), st.floats(-np.pi, np.pi), st.floats(-3, 3), st.floats(-3, 3))
def test_far_from_origin_vs_geos(va, pa, vb, angle, dx, dy):
    """Near each other far from the origin: accuracy depends on the pair's scale L, not on W."""
    pb = np.array([pa[0] + dx, pa[1] + dy, np.cos(angle), np.sin(angle)], np.float32)
    check_pair(va, pa, 0.0, vb, pb, 0.0)


def test_many_random_pairs_vs_geos():
    """2,000 pairs of a W1-like mix (3..8-gons), about half of them overlapping."""
    rng = np.random.default_rng(7)
    v, n, _ = random_polygons(rng, 4000)
    first = np.concatenate([[0], np.cumsum(n)])
    decided = 0
    for k in range(2000):
        a, b = 2 * k, 2 * k + 1
        angle = rng.uniform(-np.pi, np.pi, 2)
        pa = np.array([rng.uniform(-10, 10), rng.uniform(-10, 10), np.cos(angle[0]), np.sin(angle[0])], np.float32)
        offset = rng.uniform(0.5, 4.0) * np.array([np.cos(angle[1] * 2), np.sin(angle[1] * 2)])
        pb = np.array([pa[0] + offset[0], pa[1] + offset[1], np.cos(angle[1]), np.sin(angle[1])], np.float32)
        decided += check_pair(v[first[a]:first[a + 1]], pa, 0.0, v[first[b]:first[b + 1]], pb, 0.0)
    assert decided >= 1990  # the touching band is thin: nearly every pair is compared
