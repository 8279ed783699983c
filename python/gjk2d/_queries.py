# SPDX-License-Identifier: MIT
"""numpy front end of frame coherence (warm-started distance and overlap with a per-pair cache and a
distance cutoff), contact manifolds and casts (shape cast, ray cast, point query, time of impact),
in the style of ``_core.py``: arrays converted to what the library reads, then one C call
(``_gjk2d.query``) with the GIL released."""
from __future__ import annotations

import math
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from . import _gjk2d
from ._core import (DistanceResult, END_NAMES, Error, OverlapResult, PairDistance, PairOverlap, Shapes, _floats,
                    _ints, _pose, _requested, _threads, _vertices, as_pairs, as_poses)

_DISTANCE_CACHED, _OVERLAP_CACHED, _MANIFOLD, _CAST, _RAY, _POINT, _TOI = 3, 4, 5, 6, 7, 8, 9

STATUS_BEYOND = 4
CAST_STATE_NAMES: Tuple[str, ...] = _gjk2d.names("cast_state")
CAST_MISS, CAST_HIT, CAST_OVERLAP = 0, 1, 2
TOI_STATE_NAMES: Tuple[str, ...] = _gjk2d.names("toi_state")
TOI_SEPARATED, TOI_HIT, TOI_OVERLAPPED, TOI_FAILED = 0, 1, 2, 3
CONTACT_ID_NONE = 0xFFFFFFFF

#: One ``gjk2d_cache`` record (20 bytes): GJK's final simplex of a pair, kept by the caller from one
#: frame to the next. A zeroed record (``count`` 0) is a cold start.
CACHE_DTYPE = np.dtype([("metric", "<f4"), ("count", "<u2"), ("index_a", "<u2", (3,)), ("index_b", "<u2", (3,)),
                        ("reserved", "<u2")])
assert CACHE_DTYPE.itemsize == 20


def new_cache(m: int) -> np.ndarray:
    """A zeroed cache of ``m`` records (``CACHE_DTYPE``): every pair starts cold. Keep it with the pair
    list: record k belongs to pair k, and the calls read it and write it back."""
    return np.zeros(int(m), CACHE_DTYPE)


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------

class ManifoldResult(NamedTuple):
    """Per-pair outputs of :func:`manifold`. Only the first ``count[k]`` point slots of pair k are
    contacts; the others are NaN with id ``CONTACT_ID_NONE``. Arrays of more than one column are
    views of planar storage (one contiguous column per slot and coordinate, as the library writes)."""
    count: Optional[np.ndarray]       #: uint8 (M,), 0, 1 or 2
    normal: Optional[np.ndarray]      #: float32 (M, 2), unit, A to B
    points: Optional[np.ndarray]      #: float32 (M, 2, 2): [pair, slot, xy], midway between the surfaces
    anchors_a: Optional[np.ndarray]   #: float32 (M, 2, 2): point - A's position
    anchors_b: Optional[np.ndarray]   #: float32 (M, 2, 2): point - B's position
    separations: Optional[np.ndarray]  #: float32 (M, 2), negative: penetration
    ids: Optional[np.ndarray]         #: uint32 (M, 2), (feature_a + 1) << 12 | (feature_b + 1)
    reference: Optional[np.ndarray]   #: bool (M,), B holds the reference face
    status: Optional[np.ndarray]      #: uint8 (M,)


class CastResult(NamedTuple):
    """Per-pair (shape cast) or per-ray outputs of :func:`shape_cast` and :func:`ray_cast`."""
    state: Optional[np.ndarray]       #: uint8, CAST_MISS / CAST_HIT / CAST_OVERLAP
    fraction: Optional[np.ndarray]    #: float32, of the translation at first contact
    px: Optional[np.ndarray]          #: float32, contact point (on A; a ray: on the shape)
    py: Optional[np.ndarray]
    nx: Optional[np.ndarray]          #: float32, unit contact normal A to B (a ray: outward)
    ny: Optional[np.ndarray]
    iterations: Optional[np.ndarray]  #: int32
    status: Optional[np.ndarray]      #: uint8


class PointResult(NamedTuple):
    """Per-point outputs of :func:`point_query`."""
    inside: Optional[np.ndarray]    #: bool, in the rounded shape (boundary included)
    distance: Optional[np.ndarray]  #: float32, 0 inside
    cx: Optional[np.ndarray]        #: float32, closest point of the rounded shape
    cy: Optional[np.ndarray]
    nx: Optional[np.ndarray]        #: float32, unit, shape toward point (0 inside the core)
    ny: Optional[np.ndarray]
    status: Optional[np.ndarray]    #: uint8


class ToiResult(NamedTuple):
    """Per-pair outputs of :func:`time_of_impact`."""
    state: Optional[np.ndarray]       #: uint8, TOI_SEPARATED / _HIT / _OVERLAPPED / _FAILED
    t: Optional[np.ndarray]           #: float32 in [0, 1]
    separation: Optional[np.ndarray]  #: float32 at t
    iterations: Optional[np.ndarray]  #: int32
    status: Optional[np.ndarray]      #: uint8


# A result field: dtype, and its columns (planar storage of shape columns + (M,), viewed as the field's
# shape). Columns: () one (M,) array; (2,) an (M, 2) field; (2, 2) an (M, 2, 2) field.
_F4, _U1, _I4, _U4, _B = np.float32, np.uint8, np.int32, np.uint32, np.bool_
_SPECS: Dict[Any, Dict[str, Tuple[Any, Tuple[int, ...]]]] = {
    DistanceResult: {f: ((_I4 if f in ("feature_a", "feature_b", "iterations") else _U1 if f == "status" else _F4), ())
                     for f in DistanceResult._fields},
    OverlapResult: {"overlap": (_B, ()), "iterations": (_I4, ()), "status": (_U1, ())},
    ManifoldResult: {"count": (_U1, ()), "normal": (_F4, (2,)), "points": (_F4, (2, 2)), "anchors_a": (_F4, (2, 2)),
                     "anchors_b": (_F4, (2, 2)), "separations": (_F4, (2,)), "ids": (_U4, (2,)),
                     "reference": (_B, ()), "status": (_U1, ())},
    CastResult: {"state": (_U1, ()), "fraction": (_F4, ()), "px": (_F4, ()), "py": (_F4, ()), "nx": (_F4, ()),
                 "ny": (_F4, ()), "iterations": (_I4, ()), "status": (_U1, ())},
    PointResult: {"inside": (_B, ()), "distance": (_F4, ()), "cx": (_F4, ()), "cy": (_F4, ()), "nx": (_F4, ()),
                  "ny": (_F4, ()), "status": (_U1, ())},
    ToiResult: {"state": (_U1, ()), "t": (_F4, ()), "separation": (_F4, ()), "iterations": (_I4, ()),
                "status": (_U1, ())},
}


def _planar(view: np.ndarray, columns: Tuple[int, ...]) -> np.ndarray:
    """The planar storage behind a field's (M, ...) view: columns first, pairs last."""
    return view if not columns else np.moveaxis(view, 0, -1)


def _c_columns(field: str, storage: Optional[np.ndarray], columns: Tuple[int, ...]) -> List[Any]:
    """The library's 1-D arrays of a field, in gjk2d_manifold_out's order (px[0], px[1], py[0], py[1]):
    slot fastest, then the coordinate."""
    if storage is None:
        return [None] * (int(np.prod(columns)) if columns else 1)
    if storage.dtype == np.bool_:
        storage = storage.view(np.uint8)
    if not columns:
        return [storage]
    if field == "normal":
        return [storage[0], storage[1]]
    if len(columns) == 1:  # separations, ids: one column per slot
        return [storage[0], storage[1]]
    return [storage[0, 0], storage[1, 0], storage[0, 1], storage[1, 1]]  # [slot, xy, pair]


def _out_field(x: Any, field: str, dtype: Any, columns: Tuple[int, ...], need: int) -> np.ndarray:
    if not isinstance(x, np.ndarray):
        raise TypeError(f"gjk2d: out[{field!r}] must be a numpy array, got {type(x).__name__}")
    want = np.dtype(dtype)
    if not (x.dtype == want or (want == np.bool_ and x.dtype == np.uint8)):
        raise TypeError(f"gjk2d: out[{field!r}] must have dtype {want}, got {x.dtype}")
    if x.ndim != 1 + len(columns) or tuple(x.shape[1:]) != columns or not x.flags.writeable:
        raise ValueError(f"gjk2d: out[{field!r}] must be a writable array of shape (M, *{columns}), got {x.shape}")
    storage = _planar(x, columns)
    if not storage.flags.c_contiguous:
        raise ValueError(f"gjk2d: out[{field!r}] must be laid out as this call returns it (planar: one contiguous "
                         f"column per slot and coordinate; see empty_result); results are written in place")
    if x.shape[0] < need:
        raise ValueError(f"gjk2d: out[{field!r}] has {x.shape[0]} rows, the call needs {need}")
    return x


def empty_result(result_type: Any, m: int) -> Any:
    """An uninitialised result of ``m`` rows in the layout the calls write (for ``out=``)."""
    arrays = []
    for f in result_type._fields:
        dtype, columns = _SPECS[result_type][f]
        arrays.append(np.moveaxis(np.empty(columns + (m,), dtype), -1, 0) if columns else np.empty(m, dtype))
    return result_type(*arrays)


def _run(query: int, result_type: Any, shapes: Shapes, poses: Any, inputs: tuple, count: int,
         scalars: Tuple[float, float], out: Any, fields: Optional[Sequence[str]], threads: Optional[int], begin: int,
         end: Optional[int]) -> Any:
    names = result_type._fields
    spec = _SPECS[result_type]
    end = count if end is None else int(end)
    if not 0 <= begin <= end <= count:
        raise Error(f"gjk2d: range [{begin}, {end}) is outside [0, {count})")
    given, fields = _requested(result_type, out, fields)
    views: Dict[str, np.ndarray] = {}
    c_outs: List[Any] = []
    for f in names:
        dtype, columns = spec[f]
        if f in given:
            views[f] = _out_field(given[f], f, dtype, columns, end)
        elif f in fields:
            views[f] = np.moveaxis(np.empty(columns + (count,), dtype), -1, 0) if columns else np.empty(count, dtype)
        c_outs += _c_columns(f, _planar(views[f], columns) if f in views else None, columns)
    _gjk2d.query(query, shapes._set, poses, inputs, scalars, int(begin), end, tuple(c_outs), _threads(threads))
    return result_type(*(views.get(f) for f in names))


def _check_shapes(shapes: Any) -> None:
    if not isinstance(shapes, Shapes):
        raise TypeError(f"gjk2d: shapes must be a gjk2d.Shapes, got {type(shapes).__name__}")


def _set_poses(shapes: Shapes, poses: Any) -> Any:
    p = as_poses(poses)
    if p.count < len(shapes):
        raise Error(f"gjk2d: {p.count} poses for {len(shapes)} shapes: pose k moves shape k")
    return p.args


def _column(x: Any, name: str, n: int, dtype: Any = np.float32) -> np.ndarray:
    a = _floats(np.broadcast_to(x, (n,)) if np.ndim(x) == 0 else x, name, dtype)
    if a.shape != (n,):
        raise ValueError(f"gjk2d: {name} must have shape ({n},), got {a.shape}")
    return a


def _xy(x: Any, name: str, n: int) -> Tuple[np.ndarray, np.ndarray]:
    """Two float32 columns from an (n, 2) array or a tuple of two columns."""
    if isinstance(x, tuple) and len(x) == 2:
        return _column(x[0], name + " x", n), _column(x[1], name + " y", n)
    a = _floats(x, name)
    if a.ndim == 1 and a.shape == (2,):
        a = np.broadcast_to(a, (n, 2))
    if a.shape != (n, 2):
        raise ValueError(f"gjk2d: {name} must have shape ({n}, 2) (or a tuple of two columns), got {a.shape}")
    return np.ascontiguousarray(a[:, 0]), np.ascontiguousarray(a[:, 1])


def _cache_array(cache: Any, m: int) -> Any:
    if cache is None:
        return None
    if not isinstance(cache, np.ndarray) or cache.dtype != CACHE_DTYPE:
        raise TypeError(f"gjk2d: cache must be a numpy array of gjk2d.CACHE_DTYPE (gjk2d.new_cache(m)), "
                        f"got {getattr(cache, 'dtype', type(cache).__name__)}")
    if cache.ndim != 1 or cache.shape[0] < m or not cache.flags.c_contiguous or not cache.flags.writeable:
        raise ValueError(f"gjk2d: cache must be a writable C-contiguous 1-D array of at least {m} records "
                         f"(one per pair), got shape {cache.shape}")
    return cache


def _cutoff(max_distance: Optional[float]) -> float:
    d = math.inf if max_distance is None else float(max_distance)
    if not d >= 0.0:
        raise Error(f"gjk2d: max_distance must be >= 0 (inf for none), got {max_distance}")
    return d


# ---------------------------------------------------------------------------------------------
# Batch queries
# ---------------------------------------------------------------------------------------------

_COMMON = """

    ``fields`` picks the outputs (default: all, or those in ``out``); ``out`` maps field names to caller
    arrays written in place (the layout this call returns: see :func:`empty_result`); ``threads`` splits
    the pairs or items over that many threads (0: one per CPU); ``begin``/``end`` restrict the call to
    ``[begin, end)``. The GIL is released while the library runs. Raises :class:`Error` (with ``.pair``
    for an index naming a shape outside the set, ``.code`` the library's code); invalid shapes and bad
    poses are statuses, never exceptions.
    """


def distance_cached(shapes: Shapes, poses: Any, pairs: Any, cache: Any = None, *,
                    max_distance: Optional[float] = None, fields: Optional[Sequence[str]] = None, out: Any = None,
                    threads: Optional[int] = 1, begin: int = 0, end: Optional[int] = None) -> DistanceResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    a, b = as_pairs(pairs)
    return _run(_DISTANCE_CACHED, DistanceResult, shapes, p, (a, b, _cache_array(cache, a.shape[0])), a.shape[0],
                (_cutoff(max_distance), 0.0), out, fields, threads, begin, end)


def overlap_cached(shapes: Shapes, poses: Any, pairs: Any, cache: Any = None, *,
                   fields: Optional[Sequence[str]] = None, out: Any = None, threads: Optional[int] = 1,
                   begin: int = 0, end: Optional[int] = None) -> OverlapResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    a, b = as_pairs(pairs)
    return _run(_OVERLAP_CACHED, OverlapResult, shapes, p, (a, b, _cache_array(cache, a.shape[0])), a.shape[0],
                (0.0, 0.0), out, fields, threads, begin, end)


def manifold(shapes: Shapes, poses: Any, pairs: Any, margin: float = 0.0, *, fields: Optional[Sequence[str]] = None,
             out: Any = None, threads: Optional[int] = 1, begin: int = 0,
             end: Optional[int] = None) -> ManifoldResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    a, b = as_pairs(pairs)
    return _run(_MANIFOLD, ManifoldResult, shapes, p, (a, b), a.shape[0], (float(margin), 0.0), out, fields,
                threads, begin, end)


def shape_cast(shapes: Shapes, poses: Any, pairs: Any, translations: Any, *, fields: Optional[Sequence[str]] = None,
               out: Any = None, threads: Optional[int] = 1, begin: int = 0, end: Optional[int] = None) -> CastResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    a, b = as_pairs(pairs)
    tx, ty = _xy(translations, "translations", a.shape[0])
    return _run(_CAST, CastResult, shapes, p, (a, b, tx, ty), a.shape[0], (0.0, 0.0), out, fields, threads, begin,
                end)


def ray_cast(shapes: Shapes, poses: Any, shape: Any, origins: Any, translations: Any, max_fraction: Any = None, *,
             fields: Optional[Sequence[str]] = None, out: Any = None, threads: Optional[int] = 1, begin: int = 0,
             end: Optional[int] = None) -> CastResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    k = _ints(shape, "shape")
    if k.ndim != 1:
        raise ValueError(f"gjk2d: shape must be 1-D (one shape index per ray), got {k.shape}")
    n = k.shape[0]
    ox, oy = _xy(origins, "origins", n)
    dx, dy = _xy(translations, "translations", n)
    mf = None if max_fraction is None else _column(max_fraction, "max_fraction", n)
    return _run(_RAY, CastResult, shapes, p, (k, ox, oy, dx, dy, mf), n, (0.0, 0.0), out, fields, threads, begin,
                end)


def point_query(shapes: Shapes, poses: Any, shape: Any, points: Any, *, fields: Optional[Sequence[str]] = None,
                out: Any = None, threads: Optional[int] = 1, begin: int = 0,
                end: Optional[int] = None) -> PointResult:
    _check_shapes(shapes)
    p = _set_poses(shapes, poses)
    k = _ints(shape, "shape")
    if k.ndim != 1:
        raise ValueError(f"gjk2d: shape must be 1-D (one shape index per point), got {k.shape}")
    x, y = _xy(points, "points", k.shape[0])
    return _run(_POINT, PointResult, shapes, p, (k, x, y), k.shape[0], (0.0, 0.0), out, fields, threads, begin, end)


def _sweep_columns(sweeps: Any, n: int) -> tuple:
    s = _floats(sweeps, "sweeps")
    if s.ndim != 2 or s.shape[1] != 8 or s.shape[0] < n:
        raise ValueError(f"gjk2d: sweeps must have shape (N, 8) (local x, local y, x0, y0, x1, y1, a0, a1), "
                         f"N >= {n} shapes, got {s.shape}")
    return tuple(np.ascontiguousarray(s[:, i]) for i in range(8))


def time_of_impact(shapes: Shapes, sweeps: Any, pairs: Any, target: float = 0.0, tolerance: float = 0.00125, *,
                   fields: Optional[Sequence[str]] = None, out: Any = None, threads: Optional[int] = 1,
                   begin: int = 0, end: Optional[int] = None) -> ToiResult:
    _check_shapes(shapes)
    a, b = as_pairs(pairs)
    return _run(_TOI, ToiResult, shapes, None, (a, b) + _sweep_columns(sweeps, len(shapes)), a.shape[0],
                (float(target), float(tolerance)), out, fields, threads, begin, end)


distance_cached.__doc__ = (
    "GJK distance of every pair (as :func:`distance`), warm-started from ``cache`` and with a cutoff.\n\n"
    "    ``cache``: a caller-held array of ``CACHE_DTYPE`` records, one per pair (:func:`new_cache`; zeroed\n"
    "    = cold start; None: every pair cold), read and rewritten: keep it with the pair list from frame to\n"
    "    frame. ``max_distance``: pairs proved farther apart get ``STATUS_BEYOND`` with the proved lower\n"
    "    bound as distance (None: no cutoff)." + _COMMON)
overlap_cached.__doc__ = ("GJK boolean overlap of every pair (as :func:`overlap`) warm-started from ``cache`` "
                          "(see :func:`distance_cached`; the two share the format)." + _COMMON)
manifold.__doc__ = (
    "Contact manifold of every pair: up to two points within ``margin`` (>= 0; a speculative distance),\n"
    "    their separations and feature ids, the normal (A to B), which shape holds the reference face." + _COMMON)
shape_cast.__doc__ = (
    "Shape cast of every pair: B moves by ``translations`` (``(M, 2)`` world frame, or a tuple of columns)\n"
    "    relative to A; first contact fraction, point, normal." + _COMMON)
ray_cast.__doc__ = (
    "Ray cast of every ray against ``shapes[shape[k]]`` at its pose: ``origins`` and ``translations``\n"
    "    ``(N, 2)``; ``max_fraction`` (N,) or a scalar (None: 1)." + _COMMON)
point_query.__doc__ = ("Closest point of ``shapes[shape[k]]`` (at its pose) to ``points[k]`` (``(N, 2)``), the "
                       "distance and the inside test." + _COMMON)
time_of_impact.__doc__ = (
    "Time of impact of every pair over a step. ``sweeps``: ``(N, 8)`` per shape (local centre x, y; centre\n"
    "    at t = 0 x, y; at t = 1 x, y; angle at t = 0 and 1, radians), as Box2D's b2Sweep. ``target``: the\n"
    "    separation sought; ``tolerance`` > 0 (the default is Box2D 2.4.1's linearSlop / 4)." + _COMMON)


# ---------------------------------------------------------------------------------------------
# Single pairs (the scalar reference)
# ---------------------------------------------------------------------------------------------

class PairManifold(NamedTuple):
    """:func:`manifold_pair`'s answer (``gjk2d_manifold``); slots past ``count`` are NaN, ids CONTACT_ID_NONE."""
    count: int
    normal: Tuple[float, float]
    points: Tuple[Tuple[float, float], Tuple[float, float]]
    anchors_a: Tuple[Tuple[float, float], Tuple[float, float]]
    anchors_b: Tuple[Tuple[float, float], Tuple[float, float]]
    separations: Tuple[float, float]
    ids: Tuple[int, int]
    reference: bool
    status: int


class PairCast(NamedTuple):
    """:func:`shape_cast_pair` and :func:`ray_cast_pair`'s answer."""
    state: int
    fraction: float
    point: Tuple[float, float]
    normal: Tuple[float, float]
    iterations: int
    status: int


class PairPoint(NamedTuple):
    """:func:`point_query_pair`'s answer."""
    inside: bool
    distance: float
    closest: Tuple[float, float]
    normal: Tuple[float, float]
    status: int


class PairToi(NamedTuple):
    """:func:`time_of_impact_pair`'s answer."""
    state: int
    t: float
    separation: float
    iterations: int
    status: int


_NO_SHAPE = np.zeros((1, 2), np.float32)


def _one(query: int, a: Any, b: Any, pose_a: Any, pose_b: Any, radius_a: float, radius_b: float,
         extra: tuple) -> tuple:
    vb = _NO_SHAPE if b is None else _vertices(b, "b")
    return _gjk2d.pair_query(query, _vertices(a, "a"), float(radius_a), _pose(pose_a), vb, float(radius_b),
                             _pose(pose_b), extra)


def _cache_record(cache: Any) -> Any:
    if cache is None:
        return None
    c = _cache_array(cache, 1)
    return c[:1]


def distance_pair_cached(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                         radius_b: float = 0.0, cache: Any = None,
                         max_distance: Optional[float] = None) -> PairDistance:
    """:func:`distance_pair` warm-started from ``cache`` (a 1-record ``CACHE_DTYPE`` array, rewritten) with
    a cutoff (``gjk2d_distance_cached``). A NaN or negative max_distance gives STATUS_INVALID."""
    d = math.inf if max_distance is None else float(max_distance)
    r = _one(_DISTANCE_CACHED, a, b, pose_a, pose_b, radius_a, radius_b, (_cache_record(cache), d))
    return PairDistance(r[0], r[1], r[2], (r[3], r[4]), (r[5], r[6]), (r[7], r[8]), r[9], r[10], r[11], r[12],
                        END_NAMES[r[13]])


def overlap_pair_cached(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                        radius_b: float = 0.0, cache: Any = None) -> PairOverlap:
    """:func:`overlap_pair` warm-started from ``cache`` (see :func:`distance_pair_cached`)."""
    r = _one(_OVERLAP_CACHED, a, b, pose_a, pose_b, radius_a, radius_b, (_cache_record(cache),))
    return PairOverlap(bool(r[0]), r[1], r[2])


def manifold_pair(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                  radius_b: float = 0.0, margin: float = 0.0) -> PairManifold:
    """Contact manifold of two shapes (``gjk2d_manifold``; arguments as :func:`distance_pair`)."""
    count, nx, ny, pts, reference, status = _one(_MANIFOLD, a, b, pose_a, pose_b, radius_a, radius_b,
                                                 (float(margin),))
    return PairManifold(count, (nx, ny), (pts[0][0], pts[1][0]), (pts[0][1], pts[1][1]), (pts[0][2], pts[1][2]),
                        (pts[0][3], pts[1][3]), (pts[0][4], pts[1][4]), bool(reference), status)


def shape_cast_pair(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                    radius_b: float = 0.0, translation: Any = (0.0, 0.0)) -> PairCast:
    """Shape cast of B by ``translation`` against A (``gjk2d_shape_cast``)."""
    tx, ty = (float(t) for t in translation)
    r = _one(_CAST, a, b, pose_a, pose_b, radius_a, radius_b, (tx, ty))
    return PairCast(r[0], r[1], (r[2], r[3]), (r[4], r[5]), r[6], r[7])


def ray_cast_pair(shape: Any, pose: Any, origin: Any, translation: Any, radius: float = 0.0,
                  max_fraction: float = 1.0) -> PairCast:
    """Ray cast against one shape (``gjk2d_ray_cast``)."""
    ox, oy = (float(t) for t in origin)
    dx, dy = (float(t) for t in translation)
    r = _one(_RAY, shape, None, pose, None, radius, 0.0, (ox, oy, dx, dy, float(max_fraction)))
    return PairCast(r[0], r[1], (r[2], r[3]), (r[4], r[5]), r[6], r[7])


def point_query_pair(shape: Any, pose: Any, point: Any, radius: float = 0.0) -> PairPoint:
    """Point query against one shape (``gjk2d_point_query``)."""
    x, y = (float(t) for t in point)
    r = _one(_POINT, shape, None, pose, None, radius, 0.0, (x, y))
    return PairPoint(bool(r[0]), r[1], (r[2], r[3]), (r[4], r[5]), r[6])


def time_of_impact_pair(a: Any, b: Any, sweep_a: Any, sweep_b: Any, radius_a: float = 0.0, radius_b: float = 0.0,
                        target: float = 0.0, tolerance: float = 0.00125) -> PairToi:
    """Time of impact of two shapes over sweeps ``(local x, local y, x0, y0, x1, y1, a0, a1)``
    (``gjk2d_time_of_impact``)."""
    sa, sb = (tuple(float(x) for x in s) for s in (sweep_a, sweep_b))
    if len(sa) != 8 or len(sb) != 8:
        raise ValueError("gjk2d: a sweep is (local x, local y, x0, y0, x1, y1, a0, a1)")
    r = _one(_TOI, a, b, None, None, radius_a, radius_b, (sa, sb, float(target), float(tolerance)))
    return PairToi(*r)
