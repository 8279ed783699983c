# SPDX-License-Identifier: MIT
"""The Python module against the gjk2d command on the same scene: `gjk2d gen` writes it, `gjk2d run`
answers every query as CSV (%.9g: every float reads back exactly), gjk2d.read_scene and the module
answer the same; both run the same library, so every field must agree bit for bit (features and
statuses as names)."""
import csv
import subprocess

import numpy as np
import pytest

import gjk2d

SCENES = {
    "w1-like": ["--pairs", "3000", "--seed", "3"],
    "capsules-circles": ["--pairs", "2000", "--min-verts", "1", "--max-verts", "2", "--radius", "0.25", "--seed", "4"],
    "rounded-polygons": ["--pairs", "1000", "--min-verts", "3", "--max-verts", "12", "--radius", "0.1", "--seed", "5"],
}
COLUMNS = {
    "distance": ["distance", "ax", "ay", "bx", "by", "nx", "ny", "iterations", "status", "signed_distance",
                 "core_distance", "feature_a", "feature_b"],
    "overlap": ["overlap", "iterations", "status"],
    "sat": ["overlap", "separation", "nx", "ny", "status"],
}


def feature_name(f):
    return "-" if f < 0 else f"{'e' if f & 1 else 'v'}{f >> 1}"


def formatted(field, values):
    """The module's values as the command writes them, for comparison with its CSV cells."""
    if field == "status":
        return [gjk2d.STATUS_NAMES[s] for s in values]
    if field.startswith("feature_"):
        return [feature_name(int(f)) for f in values]
    if field in ("iterations", "overlap"):
        return [str(int(x)) for x in values]
    return values


@pytest.mark.parametrize("name", sorted(SCENES))
def test_module_equals_command(cli, tmp_path, name):
    scene = tmp_path / "scene.txt"
    subprocess.run([cli, "gen", *SCENES[name], "-o", str(scene)], check=True, capture_output=True)
    sc = gjk2d.read_scene(scene)
    for query, columns in COLUMNS.items():
        out = tmp_path / f"{query}.csv"
        subprocess.run([cli, "run", "--query", query, str(scene), "-o", str(out)], check=True, capture_output=True)
        with open(out) as f:
            rows = list(csv.DictReader(f))
        result = getattr(gjk2d, query)(sc.shapes, sc.poses, sc.pairs)
        assert len(rows) == len(sc.pairs)
        ok = np.array([r["status"] == "ok" for r in rows])
        assert ok.all() == (result.status == gjk2d.STATUS_OK).all()
        for column in columns:
            ours = formatted(column, getattr(result, column))
            theirs = [r[column] for r in rows]
            if isinstance(ours, list):
                bad = [k for k in range(len(rows)) if ours[k] != theirs[k]]
            else:  # floats: %.9g reads back as the same float (a negative zero is printed as 0)
                back = np.array([np.float32(float(x)) if x else np.nan for x in theirs], np.float32)
                bad = np.flatnonzero(~((back == ours) | (np.isnan(back) & np.isnan(ours)))).tolist()
            assert not bad, f"{query}.{column}: {len(bad)} pairs differ, first {bad[0]}: {ours[bad[0]]} vs {theirs[bad[0]]}"


def test_read_scene_rejects_malformed(tmp_path):
    bad = tmp_path / "bad.scene"
    bad.write_text("gjk2d-scene 1\nshapes 1\n0 0 0 0 3 0 0 1 0\npairs 0\n")
    with pytest.raises(ValueError, match=r"bad.scene:3: bad shape line"):
        gjk2d.read_scene(bad)
    bad.write_text("gjk2d-scene 2\n")
    with pytest.raises(ValueError, match="not a gjk2d-scene 1"):
        gjk2d.read_scene(bad)
