# SPDX-License-Identifier: MIT
"""The Python examples of README.md and docs/python.md run, and print what their comments say."""
import contextlib
import io
import re

import numpy as np
import pytest
from conftest import ROOT


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(), re.S)


@pytest.mark.parametrize("path", ["README.md", "docs/python.md"])
def test_first_example_prints_its_comment(path):
    code = python_blocks(path)[0]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, path, "exec"), {})  # noqa: S102 (our own documentation)
    promised = re.search(r"print\(.*\)\s*#\s*(.*)", code).group(1)
    tokens = re.compile(r"[^\s\[\]]+|[\[\]]")  # numpy's column padding aside
    assert tokens.findall(printed.getvalue()) == tokens.findall(promised)


def test_dask_example_builds_its_graph():
    """docs/python.md's Dask example, with the cluster part left to its __main__ guard: the inputs it
    builds are accepted by gjk2d.dask (the LocalCluster run itself is test_dask.py's)."""
    code = [b for b in python_blocks("docs/python.md") if "LocalCluster" in b][0]
    scope = {"__name__": "not_main"}
    exec(compile(code.replace("10_000_000", "10_000").replace("1_000_000", "5_000"), "docs/python.md", "exec"), scope)
    import gjk2d.dask
    d = gjk2d.dask.distance(scope["shapes"], scope["poses"], scope["pairs"], fields=["distance", "status"])
    assert d["distance"].shape == (10_000,) and np.isfinite(d["distance"].compute(scheduler="sync")).all()


def test_coherence_manifold_cast_example_runs():
    """docs/python.md's example of the later queries: its asserts hold."""
    code = [b for b in python_blocks("docs/python.md") if "new_cache" in b][0]
    exec(compile(code, "docs/python.md", "exec"), {})  # noqa: S102 (our own documentation)


def test_readme_dask_example_runs_on_a_local_cluster():
    """README.md's Dask example, after its first example (which makes the shapes and poses), run as a
    program on a 2-process LocalCluster with a smaller pair list: its results equal one in-process call."""
    blocks = python_blocks("README.md")
    code = [b for b in blocks if "LocalCluster" in b][0]
    scope = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(blocks[0], "README.md", "exec"), scope)  # noqa: S102 (our own documentation)
    small = code.replace("10_000_000", "20_000").replace("1_000_000", "5_000")
    exec(compile(small, "README.md", "exec"), scope)  # noqa: S102
    import gjk2d
    pairs = scope["pairs"].compute()
    ref = gjk2d.distance(scope["shapes"], scope["poses"], pairs)
    assert (scope["distance"] == ref.distance).all() and (scope["status"] == ref.status).all()
