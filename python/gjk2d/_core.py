# SPDX-License-Identifier: MIT
"""numpy front end of the gjk2d batch API: argument checks and conversions, then one C call.

Every array is brought to the exact dtype and layout the library reads (copying only what is not
already so), so the C half (``_gjk2d.c``) sees plain buffers; it checks their sizes once more.
"""
from __future__ import annotations

import os
from typing import Any, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from . import _gjk2d

Error = _gjk2d.Error

STATUS_OK, STATUS_MAXITER, STATUS_INVALID, STATUS_BAD_POSE, STATUS_BEYOND = 0, 1, 2, 3, 4
STATUS_NAMES: Tuple[str, ...] = _gjk2d.names("status")
END_NAMES: Tuple[str, ...] = _gjk2d.names("end")
PROBLEM_MESSAGES: Tuple[str, ...] = _gjk2d.names("problem")
FEATURE_NONE: int = _gjk2d.FEATURE_NONE
MAX_VERTICES: int = _gjk2d.MAX_VERTICES
ISAS: Tuple[str, ...] = ("scalar", "portable", "sse41", "avx2", "avx512", "neon")

_DISTANCE, _OVERLAP, _SAT = 0, 1, 2
_INT32 = np.iinfo(np.int32)


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------

class DistanceResult(NamedTuple):
    """Per-pair outputs of :func:`distance` (``None``: not computed). Points and normals in world frame."""
    distance: Optional[np.ndarray]         #: float32, max(0, signed_distance)
    signed_distance: Optional[np.ndarray]  #: float32, core_distance - ra - rb
    core_distance: Optional[np.ndarray]    #: float32, distance without the radii
    ax: Optional[np.ndarray]               #: float32, closest point on A
    ay: Optional[np.ndarray]
    bx: Optional[np.ndarray]               #: float32, closest point on B
    by: Optional[np.ndarray]
    nx: Optional[np.ndarray]               #: float32, unit normal A to B (0 when the cores overlap)
    ny: Optional[np.ndarray]
    feature_a: Optional[np.ndarray]        #: int32, witness feature on A (2i vertex i, 2i+1 edge i, -1 none)
    feature_b: Optional[np.ndarray]
    iterations: Optional[np.ndarray]       #: int32, support searches
    status: Optional[np.ndarray]           #: uint8, STATUS_*


class OverlapResult(NamedTuple):
    """Per-pair outputs of :func:`overlap` (GJK boolean)."""
    overlap: Optional[np.ndarray]     #: bool
    iterations: Optional[np.ndarray]  #: int32
    status: Optional[np.ndarray]      #: uint8


class SatResult(NamedTuple):
    """Per-pair outputs of :func:`sat` (separating axis test)."""
    overlap: Optional[np.ndarray]     #: bool, separation <= 0
    separation: Optional[np.ndarray]  #: float32, negative: penetration depth
    nx: Optional[np.ndarray]          #: float32, the axis, A to B
    ny: Optional[np.ndarray]
    status: Optional[np.ndarray]      #: uint8


_RESULTS = {_DISTANCE: DistanceResult, _OVERLAP: OverlapResult, _SAT: SatResult}
_DTYPES = {"overlap": np.uint8, "status": np.uint8, "feature_a": np.int32, "feature_b": np.int32,
           "iterations": np.int32}


def _dtype(field: str) -> Any:
    return _DTYPES.get(field, np.float32)


# ---------------------------------------------------------------------------------------------
# Argument conversion
# ---------------------------------------------------------------------------------------------

def _array(x: Any, name: str, real: bool = False) -> np.ndarray:
    """`x` as an array; a Python sequence of integers becomes float64 where reals are wanted (`real`),
    while an integer ndarray stays so and is refused: a dtype given on purpose is not guessed at."""
    a = np.asarray(x)
    if real and not isinstance(x, np.ndarray) and a.dtype.kind in "iu":
        a = a.astype(np.float64)
    if a.dtype == object:
        raise TypeError(f"gjk2d: {name} must be a numeric array, got dtype object")
    return a


def _floats(x: Any, name: str, dtype: Any = np.float32) -> np.ndarray:
    """A C-contiguous float array of `dtype` (float64 input rounds to float32 to nearest)."""
    a = _array(x, name, real=True)
    if a.dtype.kind not in "f":
        raise TypeError(f"gjk2d: {name} must be a float array (float32 or float64), got dtype {a.dtype}")
    return np.ascontiguousarray(a, dtype=dtype)


def _int_array(x: Any, name: str) -> np.ndarray:
    """An integer array whose values all fit int32 (any integer dtype, not converted); integers outside
    int32 are refused with their index."""
    a = _array(x, name)
    if a.size == 0 and not isinstance(x, np.ndarray):
        a = a.astype(np.int32)  # an empty list has no integer dtype to show
    if a.dtype.kind not in "iu":
        raise TypeError(f"gjk2d: {name} must be an integer array, got dtype {a.dtype}")
    if a.dtype != np.int32 and a.size:
        lo, hi = a.min(), a.max()
        if lo < _INT32.min or hi > _INT32.max:
            k = int(np.flatnonzero((a.ravel() < _INT32.min) | (a.ravel() > _INT32.max))[0])
            raise Error(f"gjk2d: {name}[{k}] = {a.ravel()[k]} is outside int32")
    return a


def _ints(x: Any, name: str) -> np.ndarray:
    """A C-contiguous int32 array; integers outside int32 are refused with their index."""
    return np.ascontiguousarray(_int_array(x, name), dtype=np.int32)


class Shapes:
    """A prepared shape set: validated once, then used by every query (``gjk2d_shapes_prepare``).

    ``vertices`` is a ``(V, 2)`` float array of local-frame vertices, counter-clockwise per shape
    (float64 is rounded to float32, the library's type). Shape k has ``counts[k]`` vertices (1 = point,
    2 = segment, 3.. = polygon), starting at ``first[k]`` (default: each shape follows the previous one)
    or give ``offsets`` (``S + 1`` ascending indices) instead of both. ``radii`` (``S``, default 0)
    rounds each shape. Invalid shapes are not errors: they stay in the set, :attr:`problems` says why,
    and their pairs get ``STATUS_INVALID``. The set's memory belongs to this object; pickling it
    sends the geometry, which is prepared again where it is unpickled.
    """

    def __init__(self, vertices: Any, counts: Any = None, *, radii: Any = None, first: Any = None,
                 offsets: Any = None) -> None:
        v = _floats(vertices, "vertices")
        if v.ndim != 2 or v.shape[1] != 2:
            raise ValueError(f"gjk2d: vertices must have shape (V, 2), got {v.shape}")
        if offsets is not None:
            if counts is not None or first is not None:
                raise ValueError("gjk2d: give offsets, or counts (and first), not both")
            o = _ints(offsets, "offsets")
            if o.ndim != 1 or o.size < 1:
                raise ValueError(f"gjk2d: offsets must have shape (S + 1,), got {o.shape}")
            counts, first = np.diff(o), o[:-1]
        if counts is None:
            raise ValueError("gjk2d: counts (or offsets) is required")
        c = _ints(counts, "counts")
        if c.ndim != 1:
            raise ValueError(f"gjk2d: counts must have shape (S,), got {c.shape}")
        f = None if first is None else _ints(first, "first")
        if f is not None and f.shape != c.shape:
            raise ValueError(f"gjk2d: first has shape {f.shape}, counts {c.shape}")
        r = None if radii is None else _floats(np.broadcast_to(radii, c.shape) if np.ndim(radii) == 0 else radii,
                                               "radii")
        if r is not None and r.shape != c.shape:
            raise ValueError(f"gjk2d: radii has shape {r.shape}, counts {c.shape}")
        self.vertices, self.counts, self.first, self.radii = v, c, f, r
        self.problems = np.zeros(c.size, np.uint8)
        vx, vy = np.ascontiguousarray(v[:, 0]), np.ascontiguousarray(v[:, 1])
        self._set, self.invalid, self.first_invalid = _gjk2d.prepare(vx, vy, c, f, r, self.problems)

    @classmethod
    def from_list(cls, shapes: Sequence[Any], radii: Any = None) -> "Shapes":
        """A set from a list of ``(n, 2)`` vertex arrays."""
        arrays = [np.asarray(s, dtype=np.float64).reshape(-1, 2) for s in shapes]
        counts = np.array([len(a) for a in arrays], np.int32)
        vertices = np.concatenate(arrays) if arrays else np.zeros((0, 2))
        return cls(vertices, counts, radii=radii)

    def __len__(self) -> int:
        return int(self.counts.size)

    def __repr__(self) -> str:
        return f"gjk2d.Shapes({len(self)} shapes, {len(self.vertices)} vertices, {self.invalid} invalid)"

    def problem(self, k: int) -> str:
        """Why shape k is invalid ('' when it is valid)."""
        p = int(self.problems[k])
        return PROBLEM_MESSAGES[p] if p else ""

    def bound(self, k: int) -> float:
        """Bounding radius of shape k about its local origin, its radius included (NaN if invalid)."""
        return self._set.bound(int(k))

    #: Sets this process has prepared from a pickle (a Dask worker: one per shipped scene).
    unpickled: int = 0

    def __reduce__(self) -> Any:
        return (_rebuild, (self.vertices, self.counts, self.radii, self.first))


def _rebuild(vertices: np.ndarray, counts: np.ndarray, radii: Any, first: Any) -> Shapes:
    Shapes.unpickled += 1
    return Shapes(vertices, counts, radii=radii, first=first)


class _Poses(NamedTuple):
    """Poses as the C half reads them, and the arrays that must stay alive meanwhile."""
    args: tuple
    count: int


def _columns(px: Any, py: Any, rot: Sequence[Any]) -> _Poses:
    x, y = _array(px, "poses x", True), _array(py, "poses y", True)
    if x.dtype.kind != "f" or y.dtype.kind != "f":
        raise TypeError(f"gjk2d: pose positions must be float32 or float64, got {x.dtype} and {y.dtype}")
    real = np.float32 if x.dtype == np.float32 and y.dtype == np.float32 else np.float64
    x, y = np.ascontiguousarray(x, real), np.ascontiguousarray(y, real)
    if len(rot) == 1:  # an angle in radians: cos and sin in double, rounded to float (gjk2d_pose_from_angle)
        angle = _floats(rot[0], "poses angle", np.float64)
        c, s = np.empty(angle.shape, np.float32), np.empty(angle.shape, np.float32)
        _gjk2d.poses_from_angles(angle.ravel(), c.ravel(), s.ravel())
    else:
        c, s = _floats(rot[0], "poses c"), _floats(rot[1], "poses s")
    n = x.shape[0] if x.ndim == 1 else -1
    for name, a in (("x", x), ("y", y), ("rotation", c), ("rotation", s)):
        if a.ndim != 1 or a.shape[0] != n:
            raise ValueError(f"gjk2d: pose columns must be 1-D of one length; {name} has shape {a.shape}")
    return _Poses((x, 0, y, 0, c, 0, s, 0, n, 0, real == np.float64), n)


def as_poses(poses: Any) -> _Poses:
    """Poses from an ``(N, 3)`` array (x, y, angle in radians), an ``(N, 4)`` array (x, y, cos, sin),
    or a tuple of 3 or 4 columns (only a tuple means columns). Positions keep float32 or float64; rotations are float32. A
    C-contiguous float32 ``(N, 4)`` array is read in place (no copy)."""
    if isinstance(poses, _Poses):
        return poses
    if isinstance(poses, tuple):
        if len(poses) not in (3, 4):
            raise ValueError(f"gjk2d: pose columns: give (x, y, angle) or (x, y, c, s), got {len(poses)} columns")
        return _columns(poses[0], poses[1], poses[2:])
    p = _array(poses, "poses", real=True)
    if p.ndim != 2 or p.shape[1] not in (3, 4):
        raise ValueError(f"gjk2d: poses must have shape (N, 3) (x, y, angle) or (N, 4) (x, y, c, s), got {p.shape}")
    if p.dtype.kind != "f":
        raise TypeError(f"gjk2d: poses must be float32 or float64, got dtype {p.dtype}")
    if p.shape[1] == 4 and p.dtype == np.float32 and p.flags.c_contiguous:
        return _Poses((p, 0, p, 4, p, 8, p, 12, p.shape[0], 16, False), p.shape[0])
    return _columns(p[:, 0], p[:, 1], [p[:, i] for i in range(2, p.shape[1])])


def as_pairs(pairs: Any) -> Tuple[np.ndarray, np.ndarray]:
    """Pairs from an ``(M, 2)`` integer array (or nested list) or a tuple of two columns ``(a, b)``, as
    int32 columns. Only a tuple means columns: ``[[0, 1], [0, 2]]`` is two pairs."""
    if isinstance(pairs, tuple):
        if len(pairs) != 2:
            raise ValueError(f"gjk2d: a tuple of pairs is two columns (a, b), got {len(pairs)}")
        a, b = _ints(pairs[0], "pairs a"), _ints(pairs[1], "pairs b")
        if a.ndim != 1 or a.shape != b.shape:
            raise ValueError(f"gjk2d: pair columns must be 1-D of one length, got {a.shape} and {b.shape}")
        return a, b
    p = _array(pairs, "pairs")
    if p.ndim != 2 or p.shape[1] != 2:
        raise ValueError(f"gjk2d: pairs must have shape (M, 2), got {p.shape}")
    p = _int_array(p, "pairs")
    # Each column cast straight to int32: numpy's default int64 through an int32 copy of the whole array
    # first took 3.4x as long at 10^5 pairs (its temporary and the columns defeat the allocator's reuse).
    return p[:, 0].astype(np.int32), p[:, 1].astype(np.int32)


def _empty(m: int, dtype: Any) -> np.ndarray:
    """m uninitialised elements starting on a 64-byte boundary: large batch calls write whole blocks of such
    arrays with streaming stores (docs/design.md, "Streaming stores"), where numpy's own large arrays
    start 16 bytes past one (glibc's malloc)."""
    dt = np.dtype(dtype)
    raw = np.empty(m * dt.itemsize + 64, np.uint8)
    start = -raw.ctypes.data % 64
    return raw[start:start + m * dt.itemsize].view(dt)


def _out_array(x: Any, field: str, need: int) -> np.ndarray:
    if not isinstance(x, np.ndarray):
        raise TypeError(f"gjk2d: out[{field!r}] must be a numpy array, got {type(x).__name__}")
    want = np.dtype(_dtype(field))
    ok = x.dtype == want or (want == np.uint8 and x.dtype == np.bool_)
    if not ok:
        raise TypeError(f"gjk2d: out[{field!r}] must have dtype {want}, got {x.dtype}")
    if x.ndim != 1 or not x.flags.c_contiguous or not x.flags.writeable:
        raise ValueError(f"gjk2d: out[{field!r}] must be a writable C-contiguous 1-D array "
                         f"(results are written in place, so a copy is not made)")
    if x.shape[0] < need:
        raise ValueError(f"gjk2d: out[{field!r}] has {x.shape[0]} elements, the pairs need {need}")
    return x


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 1
    t = int(threads)
    if t == 0:
        t = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if not 1 <= t <= 256:
        raise ValueError(f"gjk2d: threads must be 0 (one per CPU) or 1..256, got {threads}")
    return t


def _requested(result_type: Any, out: Any, fields: Optional[Sequence[str]]) -> Tuple[dict, Sequence[str]]:
    """The caller's out= arrays by field (None dropped) and the fields to compute: those named, else those
    given as out=, else all of result_type's. Unknown names raise ValueError."""
    names = result_type._fields
    given = {} if out is None else (out._asdict() if hasattr(out, "_asdict") else dict(out))
    unknown = set(given) - set(names)
    if unknown:
        raise ValueError(f"gjk2d: unknown output field(s) {sorted(unknown)}; {result_type.__name__} has {names}")
    given = {k: v for k, v in given.items() if v is not None}
    if fields is None:
        fields = list(given) if given else names
    for f in fields:
        if f not in names:
            raise ValueError(f"gjk2d: unknown field {f!r}; {result_type.__name__} has {names}")
    return given, fields


def _run(query: int, shapes: Shapes, poses: Any, pairs: Any, out: Any, fields: Optional[Sequence[str]],
         threads: Optional[int], begin: int, end: Optional[int]) -> Any:
    if not isinstance(shapes, Shapes):
        raise TypeError(f"gjk2d: shapes must be a gjk2d.Shapes, got {type(shapes).__name__}")
    result_type = _RESULTS[query]
    names = result_type._fields
    p = as_poses(poses)
    if p.count < len(shapes):
        raise Error(f"gjk2d: {p.count} poses for {len(shapes)} shapes: pose k moves shape k")
    a, b = as_pairs(pairs)
    m = a.shape[0]
    end = m if end is None else int(end)
    if not 0 <= begin <= end <= m:
        raise Error(f"gjk2d: pair range [{begin}, {end}) is outside [0, {m})")
    given, fields = _requested(result_type, out, fields)
    arrays = {}
    for f in names:
        if f in given:
            arrays[f] = _out_array(given[f], f, end)
        elif f in fields:
            arrays[f] = _empty(m, _dtype(f))
    c_outs = tuple(None if f not in arrays else
                   (arrays[f].view(np.uint8) if arrays[f].dtype == np.bool_ else arrays[f]) for f in names)
    _gjk2d.batch(query, shapes._set, p.args, a, b, int(begin), end, c_outs, _threads(threads))
    if "overlap" in arrays and arrays["overlap"].dtype == np.uint8 and "overlap" not in given:
        arrays["overlap"] = arrays["overlap"].view(np.bool_)
    return result_type(*(arrays.get(f) for f in names))


# ---------------------------------------------------------------------------------------------
# Batch queries
# ---------------------------------------------------------------------------------------------

_QUERY_DOC = """

    ``shapes``: a :class:`Shapes`; ``poses``: one per shape (see :func:`as_poses`); ``pairs``: ``(M, 2)``
    shape indices or a tuple ``(a, b)``. ``fields`` picks the outputs to compute (default: all, or those
    given in ``out``); ``out`` maps field names to caller arrays (1-D, C-contiguous, the field's dtype,
    at least ``end`` long) written in place. ``threads`` splits the pairs over that many threads
    (0: one per CPU); ``begin`` and ``end`` restrict the call to pairs ``[begin, end)`` (results at
    their pair index). The GIL is released while the library runs. Raises :class:`Error` (with
    ``.pair``) for a pair naming a shape out of range; invalid shapes and bad poses are per-pair
    statuses, never exceptions.
    """


def distance(shapes: Shapes, poses: Any, pairs: Any, *, fields: Optional[Sequence[str]] = None,
             out: Any = None, threads: Optional[int] = 1, begin: int = 0,
             end: Optional[int] = None) -> DistanceResult:
    return _run(_DISTANCE, shapes, poses, pairs, out, fields, threads, begin, end)


def overlap(shapes: Shapes, poses: Any, pairs: Any, *, fields: Optional[Sequence[str]] = None,
            out: Any = None, threads: Optional[int] = 1, begin: int = 0,
            end: Optional[int] = None) -> OverlapResult:
    return _run(_OVERLAP, shapes, poses, pairs, out, fields, threads, begin, end)


def sat(shapes: Shapes, poses: Any, pairs: Any, *, fields: Optional[Sequence[str]] = None,
        out: Any = None, threads: Optional[int] = 1, begin: int = 0, end: Optional[int] = None) -> SatResult:
    return _run(_SAT, shapes, poses, pairs, out, fields, threads, begin, end)


distance.__doc__ = ("GJK distance of every pair: distance, signed and core distance, closest points "
                    "(ax, ay, bx, by), unit normal A to B, witness features, iterations, status."
                    + _QUERY_DOC)
overlap.__doc__ = "GJK boolean overlap of every pair, stopping as soon as the answer is known." + _QUERY_DOC
sat.__doc__ = ("Separating axis test of every pair: overlap, maximum separation (negative: penetration "
               "depth) and its axis." + _QUERY_DOC)


def check_poses(poses: Any) -> Tuple[np.ndarray, int]:
    """Each pose's problem code (0: none; see PROBLEM_MESSAGES) and the first bad pose (-1: none)."""
    p = as_poses(poses)
    problems = np.zeros(p.count, np.uint8)
    _, first_bad = _gjk2d.check_poses(p.args, problems)
    return problems, int(first_bad)


# ---------------------------------------------------------------------------------------------
# Single pairs
# ---------------------------------------------------------------------------------------------

class PairDistance(NamedTuple):
    """:func:`distance_pair`'s answer (the scalar reference)."""
    distance: float
    signed_distance: float
    core_distance: float
    point_a: Tuple[float, float]
    point_b: Tuple[float, float]
    normal: Tuple[float, float]
    feature_a: int
    feature_b: int
    iterations: int
    status: int
    end: str  #: the GJK termination case (END_NAMES)


class PairOverlap(NamedTuple):
    overlap: bool
    iterations: int
    status: int


class PairSat(NamedTuple):
    overlap: bool
    separation: float
    normal: Tuple[float, float]
    status: int


def _pose(pose: Any) -> Tuple[float, float, float, float]:
    if pose is None:
        return (0.0, 0.0, 1.0, 0.0)
    p = tuple(float(x) for x in pose)
    if len(p) == 3:
        c, s = np.empty(1, np.float32), np.empty(1, np.float32)
        _gjk2d.poses_from_angles(np.array([p[2]]), c, s)
        return (p[0], p[1], float(c[0]), float(s[0]))
    if len(p) != 4:
        raise ValueError(f"gjk2d: a pose is (x, y, angle) or (x, y, c, s), got {len(p)} numbers")
    return p  # type: ignore[return-value]


def _vertices(v: Any, name: str) -> np.ndarray:
    a = _floats(v, name)
    if a.ndim != 2 or a.shape[1] != 2:
        a = a.reshape(-1, 2) if a.ndim == 1 and a.size == 2 else a
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"gjk2d: {name} must have shape (n, 2), got {a.shape}")
    return np.ascontiguousarray(a)


def _pair(query: int, a: Any, b: Any, pose_a: Any, pose_b: Any, radius_a: float, radius_b: float) -> tuple:
    return _gjk2d.pair(query, _vertices(a, "a"), float(radius_a), _pose(pose_a),
                       _vertices(b, "b"), float(radius_b), _pose(pose_b))


def distance_pair(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                  radius_b: float = 0.0) -> PairDistance:
    """GJK distance between two shapes given as ``(n, 2)`` local vertices (CCW), poses ``(x, y, angle)``
    or ``(x, y, c, s)`` (None: identity) and radii. Invalid input gives a status, not an exception."""
    r = _pair(_DISTANCE, a, b, pose_a, pose_b, radius_a, radius_b)
    return PairDistance(r[0], r[1], r[2], (r[3], r[4]), (r[5], r[6]), (r[7], r[8]), r[9], r[10], r[11], r[12],
                        END_NAMES[r[13]])


def overlap_pair(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
                 radius_b: float = 0.0) -> PairOverlap:
    """GJK boolean overlap of two shapes (arguments as :func:`distance_pair`)."""
    r = _pair(_OVERLAP, a, b, pose_a, pose_b, radius_a, radius_b)
    return PairOverlap(bool(r[0]), r[1], r[2])


def sat_pair(a: Any, b: Any, pose_a: Any = None, pose_b: Any = None, radius_a: float = 0.0,
             radius_b: float = 0.0) -> PairSat:
    """Separating axis test of two shapes (arguments as :func:`distance_pair`)."""
    r = _pair(_SAT, a, b, pose_a, pose_b, radius_a, radius_b)
    return PairSat(bool(r[0]), r[1], (r[2], r[3]), r[4])


def validate_shape(vertices: Any, radius: float = 0.0, pose: Any = None) -> Tuple[int, str, int]:
    """A shape's first problem: (code, message, vertex index or -1); code 0 when valid."""
    code, vertex = _gjk2d.validate(_vertices(vertices, "vertices"), float(radius),
                                   None if pose is None else _pose(pose))
    return code, PROBLEM_MESSAGES[code] if code else "", vertex


# ---------------------------------------------------------------------------------------------
# Features, instruction sets, version
# ---------------------------------------------------------------------------------------------

def feature_is_edge(f: Any) -> Any:
    """Whether a witness feature names an edge (works on arrays)."""
    f = np.asarray(f)
    return (f >= 0) & ((f & 1) == 1)


def feature_index(f: Any) -> Any:
    """The vertex or edge index of a witness feature, -1 for none (works on arrays)."""
    f = np.asarray(f)
    return np.where(f >= 0, f >> 1, -1)


def isa() -> str:
    """The instruction set batch calls use now (for auto: the distance query's)."""
    return _gjk2d.isa()


def isa_reason() -> str:
    """Why that instruction set was chosen (an unusable GJK2D_ISA is reported here)."""
    return _gjk2d.isa_reason()


def set_isa(name: str) -> None:
    """Force an instruction set ('auto' = the automatic choice). Raises Error for one this CPU or build
    cannot run. Not to be called while queries run in other threads."""
    _gjk2d.set_isa(str(name))


def isa_supported(name: str) -> bool:
    """Whether this build and CPU can run the named instruction set."""
    return _gjk2d.isa_supported(str(name))


def supported_isas() -> Tuple[str, ...]:
    """The instruction sets this build and CPU can run."""
    return tuple(n for n in ISAS if _gjk2d.isa_supported(n))


def lane_width() -> int:
    """Pairs per SIMD block of the running instruction set."""
    return _gjk2d.lane_width()


version: str = _gjk2d.version
