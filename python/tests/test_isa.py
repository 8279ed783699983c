# SPDX-License-Identifier: MIT
"""Every instruction set this build and CPU run gives the scalar reference's bits, field for field, for
every query, through the module (set_isa), on polygons and on rounded points and segments."""
import numpy as np
import pytest
from conftest import assert_same_bits, random_scene

import gjk2d

SCENES = [dict(seed=21, shapes=600, pairs=20000),
          dict(seed=22, shapes=600, pairs=20000, min_verts=1, max_verts=4, radius=0.3),
          dict(seed=23, shapes=100, pairs=5000, min_verts=20, max_verts=40)]


@pytest.fixture
def restore_isa():
    yield
    gjk2d.set_isa("auto")


@pytest.mark.parametrize("isa", [i for i in gjk2d.ISAS if i != "scalar"])
def test_isa_bit_identical_to_scalar(isa, restore_isa):
    if not gjk2d.isa_supported(isa):
        pytest.skip(f"{isa}: not supported by this build and CPU")
    for kw in SCENES:
        s, poses, pairs = random_scene(**kw)
        gjk2d.set_isa("scalar")
        assert gjk2d.isa() == "scalar" and gjk2d.lane_width() == 1
        ref = [q(s, poses, pairs) for q in (gjk2d.distance, gjk2d.overlap, gjk2d.sat)]
        gjk2d.set_isa(isa)
        assert gjk2d.isa() == isa
        for q, r in zip((gjk2d.distance, gjk2d.overlap, gjk2d.sat), ref):
            assert_same_bits(q(s, poses, pairs), r)
            assert_same_bits(q(s, poses, pairs, threads=2), r)


def cached_frames(s, poses, pairs):
    """Warm distance over two frames (the second moved a little), overlap warm from its cache, and the
    manifold: the results and the final caches."""
    cache = gjk2d.new_cache(len(pairs))
    moved = poses.copy()
    moved[:, :2] += 0.01
    out = [gjk2d.distance_cached(s, p, pairs, cache, max_distance=3.0, threads=2) for p in (poses, moved)]
    out.append(gjk2d.overlap_cached(s, poses, pairs, cache))
    out.append(gjk2d.manifold(s, poses, pairs, 0.05))
    return out, cache.tobytes()


@pytest.mark.parametrize("isa", [i for i in gjk2d.ISAS if i != "scalar"])
def test_isa_cached_and_manifold_bit_identical_to_scalar(isa, restore_isa):
    if not gjk2d.isa_supported(isa):
        pytest.skip(f"{isa}: not supported by this build and CPU")
    s, poses, pairs = random_scene(seed=24, shapes=300, pairs=5000, min_verts=1, max_verts=8, radius=0.05)
    gjk2d.set_isa("scalar")
    ref, ref_cache = cached_frames(s, poses, pairs)
    gjk2d.set_isa(isa)
    got, got_cache = cached_frames(s, poses, pairs)
    for g, r in zip(got, ref):
        assert_same_bits(g, r)
    assert got_cache == ref_cache


def test_auto_restores(restore_isa):
    gjk2d.set_isa("scalar")
    gjk2d.set_isa("auto")
    assert gjk2d.isa() in gjk2d.supported_isas()
    assert np.isfinite(1.0)
