# SPDX-License-Identifier: MIT
"""Read the gjk2d command's scene files (docs/cli.md, "Scene files") into a shape set, poses and pairs,
so a scene gives the Python module and the `gjk2d` command the same input, bit for bit: coordinates and
radii as float32, angles as float64 turned into float cos and sin by gjk2d_pose_from_angle."""
from __future__ import annotations

from typing import Any, NamedTuple, Tuple

import numpy as np

from ._core import Shapes


class Scene(NamedTuple):
    shapes: Shapes
    poses: Tuple[np.ndarray, np.ndarray, np.ndarray]  #: (x float32, y float32, angle float64)
    pairs: np.ndarray                                 #: (M, 2) int32


def read_scene(path: Any) -> Scene:
    """Read a ``gjk2d-scene 1`` file. Raises ValueError with the line number on a malformed file.

    Numbers are read as double and rounded to float32, which equals the command's strtof for every
    file `gjk2d gen` writes (%.9g of floats) and for all but decimals within a hair of a float halfway
    point, where double rounding can differ by one float step."""
    with open(path, "r", encoding="ascii") as f:
        lines = [(i + 1, t) for i, line in enumerate(f) if (t := line.strip()) and not t.startswith("#")]
    it = iter(lines)

    def header(word: str) -> int:
        num, text = next(it, (len(lines), ""))
        parts = text.split()
        if len(parts) != 2 or parts[0] != word or not parts[1].isdigit():
            raise ValueError(f"{path}:{num}: expected '{word} <count>', got {text!r}")
        return int(parts[1])

    num, text = next(it, (0, ""))
    if text.split() != ["gjk2d-scene", "1"]:
        raise ValueError(f"{path}:{num}: not a gjk2d-scene 1 file")
    n = header("shapes")
    px = np.empty(n, np.float64)
    py = np.empty(n, np.float64)
    angle = np.empty(n, np.float64)
    radius = np.empty(n, np.float64)
    counts = np.empty(n, np.int32)
    coords = []
    for k in range(n):
        num, text = next(it, (len(lines), ""))
        t = text.split()
        try:
            px[k], py[k], angle[k], radius[k] = float(t[0]), float(t[1]), float(t[2]), float(t[3])
            counts[k] = c = int(t[4])
            if len(t) != 5 + 2 * c:
                raise ValueError
        except (ValueError, IndexError):
            raise ValueError(f"{path}:{num}: bad shape line {text[:80]!r}") from None
        coords.extend(t[5:])
    m = header("pairs")
    rest = [text for _, text in lines[n + 3:n + 3 + m]]
    pairs = np.array(" ".join(rest).split(), np.int64)
    if len(rest) != m or pairs.size != 2 * m or len(lines) != n + 3 + m:
        raise ValueError(f"{path}: expected {m} pair lines of two indices after the shapes")
    vertices = np.array(coords, np.float64).reshape(-1, 2)
    shapes = Shapes(vertices, counts, radii=radius)
    return Scene(shapes, (px.astype(np.float32), py.astype(np.float32), angle), pairs.reshape(-1, 2).astype(np.int32))
