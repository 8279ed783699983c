# SPDX-License-Identifier: MIT
# Type stubs of the gjk2d module (docstrings live in the implementation, gjk2d/_core.py and gjk2d/_queries.py).
from os import PathLike
from typing import Any, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
# Poses: (N, 3) x, y, angle; (N, 4) x, y, cos, sin; or a tuple of 3 or 4 columns.
PosesLike = Union[ArrayLike, Tuple[ArrayLike, ...]]
# Pairs: (M, 2) integers or a tuple of two columns (a, b).
PairsLike = Union[ArrayLike, Tuple[ArrayLike, ArrayLike]]

version: str
__version__: str
STATUS_OK: int
STATUS_MAXITER: int
STATUS_INVALID: int
STATUS_BAD_POSE: int
STATUS_BEYOND: int
STATUS_NAMES: Tuple[str, ...]
END_NAMES: Tuple[str, ...]
PROBLEM_MESSAGES: Tuple[str, ...]
FEATURE_NONE: int
MAX_VERTICES: int
ISAS: Tuple[str, ...]

class Error(ValueError):
    code: int
    pair: Optional[int]
    shape: Optional[int]

class Shapes:
    vertices: np.ndarray
    counts: np.ndarray
    first: Optional[np.ndarray]
    radii: Optional[np.ndarray]
    problems: np.ndarray
    invalid: int
    first_invalid: int
    unpickled: int
    def __init__(self, vertices: ArrayLike, counts: Optional[ArrayLike] = ..., *, radii: Optional[ArrayLike] = ...,
                 first: Optional[ArrayLike] = ..., offsets: Optional[ArrayLike] = ...) -> None: ...
    @classmethod
    def from_list(cls, shapes: Sequence[ArrayLike], radii: Optional[ArrayLike] = ...) -> Shapes: ...
    def __len__(self) -> int: ...
    def problem(self, k: int) -> str: ...
    def bound(self, k: int) -> float: ...

class DistanceResult(NamedTuple):
    distance: Optional[np.ndarray]
    signed_distance: Optional[np.ndarray]
    core_distance: Optional[np.ndarray]
    ax: Optional[np.ndarray]
    ay: Optional[np.ndarray]
    bx: Optional[np.ndarray]
    by: Optional[np.ndarray]
    nx: Optional[np.ndarray]
    ny: Optional[np.ndarray]
    feature_a: Optional[np.ndarray]
    feature_b: Optional[np.ndarray]
    iterations: Optional[np.ndarray]
    status: Optional[np.ndarray]

class OverlapResult(NamedTuple):
    overlap: Optional[np.ndarray]
    iterations: Optional[np.ndarray]
    status: Optional[np.ndarray]

class SatResult(NamedTuple):
    overlap: Optional[np.ndarray]
    separation: Optional[np.ndarray]
    nx: Optional[np.ndarray]
    ny: Optional[np.ndarray]
    status: Optional[np.ndarray]

class PairDistance(NamedTuple):
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
    end: str

class PairOverlap(NamedTuple):
    overlap: bool
    iterations: int
    status: int

class PairSat(NamedTuple):
    overlap: bool
    separation: float
    normal: Tuple[float, float]
    status: int

class Scene(NamedTuple):
    shapes: Shapes
    poses: Tuple[np.ndarray, np.ndarray, np.ndarray]
    pairs: np.ndarray

Out = Union[Mapping[str, Optional[np.ndarray]], DistanceResult, OverlapResult, SatResult, None]

def distance(shapes: Shapes, poses: PosesLike, pairs: PairsLike, *, fields: Optional[Sequence[str]] = ...,
             out: Out = ..., threads: Optional[int] = ..., begin: int = ..., end: Optional[int] = ...) -> DistanceResult: ...
def overlap(shapes: Shapes, poses: PosesLike, pairs: PairsLike, *, fields: Optional[Sequence[str]] = ...,
            out: Out = ..., threads: Optional[int] = ..., begin: int = ..., end: Optional[int] = ...) -> OverlapResult: ...
def sat(shapes: Shapes, poses: PosesLike, pairs: PairsLike, *, fields: Optional[Sequence[str]] = ...,
        out: Out = ..., threads: Optional[int] = ..., begin: int = ..., end: Optional[int] = ...) -> SatResult: ...
def as_poses(poses: PosesLike) -> Any: ...
def as_pairs(pairs: PairsLike) -> Tuple[np.ndarray, np.ndarray]: ...
def check_poses(poses: PosesLike) -> Tuple[np.ndarray, int]: ...
def distance_pair(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                  pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...) -> PairDistance: ...
def overlap_pair(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                 pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...) -> PairOverlap: ...
def sat_pair(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
             pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...) -> PairSat: ...
def validate_shape(vertices: ArrayLike, radius: float = ..., pose: Optional[Sequence[float]] = ...) -> Tuple[int, str, int]: ...
def feature_is_edge(f: ArrayLike) -> Any: ...
def feature_index(f: ArrayLike) -> Any: ...
def isa() -> str: ...
def isa_reason() -> str: ...
def set_isa(name: str) -> None: ...
def isa_supported(name: str) -> bool: ...
def supported_isas() -> Tuple[str, ...]: ...
def lane_width() -> int: ...
def read_scene(path: Union[str, PathLike[str]]) -> Scene: ...

# Frame coherence, contact manifolds and casts (gjk2d/_queries.py)
CACHE_DTYPE: np.dtype
CAST_MISS: int
CAST_HIT: int
CAST_OVERLAP: int
CAST_STATE_NAMES: Tuple[str, ...]
TOI_SEPARATED: int
TOI_HIT: int
TOI_OVERLAPPED: int
TOI_FAILED: int
TOI_STATE_NAMES: Tuple[str, ...]
CONTACT_ID_NONE: int

class ManifoldResult(NamedTuple):
    count: Optional[np.ndarray]
    normal: Optional[np.ndarray]
    points: Optional[np.ndarray]
    anchors_a: Optional[np.ndarray]
    anchors_b: Optional[np.ndarray]
    separations: Optional[np.ndarray]
    ids: Optional[np.ndarray]
    reference: Optional[np.ndarray]
    status: Optional[np.ndarray]

class CastResult(NamedTuple):
    state: Optional[np.ndarray]
    fraction: Optional[np.ndarray]
    px: Optional[np.ndarray]
    py: Optional[np.ndarray]
    nx: Optional[np.ndarray]
    ny: Optional[np.ndarray]
    iterations: Optional[np.ndarray]
    status: Optional[np.ndarray]

class PointResult(NamedTuple):
    inside: Optional[np.ndarray]
    distance: Optional[np.ndarray]
    cx: Optional[np.ndarray]
    cy: Optional[np.ndarray]
    nx: Optional[np.ndarray]
    ny: Optional[np.ndarray]
    status: Optional[np.ndarray]

class ToiResult(NamedTuple):
    state: Optional[np.ndarray]
    t: Optional[np.ndarray]
    separation: Optional[np.ndarray]
    iterations: Optional[np.ndarray]
    status: Optional[np.ndarray]

Vec2 = Union[Sequence[float], np.ndarray]
Point2 = Tuple[float, float]

class PairManifold(NamedTuple):
    count: int
    normal: Point2
    points: Tuple[Point2, Point2]
    anchors_a: Tuple[Point2, Point2]
    anchors_b: Tuple[Point2, Point2]
    separations: Tuple[float, float]
    ids: Tuple[int, int]
    reference: bool
    status: int

class PairCast(NamedTuple):
    state: int
    fraction: float
    point: Point2
    normal: Point2
    iterations: int
    status: int

class PairPoint(NamedTuple):
    inside: bool
    distance: float
    closest: Point2
    normal: Point2
    status: int

class PairToi(NamedTuple):
    state: int
    t: float
    separation: float
    iterations: int
    status: int

AnyOut = Union[Mapping[str, Optional[np.ndarray]], NamedTuple, None]

def new_cache(m: int) -> np.ndarray: ...
def empty_result(result_type: Any, m: int) -> Any: ...
def distance_cached(shapes: Shapes, poses: PosesLike, pairs: PairsLike, cache: Optional[np.ndarray] = ..., *,
                    max_distance: Optional[float] = ..., fields: Optional[Sequence[str]] = ..., out: Out = ...,
                    threads: Optional[int] = ..., begin: int = ..., end: Optional[int] = ...) -> DistanceResult: ...
def overlap_cached(shapes: Shapes, poses: PosesLike, pairs: PairsLike, cache: Optional[np.ndarray] = ..., *,
                   fields: Optional[Sequence[str]] = ..., out: Out = ..., threads: Optional[int] = ...,
                   begin: int = ..., end: Optional[int] = ...) -> OverlapResult: ...
def manifold(shapes: Shapes, poses: PosesLike, pairs: PairsLike, margin: float = ..., *,
             fields: Optional[Sequence[str]] = ..., out: AnyOut = ..., threads: Optional[int] = ...,
             begin: int = ..., end: Optional[int] = ...) -> ManifoldResult: ...
def shape_cast(shapes: Shapes, poses: PosesLike, pairs: PairsLike, translations: Any, *,
               fields: Optional[Sequence[str]] = ..., out: AnyOut = ..., threads: Optional[int] = ...,
               begin: int = ..., end: Optional[int] = ...) -> CastResult: ...
def ray_cast(shapes: Shapes, poses: PosesLike, shape: ArrayLike, origins: Any, translations: Any,
             max_fraction: Optional[ArrayLike] = ..., *, fields: Optional[Sequence[str]] = ..., out: AnyOut = ...,
             threads: Optional[int] = ..., begin: int = ..., end: Optional[int] = ...) -> CastResult: ...
def point_query(shapes: Shapes, poses: PosesLike, shape: ArrayLike, points: Any, *,
                fields: Optional[Sequence[str]] = ..., out: AnyOut = ..., threads: Optional[int] = ...,
                begin: int = ..., end: Optional[int] = ...) -> PointResult: ...
def time_of_impact(shapes: Shapes, sweeps: ArrayLike, pairs: PairsLike, target: float = ..., tolerance: float = ...,
                   *, fields: Optional[Sequence[str]] = ..., out: AnyOut = ..., threads: Optional[int] = ...,
                   begin: int = ..., end: Optional[int] = ...) -> ToiResult: ...
def distance_pair_cached(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                         pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...,
                         cache: Optional[np.ndarray] = ..., max_distance: Optional[float] = ...) -> PairDistance: ...
def overlap_pair_cached(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                        pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...,
                        cache: Optional[np.ndarray] = ...) -> PairOverlap: ...
def manifold_pair(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                  pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...,
                  margin: float = ...) -> PairManifold: ...
def shape_cast_pair(a: ArrayLike, b: ArrayLike, pose_a: Optional[Sequence[float]] = ...,
                    pose_b: Optional[Sequence[float]] = ..., radius_a: float = ..., radius_b: float = ...,
                    translation: Vec2 = ...) -> PairCast: ...
def ray_cast_pair(shape: ArrayLike, pose: Optional[Sequence[float]], origin: Vec2, translation: Vec2,
                  radius: float = ..., max_fraction: float = ...) -> PairCast: ...
def point_query_pair(shape: ArrayLike, pose: Optional[Sequence[float]], point: Vec2,
                     radius: float = ...) -> PairPoint: ...
def time_of_impact_pair(a: ArrayLike, b: ArrayLike, sweep_a: Sequence[float], sweep_b: Sequence[float],
                        radius_a: float = ..., radius_b: float = ..., target: float = ...,
                        tolerance: float = ...) -> PairToi: ...
