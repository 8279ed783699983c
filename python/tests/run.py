# SPDX-License-Identifier: MIT
"""The Python test suite's entry for `meson test` (suite 'python'): runs pytest on this directory, or
exits 77 (meson's "skipped") naming the Debian packages to install when the test tools are missing.
Extra arguments go to pytest."""
import importlib.util
import os
import sys


def main():
    """Kept under a main guard: the LocalCluster test's worker processes are spawned, and a spawned
    process imports the main module again."""
    missing = [deb for mod, deb in NEEDED.items() if importlib.util.find_spec(mod) is None]
    if missing:
        print(f"python tests skipped: {sys.executable} lacks {', '.join(missing)} "
              "(scripts/deps.sh --test installs them)")
        return 77
    import pytest
    return pytest.main([os.path.dirname(os.path.abspath(__file__)), *sys.argv[1:]])


NEEDED = {"pytest": "python3-pytest", "hypothesis": "python3-hypothesis", "shapely": "python3-shapely",
          "dask": "python3-dask", "distributed": "python3-distributed", "pandas": "python3-pandas"}

if __name__ == "__main__":
    sys.exit(main())
