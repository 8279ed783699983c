# SPDX-License-Identifier: MIT
"""gjk2d queries over Dask collections of pairs, partition by partition.

A batch is a pure function of (shapes, poses, pairs), and every instruction set gives the same bits, so
a pair's answer does not depend on which worker computes it. The shape set and poses travel as one
object: scattered to every worker at once when a ``distributed`` client is given (or is the default),
otherwise one task of the graph that each worker fetches once and keeps; a worker unpickles it once,
which prepares the set there (the prepared memory itself is never moved). Pairs are an ``(M, 2)`` dask
array chunked by rows, or a dask DataFrame with two integer columns; results are dask arrays (a dict by
field) or a dask DataFrame with one column per field, in pair order.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from . import _core, _queries


def _batch(code: int) -> Any:
    return lambda scene, pairs, fields, threads, margin: _core._run(code, scene.shapes, scene.poses, pairs, None,
                                                                    fields, threads, 0, None)


def _manifold(scene: "Scene", pairs: Any, fields: Sequence[str], threads: int, margin: float) -> Any:
    return _queries.manifold(scene.shapes, scene.poses, pairs, margin, fields=fields, threads=threads)


# name: (one partition's call, its result type)
_QUERIES = {"distance": (_batch(_core._DISTANCE), _core.DistanceResult),
            "overlap": (_batch(_core._OVERLAP), _core.OverlapResult), "sat": (_batch(_core._SAT), _core.SatResult),
            "manifold": (_manifold, _queries.ManifoldResult)}


def _field_dtype(query: str, f: str) -> Any:
    """A field's dtype and per-pair shape ((), (2,) or (2, 2))."""
    specs = _queries._SPECS.get(_QUERIES[query][1], {})
    return specs[f] if f in specs else (np.bool_ if f == "overlap" else _core._dtype(f), ())


def _flat_columns(query: str, fields: Sequence[str]) -> list:
    """DataFrame columns: a field of several numbers per pair becomes one column per number, its name
    followed by the indices (normal_0, normal_1; points_0_0 .. points_1_1 for [slot, xy])."""
    cols = []
    for f in fields:
        dtype, shape = _field_dtype(query, f)
        idx = [()] if not shape else [tuple(i) for i in np.ndindex(*shape)]
        cols += [(f + "".join(f"_{i}" for i in ix), f, ix, dtype) for ix in idx]
    return cols


class Scene:
    """What every partition needs: the shape set and the poses, normalized once on the client."""

    def __init__(self, shapes: _core.Shapes, poses: Any) -> None:
        if not isinstance(shapes, _core.Shapes):
            raise TypeError(f"gjk2d.dask: shapes must be a gjk2d.Shapes, got {type(shapes).__name__}")
        self.shapes = shapes
        self.poses = _core.as_poses(poses)
        if self.poses.count < len(shapes):
            raise _core.Error(f"gjk2d: {self.poses.count} poses for {len(shapes)} shapes: pose k moves shape k")


def _fields(query: str, fields: Optional[Sequence[str]]) -> list:
    names = _QUERIES[query][1]._fields
    chosen = list(names if fields is None else fields)
    for f in chosen:
        if f not in names:
            raise ValueError(f"gjk2d.dask: unknown field {f!r} for {query}; it has {names}")
    return chosen


def _record_dtype(query: str, fields: Sequence[str]) -> np.dtype:
    return np.dtype([(f,) + _field_dtype(query, f) for f in fields])


def _block(pairs: np.ndarray, scene: Scene, query: str, fields: Sequence[str], threads: int,
           margin: float = 0.0) -> np.ndarray:
    """One partition: pairs (k, 2) -> a record array of the fields (k,)."""
    result = _QUERIES[query][0](scene, pairs, fields, threads, margin)
    out = np.empty(len(pairs), _record_dtype(query, fields))
    for f in fields:
        out[f] = getattr(result, f)
    return out


def _partition(df: Any, scene: Scene, query: str, fields: Sequence[str], columns: Sequence[str],
               threads: int, margin: float = 0.0) -> Any:
    import pandas as pd
    pairs = (df[columns[0]].to_numpy(), df[columns[1]].to_numpy())
    result = _QUERIES[query][0](scene, pairs, fields, threads, margin)
    return pd.DataFrame({name: getattr(result, f)[(slice(None),) + ix] for name, f, ix, _ in
                         _flat_columns(query, fields)}, index=df.index)


def _ship(scene: Scene, client: Any) -> Any:
    """The scene as a graph argument: a future on every worker, or a delayed object."""
    if client is None:
        try:
            from distributed import default_client
            client = default_client()
        except (ImportError, ValueError):
            client = None
    if client is not None:
        return client.scatter(scene, broadcast=True, hash=False)
    import dask
    return dask.delayed(scene, pure=True)


def query(name: str, shapes: Any, poses: Any, pairs: Any, *, fields: Optional[Sequence[str]] = None,
          columns: Sequence[str] = ("a", "b"), client: Any = None, threads: int = 1, margin: float = 0.0) -> Any:
    """Run query `name` ('distance', 'overlap', 'sat' or 'manifold', with ``margin``) over a dask array or
    DataFrame of pairs.

    ``shapes`` is a :class:`gjk2d.Shapes` and ``poses`` as for :func:`gjk2d.distance`; or a
    :class:`Scene` holding both (``poses`` None), shipped by this call; or, to ship a scene once for many
    queries, ``client.scatter(Scene(shapes, poses), broadcast=True)`` (``poses`` None). ``pairs``: an ``(M, 2)`` integer dask array (rechunked to whole rows), or a
    dask DataFrame whose ``columns`` hold the shape indices. Returns a dict of dask arrays by field for
    an array, a dask DataFrame (one column per field, the same index; a field of several numbers per pair,
    such as the manifold's points, one column per number: ``points_0_1`` is slot 0's y) for a DataFrame. ``threads`` is
    per task. Nothing is computed until you compute the result.
    """
    if name not in _QUERIES:
        raise ValueError(f"gjk2d.dask: unknown query {name!r}; one of {sorted(_QUERIES)}")
    chosen = _fields(name, fields)
    if isinstance(shapes, (Scene, _core.Shapes)):
        shipped = _ship(shapes if isinstance(shapes, Scene) else Scene(shapes, poses), client)
    elif poses is None and type(shapes).__name__ in ("Future", "Delayed"):
        shipped = shapes  # a Scene shipped already: client.scatter(Scene(...), broadcast=True)
    else:
        raise TypeError(f"gjk2d.dask: shapes must be a gjk2d.Shapes, a gjk2d.dask.Scene, or a Scene already "
                        f"scattered (with poses None), got {type(shapes).__name__}")
    import dask.array as da
    if isinstance(pairs, da.Array):
        if pairs.ndim != 2 or pairs.shape[1] != 2:
            raise ValueError(f"gjk2d.dask: pairs must have shape (M, 2), got {pairs.shape}")
        if pairs.dtype.kind not in "iu":
            raise TypeError(f"gjk2d.dask: pairs must be integers, got dtype {pairs.dtype}")
        if len(pairs.chunks[1]) != 1:
            pairs = pairs.rechunk({1: 2})
        records = da.map_blocks(_block, pairs, shipped, name, chosen, threads, float(margin), drop_axis=1,
                                dtype=_record_dtype(name, chosen), meta=np.empty(0, _record_dtype(name, chosen)))
        return {f: records[f] for f in chosen}
    import dask.dataframe as dd
    if isinstance(pairs, dd.DataFrame):
        import pandas as pd
        missing = [c for c in columns if c not in pairs.columns]
        if missing:
            raise ValueError(f"gjk2d.dask: the DataFrame has no column(s) {missing}; pass columns=(a, b)")
        meta = pd.DataFrame({c: pd.Series(dtype=dtype) for c, _, _, dtype in _flat_columns(name, chosen)})
        return pairs.map_partitions(_partition, shipped, name, chosen, tuple(columns), threads, float(margin),
                                    meta=meta)
    raise TypeError(f"gjk2d.dask: pairs must be a dask array or dask DataFrame, got {type(pairs).__name__}")


def distance(shapes: Any, poses: Any, pairs: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'distance'."""
    return query("distance", shapes, poses, pairs, **kwargs)


def overlap(shapes: Any, poses: Any, pairs: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'overlap'."""
    return query("overlap", shapes, poses, pairs, **kwargs)


def sat(shapes: Any, poses: Any, pairs: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'sat'."""
    return query("sat", shapes, poses, pairs, **kwargs)


def manifold(shapes: Any, poses: Any, pairs: Any, margin: float = 0.0, **kwargs: Any) -> Any:
    """:func:`query` with 'manifold' (contact manifolds within ``margin``)."""
    return query("manifold", shapes, poses, pairs, margin=margin, **kwargs)
