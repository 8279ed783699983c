// SPDX-License-Identifier: MIT
/// gjk2d — batch queries between 2D convex shapes.
///
/// Distance, closest points and separating normal (GJK), boolean overlap (GJK and SAT) and the SAT
/// maximum separation / penetration depth, for one pair at a time or for a whole pair list in
/// structure-of-arrays form. Every query runs in shape A's local frame with B transformed into it, so
/// accuracy depends on the shapes' sizes and gap, not on their world position. Results are in world frame.
///
/// Shapes: `count` counter-clockwise vertices in the shape's local frame (1 = point, 2 = segment,
/// 3..GJK2D_MAX_VERTICES = polygon; collinear and duplicated consecutive vertices are allowed) and a
/// radius >= 0 that rounds the shape (a point with a radius is a circle, a segment a capsule).
/// Poses: position (px, py) and rotation as (c, s) = (cos, sin) of the angle.
///
/// Per-frame workflow: prepare a shape set once (gjk2d_shapes_prepare, into memory the caller owns),
/// then every frame pass the poses and the broadphase's pair list to the batch calls, which check the
/// poses they use on every call.
///
/// Threads: every function is thread-safe and allocates nothing. A prepared shape set is read-only and
/// may be shared by any number of threads; several threads may run disjoint pair ranges of one batch
/// into the same output arrays. gjk2d_set_isa is the one call not to make while batch calls run.
/// The library never prints and exports only gjk2d_ names. The API may change before 1.0.
#ifndef GJK2D_H
#define GJK2D_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Marks every public declaration; everything else in the library has hidden visibility.
#if defined(_WIN32) && defined(GJK2D_BUILDING_SHARED)
#define GJK2D_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define GJK2D_API __attribute__((visibility("default")))
#else
#define GJK2D_API
#endif

#define GJK2D_VERSION_MAJOR 0
#define GJK2D_VERSION_MINOR 2
#define GJK2D_VERSION_PATCH 0
#define GJK2D_VERSION_STRING "0.3.0"

/// The version of the library actually linked, e.g. "0.3.0" (GJK2D_VERSION_STRING is the header's).
GJK2D_API const char *gjk2d_version(void);

/// Most vertices one shape may have. Larger counts are rejected (never clamped).
#define GJK2D_MAX_VERTICES 1024

/// Largest magnitude accepted for a coordinate, position or radius. It keeps every product the
/// queries form (squared lengths of differences) far from float overflow.
#define GJK2D_MAX_COORDINATE 1.0e15f

/// Largest |c*c + s*s - 1| accepted for a rotation (c, s), evaluated in float arithmetic (so the bound
/// holds to about 2e-7). Queries invert a rotation by transposing it: a rotation of length 1 + d scales
/// B by about 2d, and 1e-6 keeps that within the distance tolerance, while float cos and sin of an
/// angle round to a few 1e-7.
#define GJK2D_ROTATION_TOLERANCE 1.0e-6f

/// Iteration cap of GJK for shapes with `na` and `nb` vertices. The Minkowski difference has at most
/// na + nb vertices and each GJK iteration moves to a new one; 16 more iterations leave room for
/// round-off. Reaching the cap is reported as GJK2D_STATUS_MAXITER, never as a silent answer.
#define GJK2D_ITERATION_CAP(na, nb) ((na) + (nb) + 16)

// ---------------------------------------------------------------------------------------------
// Basic types
// ---------------------------------------------------------------------------------------------

/// A 2D vector or point.
typedef struct gjk2d_vec2 {
    float x, y;
} gjk2d_vec2;

/// A rigid pose: world = R * local + p, with R = [c -s; s c].
typedef struct gjk2d_pose {
    float px, py; ///< position
    float c, s;   ///< cos and sin of the rotation angle: |c*c + s*s - 1| <= GJK2D_ROTATION_TOLERANCE
} gjk2d_pose;

/// One shape: local-frame CCW vertices and a radius.
typedef struct gjk2d_shape {
    const gjk2d_vec2 *vertices;
    int32_t count; ///< 1 = point, 2 = segment, 3..GJK2D_MAX_VERTICES = polygon
    float radius;  ///< >= 0; rounds the shape
} gjk2d_shape;

/// Per-pair outcome of a query.
typedef enum gjk2d_status {
    GJK2D_STATUS_OK = 0,       ///< the answer is converged
    GJK2D_STATUS_MAXITER = 1,  ///< GJK reached GJK2D_ITERATION_CAP; outputs are its last simplex's answer
    GJK2D_STATUS_INVALID = 2,  ///< a shape of the pair failed validation; float outputs are NaN
    GJK2D_STATUS_BAD_POSE = 3, ///< a pose of the pair is not finite, not a rotation or out of range
                               ///< (gjk2d_pose_problem); float outputs are NaN
    GJK2D_STATUS_BEYOND = 4,   ///< distance queries with a cutoff: the bounding circles or GJK proved the pair
                               ///< farther apart than max_distance and it stopped; the distances are that lower bound
} gjk2d_status;

/// A witness feature of one shape: the vertex i (2 * i) or the edge from vertex i to vertex i + 1,
/// cyclic (2 * i + 1). GJK2D_FEATURE_NONE where there is none (the cores overlap, or an error status).
/// A segment has two edges, 0 (from vertex 0 to 1) and 1 (back), one per side; the one facing the
/// other shape is reported. Where the closest feature is a run of several edges (collinear vertices, or
/// a final GJK simplex on two vertices that are not neighbours, which round-off can leave), the run's
/// edge nearest the witness point is reported (the first along the run on a tie).
#define GJK2D_FEATURE_NONE (-1)
#define GJK2D_FEATURE_VERTEX(i) (2 * (i))
#define GJK2D_FEATURE_EDGE(i) (2 * (i) + 1)
#define GJK2D_FEATURE_IS_EDGE(f) ((f) >= 0 && ((f)&1))
#define GJK2D_FEATURE_INDEX(f) ((f) >= 0 ? (f) >> 1 : -1)

/// Why a GJK distance query stopped: the termination cases of Catto's "Computing Distance".
typedef enum gjk2d_end {
    GJK2D_END_NONE = 0,             ///< not run (invalid input)
    GJK2D_END_REPEATED_SUPPORT = 1, ///< case 1: the support point is already in the simplex: no progress possible
    GJK2D_END_CONTAINMENT = 2,      ///< case 2: a 2-simplex with all three vertices contributing contains the origin
    GJK2D_END_VERTEX_OVERLAP = 3,   ///< case 3a: the closest point is the origin, the search direction is zero
    GJK2D_END_EDGE_OVERLAP = 4,     ///< cases 3b and 4: the origin lies on the simplex's edge (a boundary edge of
                                    ///< the Minkowski difference, or an interior edge): the perpendicular has no sign
    GJK2D_END_MAX_ITERATIONS = 5,   ///< GJK2D_ITERATION_CAP reached
    GJK2D_END_CUTOFF = 6,           ///< the lower bound of the distance passed max_distance (a cutoff query)
} gjk2d_end;

/// Voronoi region of a segment AB or a triangle ABC that holds the query point.
typedef enum gjk2d_region {
    GJK2D_REGION_A = 0,
    GJK2D_REGION_B = 1,
    GJK2D_REGION_C = 2,
    GJK2D_REGION_AB = 3,
    GJK2D_REGION_BC = 4,
    GJK2D_REGION_CA = 5,
    GJK2D_REGION_ABC = 6,
} gjk2d_region;

/// Name of a status ("ok", "maxiter", "invalid", "bad-pose", "beyond"), end ("repeated-support", ...) or region ("A", "AB", ...).
GJK2D_API const char *gjk2d_status_name(gjk2d_status status);
GJK2D_API const char *gjk2d_end_name(gjk2d_end end);
GJK2D_API const char *gjk2d_region_name(gjk2d_region region);

/// Pose from a position and an angle in radians: cos and sin computed in double, rounded to float.
GJK2D_API gjk2d_pose gjk2d_pose_from_angle(float px, float py, double angle);

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/// The first problem found with a shape: its geometry is checked in this order (COUNT, NONFINITE,
/// MAGNITUDE, RADIUS, CLOCKWISE, REFLEX, WINDING), then its pose (gjk2d_pose_problem: NONFINITE,
/// MAGNITUDE, ROTATION).
typedef enum gjk2d_problem {
    GJK2D_PROBLEM_NONE = 0,
    GJK2D_PROBLEM_COUNT = 1,     ///< count < 1 or count > GJK2D_MAX_VERTICES
    GJK2D_PROBLEM_NONFINITE = 2, ///< a vertex or pose number is NaN or infinite
    GJK2D_PROBLEM_MAGNITUDE = 3, ///< a vertex or position is larger than GJK2D_MAX_COORDINATE
    GJK2D_PROBLEM_ROTATION = 4,  ///< |c*c + s*s - 1| > GJK2D_ROTATION_TOLERANCE: not a rotation
    GJK2D_PROBLEM_RADIUS = 5,    ///< radius negative, NaN, infinite or larger than GJK2D_MAX_COORDINATE
    GJK2D_PROBLEM_CLOCKWISE = 6, ///< negative signed area: vertices are clockwise
    GJK2D_PROBLEM_REFLEX = 7,    ///< a vertex turns clockwise: the polygon is not convex
    GJK2D_PROBLEM_WINDING = 8,   ///< every turn is counter-clockwise but the boundary winds more than once
} gjk2d_problem;

/// Human-readable reason for a problem, e.g. "vertex turns clockwise (reflex): polygon is not convex".
GJK2D_API const char *gjk2d_problem_message(gjk2d_problem problem);

/// The problem of a pose, the rule every call applies: its four numbers finite (NONFINITE), the
/// position within GJK2D_MAX_COORDINATE (MAGNITUDE), then the rotation (ROTATION). A double position
/// is judged after rounding to float.
GJK2D_API gjk2d_problem gjk2d_pose_problem(const gjk2d_pose *pose);

/// Validate one shape's geometry (and then its pose, if not NULL). Returns the first problem; if `vertex` is not NULL
/// it receives the index of the offending vertex, or -1 when the problem is not about one vertex.
/// A turn counts as reflex only beyond what rounding the vertices to float can cause
/// (4 * FLT_EPSILON * M * (|e1|_1 + |e2|_1) for edges e1, e2 and largest coordinate M), so collinear
/// vertices written in decimal still count as collinear. A vertex beyond that slack on the wrong side of the
/// line of the last edge longer than 4 * FLT_EPSILON * M, or of either edge where the outline turns back
/// (only a flat polygon may), is reflex too: the vertex named is then the one on the wrong side.
GJK2D_API gjk2d_problem gjk2d_validate_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, int32_t *vertex);

// ---------------------------------------------------------------------------------------------
// Single-pair queries (the scalar reference)
// ---------------------------------------------------------------------------------------------
// A NULL pose means the identity. An invalid shape (gjk2d_validate_shape) gives GJK2D_STATUS_INVALID,
// a bad pose GJK2D_STATUS_BAD_POSE, both with NaN outputs. Each call validates its shapes and poses.

/// Closest point on segment AB to Q, with barycentric (u, v) (P = u*A + v*B) and the Voronoi region
/// (GJK2D_REGION_A, _B or _AB). A zero-length segment gives region B.
typedef struct gjk2d_segment_result {
    gjk2d_vec2 point;
    float u, v;
    gjk2d_region region;
} gjk2d_segment_result;
GJK2D_API gjk2d_segment_result gjk2d_closest_on_segment(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 q);

/// Closest point on triangle ABC (either winding, possibly zero area) to Q, with barycentric (u, v, w)
/// (P = u*A + v*B + w*C; zero for vertices that do not contribute) and the Voronoi region. Vertex
/// regions are tested first, then edges, then the interior; a zero-area triangle always ends in a
/// vertex or edge region.
typedef struct gjk2d_triangle_result {
    gjk2d_vec2 point;
    float u, v, w;
    gjk2d_region region;
} gjk2d_triangle_result;
GJK2D_API gjk2d_triangle_result gjk2d_closest_on_triangle(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c, gjk2d_vec2 q);

/// One GJK simplex, recorded for debugging and drawing. Points in world frame.
typedef struct gjk2d_simplex_record {
    int32_t count;         ///< 1, 2 or 3 vertices (after culling)
    int32_t index_a[3];    ///< vertex index on A of each simplex vertex
    int32_t index_b[3];    ///< vertex index on B
    gjk2d_vec2 point_a[3]; ///< support point on A's core
    gjk2d_vec2 point_b[3]; ///< support point on B's core
    gjk2d_vec2 w[3];       ///< Minkowski-difference point point_b - point_a
    float weight[3];       ///< barycentric weight of each vertex for the closest point
    gjk2d_vec2 closest;    ///< closest point of the simplex to the origin (Minkowski space)
    gjk2d_vec2 direction;  ///< search direction computed from this simplex (zero if none: overlap ends)
} gjk2d_simplex_record;

/// Optional trace of a GJK run: caller-owned storage for up to `capacity` simplexes; `count` is set
/// to the number recorded (one per iteration, after the simplex was solved), `total` to the number
/// there were (more than `count` if the storage was too small).
typedef struct gjk2d_trace {
    gjk2d_simplex_record *simplices;
    int32_t capacity;
    int32_t count;
    int32_t total;
} gjk2d_trace;

/// Result of a distance query.
typedef struct gjk2d_distance_result {
    float distance;        ///< max(0, signed_distance)
    float signed_distance; ///< core_distance - ra - rb, rounded once: negative when only the rounded parts
                           ///< overlap. When the cores overlap it is -(ra + rb), an upper bound of the
                           ///< true value (gjk2d_sat gives the penetration depth of polygons)
    gjk2d_vec2 point_a;    ///< closest point on A's (rounded) surface, world frame
    gjk2d_vec2 point_b;    ///< closest point on B's surface; equals point_a when the shapes overlap
    gjk2d_vec2 normal;     ///< unit normal from A to B; zero when the core shapes overlap
    float core_distance;   ///< distance between the shapes without their radii (0 when they overlap)
    int32_t feature_a;     ///< witness feature on A (GJK2D_FEATURE_VERTEX / _EDGE / _NONE)
    int32_t feature_b;     ///< witness feature on B
    int32_t iterations;    ///< support searches performed
    gjk2d_status status;
    gjk2d_end end; ///< which termination case stopped GJK
} gjk2d_distance_result;

/// GJK distance between two shapes. `trace` may be NULL.
GJK2D_API gjk2d_status gjk2d_distance(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                      const gjk2d_pose *pose_b, gjk2d_distance_result *out, gjk2d_trace *trace);

/// Closest point on a shape to a point (GJK of the shape against a point). `out->point_a` is the
/// closest point on the shape, `out->point_b` = q.
GJK2D_API gjk2d_status gjk2d_closest_on_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, gjk2d_vec2 q,
                                              gjk2d_distance_result *out, gjk2d_trace *trace);

/// Result of a boolean overlap query.
typedef struct gjk2d_overlap_result {
    int32_t overlap;    ///< 1 if the shapes overlap
    int32_t iterations; ///< support searches performed
    gjk2d_status status;
} gjk2d_overlap_result;

/// GJK boolean overlap (processSimplex regions of the GJK-for-collision tutorial), stopping as soon as
/// the answer is known. Shapes with a radius fall back to the distance query (overlap iff its
/// signed_distance <= 0). Shapes that touch exactly may be reported either way.
GJK2D_API gjk2d_status gjk2d_overlap(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                     const gjk2d_pose *pose_b, gjk2d_overlap_result *out);

/// Result of the separating axis test.
typedef struct gjk2d_sat_result {
    int32_t overlap;   ///< 1 if separation <= 0
    float separation;  ///< max signed separation over the candidate axes, minus ra + rb;
                       ///< negative = penetration depth
    gjk2d_vec2 normal; ///< the axis of that separation, unit, from A to B (the minimum translation
                       ///< direction for B when overlapping); zero if no axis exists (two equal points)
    gjk2d_status status;
} gjk2d_sat_result;

/// Separating axis test. Candidate axes: the outward normal of every non-degenerate edge of A and of B
/// (a segment has two edges, a point none) and the direction between the closest pair of vertices.
/// With that last axis a positive separation is the exact core distance, and for overlapping
/// polygons the negative separation is the exact penetration depth.
GJK2D_API gjk2d_status gjk2d_sat(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                 const gjk2d_pose *pose_b, gjk2d_sat_result *out);

// ---------------------------------------------------------------------------------------------
// Batch API: shapes prepared once, poses and pairs every call
// ---------------------------------------------------------------------------------------------

/// Negative return codes of the batch calls. Nothing is written when one is returned.
enum {
    GJK2D_OK = 0,
    GJK2D_ERR_NULL = -1,           ///< a required pointer is NULL
    GJK2D_ERR_RANGE = -2,          ///< begin > end, end > pair count, or a count is negative
    GJK2D_ERR_PAIR_INDEX = -3,     ///< a pair names a shape outside [0, shape count)
    GJK2D_ERR_SHAPE_SPAN = -4,     ///< a shape's first/count reaches outside the vertex arrays
    GJK2D_ERR_ISA = -5,            ///< unknown instruction set, or one this CPU cannot run
    GJK2D_ERR_POSES = -6,          ///< fewer poses than shapes (a negative count included), a stride that is not
                                   ///< 0 or a positive multiple of 4, or an unknown position type
    GJK2D_ERR_SHAPES = -7,         ///< not a prepared shape set (or its memory was overwritten)
    GJK2D_ERR_MEMORY = -8,         ///< the memory given to gjk2d_shapes_prepare is smaller than gjk2d_shapes_size
    GJK2D_ERR_CUTOFF = -9,         ///< max_distance is NaN or negative
    GJK2D_ERR_CAST_ARGUMENT = -10, ///< the time of impact's target or tolerance is out of range
};

/// Message for a negative error code.
GJK2D_API const char *gjk2d_error_message(int code);

/// The geometry a shape set is prepared from: local-frame vertices, CCW per shape (1 = point,
/// 2 = segment, 3.. = polygon), and radii. The library copies it: these arrays may be freed after.
typedef struct gjk2d_geometry {
    const float *vx, *vy; ///< all vertices, vertex_count of each
    int64_t vertex_count;
    const int32_t *count; ///< vertex count of each shape
    const int32_t *first; ///< index of each shape's first vertex; NULL: each shape follows the previous one
    const float *radius;  ///< NULL: every radius is 0
    int32_t shape_count;
} gjk2d_geometry;

/// A prepared shape set: validated once, stored as the kernels load it. It lives inside the memory the
/// caller gave gjk2d_shapes_prepare, is read-only after it, and holds no pointer to anything else.
typedef struct gjk2d_shapes gjk2d_shapes;

/// Bytes gjk2d_shapes_prepare needs for this geometry (alignment slack included; an upper bound: shapes
/// with the same `first` and `count`, instances of one prototype, share one row), or a negative error
/// code (GJK2D_ERR_NULL, GJK2D_ERR_RANGE for a negative shape or vertex count or, when `first` is
/// NULL, a negative count, or vertex rows of more than 2^35 floats in all; GJK2D_ERR_SHAPE_SPAN).
GJK2D_API int64_t gjk2d_shapes_size(const gjk2d_geometry *geometry);

/// Validate every shape and build the set in `memory` (any alignment, `size` bytes, at least
/// gjk2d_shapes_size). `*shapes` receives the set; `problems` (may be NULL) each shape's gjk2d_problem;
/// `first_bad` (may be NULL) the first invalid shape or -1, or the shape named by GJK2D_ERR_SHAPE_SPAN.
/// Returns the number of invalid shapes (they stay in the set: their pairs get GJK2D_STATUS_INVALID),
/// or a negative error code, when nothing is written. Each vertex row is padded to a multiple of
/// GJK2D_ROW_MULTIPLE columns by repeating the shape's last vertex.
GJK2D_API int64_t gjk2d_shapes_prepare(const gjk2d_geometry *geometry, void *memory, int64_t size,
                                       const gjk2d_shapes **shapes, uint8_t *problems, int64_t *first_bad);

/// Column multiple of the prepared vertex rows.
#define GJK2D_ROW_MULTIPLE 8

/// Shape count of a set (0 for NULL).
GJK2D_API int32_t gjk2d_shapes_count(const gjk2d_shapes *shapes);
/// The problem found with shape k when the set was prepared (GJK2D_PROBLEM_COUNT for k out of range).
GJK2D_API gjk2d_problem gjk2d_shapes_problem(const gjk2d_shapes *shapes, int32_t k);
/// Bounding radius of shape k about its local origin, its radius included (NaN if it is invalid).
GJK2D_API float gjk2d_shapes_bound(const gjk2d_shapes *shapes, int32_t k);

/// Type of the position fields of gjk2d_poses.
typedef enum gjk2d_real {
    GJK2D_FLOAT32 = 0,
    GJK2D_FLOAT64 = 1, ///< large worlds: the relative pose of a pair is computed in double either way
} gjk2d_real;

/// Poses, one per shape (pose k moves shape k), passed to every batch call. Either separate arrays
/// (stride 0) or the fields of an array of records, such as an engine's own transform array, with
/// `stride` the record size in bytes and each pointer at the field of record 0:
///     gjk2d_poses p = {&xf[0].x, &xf[0].y, &xf[0].c, &xf[0].s, n, sizeof xf[0], GJK2D_FLOAT32};
typedef struct gjk2d_poses {
    const void *px, *py; ///< positions: float or double, as position_type says
    const float *c, *s;  ///< rotations: cos and sin of the angle
    int64_t count;       ///< poses available; at least the shape count
    int64_t stride;      ///< bytes from one pose to the next in every array; 0: each array packed
    gjk2d_real position_type;
} gjk2d_poses;

/// Check every pose with gjk2d_pose_problem's rule (the batch calls check the poses they use on every
/// call; this names the bad ones). `problems` (may be NULL) receives each pose's gjk2d_problem and
/// `first_bad` (may be NULL) the first bad pose or -1. Returns the number of bad poses or a negative
/// error code (GJK2D_ERR_RANGE for a negative count, GJK2D_ERR_POSES for a bad stride or position type).
GJK2D_API int64_t gjk2d_check_poses(const gjk2d_poses *poses, uint8_t *problems, int64_t *first_bad);

/// The pair list from the broadphase.
typedef struct gjk2d_pairs {
    const int32_t *a, *b;
    int64_t count;
} gjk2d_pairs;

/// Check a batch call's arguments the way every batch call does, in this order: the pointers, the set,
/// the range, the poses' pointers and layout, the pair pointers and the pair indices. Returns 0 or a negative code; `bad_pair` (may be NULL) receives the
/// index of the first offending pair (or -1).
GJK2D_API int gjk2d_check_batch(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                int64_t begin, int64_t end, int64_t *bad_pair);

/// Output arrays of a batch distance query, indexed by pair index; any pointer may be NULL to skip
/// the field. Points and normals in world frame (float, also for double positions).
typedef struct gjk2d_distance_out {
    float *distance;        ///< max(0, signed_distance)
    float *signed_distance; ///< core_distance - ra - rb (see gjk2d_distance_result)
    float *core_distance;
    float *ax, *ay;     ///< closest point on A
    float *bx, *by;     ///< closest point on B
    float *nx, *ny;     ///< unit normal A to B (zero when the cores overlap)
    int32_t *feature_a; ///< witness features (GJK2D_FEATURE_VERTEX / _EDGE / _NONE)
    int32_t *feature_b;
    int32_t *iterations;
    uint8_t *status; ///< gjk2d_status
} gjk2d_distance_out;

typedef struct gjk2d_overlap_out {
    uint8_t *overlap;
    int32_t *iterations;
    uint8_t *status;
} gjk2d_overlap_out;

typedef struct gjk2d_sat_out {
    uint8_t *overlap;
    float *separation;
    float *nx, *ny; ///< the separating / minimum-translation axis, A to B
    uint8_t *status;
} gjk2d_sat_out;

/// Batch queries over pairs [begin, end) of `pairs`. Results for pair k go to index k of each output
/// array, so several threads may each run a disjoint range of one batch into the same arrays.
/// Arguments are checked (gjk2d_check_batch) before anything is written; returns 0 or a negative
/// error code. A pair with an invalid shape gets GJK2D_STATUS_INVALID, a pair with a bad pose
/// GJK2D_STATUS_BAD_POSE (NaN floats, overlap 0, iterations 0, features NONE); every other pair is
/// computed. gjk2d_batch_distance over 32,768 pairs or more writes output arrays aligned to 64 bytes (and
/// a range starting at a multiple of 16 pairs) with streaming stores, which do not read the lines they
/// write into the caches first: faster for large batches (docs/design.md, "Streaming stores").
GJK2D_API int gjk2d_batch_distance(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, const gjk2d_distance_out *out);
GJK2D_API int gjk2d_batch_overlap(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                  int64_t begin, int64_t end, const gjk2d_overlap_out *out);
GJK2D_API int gjk2d_batch_sat(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                              int64_t begin, int64_t end, const gjk2d_sat_out *out);

// ---------------------------------------------------------------------------------------------
// Frame coherence: warm-started GJK and a distance cutoff
// ---------------------------------------------------------------------------------------------

/// GJK's final simplex for one pair, kept by the caller from one frame to the next (Box2D's
/// b2SimplexCache): the next query of the pair starts from it, which for bodies that moved a little
/// usually ends after one support search. A zeroed entry is a cold start. An entry is reused only if
/// its indices lie inside both shapes and its size (`metric`) changed by less than a factor 2;
/// otherwise the query starts cold. Distance and overlap share the format, so either query may warm
/// the other. A warm result may differ from a cold one only as two runs of GJK from different starts
/// may: another witness of equal distance on a tie, and the distance within the accuracy bound of
/// docs/accuracy.md; every ISA gives the same warm result bit for bit.
typedef struct gjk2d_cache {
    float metric;        ///< segment length (2 vertices) or twice the signed area (3) when written
    uint16_t count;      ///< cached vertices, 0..3; 0: a cold start
    uint16_t index_a[3]; ///< vertex indices on A
    uint16_t index_b[3]; ///< vertex indices on B
    uint16_t reserved;   ///< written as 0
} gjk2d_cache;

/// gjk2d_distance started from `cache` (may be NULL: cold) and writing the final simplex back to it,
/// with a cutoff: a pair proved farther apart than max_distance (>= 0; INFINITY for none) stops at
/// once with GJK2D_STATUS_BEYOND, distance = signed_distance = the lower bound that proved it (rounded
/// to float), the normal of the direction that proves it, NaN points and no features. The proof comes
/// first from the shapes' bounding circles (gjk2d_shapes_bound, about their local origins: 0
/// iterations, and the cache entry is left as it was), else from GJK's support points. Returns the status,
/// or GJK2D_STATUS_INVALID for NaN or negative max_distance (the cache is then left alone).
GJK2D_API gjk2d_status gjk2d_distance_cached(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                             const gjk2d_pose *pose_b, gjk2d_cache *cache, float max_distance,
                                             gjk2d_distance_result *out);

/// gjk2d_overlap started from `cache` (may be NULL: cold), writing the simplex that decided it back.
GJK2D_API gjk2d_status gjk2d_overlap_cached(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                            const gjk2d_pose *pose_b, gjk2d_cache *cache, gjk2d_overlap_result *out);

/// Batch distance and overlap with a cache entry per pair: cache[k] for pair k (same indexing as the
/// outputs), read then rewritten; the caller keeps the array from frame to frame with the pair list.
/// A pair that cannot be computed (invalid shape, bad pose) gets a zeroed entry. `cache` may be NULL
/// (cold starts). max_distance as in gjk2d_distance_cached (GJK2D_ERR_CUTOFF if NaN or negative).
GJK2D_API int gjk2d_batch_distance_cached(const gjk2d_shapes *shapes, const gjk2d_poses *poses,
                                          const gjk2d_pairs *pairs, int64_t begin, int64_t end, gjk2d_cache *cache,
                                          float max_distance, const gjk2d_distance_out *out);
GJK2D_API int gjk2d_batch_overlap_cached(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                         int64_t begin, int64_t end, gjk2d_cache *cache, const gjk2d_overlap_out *out);

// ---------------------------------------------------------------------------------------------
// Instruction sets
// ---------------------------------------------------------------------------------------------

/// Name of the implementation batch calls use now ("scalar", "portable", "sse41", "avx2", "avx512",
/// "neon"). Chosen once at first use: GJK2D_ISA if set, else auto, which runs each query on the
/// implementation measured fastest for it (about 1 ms, once per process, among the two highest this
/// build has and the CPU runs); then this names the distance query's. Every implementation gives
/// bit-identical results, so the choice changes only the speed.
GJK2D_API const char *gjk2d_isa(void);

/// Why the running implementation was chosen, e.g. "auto: measured fastest at first use of avx512 and
/// avx2: distance avx512, overlap avx2, sat avx512" or
/// "GJK2D_ISA=foo ignored (unknown name; ...); auto: ...". An unusable GJK2D_ISA is
/// reported here and nowhere else (the library never prints).
GJK2D_API const char *gjk2d_isa_reason(void);

/// Pairs per SIMD block of the running implementation (1 for scalar).
GJK2D_API int gjk2d_lane_width(void);

/// Force an implementation by name ("auto" = best available). Returns 0, or GJK2D_ERR_ISA for an unknown
/// name or one this CPU (or this build) cannot run. Not to be called while batch calls are running.
GJK2D_API int gjk2d_set_isa(const char *name);

/// Whether this build and CPU can run the named implementation.
GJK2D_API int gjk2d_isa_supported(const char *name);

// =============================================================================================
// Casts: shape cast, time of impact, ray cast and point queries
// =============================================================================================
// Single-pair calls validate their shapes and poses as the queries above do; batch calls take the prepared
// shape set, check their arguments (as gjk2d_check_batch does, plus the arrays of this section) before
// writing anything, and give an item with an invalid shape GJK2D_STATUS_INVALID and an item with a bad
// pose, translation, sweep or ray GJK2D_STATUS_BAD_POSE (NaN floats, state 0, iterations 0). The batch
// shape cast, ray cast and point query run SIMD kernels whose answers are the single-pair calls' bit for bit
// on every ISA; the batch time of impact runs the scalar reference item by item.
// docs/casts.md: the algorithms, the accuracy and how it is tested.

/// Iteration cap of the shape and ray cast (GJK ray cast): each iteration either advances along the
/// translation or adds a new support point; rounded shapes converge on their arcs in a few more.
#define GJK2D_CAST_ITERATION_CAP(na, nb) (2 * ((na) + (nb)) + 32)

/// Outer iterations (distance, then separating-axis root finding) of the time of impact.
#define GJK2D_TOI_ITERATION_CAP 64

/// Outcome of a shape cast or a ray cast.
typedef enum gjk2d_cast_state {
    GJK2D_CAST_MISS = 0,    ///< no contact within the translation: fraction 1 (a ray: its max_fraction), point
                            ///< and normal zero
    GJK2D_CAST_HIT = 1,     ///< first contact at `fraction` (0 when the shapes just touch at the start)
    GJK2D_CAST_OVERLAP = 2, ///< the shapes already overlap at the start (a ray's origin is inside the shape):
                            ///< fraction 0, point and normal of the distance query at the start
} gjk2d_cast_state;

/// Name of a cast state ("miss", "hit", "overlap").
GJK2D_API const char *gjk2d_cast_state_name(gjk2d_cast_state state);

/// Result of a shape cast or ray cast. World frame.
typedef struct gjk2d_cast_result {
    gjk2d_cast_state state;
    float fraction;      ///< of the translation at first contact, in [0, 1] (a ray: [0, max_fraction])
    gjk2d_vec2 point;    ///< contact point on A's (rounded) surface at that fraction (a ray: on the shape)
    gjk2d_vec2 normal;   ///< unit contact normal from A to B (a ray: the shape's outward normal at the hit)
    int32_t iterations;  ///< support searches performed
    gjk2d_status status; ///< OK, MAXITER (GJK2D_CAST_ITERATION_CAP reached: the fraction reached so far, a
                         ///< conservative one, with state HIT), INVALID or BAD_POSE
} gjk2d_cast_result;

/// Shape cast (van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous
/// Collision Detection", 2004; Box2D's b2ShapeCast): B, at pose_b, moves by `translation` (world frame)
/// relative to A, which stays at pose_a. Finds the first fraction of the translation at which the rounded
/// shapes touch (distance 0), within a tolerance (docs/casts.md). A translation that is not finite or
/// larger than GJK2D_MAX_COORDINATE gives GJK2D_STATUS_BAD_POSE.
GJK2D_API gjk2d_status gjk2d_shape_cast(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                        const gjk2d_pose *pose_b, gjk2d_vec2 translation, gjk2d_cast_result *out);

/// A ray: the points origin + f * translation for f in [0, max_fraction] (Box2D's b2RayCastInput with
/// p1 = origin, p2 = origin + translation).
typedef struct gjk2d_ray {
    gjk2d_vec2 origin;
    gjk2d_vec2 translation;
    float max_fraction; ///< >= 0, and max_fraction * |translation| <= GJK2D_MAX_COORDINATE
} gjk2d_ray;

/// Ray cast against a (possibly rounded) shape: a sharp polygon by clipping against its edges, a circle by
/// the ray's quadratic, any other shape as the shape cast of a point (docs/casts.md). An origin inside gives
/// GJK2D_CAST_OVERLAP (Box2D reports no hit there). A ray that is not finite or out of range gives
/// GJK2D_STATUS_BAD_POSE.
GJK2D_API gjk2d_status gjk2d_ray_cast(const gjk2d_shape *shape, const gjk2d_pose *pose, const gjk2d_ray *ray,
                                      gjk2d_cast_result *out);

/// Motion of a body over a step, as Box2D's b2Sweep: the centre of rotation moves linearly from c0 to c1
/// and the angle from a0 to a1; at time t in [0, 1] the pose rotates by a(t) about the centre c(t), so the
/// shape's local point local_center is at c(t). Angles in radians, |a| <= GJK2D_MAX_ANGLE.
typedef struct gjk2d_sweep {
    gjk2d_vec2 local_center; ///< centre of rotation in the shape's local frame
    gjk2d_vec2 c0, c1;       ///< world position of the centre at t = 0 and t = 1
    float a0, a1;            ///< angle at t = 0 and t = 1
} gjk2d_sweep;

/// Largest |angle| of a sweep: float angles this large still resolve a millionth of a turn.
#define GJK2D_MAX_ANGLE 1.0e3f

/// The pose of a sweep at time t (angle a0 + t (a1 - a0) and centre c0 + t (c1 - c0) in double; cos and
/// sin rounded to float): the pose every time of impact evaluates.
GJK2D_API gjk2d_pose gjk2d_sweep_pose(const gjk2d_sweep *sweep, float t);

/// Outcome of a time of impact query (Box2D's b2TOIOutput states).
typedef enum gjk2d_toi_state {
    GJK2D_TOI_SEPARATED = 0,  ///< the separation stays above target + tolerance over [0, 1]: t = 1
    GJK2D_TOI_HIT = 1,        ///< the separation reaches target within +-tolerance at t (t = 0: touching at the start)
    GJK2D_TOI_OVERLAPPED = 2, ///< the separation is below target - tolerance at t = 0: t = 0
    GJK2D_TOI_FAILED = 3,     ///< the iteration cap, or the root finder lost the root: t is the last safe time
} gjk2d_toi_state;

/// Name of a time of impact state ("separated", "hit", "overlapped", "failed").
GJK2D_API const char *gjk2d_toi_state_name(gjk2d_toi_state state);

/// Result of a time of impact query.
typedef struct gjk2d_toi_result {
    gjk2d_toi_state state;
    float t;             ///< time in [0, 1]; the shapes' separation is above target - tolerance on [0, t]
    float separation;    ///< distance between the rounded shapes at t (negative: only the rounded parts overlap)
    int32_t iterations;  ///< outer iterations (distance + separating-axis advancement)
    gjk2d_status status; ///< OK (FAILED is a state, not a status), INVALID or BAD_POSE
} gjk2d_toi_result;

/// Time of impact with rotation (Catto, "Continuous Collision", GDC 2013; Box2D's b2TimeOfImpact):
/// conservative advancement with separating-axis root finding, until the separation between the rounded
/// shapes is `target` within `tolerance` (tolerance > 0, both finite). GJK measures no depth, so the target
/// is raised where needed to keep the cores 4 tolerances apart: the core distance aimed at is
/// max(target + ra + rb, 4 tolerance), as Box2D 2.4.1 does with target + ra + rb = ra + rb - 3 linearSlop,
/// tolerance = linearSlop / 4 (linearSlop = 0.005). A sweep that is not finite or out of range gives
/// GJK2D_STATUS_BAD_POSE; a bad target or tolerance GJK2D_STATUS_INVALID (state FAILED, NaN t).
GJK2D_API gjk2d_status gjk2d_time_of_impact(const gjk2d_shape *a, const gjk2d_sweep *sweep_a, const gjk2d_shape *b,
                                            const gjk2d_sweep *sweep_b, float target, float tolerance,
                                            gjk2d_toi_result *out);

/// Result of a point query.
typedef struct gjk2d_point_result {
    int32_t inside;     ///< 1 if the point is in the rounded shape (distance 0), boundary included
    float distance;     ///< from the point to the rounded shape, 0 inside
    gjk2d_vec2 closest; ///< closest point of the rounded shape (the point itself inside)
    gjk2d_vec2 normal;  ///< unit, from the shape toward the point; zero when the point is inside the core
    gjk2d_status status;
} gjk2d_point_result;

/// Point query: closest point of a (possibly rounded) shape and the inside test. GJK of the shape against
/// the point (as gjk2d_closest_on_shape) finds the closest feature; the point is projected onto it in double
/// in the shape's frame (GJK's witness point slides along an edge much shorter than the distance).
/// A point that is not finite or out of range gives BAD_POSE.
GJK2D_API gjk2d_status gjk2d_point_query(const gjk2d_shape *shape, const gjk2d_pose *pose, gjk2d_vec2 q,
                                         gjk2d_point_result *out);

/// Output arrays of the batch shape and ray casts, indexed by item; any pointer may be NULL.
typedef struct gjk2d_cast_out {
    uint8_t *state; ///< gjk2d_cast_state
    float *fraction;
    float *px, *py; ///< contact point
    float *nx, *ny; ///< contact normal
    int32_t *iterations;
    uint8_t *status; ///< gjk2d_status
} gjk2d_cast_out;

/// Per-pair translations of B relative to A (world frame), indexed by pair index like the outputs.
typedef struct gjk2d_translations {
    const float *x, *y;
} gjk2d_translations;

/// Batch shape cast over pairs [begin, end): pair k casts shape b[k] by translation k against shape a[k].
/// Checks as gjk2d_check_batch, then the translation arrays (GJK2D_ERR_NULL).
GJK2D_API int gjk2d_batch_cast(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                               const gjk2d_translations *translations, int64_t begin, int64_t end,
                               const gjk2d_cast_out *out);

/// Rays, structure of arrays: ray k is cast against shape[k] at its pose.
typedef struct gjk2d_rays {
    const int32_t *shape;
    const float *ox, *oy;      ///< origins
    const float *dx, *dy;      ///< translations
    const float *max_fraction; ///< NULL: 1 for every ray
    int64_t count;
} gjk2d_rays;

/// Batch ray cast over rays [begin, end). Errors: GJK2D_ERR_NULL (a required array), GJK2D_ERR_SHAPES,
/// GJK2D_ERR_RANGE, GJK2D_ERR_POSES, GJK2D_ERR_PAIR_INDEX (a ray names a shape outside the set; `bad_item`
/// of gjk2d_check_items names it).
GJK2D_API int gjk2d_batch_ray(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays,
                              int64_t begin, int64_t end, const gjk2d_cast_out *out);

/// Query points, structure of arrays: point k is queried against shape[k] at its pose.
typedef struct gjk2d_points {
    const int32_t *shape;
    const float *x, *y;
    int64_t count;
} gjk2d_points;

/// Output arrays of the batch point query; any pointer may be NULL.
typedef struct gjk2d_point_out {
    uint8_t *inside;
    float *distance;
    float *cx, *cy; ///< closest point
    float *nx, *ny; ///< normal from the shape toward the point
    uint8_t *status;
} gjk2d_point_out;

/// Batch point query over points [begin, end). Errors as gjk2d_batch_ray.
GJK2D_API int gjk2d_batch_point(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points,
                                int64_t begin, int64_t end, const gjk2d_point_out *out);

/// Sweeps, one per shape (sweep k moves shape k), structure of arrays.
typedef struct gjk2d_sweeps {
    const float *lx, *ly; ///< local centres
    const float *x0, *y0; ///< centres at t = 0
    const float *x1, *y1; ///< centres at t = 1
    const float *a0, *a1; ///< angles
    int64_t count;        ///< at least the shape count
} gjk2d_sweeps;

/// Output arrays of the batch time of impact; any pointer may be NULL.
typedef struct gjk2d_toi_out {
    uint8_t *state; ///< gjk2d_toi_state
    float *t;
    float *separation;
    int32_t *iterations;
    uint8_t *status;
} gjk2d_toi_out;

/// Batch time of impact over pairs [begin, end) with one target and tolerance (see gjk2d_time_of_impact),
/// bit for bit its results on every ISA; the SIMD tables run the sweeps' distance queries in lanes, from a
/// queue of sweeps on the stack (about 32 KB; nothing is allocated).
/// Errors: GJK2D_ERR_NULL, GJK2D_ERR_SHAPES, GJK2D_ERR_RANGE, GJK2D_ERR_POSES (fewer sweeps than shapes),
/// GJK2D_ERR_PAIR_INDEX, GJK2D_ERR_CAST_ARGUMENT (tolerance not finite and > 0, or target not finite).
GJK2D_API int gjk2d_batch_toi(const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps, const gjk2d_pairs *pairs,
                              float target, float tolerance, int64_t begin, int64_t end, const gjk2d_toi_out *out);

/// Check the arguments of gjk2d_batch_ray / gjk2d_batch_point as they do: the set, the range, the poses,
/// the item arrays (`x`, `y`: the origins or points; `shape`) and each item's shape index. `bad_item` (may
/// be NULL) receives the first item naming a shape outside the set, or -1.
GJK2D_API int gjk2d_check_items(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const int32_t *shape,
                                const float *x, const float *y, int64_t count, int64_t begin, int64_t end,
                                int64_t *bad_item);

// =============================================================================================
// Contact manifolds (docs/manifold.md)
// =============================================================================================
// What a solver needs from a narrow phase: a normal, up to two contact points with their separations,
// and a feature id per point that persists while the same features touch, so impulses can be
// warm-started (Catto, "Contact Manifolds", GDC 2007; Box2D's b2Manifold). Every shape kind: polygons,
// segments and points, each with a radius (circles, capsules, rounded polygons).
//
// The reference face is the edge of A or B with the largest SAT separation (A's unless B's is larger by
// the face tolerance); the other shape's edge most opposed to it is the incident edge, clipped to the
// reference edge's side planes. When the cores are apart and no face separates them by nearly their
// distance (the closest features are two vertices, e.g. rounded corners), the contact is the one pair
// of GJK closest points. Points further apart than the margin are dropped.

/// Relative tolerance of the manifold's choices, times the pair's size (the sum of the cores' bounding-box
/// extents, max(width, height) each): B's face becomes the reference only when its separation exceeds
/// A's by more than this (so ids do not flicker between two nearly equal faces), and apart cores get a
/// face contact when that face's separation is within this of their distance. For two shapes of size 1,
/// about 4.9e-4 (Box2D 2.4.1 uses 0.1 * b2_linearSlop = 5e-4 m for shapes of about 1 m).
#define GJK2D_MANIFOLD_FACE_TOLERANCE 0x1p-12f

/// A contact's feature id: the features of A and B that make it (GJK2D_FEATURE_VERTEX / _EDGE). A point
/// from clipping is (reference edge, incident vertex) or, where a side plane cut the incident edge,
/// (reference vertex at that side, incident edge), told apart by the kind of each feature; a vertex contact
/// is (vertex, vertex). A face of several collinear edges (collinear or duplicated vertices) is one face,
/// named by its first edge. Which shape holds the reference face is not part of the id: a vertex of A on an edge
/// of B is one contact whether B's edge is the reference or A's vertex made a side plane (Box2D's ids agree).
#define GJK2D_CONTACT_ID(feature_a, feature_b) ((uint32_t)((feature_a) + 1) << 12 | (uint32_t)((feature_b) + 1))
#define GJK2D_CONTACT_ID_NONE 0xffffffffu
#define GJK2D_CONTACT_FEATURE_A(id) ((int32_t)((id) >> 12 & 0xfffu) - 1)
#define GJK2D_CONTACT_FEATURE_B(id) ((int32_t)((id)&0xfffu) - 1)

/// One contact point. Only the first `count` points of a result are contacts; the others have NaN
/// numbers and id GJK2D_CONTACT_ID_NONE.
typedef struct gjk2d_contact_point {
    gjk2d_vec2 point;    ///< world frame, midway between the two (rounded) surfaces
    gjk2d_vec2 anchor_a; ///< point - A's position (world orientation; more precise than `point` far from the origin)
    gjk2d_vec2 anchor_b; ///< point - B's position
    float separation;    ///< signed gap along the normal, radii included: negative = penetration
    uint32_t id;         ///< GJK2D_CONTACT_ID
} gjk2d_contact_point;

/// Result of a manifold query.
typedef struct gjk2d_manifold_result {
    gjk2d_vec2 normal; ///< unit, A to B: the reference face's normal; for count 0 the normal of a face
                       ///< that separates the shapes beyond the margin (A's first), else the GJK normal
                       ///< (the cores are then apart); the GJK normal for a vertex contact; A's +x axis
                       ///< for two coincident points
    gjk2d_contact_point points[2];
    int32_t count;       ///< 0, 1 or 2
    int32_t reference;   ///< 1 if B holds the reference face, else 0 (also for vertex contacts)
    gjk2d_status status; ///< OK, MAXITER (GJK's cap; the answer is still formed), INVALID, BAD_POSE
} gjk2d_manifold_result;

/// Contact manifold of one pair, the points within `margin` (a speculative distance, >= 0; 0 gives the
/// touching and overlapping contacts only) included. A margin that is negative, NaN, infinite or above
/// GJK2D_MAX_COORDINATE gives GJK2D_STATUS_INVALID; invalid shapes and bad poses as for gjk2d_distance.
/// On any error status: count 0, NaN numbers, ids NONE.
GJK2D_API gjk2d_status gjk2d_manifold(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                      const gjk2d_pose *pose_b, float margin, gjk2d_manifold_result *out);

/// Output arrays of a batch manifold query, indexed by pair index (point slot i in the arrays [i]); any
/// pointer may be NULL to skip the field.
typedef struct gjk2d_manifold_out {
    uint8_t *count;
    float *nx, *ny;                     ///< unit normal A to B
    uint8_t *reference;                 ///< 1 if B holds the reference face
    float *px[2], *py[2];               ///< contact points, world frame
    float *anchor_ax[2], *anchor_ay[2]; ///< point - A's position
    float *anchor_bx[2], *anchor_by[2]; ///< point - B's position
    float *separation[2];
    uint32_t *id[2];
    uint8_t *status;
} gjk2d_manifold_out;

/// Batch manifolds over pairs [begin, end), as the other batch calls (arguments checked by
/// gjk2d_check_batch before anything is written; a margin that gjk2d_manifold refuses gives
/// GJK2D_ERR_RANGE). A pair with an invalid shape gets GJK2D_STATUS_INVALID, a bad pose
/// GJK2D_STATUS_BAD_POSE: count 0, reference 0, NaN numbers, ids NONE. The SIMD kernels answer every kind of pair
/// in lanes, bit-identical to gjk2d_manifold; a pair whose polygon may have a straight or duplicated vertex goes
/// through the reference (docs/manifold.md).
GJK2D_API int gjk2d_batch_manifold(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, float margin, const gjk2d_manifold_out *out);

// =============================================================================================
// End of contact manifolds
// =============================================================================================

#ifdef __cplusplus
}
#endif

#endif
