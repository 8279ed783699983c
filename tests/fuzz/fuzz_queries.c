// libFuzzer target: the batch API fed arbitrary bytes as geometry, a prepared shape set, poses in every
// layout, pairs and a range.
//
// The bytes choose 0..8 shapes of 0..300 vertices (sometimes 1024, or counts and first indices out of
// range, or first == NULL), any floats (NaN, infinities, denormals, 1e-30 .. 1e38) or built convex
// shapes at any scale and position; poses as float SoA arrays, strided float records (fields in any
// order, any multiple-of-4 stride, overlapping records included) or double positions (SoA or records,
// misaligned doubles included) holding any double (non-float values, 1e300, values on both sides of
// 1e15, large world offsets), rotations that are not rotations, fewer poses than shapes, bad strides
// and position types; 0..64 pairs naming shapes in or out of range, and a [begin, end) that may be
// wrong. Every array, the prepared set's memory included (at any alignment), is a heap block of exactly
// its documented length, so AddressSanitizer catches any access outside it. Checked:
// - gjk2d_shapes_size and gjk2d_shapes_prepare return what the header documents (a model of the rules
//   below), name the right shape, write nothing on an error (also with one byte too little memory), and
//   agree with gjk2d_validate_shape shape by shape; gjk2d_shapes_count / _problem / _bound agree;
// - gjk2d_check_poses names exactly the poses gjk2d_pose_problem's rule (modelled here from the header)
//   calls bad; gjk2d_check_batch returns what the header documents for these arguments, names the right
//   pair, and rejects memory that is not a prepared set (GJK2D_ERR_SHAPES, through its magic);
// - on an argument error every batch call returns the same code and writes nothing;
// - otherwise every implementation this CPU runs (gjk2d_set_isa) gives results bit-identical to the
//   scalar reference on every field of every pair of the range, writes nothing outside the range,
//   reports exactly the pairs with an invalid shape as invalid and then exactly those with a bad pose as
//   bad-pose (NaN floats, overlap 0, iterations 0, features NONE), and finite, consistent results for
//   the others (distance = max(0, signed distance), features on the shapes);
// - every pose layout holding the same numbers gives the same bits; shifting every position by a large
//   power of two (exactly, in double) changes no relative result; the scalar batch equals the
//   single-pair calls bit for bit.
// Garbage inside a prepared set's memory is the caller's contract (not fuzzed): only the magic is.
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "gjk2d.h"

enum { MAX_SHAPES = 8, MAX_PAIRS = 64, MAX_BUILT = 300, SENTINEL = 0xAB };

static void fail(const char *what) { fz_fail("fuzz_queries", what); }

// ---------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------

enum { NFLOAT = 12, NINT = 4, NBYTE = 5 };

/// Output arrays of all three queries, each of exactly `n` elements.
typedef struct outs {
    float *f[NFLOAT];  ///< distance: dist, signed, core, ax, ay, bx, by, nx, ny; sat: sep, snx, sny
    int32_t *i[NINT];  ///< distance: iterations, feature_a, feature_b; overlap: iterations
    uint8_t *b[NBYTE]; ///< distance status; overlap, its status; sat overlap, its status
} outs;

enum { F_DIST, F_SIGNED, F_CORE, F_AX, F_AY, F_BX, F_BY, F_NX, F_NY, F_SEP, F_SNX, F_SNY };
enum { I_IT, I_FA, I_FB, I_OIT };
enum { B_ST, B_OV, B_OST, B_SOV, B_SST };

static void outs_alloc(outs *o, size_t n) {
    for (int k = 0; k < NFLOAT; k++) memset(o->f[k] = fz_block(n, sizeof(float)), SENTINEL, n * sizeof(float));
    for (int k = 0; k < NINT; k++) memset(o->i[k] = fz_block(n, sizeof(int32_t)), SENTINEL, n * sizeof(int32_t));
    for (int k = 0; k < NBYTE; k++) memset(o->b[k] = fz_block(n, 1), SENTINEL, n);
}

static void outs_free(outs *o) {
    for (int k = 0; k < NFLOAT; k++) free(o->f[k]);
    for (int k = 0; k < NINT; k++) free(o->i[k]);
    for (int k = 0; k < NBYTE; k++) free(o->b[k]);
}

/// Run the three queries; every call must return `want`.
static void run_all(const gjk2d_shapes *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                    int64_t end, const outs *o, int want) {
    gjk2d_distance_out d = {o->f[F_DIST], o->f[F_SIGNED], o->f[F_CORE], o->f[F_AX], o->f[F_AY], o->f[F_BX], o->f[F_BY],
                            o->f[F_NX],   o->f[F_NY],     o->i[I_FA],   o->i[I_FB], o->i[I_IT], o->b[B_ST]};
    gjk2d_overlap_out v = {o->b[B_OV], o->i[I_OIT], o->b[B_OST]};
    gjk2d_sat_out s = {o->b[B_SOV], o->f[F_SEP], o->f[F_SNX], o->f[F_SNY], o->b[B_SST]};
    if (gjk2d_batch_distance(set, poses, pairs, begin, end, &d) != want) fail("batch_distance return code");
    if (gjk2d_batch_overlap(set, poses, pairs, begin, end, &v) != want) fail("batch_overlap return code");
    if (gjk2d_batch_sat(set, poses, pairs, begin, end, &s) != want) fail("batch_sat return code");
    // A NULL output struct is refused before anything else is looked at.
    if (gjk2d_batch_distance(set, poses, pairs, begin, end, NULL) != GJK2D_ERR_NULL ||
        gjk2d_batch_overlap(set, poses, pairs, begin, end, NULL) != GJK2D_ERR_NULL ||
        gjk2d_batch_sat(set, poses, pairs, begin, end, NULL) != GJK2D_ERR_NULL)
        fail("NULL output struct not reported");
}

/// Whether pair k of o is still the sentinel in every field.
static int untouched(const outs *o, int64_t k) {
    const uint8_t s[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
    for (int i = 0; i < NFLOAT; i++)
        if (memcmp(&o->f[i][k], s, 4) != 0) return 0;
    for (int i = 0; i < NINT; i++)
        if (memcmp(&o->i[i][k], s, 4) != 0) return 0;
    for (int i = 0; i < NBYTE; i++)
        if (o->b[i][k] != SENTINEL) return 0;
    return 1;
}

/// Bit-identity of pair k, every field, or only the fields that do not depend on world positions.
static int same_pair(const outs *x, const outs *y, int64_t k, int relative_only) {
    for (int i = 0; i < NFLOAT; i++) {
        int world = i == F_AX || i == F_AY || i == F_BX || i == F_BY;
        if (!(relative_only && world) && !fz_same(x->f[i][k], y->f[i][k])) return 0;
    }
    for (int i = 0; i < NINT; i++)
        if (x->i[i][k] != y->i[i][k]) return 0;
    for (int i = 0; i < NBYTE; i++)
        if (x->b[i][k] != y->b[i][k]) return 0;
    return 1;
}

// ---------------------------------------------------------------------------------------------
// Geometry and the prepared set: the header's rules, modelled
// ---------------------------------------------------------------------------------------------

static int in_range(int32_t n) { return n >= 1 && n <= GJK2D_MAX_VERTICES; }

/// gjk2d_shapes_size's documented errors, shape by shape in order (bad: the shape of a span error).
static int64_t expected_plan(const gjk2d_geometry *g, int64_t *bad) {
    *bad = -1;
    if (g->shape_count < 0 || g->vertex_count < 0) return GJK2D_ERR_RANGE;
    if (g->shape_count > 0 && (!g->count || (g->vertex_count > 0 && (!g->vx || !g->vy)))) return GJK2D_ERR_NULL;
    int64_t next = 0;
    for (int32_t k = 0; k < g->shape_count; k++) {
        int32_t n = g->count[k];
        if (!g->first && n < 0) return GJK2D_ERR_RANGE; // "when first is NULL, a negative count"
        int64_t f = g->first ? g->first[k] : next;
        next = f + (n > 0 ? n : 0);
        // A count out of range is a shape problem: its vertices are never read.
        if (in_range(n) && (f < 0 || f + n > g->vertex_count)) {
            *bad = k;
            return GJK2D_ERR_SHAPE_SPAN;
        }
    }
    return GJK2D_OK;
}

/// Start of shape k's vertices (the geometry passed expected_plan).
static int64_t first_of(const gjk2d_geometry *g, int32_t k) {
    if (g->first) return g->first[k];
    int64_t at = 0;
    for (int32_t i = 0; i < k; i++) at += g->count[i] > 0 ? g->count[i] : 0;
    return at;
}

/// Shape k as a single-pair shape, vertices copied to buf.
static gjk2d_shape shape_of(const gjk2d_geometry *g, int32_t k, gjk2d_vec2 *buf) {
    int64_t f = first_of(g, k);
    for (int32_t i = 0; in_range(g->count[k]) && i < g->count[k]; i++)
        buf[i] = (gjk2d_vec2){g->vx[f + i], g->vy[f + i]};
    gjk2d_shape s = {buf, g->count[k], g->radius ? g->radius[k] : 0.0f};
    return s;
}

/// The problem gjk2d_validate_shape finds with shape k's geometry (no pose).
static gjk2d_problem geometry_problem(const gjk2d_geometry *g, int32_t k) {
    static gjk2d_vec2 buf[GJK2D_MAX_VERTICES];
    if (!in_range(g->count[k])) return GJK2D_PROBLEM_COUNT;
    gjk2d_shape s = shape_of(g, k, buf);
    int32_t vertex = -2;
    gjk2d_problem p = gjk2d_validate_shape(&s, NULL, &vertex);
    if (vertex < -1 || vertex >= s.count) fail("validate_shape: vertex index out of range");
    return p;
}

/// gjk2d_shapes_bound's documented value: the largest |vertex| plus the radius, never rounded down.
static void check_bound(const gjk2d_geometry *g, const gjk2d_shapes *set, int32_t k, int valid) {
    float bound = gjk2d_shapes_bound(set, k);
    if (!valid) {
        if (!isnan(bound)) fail("shapes_bound: an invalid shape's bound is not NaN");
        return;
    }
    static gjk2d_vec2 buf[GJK2D_MAX_VERTICES];
    gjk2d_shape s = shape_of(g, k, buf);
    double r2 = 0.0;
    for (int32_t i = 0; i < s.count; i++) r2 = fmax(r2, (double)buf[i].x * buf[i].x + (double)buf[i].y * buf[i].y);
    double exact = sqrt(r2) + s.radius;
    // The library takes the same square root in double; 4 double roundings of slack below, and one
    // float rounding up (plus one for the double sum) above: relative, or the denormal spacing 2^-149.
    if (!((double)bound >= exact * (1.0 - 4.0 * DBL_EPSILON)) ||
        !((double)bound <= exact * (1.0 + 2.0 * FLT_EPSILON) + 0x1p-149)) {
        fprintf(stderr, "shape %d: bound %a, max |v| + r = %a (radius %a, %d vertices)\n", k, bound, exact, s.radius,
                s.count);
        fail("shapes_bound: not the bounding radius rounded up");
    }
}

/// A copy of the geometry's arrays in blocks of their own (freed right after preparing: the library
/// "copies it: these arrays may be freed after", which ASan then holds it to).
typedef struct geometry_copy {
    gjk2d_geometry g;
    void *mem[5];
} geometry_copy;

static void *dup_block(const void *src, int64_t n, size_t size) {
    if (!src) return NULL;
    void *p = fz_block(n > 0 ? (size_t)n : 0, size);
    memcpy(p, src, n > 0 ? (size_t)n * size : 0);
    return p;
}

static void geometry_dup(geometry_copy *c, const gjk2d_geometry *g) {
    c->g = *g;
    int32_t ns = g->shape_count;
    c->g.vx = c->mem[0] = dup_block(g->vx, g->vertex_count, sizeof(float));
    c->g.vy = c->mem[1] = dup_block(g->vy, g->vertex_count, sizeof(float));
    c->g.count = c->mem[2] = dup_block(g->count, ns, sizeof(int32_t));
    c->g.first = c->mem[3] = dup_block(g->first, ns, sizeof(int32_t));
    c->g.radius = c->mem[4] = dup_block(g->radius, ns, sizeof(float));
}

static void geometry_drop(geometry_copy *c) {
    for (int i = 0; i < 5; i++) free(c->mem[i]);
}

/// prepare()'s work on the copy `g` of `orig`.
static const gjk2d_shapes *prepare_from(const gjk2d_geometry *g, const gjk2d_geometry *orig, int shift, void **mem,
                                        uint8_t *problems) {
    int64_t want_bad, want = expected_plan(g, &want_bad);
    int64_t size = gjk2d_shapes_size(g);
    if (want != GJK2D_OK) {
        if (size != want) fail("shapes_size: wrong error code");
    } else if (size < 64) {
        fail("shapes_size: an error or too small for the set's header");
    }
    if (gjk2d_shapes_size(NULL) != GJK2D_ERR_NULL) fail("shapes_size: NULL geometry not reported");
    int32_t ns = g->shape_count > 0 ? g->shape_count : 0;
    int64_t first_bad = 77;
    const gjk2d_shapes *set = NULL;
    *mem = NULL;
    if (want != GJK2D_OK) {
        char small[128];
        memset(small, SENTINEL, sizeof small);
        memset(problems, SENTINEL, (size_t)ns);
        int64_t rc = gjk2d_shapes_prepare(g, small, sizeof small, &set, problems, &first_bad);
        if (rc != want || first_bad != want_bad) fail("shapes_prepare: wrong error, or the wrong shape named");
        for (int32_t k = 0; k < ns; k++)
            if (problems[k] != SENTINEL) fail("shapes_prepare: problems written on an error");
        for (size_t i = 0; i < sizeof small; i++)
            if ((uint8_t)small[i] != SENTINEL) fail("shapes_prepare: memory written on an error");
        if (set) fail("shapes_prepare: a set returned on an error");
        return NULL;
    }
    // One byte too little: GJK2D_ERR_MEMORY, nothing written.
    char *base = fz_block((size_t)size + (size_t)shift, 1);
    memset(base, SENTINEL, (size_t)size + (size_t)shift);
    memset(problems, SENTINEL, (size_t)ns);
    if (gjk2d_shapes_prepare(g, base + shift, size - 1, &set, problems, &first_bad) != GJK2D_ERR_MEMORY ||
        first_bad != -1 || set)
        fail("shapes_prepare: memory smaller than shapes_size accepted");
    for (int64_t i = 0; i < size + shift; i++)
        if ((uint8_t)base[i] != SENTINEL) fail("shapes_prepare: memory written on GJK2D_ERR_MEMORY");
    for (int32_t k = 0; k < ns; k++)
        if (problems[k] != SENTINEL) fail("shapes_prepare: problems written on GJK2D_ERR_MEMORY");
    if (gjk2d_shapes_prepare(g, NULL, size, &set, problems, NULL) != GJK2D_ERR_NULL ||
        gjk2d_shapes_prepare(g, base + shift, size, NULL, problems, NULL) != GJK2D_ERR_NULL)
        fail("shapes_prepare: NULL memory or result not reported");
    // The real one, into exactly `size` bytes at any alignment (ASan: nothing outside them).
    free(base);
    base = fz_block((size_t)size + (size_t)shift, 1);
    int64_t invalid = gjk2d_shapes_prepare(g, base + shift, size, &set, problems, &first_bad);
    int64_t n_invalid = 0, first = -1;
    for (int32_t k = 0; k < ns; k++) {
        gjk2d_problem p = geometry_problem(orig, k);
        if (problems[k] != p || gjk2d_shapes_problem(set, k) != p) fail("shapes_prepare and validate_shape disagree");
        check_bound(orig, set, k, p == GJK2D_PROBLEM_NONE);
        if (p != GJK2D_PROBLEM_NONE && !n_invalid++) first = k;
    }
    if (invalid != n_invalid || first_bad != first)
        fail("shapes_prepare: wrong count of invalid shapes, or the wrong first one");
    if (!set || gjk2d_shapes_count(set) != ns || gjk2d_shapes_count(NULL) != 0) fail("shapes_count");
    if (gjk2d_shapes_problem(set, -1) != GJK2D_PROBLEM_COUNT || gjk2d_shapes_problem(set, ns) != GJK2D_PROBLEM_COUNT ||
        gjk2d_shapes_problem(NULL, 0) != GJK2D_PROBLEM_COUNT || !isnan(gjk2d_shapes_bound(set, ns)))
        fail("shapes_problem / shapes_bound out of range");
    *mem = base;
    return set;
}

/// Prepare the set (from a copy of the geometry, freed after) into a block of exactly `size` bytes at
/// offset `shift` of an allocation, checking everything the header promises. Returns the set or NULL
/// (an error, checked); *mem receives the block.
static const gjk2d_shapes *prepare(const gjk2d_geometry *orig, int shift, void **mem, uint8_t *problems) {
    geometry_copy copy;
    geometry_dup(&copy, orig);
    const gjk2d_shapes *set = prepare_from(&copy.g, orig, shift, mem, problems);
    geometry_drop(&copy);
    return set;
}

// ---------------------------------------------------------------------------------------------
// Poses in every layout
// ---------------------------------------------------------------------------------------------

enum { L_FLOAT_SOA, L_FLOAT_RECORDS, L_DOUBLE_SOA, L_DOUBLE_RECORDS };

/// The numbers of every pose: float values from fz_pose, and the double positions of double layouts.
typedef struct pose_values {
    float fx[MAX_SHAPES + 3], fy[MAX_SHAPES + 3], c[MAX_SHAPES + 3], s[MAX_SHAPES + 3];
    double dx[MAX_SHAPES + 3], dy[MAX_SHAPES + 3];
} pose_values;

/// A double position: mostly the float value, else a value no float holds, a magnitude out of float's
/// range, one on either side of 1e15, a non-finite one, or a large world offset.
static double fz_position(fuzz_reader *r, float f) {
    uint8_t m = fz_byte(r);
    if (m < 150) return f;
    if (m < 190) // between floats: a tiny relative offset
        return (double)f * (1.0 + ldexp((int8_t)fz_byte(r), -30 - fz_byte(r) % 20)) + ldexp((int8_t)fz_byte(r), -60);
    if (m < 215) {
        static const double odd[] = {1e300,
                                     -1e300,
                                     4e38,
                                     -4e38,
                                     1e15,
                                     -1e15,
                                     1.0000000000001e15,
                                     1.00000003e15,
                                     999999986991104.0,
                                     1000000054099968.0,
                                     1000000020545536.0,
                                     1000000020545537.0,
                                     NAN,
                                     INFINITY,
                                     -INFINITY,
                                     4.9e-324};
        return odd[fz_byte(r) % 16];
    }
    return (double)f + ldexp(1.0, 20 + fz_byte(r) % 30) * ((fz_byte(r) & 1) ? -1.0 : 1.0); // a large world
}

/// A poses struct over caller storage: `stride` for records, the field offsets in a record.
typedef struct pose_storage {
    void *mem[4];
    gjk2d_poses p;
} pose_storage;

static void storage_free(pose_storage *st) {
    for (int i = 0; i < 4; i++) free(st->mem[i]);
    memset(st, 0, sizeof *st);
}

/// Lay out `count` poses: packed arrays (stride 0) of exactly `count` elements, or records of `stride`
/// bytes whose fields sit at the offsets `order` gives, in one block that ends with the last field.
static void lay_out(pose_storage *st, const pose_values *v, int64_t count, int layout, int64_t stride, uint8_t order) {
    memset(st, 0, sizeof *st);
    int dbl = layout == L_DOUBLE_SOA || layout == L_DOUBLE_RECORDS;
    size_t psize = dbl ? 8 : 4;
    if (layout == L_FLOAT_SOA || layout == L_DOUBLE_SOA) {
        for (int i = 0; i < 4; i++) st->mem[i] = fz_block((size_t)count, i < 2 ? psize : 4);
        for (int64_t k = 0; k < count; k++) {
            if (dbl) {
                ((double *)st->mem[0])[k] = v->dx[k];
                ((double *)st->mem[1])[k] = v->dy[k];
            } else {
                ((float *)st->mem[0])[k] = v->fx[k];
                ((float *)st->mem[1])[k] = v->fy[k];
            }
            ((float *)st->mem[2])[k] = v->c[k];
            ((float *)st->mem[3])[k] = v->s[k];
        }
        st->p = (gjk2d_poses){
            st->mem[0], st->mem[1], st->mem[2], st->mem[3], count, 0, dbl ? GJK2D_FLOAT64 : GJK2D_FLOAT32};
        return;
    }
    // Field offsets: positions first or rotation first, x before y or after.
    size_t rot = order & 1 ? 0 : 2 * psize, pos = order & 1 ? 8 : 0;
    size_t off[4] = {pos + (order & 2 ? psize : 0), pos + (order & 2 ? 0 : psize), rot, rot + 4};
    size_t end = 2 * psize + 8; // the record's fields
    size_t bytes = count > 0 ? (size_t)(count - 1) * (size_t)stride + end : 1;
    char *rec = fz_block(bytes, 1);
    memset(rec, 0, bytes);
    st->mem[0] = rec;
    // Records may overlap (a stride below the fields' size is legal): later records win, as they would in
    // an array laid out that way.
    for (int64_t k = 0; k < count; k++) {
        char *r = rec + k * stride;
        if (dbl) {
            memcpy(r + off[0], &v->dx[k], 8);
            memcpy(r + off[1], &v->dy[k], 8);
        } else {
            memcpy(r + off[0], &v->fx[k], 4);
            memcpy(r + off[1], &v->fy[k], 4);
        }
        memcpy(r + off[2], &v->c[k], 4);
        memcpy(r + off[3], &v->s[k], 4);
    }
    st->p = (gjk2d_poses){rec + off[0], rec + off[1], (const float *)(rec + off[2]),      (const float *)(rec + off[3]),
                          count,        stride,       dbl ? GJK2D_FLOAT64 : GJK2D_FLOAT32};
}

/// Pose k as the library must read it (an independent reading of the documented layout).
static void read_pose(const gjk2d_poses *p, int64_t k, double *x, double *y, float *c, float *s) {
    int64_t fs = p->stride ? p->stride : 4, ds = p->stride ? p->stride : 8;
    memcpy(c, (const char *)p->c + k * fs, 4);
    memcpy(s, (const char *)p->s + k * fs, 4);
    if (p->position_type == GJK2D_FLOAT64) {
        memcpy(x, (const char *)p->px + k * ds, 8);
        memcpy(y, (const char *)p->py + k * ds, 8);
    } else {
        float fx, fy;
        memcpy(&fx, (const char *)p->px + k * fs, 4);
        memcpy(&fy, (const char *)p->py + k * fs, 4);
        *x = fx, *y = fy;
    }
}

/// Whether pose k's position is a float's (the single-pair calls take float poses).
static int float_positions(const gjk2d_poses *p, int64_t k) {
    double x, y;
    float c, s;
    read_pose(p, k, &x, &y, &c, &s);
    return (isnan(x) || (double)(float)x == x) && (isnan(y) || (double)(float)y == y);
}

/// gjk2d_pose_problem's rule as the header words it: the four numbers finite, then the position within
/// GJK2D_MAX_COORDINATE after rounding to float, then |c*c + s*s - 1| <= GJK2D_ROTATION_TOLERANCE in float.
static gjk2d_problem expected_pose_problem(double x, double y, float c, float s) {
    if (!isfinite(x) || !isfinite(y) || !isfinite(c) || !isfinite(s)) return GJK2D_PROBLEM_NONFINITE;
    if (!(fabsf((float)x) <= GJK2D_MAX_COORDINATE) || !(fabsf((float)y) <= GJK2D_MAX_COORDINATE))
        return GJK2D_PROBLEM_MAGNITUDE;
    float dev = (c * c + s * s) - 1.0f;
    if (!(fabsf(dev) <= GJK2D_ROTATION_TOLERANCE)) return GJK2D_PROBLEM_ROTATION;
    return GJK2D_PROBLEM_NONE;
}

static int layout_ok(const gjk2d_poses *p, int64_t needed) {
    return p->count >= needed && p->stride >= 0 && p->stride % 4 == 0 &&
           (p->position_type == GJK2D_FLOAT32 || p->position_type == GJK2D_FLOAT64);
}

/// gjk2d_check_poses against the rule, pose by pose; returns the expected problem of each pose in `want`.
static void check_poses(const gjk2d_poses *p, uint8_t *want) {
    uint8_t got[MAX_SHAPES + 3];
    memset(got, SENTINEL, sizeof got);
    int64_t first_bad = 77, rc = gjk2d_check_poses(p, got, &first_bad);
    int pointers = p->count <= 0 || (p->px && p->py && p->c && p->s);
    if (!pointers || p->count < 0 || !layout_ok(p, 0)) {
        int64_t code = !pointers ? GJK2D_ERR_NULL : p->count < 0 ? GJK2D_ERR_RANGE : GJK2D_ERR_POSES;
        if (rc != code || first_bad != -1) fail("check_poses: wrong error code");
        for (size_t k = 0; k < sizeof got; k++)
            if (got[k] != SENTINEL) fail("check_poses: problems written on an error");
        return;
    }
    int64_t bad = 0, first = -1;
    for (int64_t k = 0; k < p->count; k++) {
        double x, y;
        float c, s;
        read_pose(p, k, &x, &y, &c, &s);
        want[k] = (uint8_t)expected_pose_problem(x, y, c, s);
        if (got[k] != want[k]) fail("check_poses: a pose's problem differs from the documented rule");
        if (want[k] != GJK2D_PROBLEM_NONE && !bad++) first = k;
        if (p->position_type == GJK2D_FLOAT32) {
            gjk2d_pose q = {(float)x, (float)y, c, s};
            if (gjk2d_pose_problem(&q) != want[k]) fail("pose_problem differs from the documented rule");
        }
    }
    if (rc != bad || first_bad != first) fail("check_poses: wrong count of bad poses, or the wrong first one");
    if (gjk2d_check_poses(NULL, NULL, NULL) != GJK2D_ERR_NULL) fail("check_poses: NULL not reported");
}

// ---------------------------------------------------------------------------------------------
// Batch calls
// ---------------------------------------------------------------------------------------------

/// gjk2d_check_batch's rules (include/gjk2d.h): pointers, the set's magic, the range, the poses' pointers
/// and layout, the pair pointers, then pair by pair the indices. The header lists the poses' layout
/// before the range; where both are wrong, the library reports the range (reported).
static int expected_check(int set_ok, int32_t ns, const gjk2d_poses *po, const gjk2d_pairs *q, int64_t begin,
                          int64_t end, int64_t *bad) {
    *bad = -1;
    if (!set_ok) return GJK2D_ERR_SHAPES;
    if (q->count < 0 || begin < 0 || begin > end || end > q->count) return GJK2D_ERR_RANGE;
    if (ns > 0 && (!po->px || !po->py || !po->c || !po->s)) return GJK2D_ERR_NULL;
    if (!layout_ok(po, ns)) return GJK2D_ERR_POSES;
    if (end > begin && (!q->a || !q->b)) return GJK2D_ERR_NULL;
    for (int64_t k = begin; k < end; k++)
        if (q->a[k] < 0 || q->a[k] >= ns || q->b[k] < 0 || q->b[k] >= ns) {
            *bad = k;
            return GJK2D_ERR_PAIR_INDEX;
        }
    return GJK2D_OK;
}

/// Memory that is not a prepared set (any bytes but the magic): GJK2D_ERR_SHAPES from every call.
static void check_not_a_set(fuzz_reader *r, const gjk2d_poses *poses, const gjk2d_pairs *pairs) {
    uint64_t *junk = fz_block(8, sizeof(uint64_t)); // 64 bytes: as large as a set's header
    for (int i = 0; i < 8; i++) junk[i] = (uint64_t)fz_u32(r) << 32 | fz_u32(r);
    if (junk[0] == 0x676a6b3264736574ull) // the magic ("gjk2dset"): that would be a set
        junk[0] ^= 1;
    const gjk2d_shapes *fake = (const gjk2d_shapes *)junk;
    int64_t bad = 77;
    if (gjk2d_check_batch(fake, poses, pairs, 0, 0, &bad) != GJK2D_ERR_SHAPES || bad != -1)
        fail("check_batch accepted memory that is not a prepared set");
    gjk2d_distance_out d = {0};
    gjk2d_overlap_out v = {0};
    gjk2d_sat_out s = {0};
    if (gjk2d_batch_distance(fake, poses, pairs, 0, 0, &d) != GJK2D_ERR_SHAPES ||
        gjk2d_batch_overlap(fake, poses, pairs, 0, 0, &v) != GJK2D_ERR_SHAPES ||
        gjk2d_batch_sat(fake, poses, pairs, 0, 0, &s) != GJK2D_ERR_SHAPES)
        fail("a batch call accepted memory that is not a prepared set");
    free(junk);
}

/// A feature of a shape of `count` vertices: a vertex or an edge it has (a point has no edge).
static int feature_ok(int32_t f, int32_t count) {
    return f >= 0 && GJK2D_FEATURE_INDEX(f) < count && !(count == 1 && GJK2D_FEATURE_IS_EDGE(f));
}

/// Per-pair outcome rules: an invalid shape gives `invalid`, else a bad pose `bad-pose`, both with NaN
/// floats, overlap 0, iterations 0 and no features; the others a finite, consistent answer.
static void check_outcome(const outs *o, int64_t k, gjk2d_status want, int32_t na, int32_t nb) {
    if (want != GJK2D_STATUS_OK) {
        for (int i = 0; i < NFLOAT; i++)
            if (!isnan(o->f[i][k])) fail("invalid or bad-pose pair: a float output is not NaN");
        if (o->b[B_ST][k] != want || o->b[B_OST][k] != want || o->b[B_SST][k] != want)
            fail(want == GJK2D_STATUS_INVALID ? "invalid shape not reported" : "bad pose not reported");
        if (o->b[B_OV][k] != 0 || o->b[B_SOV][k] != 0 || o->i[I_IT][k] != 0 || o->i[I_OIT][k] != 0)
            fail("invalid or bad-pose pair: overlap or iterations not 0");
        if (o->i[I_FA][k] != GJK2D_FEATURE_NONE || o->i[I_FB][k] != GJK2D_FEATURE_NONE)
            fail("invalid or bad-pose pair: a feature");
        return;
    }
    for (int i = B_ST; i < NBYTE; i += 2)
        if (o->b[i][k] != GJK2D_STATUS_OK && o->b[i][k] != GJK2D_STATUS_MAXITER)
            fail("valid pair with good poses reported invalid or bad-pose");
    const float dist = o->f[F_DIST][k], sd = o->f[F_SIGNED][k], core = o->f[F_CORE][k];
    for (int i = 0; i < NFLOAT; i++)
        if (!isfinite(o->f[i][k]) && !(dist <= 1e-18f)) fail("valid pair gave a non-finite result");
    // (NaN closest points of shapes within ~1e-18, where squared lengths are denormal, are an open
    // finding of fuzz_pair, reported; the bit-identity across ISAs is still checked for them.)
    if (!(dist >= 0.0f) || !(core >= 0.0f)) fail("negative distance");
    if (!isnan(sd) && (dist != (sd > 0.0f ? sd : 0.0f) || !(sd <= core)))
        fail("distance is not max(0, signed distance), or signed distance above the core distance");
    if (o->b[B_OV][k] > 1 || o->b[B_SOV][k] > 1) fail("overlap not 0 or 1");
    if (o->i[I_IT][k] < 0 || o->i[I_OIT][k] < 0) fail("negative iteration count");
    int32_t fa = o->i[I_FA][k], fb = o->i[I_FB][k];
    if ((fa != GJK2D_FEATURE_NONE && !feature_ok(fa, na)) || (fb != GJK2D_FEATURE_NONE && !feature_ok(fb, nb)))
        fail("a witness feature not on its shape");
    // Apart as the library decides it: a non-zero normal (cores apart by less than float's smallest denormal
    // have a zero core distance and a normal: fuzz_pair).
    int apart = o->f[F_NX][k] != 0.0f || o->f[F_NY][k] != 0.0f;
    if (isfinite(core) &&
        (apart != (fa != GJK2D_FEATURE_NONE) || apart != (fb != GJK2D_FEATURE_NONE) || (core > 0.0f && !apart)))
        fail("witness features present exactly when the cores are apart: not so");
}

/// The single-pair calls on pair k (float poses) must equal the scalar batch's outputs bit for bit.
static void check_single(const gjk2d_geometry *g, const gjk2d_poses *po, int32_t ia, int32_t ib, const outs *o,
                         int64_t k) {
    static gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_shape a = shape_of(g, ia, va), b = shape_of(g, ib, vb);
    double x, y;
    gjk2d_pose pa, pb;
    read_pose(po, ia, &x, &y, &pa.c, &pa.s);
    pa.px = (float)x, pa.py = (float)y;
    read_pose(po, ib, &x, &y, &pb.c, &pb.s);
    pb.px = (float)x, pb.py = (float)y;
    gjk2d_distance_result r;
    gjk2d_overlap_result v;
    gjk2d_sat_result s;
    gjk2d_distance(&a, &pa, &b, &pb, &r, NULL);
    gjk2d_overlap(&a, &pa, &b, &pb, &v);
    gjk2d_sat(&a, &pa, &b, &pb, &s);
    const float want[NFLOAT] = {r.distance,  r.signed_distance, r.core_distance, r.point_a.x,  r.point_a.y, r.point_b.x,
                                r.point_b.y, r.normal.x,        r.normal.y,      s.separation, s.normal.x,  s.normal.y};
    for (int i = 0; i < NFLOAT; i++)
        if (!fz_same(want[i], o->f[i][k])) fail("scalar batch differs from the single-pair calls (a float field)");
    if (r.iterations != o->i[I_IT][k] || r.feature_a != o->i[I_FA][k] || r.feature_b != o->i[I_FB][k] ||
        (uint8_t)r.status != o->b[B_ST][k])
        fail("scalar batch distance differs from gjk2d_distance");
    if (v.overlap != o->b[B_OV][k] || v.iterations != o->i[I_OIT][k] || (uint8_t)v.status != o->b[B_OST][k])
        fail("scalar batch overlap differs from gjk2d_overlap");
    if (s.overlap != o->b[B_SOV][k] || (uint8_t)s.status != o->b[B_SST][k])
        fail("scalar batch sat differs from gjk2d_sat");
}

/// Every ISA on [begin, end) must give `ref`'s bits and write nothing outside the range.
static void check_isas(const gjk2d_shapes *set, const gjk2d_poses *po, const gjk2d_pairs *pairs, int64_t begin,
                       int64_t end, const outs *ref) {
    size_t n = (size_t)pairs->count;
    for (int i = 1; i < FZ_NISA; i++) {
        if (gjk2d_set_isa(fz_isa_names[i]) != 0) continue;
        outs got;
        outs_alloc(&got, n);
        run_all(set, po, pairs, begin, end, &got, GJK2D_OK);
        for (int64_t k = 0; k < pairs->count; k++) {
            if (k < begin || k >= end) {
                if (!untouched(&got, k)) fail("a pair outside [begin, end) was written");
            } else if (!same_pair(&got, ref, k, 0)) {
                fprintf(stderr, "isa %s, layout stride %lld type %d, pair %lld\n", fz_isa_names[i],
                        (long long)po->stride, po->position_type, (long long)k);
                fail("implementation not bit-identical to the scalar reference");
            }
        }
        outs_free(&got);
    }
    gjk2d_set_isa("scalar");
}

/// Whether a + b is exact in double (Knuth's two-sum: the rounding error of the sum is zero).
static int exact_sum(double a, double b) {
    double s = a + b, bb = s - a;
    return (a - (s - bb)) + (b - bb) == 0.0;
}

// ---------------------------------------------------------------------------------------------
// The input
// ---------------------------------------------------------------------------------------------

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_reader r = {data, size};
    uint8_t flags = fz_byte(&r);
    int32_t ns = fz_byte(&r) % (MAX_SHAPES + 1);

    // Counts: mostly the fast path (1..16), sometimes up to 300 or exactly 1024, sometimes out of range.
    int32_t *count = fz_block((size_t)ns, sizeof(int32_t)), *first = fz_block((size_t)ns, sizeof(int32_t));
    int64_t total = 0;
    for (int32_t k = 0; k < ns; k++) {
        uint8_t m = fz_byte(&r);
        if (m < 170)
            count[k] = 1 + m % 16;
        else if (m < 230)
            count[k] = 17 + fz_u16(&r) % (MAX_BUILT - 16);
        else {
            static const int32_t odd[] = {0,    -1,        GJK2D_MAX_VERTICES, GJK2D_MAX_VERTICES + 1,
                                          2000, INT32_MAX, INT32_MIN,          3};
            count[k] = odd[m % 8];
        }
        first[k] = (int32_t)total;
        if (in_range(count[k])) total += count[k];
    }
    // The vertex arrays are exactly vertex_count long; a shape may also claim a span outside them.
    int64_t nv = total;
    if (flags & 1) nv -= fz_byte(&r) % 3; // the last shapes' spans may now overflow
    if (nv < 0) nv = 0;
    float *vx = fz_block((size_t)nv, sizeof(float)), *vy = fz_block((size_t)nv, sizeof(float));
    float *radius = fz_block((size_t)ns, sizeof(float));
    pose_values pv;
    memset(&pv, 0, sizeof pv);
    static float bx[GJK2D_MAX_VERTICES], by[GJK2D_MAX_VERTICES];
    for (int32_t k = 0; k < ns; k++) {
        int32_t n = in_range(count[k]) ? count[k] : 0;
        fz_vertices(&r, n, bx, by, 1);
        for (int32_t i = 0; i < n; i++)
            if (first[k] + i < nv) {
                vx[first[k] + i] = bx[i];
                vy[first[k] + i] = by[i];
            }
        radius[k] = fz_radius(&r);
        gjk2d_pose p = fz_pose(&r);
        pv.fx[k] = p.px, pv.fy[k] = p.py, pv.c[k] = p.c, pv.s[k] = p.s;
        if (fz_byte(&r) >= 244) { // a first index that is not where the shape's vertices are
            static const int32_t odd[] = {-1, INT32_MIN, INT32_MAX, 1, 0, 7, 100, 2};
            int32_t f = odd[fz_byte(&r) % 8];
            first[k] = f == 100 ? (int32_t)(nv - count[k] + 1) : f;
        }
    }

    // The SAT is O(na nb): many 1024-gon pairs through every ISA under ASan trip the hang timeout (a slow
    // input, not a hang; the cost is in docs/robustness.md, Fuzzing). With a 1024-gon in the set a few
    // pairs are enough.
    int big = 0;
    for (int32_t k = 0; k < ns; k++) big |= count[k] > MAX_BUILT && count[k] <= GJK2D_MAX_VERTICES;
    int64_t np = fz_byte(&r) % ((big ? 4 : MAX_PAIRS) + 1);
    int32_t *pa = fz_block((size_t)np, sizeof(int32_t)), *pb = fz_block((size_t)np, sizeof(int32_t));
    for (int64_t k = 0; k < np; k++) {
        uint8_t m = fz_byte(&r);
        int32_t span = ns > 0 ? ns : 1;
        pa[k] = m < 250 ? fz_byte(&r) % span : (m < 252 ? ns : (m < 254 ? -1 : (int32_t)fz_u32(&r)));
        m = fz_byte(&r);
        pb[k] = m < 250 ? fz_byte(&r) % span : (m < 252 ? ns : (m < 254 ? -1 : (int32_t)fz_u32(&r)));
    }
    int64_t begin = 0, end = np;
    if (flags & 2) {
        begin = (int64_t)(fz_byte(&r) % (np + 3)) - 1;
        end = (int64_t)(fz_byte(&r) % (np + 3)) - 1;
    }

    gjk2d_geometry geom = {vx, vy, nv, count, first, (flags & 4) ? NULL : radius, ns};
    gjk2d_pairs pairs = {pa, pb, np};
    if (flags & 8) { // a negative count
        uint8_t m = fz_byte(&r);
        if (m & 1)
            geom.shape_count = -1 - (m >> 1);
        else
            pairs.count = -1;
    }
    int null_pose = -1;
    if (flags & 16) { // one pointer missing (a NULL `first` is legal: each shape follows the previous one)
        uint8_t m = fz_byte(&r) % 10;
        const void **geo[] = {(const void **)&geom.vx, (const void **)&geom.vy, (const void **)&geom.first,
                              (const void **)&geom.count};
        if (m < 4)
            *geo[m] = NULL;
        else if (m < 8)
            null_pose = m - 4;
        else
            *(m == 8 ? &pairs.a : &pairs.b) = NULL;
    }

    // Bytes added with the per-frame API come last, so the seed corpus of the previous format still reads
    // as it did (running out of bytes reads zeros: float SoA poses, the set at offset 0).
    uint8_t lay = fz_byte(&r), shift = fz_byte(&r) % 64, pose_flags = fz_byte(&r);
    int layout = lay & 3;
    int64_t pcount = ns;                                 // poses available
    if (pose_flags & 1) pcount += (pose_flags >> 4) % 4; // more poses than shapes is fine
    if (pose_flags & 2) pcount -= 1 + (pose_flags >> 6); // fewer: GJK2D_ERR_POSES
    if (pcount < 0) pcount = (pose_flags & 4) ? pcount : 0;
    for (int64_t k = ns; k < pcount && k < MAX_SHAPES + 3; k++) { // the extra poses are identities
        pv.fx[k] = pv.fy[k] = pv.s[k] = 0.0f;
        pv.c[k] = 1.0f;
    }
    for (int64_t k = 0; k < pcount && k < MAX_SHAPES + 3; k++) {
        pv.dx[k] = fz_position(&r, pv.fx[k]);
        pv.dy[k] = fz_position(&r, pv.fy[k]);
    }
    if (lay >= 224) // odd strides, over records (packed arrays are too short for a stride)
        layout |= 1;
    int64_t rec = layout == L_DOUBLE_RECORDS ? 24 : 16;
    int64_t stride = layout == L_FLOAT_RECORDS || layout == L_DOUBLE_RECORDS ? rec + 4 * ((lay >> 2) % 4) : 0;
    if (lay >= 224) // a stride below the record's size (overlapping records, legal) or one that is not
        stride = (int64_t)((lay >> 2) % 8) * 2 - 2; // -2 .. 12: not a multiple of 4, negative, or small
    pose_storage ps;
    lay_out(&ps, &pv, pcount > 0 ? pcount : 0, layout, stride > 0 ? stride : rec, (uint8_t)(lay >> 4));
    gjk2d_poses poses = ps.p;
    poses.count = pcount;
    poses.stride = stride;
    if ((pose_flags & 8) && (pose_flags & 0x30) == 0x30)
        poses.position_type = (gjk2d_real)(2 + (pose_flags >> 6)); // unknown position type
    if (null_pose >= 0) {
        const void **pp[] = {&poses.px, &poses.py, (const void **)&poses.c, (const void **)&poses.s};
        *pp[null_pose] = NULL;
    }
    // The prepared set.
    uint8_t *problems = fz_block((size_t)(ns > 0 ? ns : 0), 1);
    void *mem = NULL;
    const gjk2d_shapes *set = prepare(&geom, shift, &mem, problems);
    uint8_t pose_problem[MAX_SHAPES + 3];
    memset(pose_problem, GJK2D_PROBLEM_NONE, sizeof pose_problem);
    check_poses(&poses, pose_problem);
    check_not_a_set(&r, &poses, &pairs);

    int64_t bad_pair = 77, want_bad;
    int want = set ? expected_check(1, ns, &poses, &pairs, begin, end, &want_bad) : GJK2D_ERR_NULL;
    if (!set) want_bad = -1;
    if (gjk2d_check_batch(set, &poses, &pairs, begin, end, &bad_pair) != want || bad_pair != want_bad)
        fail("check_batch does not match its documentation");

    size_t nout = (size_t)(np > 0 ? np : 0);
    outs ref;
    outs_alloc(&ref, nout);
    if (want != GJK2D_OK) {
        for (int i = 0; i < FZ_NISA; i++) {
            if (gjk2d_set_isa(fz_isa_names[i]) != 0) continue;
            run_all(set, &poses, &pairs, begin, end, &ref, want);
            for (int64_t k = 0; k < np; k++)
                if (!untouched(&ref, k)) fail("a batch call that returned an error wrote an output");
        }
    } else {
        gjk2d_set_isa("scalar");
        run_all(set, &poses, &pairs, begin, end, &ref, GJK2D_OK);
        for (int64_t k = 0; k < np; k++) {
            if (k < begin || k >= end) {
                if (!untouched(&ref, k)) fail("a pair outside [begin, end) was written");
                continue;
            }
            int32_t a = pa[k], b = pb[k];
            gjk2d_status st =
                problems[a] != GJK2D_PROBLEM_NONE || problems[b] != GJK2D_PROBLEM_NONE           ? GJK2D_STATUS_INVALID
                : pose_problem[a] != GJK2D_PROBLEM_NONE || pose_problem[b] != GJK2D_PROBLEM_NONE ? GJK2D_STATUS_BAD_POSE
                                                                                                 : GJK2D_STATUS_OK;
            check_outcome(&ref, k, st, count[a], count[b]);
            if (in_range(count[a]) && in_range(count[b]) && float_positions(&poses, a) && float_positions(&poses, b))
                check_single(&geom, &poses, a, b, &ref, k);
        }
        check_isas(set, &poses, &pairs, begin, end, &ref);

        // The numbers the library reads (odd strides read records as other numbers), and whether every
        // position is a float (NaN included): then every layout can hold them.
        pose_values seen;
        int exact = 1;
        for (int64_t k = 0; k < pcount; k++) {
            read_pose(&poses, k, &seen.dx[k], &seen.dy[k], &seen.c[k], &seen.s[k]);
            exact &= (isnan(seen.dx[k]) || (double)(float)seen.dx[k] == seen.dx[k]) &&
                     (isnan(seen.dy[k]) || (double)(float)seen.dy[k] == seen.dy[k]);
            seen.fx[k] = (float)seen.dx[k], seen.fy[k] = (float)seen.dy[k];
        }

        // The same numbers in another layout give the same bits.
        if (exact || layout >= L_DOUBLE_SOA) {
            int other =
                exact ? (layout + 1 + (lay >> 6) % 3) % 4 : (layout == L_DOUBLE_SOA ? L_DOUBLE_RECORDS : L_DOUBLE_SOA);
            pose_storage os;
            lay_out(&os, &seen, pcount, other, other == L_DOUBLE_RECORDS ? 24 : 16, lay);
            outs got;
            outs_alloc(&got, nout);
            run_all(set, &os.p, &pairs, begin, end, &got, GJK2D_OK);
            for (int64_t k = begin; k < end; k++)
                if (!same_pair(&got, &ref, k, 0)) fail("the same poses in another layout gave other bits");
            outs_free(&got);
            storage_free(&os);
        }

        // Every position shifted by the same power of two, exactly: the relative results must not move.
        if (pose_flags & 128) {
            double shift_by = ldexp(1.0, 10 + (pose_flags >> 1) % 31);
            pose_values sv = seen;
            uint8_t movable[MAX_SHAPES + 3];
            for (int64_t k = 0; k < pcount; k++) {
                sv.dx[k] = seen.dx[k] + shift_by, sv.dy[k] = seen.dy[k] + shift_by;
                movable[k] = pose_problem[k] == GJK2D_PROBLEM_NONE && exact_sum(seen.dx[k], shift_by) &&
                             exact_sum(seen.dy[k], shift_by) && fabs(seen.dx[k]) < 1e14 && fabs(seen.dy[k]) < 1e14;
            }
            pose_storage os;
            lay_out(&os, &sv, pcount, L_DOUBLE_SOA, 0, 0);
            outs got;
            outs_alloc(&got, nout);
            run_all(set, &os.p, &pairs, begin, end, &got, GJK2D_OK);
            for (int64_t k = begin; k < end; k++)
                if (movable[pa[k]] && movable[pb[k]] && !same_pair(&got, &ref, k, 1)) {
                    fprintf(stderr, "pair %lld shifted by %g\n", (long long)k, shift_by);
                    fail("a relative result changed when every position moved by the same exact offset");
                }
            outs_free(&got);
            storage_free(&os);
        }
        gjk2d_set_isa("auto");
    }

    outs_free(&ref);
    storage_free(&ps);
    free(mem);
    free(problems);
    free(pa);
    free(pb);
    free(vx);
    free(vy);
    free(radius);
    free(count);
    free(first);
    return 0;
}
