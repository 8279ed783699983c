# SPDX-License-Identifier: MIT
"""gjk2d: batch distance, closest points, normals, GJK/SAT overlap and SAT separation between 2D convex
shapes (points, segments, polygons, optionally rounded), on numpy arrays.

Prepare a :class:`Shapes` set once, then call :func:`distance`, :func:`overlap` or :func:`sat` with
one pose per shape and an ``(M, 2)`` pair array. :func:`distance_cached` and :func:`overlap_cached`
warm-start from a per-pair cache, :func:`manifold` gives contact points, and :func:`shape_cast`,
:func:`ray_cast`, :func:`point_query` and :func:`time_of_impact` are the casts. Every instruction set
gives bit-identical results.
:mod:`gjk2d.dask` runs the same queries over dask arrays and DataFrames. See docs/python.md.
"""
from ._core import (END_NAMES, FEATURE_NONE, ISAS, MAX_VERTICES, PROBLEM_MESSAGES, STATUS_BAD_POSE,
                    STATUS_INVALID, STATUS_MAXITER, STATUS_NAMES, STATUS_OK, DistanceResult, Error,
                    OverlapResult, PairDistance, PairOverlap, PairSat, SatResult, Shapes, as_pairs, as_poses,
                    check_poses, distance, distance_pair, feature_index, feature_is_edge, isa, isa_reason,
                    isa_supported, lane_width, overlap, overlap_pair, sat, sat_pair, set_isa, supported_isas,
                    validate_shape, version)
from ._queries import (
    CACHE_DTYPE, CAST_HIT, CAST_MISS, CAST_OVERLAP, CAST_STATE_NAMES, CONTACT_ID_NONE,
    STATUS_BEYOND, TOI_FAILED, TOI_HIT, TOI_OVERLAPPED, TOI_SEPARATED, TOI_STATE_NAMES, CastResult,
    ManifoldResult, PairCast, PairManifold, PairPoint, PairToi, PointResult, ToiResult,
    distance_cached, distance_pair_cached, empty_result, manifold, manifold_pair, new_cache,
    overlap_cached, overlap_pair_cached, point_query, point_query_pair, ray_cast, ray_cast_pair,
    shape_cast, shape_cast_pair, time_of_impact, time_of_impact_pair)
from .scene import Scene, read_scene

__version__ = version
__all__ = [
    "END_NAMES", "FEATURE_NONE", "ISAS", "MAX_VERTICES", "PROBLEM_MESSAGES", "STATUS_BAD_POSE", "STATUS_INVALID",
    "STATUS_MAXITER", "STATUS_NAMES", "STATUS_OK", "DistanceResult", "Error", "OverlapResult", "PairDistance",
    "PairOverlap", "PairSat", "SatResult", "Scene", "Shapes", "as_pairs", "as_poses", "check_poses", "distance",
    "distance_pair", "feature_index", "feature_is_edge", "isa", "isa_reason", "isa_supported", "lane_width",
    "overlap", "overlap_pair", "read_scene", "sat", "sat_pair", "set_isa", "supported_isas", "validate_shape",
    "version",
] + [
    "CACHE_DTYPE", "CAST_HIT", "CAST_MISS", "CAST_OVERLAP", "CAST_STATE_NAMES", "CONTACT_ID_NONE",
    "STATUS_BEYOND", "TOI_FAILED", "TOI_HIT", "TOI_OVERLAPPED", "TOI_SEPARATED", "TOI_STATE_NAMES",
    "CastResult", "ManifoldResult", "PairCast", "PairManifold", "PairPoint", "PairToi", "PointResult",
    "ToiResult", "distance_cached", "distance_pair_cached", "empty_result", "manifold", "manifold_pair",
    "new_cache", "overlap_cached", "overlap_pair_cached", "point_query", "point_query_pair", "ray_cast",
    "ray_cast_pair", "shape_cast", "shape_cast_pair", "time_of_impact", "time_of_impact_pair"
]
