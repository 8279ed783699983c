# SPDX-License-Identifier: MIT
"""Bad input: exceptions that name the array, the pair or the shape and carry the library's reason;
invalid shapes and bad poses as per-pair statuses, exactly as in C; never a crash."""
import numpy as np
import pytest
from conftest import random_scene

import gjk2d


@pytest.fixture
def scene():
    return random_scene(11, shapes=10, pairs=100)


def test_pair_index_out_of_range(scene):
    s, poses, pairs = scene
    pairs = pairs.copy()
    pairs[57, 1] = 10
    with pytest.raises(gjk2d.Error, match=r"pair 57 \(\d+, 10\) names a shape outside \[0, 10\)") as e:
        gjk2d.distance(s, poses, pairs)
    assert e.value.code == -3 and e.value.pair == 57 and e.value.shape is None
    pairs[57, 1] = -1
    with pytest.raises(gjk2d.Error) as e:
        gjk2d.overlap(s, poses, pairs)
    assert e.value.pair == 57
    with pytest.raises(gjk2d.Error, match=r"pairs\[114\] = 4294967296 is outside int32"):
        big = pairs.astype(np.int64)
        big[57, 0] = 2**32
        gjk2d.sat(s, poses, big)


def test_nothing_written_on_error(scene):
    s, poses, pairs = scene
    pairs = pairs.copy()
    pairs[-1, 0] = 99
    d = np.full(len(pairs), 5.0, np.float32)
    with pytest.raises(gjk2d.Error):
        gjk2d.distance(s, poses, pairs, out={"distance": d}, threads=2)
    assert (d == 5).all()


@pytest.mark.parametrize("bad, kind, text", [
    (lambda p: p.astype(np.float64), TypeError, "integer array"),
    (lambda p: p[:, :1], ValueError, r"shape \(M, 2\)"),
    (lambda p: p.ravel(), ValueError, r"shape \(M, 2\)"),
    (lambda p: p.astype(object), TypeError, "dtype object"),
    (lambda p: (p[:, 0], p[:-1, 1]), ValueError, "one length"),
])
def test_bad_pairs(scene, bad, kind, text):
    s, poses, pairs = scene
    with pytest.raises(kind, match=text):
        gjk2d.distance(s, poses, bad(pairs))


@pytest.mark.parametrize("bad, kind, text", [
    (lambda p: p.astype(np.int32), TypeError, "float32 or float64"),
    (lambda p: p[:, :2], ValueError, r"shape \(N, 3\)"),
    (lambda p: p[:5], gjk2d.Error, "5 poses for 10 shapes"),
    (lambda p: (p[:, 0], p[:, 1]), ValueError, "give"),
    (lambda p: (p[:, 0], p[:5, 1], p[:, 2], p[:, 3]), ValueError, "one length"),
    (lambda p: "poses", ValueError, "shape"),
])
def test_bad_poses(scene, bad, kind, text):
    s, poses, pairs = scene
    with pytest.raises(kind, match=text):
        gjk2d.distance(s, bad(poses), pairs)


def test_bad_pose_values_are_statuses(scene):
    s, poses, pairs = scene
    poses = poses.copy()
    poses[3] = [np.nan, 0, 1, 0]
    poses[4] = [0, 0, 0.5, 0.5]   # not a rotation
    poses[5] = [2e15, 0, 1, 0]    # beyond GJK2D_MAX_COORDINATE
    r = gjk2d.distance(s, poses, pairs)
    bad = np.isin(pairs, [3, 4, 5]).any(axis=1)
    assert (r.status[bad] == gjk2d.STATUS_BAD_POSE).all() and (r.status[~bad] == gjk2d.STATUS_OK).all()
    assert np.isnan(r.distance[bad]).all() and (r.feature_a[bad] == gjk2d.FEATURE_NONE).all()
    problems, first = gjk2d.check_poses(poses)
    assert first == 3 and problems[3:6].tolist() == [2, 4, 3]


def test_invalid_shapes_are_statuses():
    v = np.array([[0, 0], [1, 0], [1, 1], [0, 1],      # 0: square
                  [0, 0], [0, 1], [1, 0],              # 1: clockwise
                  [0, 0], [2, 0], [1, .1], [1, 2],     # 2: reflex
                  [np.nan, 0],                         # 3: non-finite point
                  [0, 0], [1, 0]], np.float32)         # 4: segment with a negative radius
    s = gjk2d.Shapes(v, [4, 3, 4, 1, 2], radii=[0, 0, 0, 0, -1])
    assert s.invalid == 4 and s.first_invalid == 1
    assert s.problems.tolist() == [0, 6, 7, 2, 5]
    assert "clockwise" in s.problem(1) and "reflex" in s.problem(2) and s.problem(0) == ""
    poses = np.tile(np.array([[0, 0, 1, 0]], np.float32), (5, 1))
    r = gjk2d.distance(s, poses, [[0, k] for k in range(5)])
    assert r.status.tolist() == [0, 2, 2, 2, 2]
    code, message, vertex = gjk2d.validate_shape([[0, 0], [2, 0], [1, .1], [1, 2]])
    assert code == 7 and "convex" in message and vertex == 2


def test_too_many_vertices_is_a_status():
    n = gjk2d.MAX_VERTICES + 1
    ang = np.linspace(0, 2 * np.pi, n, endpoint=False)
    s = gjk2d.Shapes(np.column_stack([np.cos(ang), np.sin(ang)]), [n])
    assert s.problems.tolist() == [1]
    assert gjk2d.distance_pair(np.column_stack([np.cos(ang), np.sin(ang)]), [[5, 5]]).status == gjk2d.STATUS_INVALID


def test_bad_shape_arrays():
    with pytest.raises(gjk2d.Error, match=r"shape 1: .*outside the vertex arrays") as e:
        gjk2d.Shapes(np.zeros((4, 2)), [3, 3])
    assert e.value.shape == 1 and e.value.code == -4
    with pytest.raises(ValueError, match=r"shape \(V, 2\)"):
        gjk2d.Shapes(np.zeros((4, 3)), [4])
    with pytest.raises(TypeError, match="float array"):
        gjk2d.Shapes(np.zeros((4, 2), np.int32), [4])
    with pytest.raises(TypeError, match="integer array"):
        gjk2d.Shapes(np.zeros((4, 2)), np.array([4.0]))
    with pytest.raises(ValueError, match="radii has shape"):
        gjk2d.Shapes(np.zeros((4, 2)), [4], radii=[1, 2])
    with pytest.raises(gjk2d.Error, match="negative"):
        gjk2d.Shapes(np.zeros((4, 2)), [-4])
    with pytest.raises(ValueError, match="offsets"):
        gjk2d.Shapes(np.zeros((4, 2)), [4], offsets=[0, 4])
    # non-contiguous vertex arrays are copied, not refused
    v = np.zeros((8, 4), np.float32)
    v[:4, :2] = [[0, 0], [1, 0], [1, 1], [0, 1]]
    assert gjk2d.Shapes(v[:4, :2], [4]).invalid == 0


def test_bad_out_arrays(scene):
    s, poses, pairs = scene
    m = len(pairs)
    cases = [({"distance": np.zeros(m, np.float64)}, TypeError, "dtype float32"),
             ({"distance": np.zeros(2 * m, np.float32)[::2]}, ValueError, "C-contiguous"),
             ({"distance": np.zeros(m - 1, np.float32)}, ValueError, "the pairs need"),
             ({"distance": [0.0] * m}, TypeError, "numpy array"),
             ({"nope": np.zeros(m, np.float32)}, ValueError, "unknown output field"),
             ({"status": np.zeros((m, 1), np.uint8)}, ValueError, "1-D")]
    ro = np.zeros(m, np.float32)
    ro.flags.writeable = False
    cases.append(({"distance": ro}, ValueError, "writable"))
    for out, kind, text in cases:
        with pytest.raises(kind, match=text):
            gjk2d.distance(s, poses, pairs, out=out)
    with pytest.raises(ValueError, match="unknown field"):
        gjk2d.sat(s, poses, pairs, fields=["distance"])


def test_bad_arguments(scene):
    s, poses, pairs = scene
    with pytest.raises(TypeError, match="gjk2d.Shapes"):
        gjk2d.distance("shapes", poses, pairs)
    with pytest.raises(ValueError, match="threads"):
        gjk2d.distance(s, poses, pairs, threads=-1)
    with pytest.raises(gjk2d.Error, match="pair range"):
        gjk2d.distance(s, poses, pairs, begin=5, end=2)
    with pytest.raises(gjk2d.Error, match="pair range"):
        gjk2d.distance(s, poses, pairs, end=len(pairs) + 1)
    with pytest.raises(gjk2d.Error, match="cannot use ISA 'no-such-isa'") as e:
        gjk2d.set_isa("no-such-isa")
    assert e.value.code == -5
    with pytest.raises(ValueError, match="a pose is"):
        gjk2d.distance_pair([[0, 0]], [[1, 1]], pose_a=(1, 2))


def test_c_half_checks_buffers(scene):
    """The C half refuses buffers that would let the library read or write outside them, even when
    the Python half is bypassed."""
    from gjk2d import _gjk2d
    s, poses, pairs = scene
    a, b = np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
    p = gjk2d.as_poses(poses).args
    outs = (None,) * 13
    with pytest.raises(ValueError, match="bytes"):
        _gjk2d.batch(0, s._set, (poses[:5],) + p[1:], a, b, 0, len(a), outs, 1)
    with pytest.raises(ValueError, match="bytes"):
        _gjk2d.batch(0, s._set, p, a, b, 0, len(a), (np.zeros(3, np.float32),) + outs[1:], 1)
    with pytest.raises(TypeError, match="int32"):
        _gjk2d.batch(0, s._set, p, a.astype(np.int64), b, 0, len(a), outs, 1)
    with pytest.raises(TypeError, match="C-contiguous"):
        _gjk2d.batch(0, s._set, p, pairs[:, 0], b, 0, len(a), outs, 1)
    with pytest.raises(TypeError, match="prepared set"):
        _gjk2d.batch(0, "x", p, a, b, 0, len(a), outs, 1)
    with pytest.raises(gjk2d.Error):
        _gjk2d.batch(0, s._set, p, a, b, 0, len(a) + 1, outs, 1)
