// SPDX-License-Identifier: MIT
// Prepared shape sets: the geometry validated once and copied into the caller's memory as the kernels
// load it (shapes.h), and the pose checks that name bad poses.
#include <math.h>
#include <string.h>

#include "kernels.h"
#include "ref/ref.h"

#define ALIGN 64

typedef struct layout {
    int64_t count, row, radius, bound, least_turn, problem, lane_head, rows,
        seen;       ///< byte offsets from the aligned base
    int64_t floats; ///< floats in the rows, at most
    int seen_bits;  ///< log2 of the slots of `seen` (0: none)
    int64_t bytes;  ///< from the aligned base to the end
} layout;

static int64_t round_up(int64_t x) { return (x + ALIGN - 1) / ALIGN * ALIGN; }

/// Whether shape k has a row: its count is in range.
static int has_row(int32_t n) { return n >= 1 && n <= GJK2D_MAX_VERTICES; }

/// Checks the geometry's arrays and spans and computes where everything goes. Returns 0 or an error
/// code (bad_shape: the shape a GJK2D_ERR_SHAPE_SPAN is about).
static int plan(const gjk2d_geometry *g, layout *l, int64_t *bad_shape) {
    *bad_shape = -1;
    if (!g) return GJK2D_ERR_NULL;
    if (g->shape_count < 0 || g->vertex_count < 0) return GJK2D_ERR_RANGE;
    if (g->shape_count > 0 && (!g->count || (g->vertex_count > 0 && (!g->vx || !g->vy)))) return GJK2D_ERR_NULL;
    int64_t floats = 0, next = 0;
    for (int32_t k = 0; k < g->shape_count; ++k) {
        const int32_t n = g->count[k];
        if (!g->first && n < 0) return GJK2D_ERR_RANGE;
        const int64_t f = g->first ? g->first[k] : next;
        next = f + (n > 0 ? n : 0);
        if (!has_row(n)) continue;
        if (f < 0 || f + n > g->vertex_count || !g->vx) {
            *bad_shape = k;
            return GJK2D_ERR_SHAPE_SPAN;
        }
        floats += 2 * (int64_t)gjk2d__row_cols(n);
    }
    if (floats / GJK2D_ROW_UNIT > INT32_MAX) return GJK2D_ERR_RANGE; // a lane head's 32-bit row start
    const int64_t ns = g->shape_count;
    l->count = round_up((int64_t)sizeof(struct gjk2d_shapes));
    l->row = l->count + round_up(ns * (int64_t)sizeof(int32_t));
    l->radius = l->row + round_up(ns * (int64_t)sizeof(int64_t));
    l->bound = l->radius + round_up(ns * (int64_t)sizeof(float));
    l->least_turn = l->bound + round_up(ns * (int64_t)sizeof(float));
    l->problem = l->least_turn + round_up(ns * (int64_t)sizeof(float));
    l->lane_head = l->problem + round_up(ns);
    l->rows = l->lane_head + round_up(ns * (int64_t)sizeof(gjk2d__lane_head));
    l->floats = floats;
    // With `first`, shapes may share vertices (instances of one prototype): `seen` is a hash table of
    // (first, count) that gives them one row, at least twice as many slots as shapes. Only
    // gjk2d_shapes_prepare uses it.
    l->seen = l->rows + round_up(floats * (int64_t)sizeof(float));
    l->seen_bits = 0;
    if (g->first && ns > 0)
        while (((int64_t)1 << l->seen_bits) < 2 * ns || l->seen_bits < 4) l->seen_bits++;
    l->bytes = l->seen + (l->seen_bits ? ((int64_t)1 << l->seen_bits) * (int64_t)sizeof(int32_t) : 0);
    return GJK2D_OK;
}

int64_t gjk2d_shapes_size(const gjk2d_geometry *geometry) {
    layout l;
    int64_t bad;
    const int rc = plan(geometry, &l, &bad);
    return rc ? rc : l.bytes + ALIGN - 1; // any alignment of the caller's memory
}

/// Smallest float at least x (bounds must never shrink in rounding).
static float float_up(double x) {
    float f = (float)x;
    return (double)f < x ? nextafterf(f, INFINITY) : f;
}

/// Largest float at most x.
static float float_down(double x) {
    float f = (float)x;
    return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

/// A polygon's least turn relative to its edges, for the manifold kernel's screen of straight and duplicated
/// vertices (mf_maybe_straight in src/simd/manifold_tmpl.h, where the bound it must exceed is derived): the
/// least over the vertices of min(|cross(e1, e2)| / s, s / 4), e1 and e2 the edges into and out of the
/// vertex and s = |e1|_1 + |e2|_1, in double, rounded down; 0 with a duplicated or straight vertex and for
/// fewer than 3 vertices. It depends on the shape only, not on its pose.
static float row_least_turn(const float *row, int32_t n) {
    if (n < 3) return 0.0f;
    const float *x = row, *y = row + gjk2d__row_cols(n);
    // The least as a fraction num / den, compared by cross-multiplying: one division per shape.
    double num = INFINITY, den = 1.0;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t p = k > 0 ? k - 1 : n - 1, q = k + 1 < n ? k + 1 : 0;
        const double ax = (double)x[k] - x[p], ay = (double)y[k] - y[p], bx = (double)x[q] - x[k],
                     by = (double)y[q] - y[k];
        const double s = fabs(ax) + fabs(ay) + fabs(bx) + fabs(by), cross = fabs(ax * by - ay * bx);
        if (!(cross > 0.0)) return 0.0f; // a straight or duplicated vertex; NaN: an invalid shape, never in lanes
        const int by_cross = 4.0 * cross < s * s;
        const double kn = by_cross ? cross : s, kd = by_cross ? s : 4.0;
        if (kn * den < num * kd) num = kn, den = kd;
    }
    return float_down(num / den);
}

/// Copy one shape's vertices into its row, padded with the last vertex.
static void fill_row(float *row, const float *vx, const float *vy, int32_t n) {
    const int32_t cols = gjk2d__row_cols(n);
    for (int32_t j = 0; j < cols; ++j) {
        const int32_t i = j < n ? j : n - 1;
        row[j] = vx[i];
        row[cols + j] = vy[i];
    }
}

float gjk2d__vertex_bound(const float *x, const float *y, int stride, int32_t n, float radius) {
    double r2 = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        const double vx = x[i * stride], vy = y[i * stride], d2 = vx * vx + vy * vy;
        r2 = d2 > r2 ? d2 : r2; // (a NaN vertex makes an invalid shape, whose bound is NaN anyway)
    }
    return float_up(sqrt(r2) + radius);
}

/// gjk2d__vertex_bound of a row's n vertices.
static float row_bound(const float *row, int32_t n, float radius) {
    return gjk2d__vertex_bound(row, row + gjk2d__row_cols(n), 1, n, radius);
}

/// The earlier shape with the same first vertex and count as shape k, or -1 (then k is entered).
static int32_t seen_before(int32_t *seen, int bits, const gjk2d_geometry *g, int32_t k) {
    const uint64_t key = (uint64_t)(uint32_t)g->first[k] << 32 | (uint32_t)g->count[k];
    const uint64_t mask = ((uint64_t)1 << bits) - 1;
    for (uint64_t h = (key * 0x9e3779b97f4a7c15ull) >> (64 - bits);; h = (h + 1) & mask) {
        const int32_t r = seen[h];
        if (r < 0) {
            seen[h] = k;
            return -1;
        }
        if (g->first[r] == g->first[k] && g->count[r] == g->count[k]) return r;
    }
}

static gjk2d_problem validate_one(const gjk2d_shapes *s, int32_t k) {
    return has_row(s->count[k])
               ? ref_validate(gjk2d__row_x(s, k), gjk2d__row_y(s, k), 1, s->count[k], s->radius[k], NULL)
               : GJK2D_PROBLEM_COUNT;
}

/// Shapes ks[0 .. n): the polygons the lanes prove valid are, the rest go to the reference.
static void validate_block(const gjk2d_shapes *s, const gjk2d_kernel_table *t, const int32_t *ks, int n,
                           uint8_t *problem) {
    const float *rx[GJK2D_MAX_LANES], *ry[GJK2D_MAX_LANES];
    float radius[GJK2D_MAX_LANES];
    for (int l = 0; l < t->width; l++) {
        const int32_t k = ks[l < n ? l : 0];
        rx[l] = gjk2d__row_x(s, k), ry[l] = gjk2d__row_y(s, k), radius[l] = s->radius[k];
    }
    const unsigned valid = t->convex(rx, ry, radius);
    for (int l = 0; l < n; l++)
        problem[ks[l]] = (uint8_t)((valid >> l) & 1 ? GJK2D_PROBLEM_NONE : validate_one(s, ks[l]));
}

/// Every shape's problem: polygons of 3..8 vertices in lanes of the running implementation, when it
/// has them, the others one by one.
static void validate_rows(const gjk2d_shapes *s, uint8_t *problem) {
    const gjk2d_kernel_table *t = gjk2d__active();
    int32_t ks[GJK2D_MAX_LANES];
    int n = 0;
    for (int32_t k = 0; k < s->shape_count; ++k) {
        const int32_t c = s->count[k];
        if (!t->convex || c < 3 || c > 8) {
            problem[k] = (uint8_t)validate_one(s, k);
            continue;
        }
        ks[n++] = k;
        if (n == t->width) {
            validate_block(s, t, ks, n, problem);
            n = 0;
        }
    }
    if (n) validate_block(s, t, ks, n, problem);
}

int64_t gjk2d_shapes_prepare(const gjk2d_geometry *g, void *memory, int64_t size, const gjk2d_shapes **shapes,
                             uint8_t *problems, int64_t *first_bad) {
    if (first_bad) *first_bad = -1;
    layout l;
    int64_t bad;
    int rc = plan(g, &l, &bad);
    if (rc == GJK2D_ERR_SHAPE_SPAN && first_bad) *first_bad = bad;
    if (rc) return rc;
    if (!memory || !shapes) return GJK2D_ERR_NULL;
    if (size < l.bytes + ALIGN - 1) return GJK2D_ERR_MEMORY;
    char *base = (char *)(((uintptr_t)memory + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1));
    int32_t *count = (int32_t *)(base + l.count);
    int64_t *row = (int64_t *)(base + l.row);
    float *radius = (float *)(base + l.radius), *bound = (float *)(base + l.bound);
    float *least_turn = (float *)(base + l.least_turn);
    uint8_t *problem = (uint8_t *)(base + l.problem);
    gjk2d__lane_head *lane_head = (gjk2d__lane_head *)(base + l.lane_head);
    float *rows = (float *)(base + l.rows);

    int32_t *seen = (int32_t *)(base + l.seen);
    for (int64_t h = 0; l.seen_bits && h < ((int64_t)1 << l.seen_bits); ++h) seen[h] = -1;
    int64_t at = 0, next = 0;
    int32_t max_count = 0;
    for (int32_t k = 0; k < g->shape_count; ++k) {
        const int32_t n = g->count[k];
        const int64_t f = g->first ? g->first[k] : next;
        next = f + (n > 0 ? n : 0);
        count[k] = n;
        radius[k] = g->radius ? g->radius[k] : 0.0f;
        row[k] = -1;
        bound[k] = NAN;
        least_turn[k] = 0.0f;
        if (has_row(n)) {
            const int32_t same = l.seen_bits ? seen_before(seen, l.seen_bits, g, k) : -1;
            if (same >= 0) {
                row[k] = row[same];
                least_turn[k] = least_turn[same];
            } else {
                row[k] = at;
                fill_row(rows + at, g->vx + f, g->vy + f, n);
                least_turn[k] = row_least_turn(rows + at, n);
                at += 2 * (int64_t)gjk2d__row_cols(n);
            }
            bound[k] = row_bound(rows + row[k], n, radius[k]);
            max_count = n > max_count ? n : max_count;
        }
    }
    struct gjk2d_shapes *s = (struct gjk2d_shapes *)base;
    s->magic = GJK2D_SHAPES_MAGIC;
    s->shape_count = g->shape_count;
    s->max_count = max_count;
    s->count = count;
    s->row = row;
    s->radius = radius;
    s->bound = bound;
    s->least_turn = least_turn;
    s->problem = problem;
    s->lane_head = lane_head;
    s->rows = rows;
    s->row_floats = at;
    validate_rows(s, problem);

    int64_t invalid = 0;
    for (int32_t k = 0; k < g->shape_count; ++k) {
        const int lanes = problem[k] == GJK2D_PROBLEM_NONE && count[k] <= GJK2D_SIMD_MAX_VERTICES;
        if (problem[k] != GJK2D_PROBLEM_NONE) {
            bound[k] = NAN;
            if (first_bad && *first_bad < 0) *first_bad = k;
            ++invalid;
        }
        lane_head[k] = (gjk2d__lane_head){row[k] < 0 ? -1 : (int32_t)(row[k] / GJK2D_ROW_UNIT),
                                          lanes ? (float)count[k] : 0.0f, radius[k], bound[k]};
        if (problems) problems[k] = problem[k];
    }
    *shapes = s;
    return invalid;
}

int32_t gjk2d_shapes_count(const gjk2d_shapes *shapes) { return shapes ? shapes->shape_count : 0; }

gjk2d_problem gjk2d_shapes_problem(const gjk2d_shapes *shapes, int32_t k) {
    if (!shapes || k < 0 || k >= shapes->shape_count) return GJK2D_PROBLEM_COUNT;
    return (gjk2d_problem)shapes->problem[k];
}

float gjk2d_shapes_bound(const gjk2d_shapes *shapes, int32_t k) {
    if (!shapes || k < 0 || k >= shapes->shape_count) return NAN;
    return shapes->bound[k];
}

int gjk2d__poses_layout_ok(const gjk2d_poses *p, int64_t needed) {
    return p->count >= needed && p->stride >= 0 && p->stride % 4 == 0 &&
           (p->position_type == GJK2D_FLOAT32 || p->position_type == GJK2D_FLOAT64);
}

int64_t gjk2d_check_poses(const gjk2d_poses *poses, uint8_t *problems, int64_t *first_bad) {
    if (first_bad) *first_bad = -1;
    if (!poses || (poses->count > 0 && (!poses->px || !poses->py || !poses->c || !poses->s))) return GJK2D_ERR_NULL;
    if (!gjk2d__poses_layout_ok(poses, 0)) return poses->count < 0 ? GJK2D_ERR_RANGE : GJK2D_ERR_POSES;
    int64_t bad = 0;
    for (int64_t k = 0; k < poses->count; ++k) {
        const gjk2d__pose pose = gjk2d__pose_at(poses, k);
        const gjk2d_problem p = gjk2d__pose_check(&pose);
        if (problems) problems[k] = (uint8_t)p;
        if (p != GJK2D_PROBLEM_NONE) {
            if (first_bad && *first_bad < 0) *first_bad = k;
            ++bad;
        }
    }
    return bad;
}
