# SPDX-License-Identifier: MIT
# Type stubs of gjk2d.dask (docstrings live in gjk2d/dask.py).
from typing import Any, Optional, Sequence

from . import PosesLike, Shapes

class Scene:
    shapes: Shapes
    poses: Any
    def __init__(self, shapes: Shapes, poses: PosesLike) -> None: ...

def query(name: str, shapes: Shapes | Scene | Any, poses: Optional[PosesLike], pairs: Any, *,
          fields: Optional[Sequence[str]] = ..., columns: Sequence[str] = ..., client: Any = ...,
          threads: int = ...) -> Any: ...
def distance(shapes: Shapes | Scene, poses: Optional[PosesLike], pairs: Any, **kwargs: Any) -> Any: ...
def overlap(shapes: Shapes | Scene, poses: Optional[PosesLike], pairs: Any, **kwargs: Any) -> Any: ...
def sat(shapes: Shapes | Scene, poses: Optional[PosesLike], pairs: Any, **kwargs: Any) -> Any: ...
