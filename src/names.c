// SPDX-License-Identifier: MIT
// Names and messages for the public enums and error codes, and the version.
#include <math.h>

#include "gjk2d.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

const char *gjk2d_status_name(gjk2d_status status) {
    switch (status) {
    case GJK2D_STATUS_OK: return "ok";
    case GJK2D_STATUS_MAXITER: return "maxiter";
    case GJK2D_STATUS_INVALID: return "invalid";
    case GJK2D_STATUS_BAD_POSE: return "bad-pose";
    case GJK2D_STATUS_BEYOND: return "beyond";
    }
    return "unknown";
}

const char *gjk2d_end_name(gjk2d_end end) {
    switch (end) {
    case GJK2D_END_NONE: return "none";
    case GJK2D_END_REPEATED_SUPPORT: return "repeated-support";
    case GJK2D_END_CONTAINMENT: return "containment";
    case GJK2D_END_VERTEX_OVERLAP: return "vertex-overlap";
    case GJK2D_END_EDGE_OVERLAP: return "edge-overlap";
    case GJK2D_END_MAX_ITERATIONS: return "max-iterations";
    case GJK2D_END_CUTOFF: return "cutoff";
    }
    return "unknown";
}

const char *gjk2d_region_name(gjk2d_region region) {
    static const char *const names[] = {"A", "B", "C", "AB", "BC", "CA", "ABC"};
    return (unsigned)region < sizeof names / sizeof names[0] ? names[region] : "unknown";
}

const char *gjk2d_problem_message(gjk2d_problem problem) {
    switch (problem) {
    case GJK2D_PROBLEM_NONE: return "valid";
    case GJK2D_PROBLEM_COUNT: return "vertex count out of range (1.." STRINGIFY(GJK2D_MAX_VERTICES) ")";
    case GJK2D_PROBLEM_NONFINITE: return "a vertex or pose number is NaN or infinite";
    case GJK2D_PROBLEM_MAGNITUDE: return "a vertex or position exceeds 1e15 in magnitude";
    case GJK2D_PROBLEM_ROTATION: return "rotation (cos, sin) is not a unit vector";
    case GJK2D_PROBLEM_RADIUS: return "radius is negative, NaN, infinite or above 1e15";
    case GJK2D_PROBLEM_CLOCKWISE: return "vertices are clockwise (negative area)";
    case GJK2D_PROBLEM_REFLEX: return "vertex turns clockwise (reflex): polygon is not convex";
    case GJK2D_PROBLEM_WINDING: return "boundary winds around more than once: polygon is not simple";
    }
    return "unknown problem";
}

const char *gjk2d_error_message(int code) {
    switch (code) {
    case GJK2D_OK: return "success";
    case GJK2D_ERR_NULL: return "a required pointer is NULL";
    case GJK2D_ERR_RANGE: return "pair range is invalid (begin > end, end > pair count, or a negative count)";
    case GJK2D_ERR_PAIR_INDEX: return "a pair names a shape index outside the shape set";
    case GJK2D_ERR_SHAPE_SPAN: return "a shape's first/count reaches outside the vertex arrays";
    case GJK2D_ERR_ISA: return "unknown instruction set, or one this CPU or build cannot run";
    case GJK2D_ERR_POSES:
        return "poses: fewer than the shapes, a stride that is not a positive multiple of 4, or an unknown position "
               "type";
    case GJK2D_ERR_SHAPES: return "not a prepared shape set (gjk2d_shapes_prepare), or its memory was overwritten";
    case GJK2D_ERR_MEMORY: return "the memory given for the shape set is smaller than gjk2d_shapes_size";
    case GJK2D_ERR_CUTOFF: return "max_distance is NaN or negative";
    case GJK2D_ERR_CAST_ARGUMENT: return "time of impact: tolerance not finite and positive, or target not finite";
    }
    return "unknown error code";
}

const char *gjk2d_version(void) { return GJK2D_VERSION_STRING; }

gjk2d_pose gjk2d_pose_from_angle(float px, float py, double angle) {
    gjk2d_pose p = {px, py, (float)cos(angle), (float)sin(angle)};
    return p;
}
