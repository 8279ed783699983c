# SPDX-License-Identifier: MIT
"""gjk2d queries over Dask collections of pairs or items, partition by partition.

A batch is a pure function of (shapes, poses, pairs), and every instruction set gives the same bits, so
a pair's answer does not depend on which worker computes it. The shape set and its poses (or sweeps, for
the time of impact) travel as one object: scattered to every worker at once when a ``distributed``
client is given (or is the default), otherwise one task of the graph that each worker fetches once and
keeps; a worker unpickles it once, which prepares the set there (the prepared memory itself is never
moved). The work list is an ``(M, 2)`` dask array of pairs chunked by rows (an ``(M,)`` array of shape
indices for ray casts and point queries), or a dask DataFrame whose columns hold the indices; per-item
inputs (translations, origins, points) are dask or numpy arrays with the same rows, or, with a
DataFrame, tuples of its column names. Results are dask arrays (a dict by field) or a dask DataFrame
with one column per field, in the work list's order.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Dict, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from . import _core, _queries


class _Query(NamedTuple):
    result: Any                    # the result NamedTuple type
    index_columns: int             # 2: pairs (a, b); 1: one shape index per item
    inputs: Tuple[str, ...]        # per-item inputs, in the call's order (each (M, 2) floats)
    needs: str                     # what the Scene must hold: "poses" or "sweeps"
    call: Callable[..., Any]       # (scene, index, inputs, fields, threads, params[, out]) -> result


def _pairs_call(fn: Callable[..., Any]) -> Callable[..., Any]:
    return lambda sc, idx, xs, fields, threads, params, out=None: fn(sc.shapes, sc.poses, idx, *xs, *params,
                                                                     fields=fields, out=out, threads=threads)


# name: how one partition runs it. params: margin (manifold); target, tolerance (time of impact);
# max_fraction (ray cast).
_QUERIES: Dict[str, _Query] = {
    "distance": _Query(_core.DistanceResult, 2, (), "poses", _pairs_call(_core.distance)),
    "overlap": _Query(_core.OverlapResult, 2, (), "poses", _pairs_call(_core.overlap)),
    "sat": _Query(_core.SatResult, 2, (), "poses", _pairs_call(_core.sat)),
    "manifold": _Query(_queries.ManifoldResult, 2, (), "poses", _pairs_call(_queries.manifold)),
    "shape_cast": _Query(_queries.CastResult, 2, ("translations",), "poses", _pairs_call(_queries.shape_cast)),
    "ray_cast": _Query(_queries.CastResult, 1, ("origins", "translations"), "poses",
                       _pairs_call(_queries.ray_cast)),
    "point_query": _Query(_queries.PointResult, 1, ("points",), "poses", _pairs_call(_queries.point_query)),
    "time_of_impact": _Query(_queries.ToiResult, 2, (), "sweeps",
                             lambda sc, idx, xs, fields, threads, params, out=None: _queries.time_of_impact(
                                 sc.shapes, sc.sweeps, idx, *params, fields=fields, out=out, threads=threads)),
}


def _field_dtype(query: str, f: str) -> Any:
    """A field's dtype and per-pair shape ((), (2,) or (2, 2))."""
    specs = _queries._SPECS.get(_QUERIES[query].result, {})
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
    """What every partition needs: the shape set and the poses (or, for the time of impact, the
    sweeps), normalized once on the client."""

    def __init__(self, shapes: _core.Shapes, poses: Any = None, sweeps: Any = None) -> None:
        if not isinstance(shapes, _core.Shapes):
            raise TypeError(f"gjk2d.dask: shapes must be a gjk2d.Shapes, got {type(shapes).__name__}")
        if poses is None and sweeps is None:
            raise ValueError("gjk2d.dask: a Scene needs poses (or sweeps, for the time of impact)")
        self.shapes = shapes
        self.poses = None if poses is None else _core.as_poses(poses)
        if self.poses is not None and self.poses.count < len(shapes):
            raise _core.Error(f"gjk2d: {self.poses.count} poses for {len(shapes)} shapes: pose k moves shape k")
        self.sweeps = None
        if sweeps is not None:
            _queries._sweep_columns(sweeps, len(shapes))  # the same checks, with the same messages, here
            self.sweeps = np.ascontiguousarray(sweeps, dtype=np.float32)


def _fields(query: str, fields: Optional[Sequence[str]]) -> list:
    names = _QUERIES[query].result._fields
    chosen = list(names if fields is None else fields)
    for f in chosen:
        if f not in names:
            raise ValueError(f"gjk2d.dask: unknown field {f!r} for {query}; it has {names}")
    return chosen


def _record_dtype(query: str, fields: Sequence[str]) -> np.dtype:
    return np.dtype([(f,) + _field_dtype(query, f) for f in fields])


# Buffers a worker thread keeps from task to task: the int32 pair columns and the query's outputs, before
# they are copied into the partition's result. Dask's worker processes hand freed memory back to the
# system at once (the nanny sets MALLOC_TRIM_THRESHOLD_), so arrays made afresh in every task cost a page
# fault every 4 KiB: on W1's distance, 3,400 faults and 1.25x the time of the query itself per 10^6 pairs.
_reused = threading.local()


def _kept(kind: str, key: tuple, make: Callable[[], Any]) -> Any:
    """This thread's buffer of `kind` ("pairs", "out") for `key` (its size, query and fields), made when
    the key changes: one buffer of each kind, one partition's worth, per worker thread."""
    kept = _reused.__dict__.setdefault("buffers", {})
    if kind not in kept or kept[kind][0] != key:
        kept.pop(kind, None)  # the old buffer goes before the new one is made
        kept[kind] = (key, make())
    return kept[kind][1]


def _outputs(query: str, fields: Sequence[str], m: int) -> dict:
    result = _QUERIES[query].result
    if result in _core._RESULTS.values():
        make = lambda: {f: np.empty(m, _core._dtype(f)) for f in fields}  # noqa: E731
    else:
        make = lambda: {f: getattr(_queries.empty_result(result, m), f) for f in fields}  # noqa: E731
    return _kept("out", (query, tuple(fields), m), make)


def _block(index: np.ndarray, scene: Scene, query: str, fields: Sequence[str], threads: int, params: tuple,
           *inputs: np.ndarray) -> np.ndarray:
    """One partition of an array: index (k, 2) or (k,), inputs (k, 2) each -> a record array (k,)."""
    m = len(index)
    if index.ndim == 2 and index.dtype == np.int32:  # other dtypes: the call checks the range and converts
        a, b = _kept("pairs", (m,), lambda: (np.empty(m, np.int32), np.empty(m, np.int32)))
        a[...], b[...] = index[:, 0], index[:, 1]
        index = (a, b)
    result = _QUERIES[query].call(scene, index, inputs, fields, threads, params, _outputs(query, fields, m))
    out = np.empty(m, _record_dtype(query, fields))
    for f in fields:
        out[f] = getattr(result, f)
    return out


def _partition(df: Any, scene: Scene, query: str, fields: Sequence[str], columns: Sequence[str], threads: int,
               params: tuple, inputs: Sequence[Tuple[str, str]]) -> Any:
    """One partition of a DataFrame: the index columns and each input's two columns -> a DataFrame."""
    import pandas as pd
    index = tuple(df[c].to_numpy() for c in columns)
    xs = [tuple(df[c].to_numpy(np.float32) for c in names) for names in inputs]
    result = _QUERIES[query].call(scene, index if len(index) == 2 else index[0], xs, fields, threads, params,
                                  _outputs(query, fields, len(df)))
    # copy: the outputs are this thread's buffers, which the next partition overwrites
    return pd.DataFrame({name: getattr(result, f)[(slice(None),) + ix] for name, f, ix, _ in
                         _flat_columns(query, fields)}, index=df.index, copy=True)


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


def _scene(name: str, shapes: Any, poses: Any, client: Any) -> Any:
    q = _QUERIES[name]
    if isinstance(shapes, Scene):
        if getattr(shapes, q.needs) is None:
            raise ValueError(f"gjk2d.dask: {name} needs the Scene's {q.needs}; this Scene has none")
        return _ship(shapes, client)
    if isinstance(shapes, _core.Shapes):
        return _ship(Scene(shapes, **{q.needs: poses}), client)
    if poses is None and type(shapes).__name__ in ("Future", "Delayed"):
        return shapes  # a Scene shipped already: client.scatter(Scene(...), broadcast=True)
    raise TypeError(f"gjk2d.dask: shapes must be a gjk2d.Shapes, a gjk2d.dask.Scene, or a Scene already "
                    f"scattered (with poses None), got {type(shapes).__name__}")


def _input_array(x: Any, name: str, rows: Tuple[int, ...]) -> Any:
    """A per-item input as an (M, 2) float32 dask array chunked like the work list's rows."""
    import dask.array as da
    x = x if isinstance(x, da.Array) else np.asarray(x)
    if x.ndim != 2 or x.shape[1] != 2 or x.shape[0] != sum(rows):
        raise ValueError(f"gjk2d.dask: {name} must have shape ({sum(rows)}, 2), got {x.shape}")
    x = x if isinstance(x, da.Array) else da.from_array(x, chunks=(rows, 2))
    return x.astype(np.float32).rechunk((rows, 2))


def _on_array(name: str, index: Any, shipped: Any, chosen: list, threads: int, params: tuple,
              inputs: Sequence[Any]) -> dict:
    import dask.array as da
    q = _QUERIES[name]
    want = "(M, 2)" if q.index_columns == 2 else "(M,)"
    if index.ndim != (2 if q.index_columns == 2 else 1) or (q.index_columns == 2 and index.shape[1] != 2):
        raise ValueError(f"gjk2d.dask: {name} takes {want} indices, got shape {index.shape}")
    if index.dtype.kind not in "iu":
        raise TypeError(f"gjk2d.dask: pairs must be integers, got dtype {index.dtype}")
    if q.index_columns == 2 and len(index.chunks[1]) != 1:
        index = index.rechunk({1: 2})
    rows = index.chunks[0]
    args = [index, "ij" if q.index_columns == 2 else "i", shipped, None, name, None, chosen, None, threads, None,
            params, None]
    for n, x in zip(q.inputs, inputs):
        args += [_input_array(x, n, rows), "i" + n[0].upper()]  # its own contracted index: one chunk of 2
    dtype = _record_dtype(name, chosen)
    records = da.blockwise(_block, "i", *args, dtype=dtype, concatenate=True, meta=np.empty(0, dtype))
    return {f: records[f] for f in chosen}


def _on_frame(name: str, df: Any, shipped: Any, chosen: list, threads: int, params: tuple, columns: Sequence[str],
              inputs: Sequence[Any]) -> Any:
    import pandas as pd
    q = _QUERIES[name]
    columns = tuple(columns)[:q.index_columns]
    names = []
    for n, x in zip(q.inputs, inputs):
        if not (isinstance(x, (tuple, list)) and len(x) == 2 and all(isinstance(c, str) for c in x)):
            raise TypeError(f"gjk2d.dask: with a DataFrame, {n} is a pair of its column names, e.g. ('x', 'y')")
        names.append(tuple(x))
    missing = [c for c in columns + sum(names, ()) if c not in df.columns]
    if missing:
        raise ValueError(f"gjk2d.dask: the DataFrame has no column(s) {missing}; pass columns=(a, b)")
    meta = pd.DataFrame({c: pd.Series(dtype=dtype) for c, _, _, dtype in _flat_columns(name, chosen)})
    return df.map_partitions(_partition, shipped, name, chosen, columns, threads, params, names, meta=meta)


def query(name: str, shapes: Any, poses: Any, pairs: Any, *inputs: Any, fields: Optional[Sequence[str]] = None,
          columns: Sequence[str] = ("a", "b"), client: Any = None, threads: int = 1, margin: float = 0.0,
          max_fraction: Optional[float] = None, target: float = 0.0, tolerance: float = 0.00125) -> Any:
    """Run query `name` (one of ``QUERIES``) over a dask array or DataFrame.

    ``shapes`` is a :class:`gjk2d.Shapes` and ``poses`` as for :func:`gjk2d.distance` (the sweeps, for
    'time_of_impact'); or a :class:`Scene` holding them (``poses`` None), shipped by this call; or, to ship
    a scene once for many queries, ``client.scatter(Scene(shapes, poses), broadcast=True)`` (``poses``
    None). ``pairs``: an ``(M, 2)`` integer dask array (rechunked to whole rows; ``(M,)`` shape indices for
    'ray_cast' and 'point_query'), or a dask DataFrame whose ``columns`` hold the indices (the first one
    for a ray or point). ``inputs``: the query's per-item arrays in its order ('shape_cast': translations;
    'ray_cast': origins, translations; 'point_query': points), each ``(M, 2)`` (dask or numpy, same rows),
    or with a DataFrame a pair of column names. ``margin`` (manifold), ``max_fraction`` (ray cast, None:
    1), ``target`` and ``tolerance`` (time of impact) are as in the one-process calls. Returns a dict of
    dask arrays by field for an array, a dask DataFrame (one column per field, the same index; a field of
    several numbers per pair, such as the manifold's points, one column per number: ``points_0_1`` is slot
    0's y) for a DataFrame. ``threads`` is per task. Nothing is computed until you compute the result.
    """
    if name not in _QUERIES:
        raise ValueError(f"gjk2d.dask: unknown query {name!r}; one of {sorted(_QUERIES)}")
    q = _QUERIES[name]
    if len(inputs) != len(q.inputs):
        raise TypeError(f"gjk2d.dask: {name} takes {len(q.inputs)} per-item input(s) {q.inputs}, got {len(inputs)}")
    chosen = _fields(name, fields)
    params = {"manifold": (float(margin),), "time_of_impact": (float(target), float(tolerance)),
              "ray_cast": (None if max_fraction is None else float(max_fraction),)}.get(name, ())
    shipped = _scene(name, shapes, poses, client)
    import dask.array as da
    if isinstance(pairs, da.Array):
        return _on_array(name, pairs, shipped, chosen, threads, params, inputs)
    import dask.dataframe as dd
    if isinstance(pairs, dd.DataFrame):
        return _on_frame(name, pairs, shipped, chosen, threads, params, columns, inputs)
    raise TypeError(f"gjk2d.dask: pairs must be a dask array or dask DataFrame, got {type(pairs).__name__}")


QUERIES: Tuple[str, ...] = tuple(_QUERIES)


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


def shape_cast(shapes: Any, poses: Any, pairs: Any, translations: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'shape_cast': B moves by ``translations[k]`` relative to A."""
    return query("shape_cast", shapes, poses, pairs, translations, **kwargs)


def ray_cast(shapes: Any, poses: Any, shape: Any, origins: Any, translations: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'ray_cast': ray k from ``origins[k]`` along ``translations[k]`` against
    ``shapes[shape[k]]``."""
    return query("ray_cast", shapes, poses, shape, origins, translations, **kwargs)


def point_query(shapes: Any, poses: Any, shape: Any, points: Any, **kwargs: Any) -> Any:
    """:func:`query` with 'point_query': the closest point of ``shapes[shape[k]]`` to ``points[k]``."""
    return query("point_query", shapes, poses, shape, points, **kwargs)


def time_of_impact(shapes: Any, sweeps: Any, pairs: Any, target: float = 0.0, tolerance: float = 0.00125,
                   **kwargs: Any) -> Any:
    """:func:`query` with 'time_of_impact': ``sweeps`` ``(N, 8)`` per shape, as :func:`gjk2d.time_of_impact`."""
    return query("time_of_impact", shapes, sweeps, pairs, target=target, tolerance=tolerance, **kwargs)
