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


def test_dask_example_runs_on_a_local_cluster():
    """docs/python.md's Dask example, run as a program (its __main__ part: a 2-process LocalCluster) with
    fewer shapes and a smaller pair list: its results equal one in-process call on the same pairs."""
    code = [b for b in python_blocks("docs/python.md") if "LocalCluster" in b][0]
    sizes = {"n = 100_000": "n = 1_000", "10_000_000": "20_000", "2_500_000": "5_000"}  # shapes, pairs, chunks
    assert all(size in code for size in sizes), "the example's sizes changed: update them here"
    small = code
    for size, smaller in sizes.items():
        small = small.replace(size, smaller)
    scope = {"__name__": "__main__"}
    exec(compile(small, "docs/python.md", "exec"), scope)  # noqa: S102 (our own documentation)
    import gjk2d
    pairs = scope["pairs"].compute()
    assert pairs.shape == (20_000, 2)
    ref = gjk2d.distance(scope["shapes"], scope["poses"], pairs)
    assert (scope["status"] == gjk2d.STATUS_OK).all()
    assert (scope["distance"] == ref.distance).all() and (scope["status"] == ref.status).all()


def test_coherence_manifold_cast_example_runs():
    """docs/python.md's example of the later queries: its asserts hold."""
    code = [b for b in python_blocks("docs/python.md") if "new_cache" in b][0]
    exec(compile(code, "docs/python.md", "exec"), {})  # noqa: S102 (our own documentation)
