# SPDX-License-Identifier: MIT
# Type stubs of the gjk2d module (docstrings live in the implementation, gjk2d/_core.py).
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
