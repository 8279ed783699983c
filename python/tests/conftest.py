# SPDX-License-Identifier: MIT
"""Shared pieces of the Python tests: the library's tolerances (read from their one home,
src/tolerance.h), the gjk2d command, hypothesis settings and random scenes."""
import os
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

import gjk2d

ROOT = Path(__file__).resolve().parents[2]
FLT_EPSILON = float(np.finfo(np.float32).eps)

# CI keeps the Python suite to about a minute; GJK2D_HYPOTHESIS_EXAMPLES raises it for longer runs.
settings.register_profile("gjk2d", max_examples=int(os.environ.get("GJK2D_HYPOTHESIS_EXAMPLES", "200")),
                          deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
                          database=None)
settings.load_profile("gjk2d")


def _tolerance_macros():
    """The tolerance macros of src/tolerance.h as Python functions: their one home stays the C header."""
    text = (ROOT / "src" / "tolerance.h").read_text()
    env = {"FLT_EPSILON": FLT_EPSILON}
    for name, args, body in re.findall(r"^#define (TOL_\w+)(\([\w, ]*\))? (.+)$", text, re.M):
        env[name] = eval(f"lambda {args[1:-1]}: {body}" if args else body, env)  # noqa: S307 (our own header)
    return env


TOL = _tolerance_macros()
TOL_REL = TOL["TOL_REL"]        # distances, separations: |got - exact| <= TOL_REL * L
TOL_POINT = TOL["TOL_POINT"]    # world-frame points: TOL_POINT(L, W)


def cli_path():
    path = os.environ.get("GJK2D_CLI") or shutil.which("gjk2d")
    return path if path and os.access(path, os.X_OK) else None


@pytest.fixture
def cli():
    path = cli_path()
    if not path:
        pytest.skip("the gjk2d command is not built (-Dcli=false) and not on PATH")
    return path


def random_polygons(rng, count, min_verts=3, max_verts=8, radius=0.0):
    """`count` random convex shapes: vertices on a random ellipse at angles at least 2 pi / (10 n) apart,
    counter-clockwise, rounded to float32 (where the library's geometry lives)."""
    n = rng.integers(min_verts, max_verts + 1, count)
    verts = []
    for k in range(count):
        gaps = rng.uniform(1.0, 10.0, n[k])
        ang = rng.uniform(0, 2 * np.pi) + 2 * np.pi * np.cumsum(gaps) / gaps.sum()
        rx, ry = rng.uniform(0.2, 2.0, 2)
        verts.append(np.column_stack([rx * np.cos(ang), ry * np.sin(ang)]))
    v = np.concatenate(verts).astype(np.float32)
    radii = np.full(count, radius, np.float32) if np.ndim(radius) == 0 else np.asarray(radius, np.float32)
    return v, n.astype(np.int32), radii


def random_scene(seed, shapes=400, pairs=5000, **kw):
    """A shape set, (N, 4) float32 poses in [-10, 10]^2 and random pairs (mostly apart, some overlapping)."""
    rng = np.random.default_rng(seed)
    v, n, r = random_polygons(rng, shapes, **kw)
    s = gjk2d.Shapes(v, n, radii=r)
    angle = rng.uniform(-np.pi, np.pi, shapes)
    poses = np.column_stack([rng.uniform(-6, 6, shapes), rng.uniform(-6, 6, shapes),
                             np.cos(angle), np.sin(angle)]).astype(np.float32)
    return s, poses, rng.integers(0, shapes, (pairs, 2)).astype(np.int32)


def bits(a):
    """An array's bytes, for bit-for-bit comparison (NaN == NaN, -0 != 0)."""
    a = np.ascontiguousarray(a)
    return a.view(np.uint8) if a.dtype == np.bool_ else a.view(f"u{a.dtype.itemsize}")


def assert_same_bits(x, y, fields=None):
    for f in fields or x._fields:
        a, b = getattr(x, f), getattr(y, f)
        if a is None and b is None:
            continue
        diff = np.flatnonzero(bits(a) != bits(b))
        assert diff.size == 0, f"{f}: {diff.size} pairs differ, first {diff[0]}: {a[diff[0]]!r} vs {b[diff[0]]!r}"
