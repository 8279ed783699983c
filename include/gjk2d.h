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
#define GJK2D_VERSION_STRING "0.2.0"

/// The version of the library actually linked, e.g. "0.2.0" (GJK2D_VERSION_STRING is the header's).
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
    int32_t count;  ///< 1 = point, 2 = segment, 3..GJK2D_MAX_VERTICES = polygon
    float radius;   ///< >= 0; rounds the shape
} gjk2d_shape;

/// Per-pair outcome of a query.
typedef enum gjk2d_status {
    GJK2D_STATUS_OK = 0,      ///< the answer is converged
    GJK2D_STATUS_MAXITER = 1, ///< GJK reached GJK2D_ITERATION_CAP; outputs are its last simplex's answer
    GJK2D_STATUS_INVALID = 2, ///< a shape of the pair failed validation; float outputs are NaN
    GJK2D_STATUS_BAD_POSE = 3, ///< a pose of the pair is not finite, not a rotation or out of range
                               ///< (gjk2d_pose_problem); float outputs are NaN
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
#define GJK2D_FEATURE_IS_EDGE(f) ((f) >= 0 && ((f) & 1))
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

/// Name of a status ("ok", "maxiter", "invalid", "bad-pose"), end ("repeated-support", ...) or region ("A", "AB", ...).
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
    GJK2D_PROBLEM_COUNT = 1,       ///< count < 1 or count > GJK2D_MAX_VERTICES
    GJK2D_PROBLEM_NONFINITE = 2,   ///< a vertex or pose number is NaN or infinite
    GJK2D_PROBLEM_MAGNITUDE = 3,   ///< a vertex or position is larger than GJK2D_MAX_COORDINATE
    GJK2D_PROBLEM_ROTATION = 4,    ///< |c*c + s*s - 1| > GJK2D_ROTATION_TOLERANCE: not a rotation
    GJK2D_PROBLEM_RADIUS = 5,      ///< radius negative, NaN, infinite or larger than GJK2D_MAX_COORDINATE
    GJK2D_PROBLEM_CLOCKWISE = 6,   ///< negative signed area: vertices are clockwise
    GJK2D_PROBLEM_REFLEX = 7,      ///< a vertex turns clockwise: the polygon is not convex
    GJK2D_PROBLEM_WINDING = 8,     ///< every turn is counter-clockwise but the boundary winds more than once
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
/// vertices written in decimal still count as collinear.
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
    int32_t count;            ///< 1, 2 or 3 vertices (after culling)
    int32_t index_a[3];       ///< vertex index on A of each simplex vertex
    int32_t index_b[3];       ///< vertex index on B
    gjk2d_vec2 point_a[3];    ///< support point on A's core
    gjk2d_vec2 point_b[3];    ///< support point on B's core
    gjk2d_vec2 w[3];          ///< Minkowski-difference point point_b - point_a
    float weight[3];          ///< barycentric weight of each vertex for the closest point
    gjk2d_vec2 closest;       ///< closest point of the simplex to the origin (Minkowski space)
    gjk2d_vec2 direction;     ///< search direction computed from this simplex (zero if none: overlap ends)
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
    gjk2d_end end;         ///< which termination case stopped GJK
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
    int32_t overlap;     ///< 1 if the shapes overlap
    int32_t iterations;  ///< support searches performed
    gjk2d_status status;
} gjk2d_overlap_result;

/// GJK boolean overlap (processSimplex regions of the GJK-for-collision tutorial), stopping as soon as
/// the answer is known. Shapes with a radius fall back to the distance query (overlap iff its
/// signed_distance <= 0). Shapes that touch exactly may be reported either way.
GJK2D_API gjk2d_status gjk2d_overlap(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                           const gjk2d_pose *pose_b, gjk2d_overlap_result *out);

/// Result of the separating axis test.
typedef struct gjk2d_sat_result {
    int32_t overlap;     ///< 1 if separation <= 0
    float separation;    ///< max signed separation over the candidate axes, minus ra + rb;
                         ///< negative = penetration depth
    gjk2d_vec2 normal;   ///< the axis of that separation, unit, from A to B (the minimum translation
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
    GJK2D_ERR_NULL = -1,        ///< a required pointer is NULL
    GJK2D_ERR_RANGE = -2,       ///< begin > end, end > pair count, or a count is negative
    GJK2D_ERR_PAIR_INDEX = -3,  ///< a pair names a shape outside [0, shape count)
    GJK2D_ERR_SHAPE_SPAN = -4,  ///< a shape's first/count reaches outside the vertex arrays
    GJK2D_ERR_ISA = -5,         ///< unknown instruction set, or one this CPU cannot run
    GJK2D_ERR_POSES = -6,       ///< fewer poses than shapes (a negative count included), a stride that is not
                                ///< 0 or a positive multiple of 4, or an unknown position type
    GJK2D_ERR_SHAPES = -7,      ///< not a prepared shape set (or its memory was overwritten)
    GJK2D_ERR_MEMORY = -8,      ///< the memory given to gjk2d_shapes_prepare is smaller than gjk2d_shapes_size
};

/// Message for a negative error code.
GJK2D_API const char *gjk2d_error_message(int code);

/// The geometry a shape set is prepared from: local-frame vertices, CCW per shape (1 = point,
/// 2 = segment, 3.. = polygon), and radii. The library copies it: these arrays may be freed after.
typedef struct gjk2d_geometry {
    const float *vx, *vy;   ///< all vertices, vertex_count of each
    int64_t vertex_count;
    const int32_t *count;   ///< vertex count of each shape
    const int32_t *first;   ///< index of each shape's first vertex; NULL: each shape follows the previous one
    const float *radius;    ///< NULL: every radius is 0
    int32_t shape_count;
} gjk2d_geometry;

/// A prepared shape set: validated once, stored as the kernels load it. It lives inside the memory the
/// caller gave gjk2d_shapes_prepare, is read-only after it, and holds no pointer to anything else.
typedef struct gjk2d_shapes gjk2d_shapes;

/// Bytes gjk2d_shapes_prepare needs for this geometry (alignment slack included; an upper bound: shapes
/// with the same `first` and `count`, instances of one prototype, share one row), or a negative error
/// code (GJK2D_ERR_NULL, GJK2D_ERR_RANGE for a negative shape or vertex count or, when `first` is
/// NULL, a negative count; GJK2D_ERR_SHAPE_SPAN).
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
    const void *px, *py;       ///< positions: float or double, as position_type says
    const float *c, *s;        ///< rotations: cos and sin of the angle
    int64_t count;             ///< poses available; at least the shape count
    int64_t stride;            ///< bytes from one pose to the next in every array; 0: each array packed
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
    float *ax, *ay;         ///< closest point on A
    float *bx, *by;         ///< closest point on B
    float *nx, *ny;         ///< unit normal A to B (zero when the cores overlap)
    int32_t *feature_a;     ///< witness features (GJK2D_FEATURE_VERTEX / _EDGE / _NONE)
    int32_t *feature_b;
    int32_t *iterations;
    uint8_t *status;        ///< gjk2d_status
} gjk2d_distance_out;

typedef struct gjk2d_overlap_out {
    uint8_t *overlap;
    int32_t *iterations;
    uint8_t *status;
} gjk2d_overlap_out;

typedef struct gjk2d_sat_out {
    uint8_t *overlap;
    float *separation;
    float *nx, *ny;        ///< the separating / minimum-translation axis, A to B
    uint8_t *status;
} gjk2d_sat_out;

/// Batch queries over pairs [begin, end) of `pairs`. Results for pair k go to index k of each output
/// array, so several threads may each run a disjoint range of one batch into the same arrays.
/// Arguments are checked (gjk2d_check_batch) before anything is written; returns 0 or a negative
/// error code. A pair with an invalid shape gets GJK2D_STATUS_INVALID, a pair with a bad pose
/// GJK2D_STATUS_BAD_POSE (NaN floats, overlap 0, iterations 0, features NONE); every other pair is
/// computed.
GJK2D_API int gjk2d_batch_distance(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, const gjk2d_distance_out *out);
GJK2D_API int gjk2d_batch_overlap(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                  int64_t begin, int64_t end, const gjk2d_overlap_out *out);
GJK2D_API int gjk2d_batch_sat(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                              int64_t begin, int64_t end, const gjk2d_sat_out *out);

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
#define GJK2D_CONTACT_FEATURE_B(id) ((int32_t)((id) & 0xfffu) - 1)

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
    gjk2d_vec2 normal;              ///< unit, A to B: the reference face's normal, or the GJK normal for a vertex
                                    ///< contact and for count 0 (the cores are then apart); A's +x axis for two
                                    ///< coincident points
    gjk2d_contact_point points[2];
    int32_t count;                  ///< 0, 1 or 2
    int32_t reference;              ///< 1 if B holds the reference face, else 0 (also for vertex contacts)
    gjk2d_status status;            ///< OK, MAXITER (GJK's cap; the answer is still formed), INVALID, BAD_POSE
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
    float *nx, *ny;                      ///< unit normal A to B
    uint8_t *reference;                  ///< 1 if B holds the reference face
    float *px[2], *py[2];                ///< contact points, world frame
    float *anchor_ax[2], *anchor_ay[2];  ///< point - A's position
    float *anchor_bx[2], *anchor_by[2];  ///< point - B's position
    float *separation[2];
    uint32_t *id[2];
    uint8_t *status;
} gjk2d_manifold_out;

/// Batch manifolds over pairs [begin, end), as the other batch calls (arguments checked by
/// gjk2d_check_batch before anything is written; a margin that gjk2d_manifold refuses gives
/// GJK2D_ERR_RANGE). A pair with an invalid shape gets GJK2D_STATUS_INVALID, a bad pose
/// GJK2D_STATUS_BAD_POSE: count 0, reference 0, NaN numbers, ids NONE. Every ISA runs the scalar
/// reference for now.
GJK2D_API int gjk2d_batch_manifold(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, float margin, const gjk2d_manifold_out *out);

// =============================================================================================
// End of contact manifolds
// =============================================================================================

#ifdef __cplusplus
}
#endif

#endif
