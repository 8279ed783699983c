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


def test_auto_restores(restore_isa):
    gjk2d.set_isa("scalar")
    gjk2d.set_isa("auto")
    assert gjk2d.isa() in gjk2d.supported_isas()
    assert np.isfinite(1.0)
