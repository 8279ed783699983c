// SPDX-License-Identifier: MIT
// Private: the layout of a prepared shape set and how a pose is read from gjk2d_poses. The set is built
// by shapes.c and read by the scalar fallback and the SIMD loaders.
#ifndef GJK2D_SHAPES_H
#define GJK2D_SHAPES_H

#include <string.h>

#include "gjk2d.h"

/// Most vertices per shape the SIMD lanes take; larger shapes go through the scalar fallback.
#define GJK2D_SIMD_MAX_VERTICES 16

#define GJK2D_SHAPES_MAGIC 0x676a6b3264736574ull /* "gjk2dset" */

/// Rows start at multiples of this many floats (GJK2D_ROW_MULTIPLE columns of x, then of y), so that a
/// lane head holds a row's start in 32 bits.
#define GJK2D_ROW_UNIT (2 * GJK2D_ROW_MULTIPLE)
/// What the SIMD loaders read of shape k, in one 16-byte record: a block asks the caches for one line
/// per shape and loads one record per lane instead of gathering from several arrays.
typedef struct gjk2d__lane_head {
    int32_t row_unit; ///< row[k] / GJK2D_ROW_UNIT (-1: no row)
    float count;      ///< the count where the SIMD lanes may take the shape (valid, at most
                      ///< GJK2D_SIMD_MAX_VERTICES vertices), else 0: one test decides a lane
    float radius;     ///< radius[k]
    float bound;      ///< bound[k] (NaN for an invalid shape): the distance cutoff's bounding circle
} gjk2d__lane_head;

/// Every pointer points into the set's own memory. Shape k's vertex row holds cols(k) x coordinates,
/// then cols(k) y coordinates, cols(k) = its count rounded up to GJK2D_ROW_MULTIPLE, the last vertex
/// repeated in the padding; a shape whose count is out of range has no row.
struct gjk2d_shapes {
    uint64_t magic;
    int32_t shape_count;
    int32_t max_count;    ///< largest count among the shapes with a row
    const int32_t *count; ///< as given (out-of-range counts included, for their problem)
    const int64_t *row;   ///< offset of each shape's row in `rows`, in floats
    const float *radius;
    const float *bound;                ///< bounding radius about the local origin, radius included
    const float *least_turn;           ///< row_least_turn of each shape with a row, else 0
    const uint8_t *problem;            ///< gjk2d_problem of each shape
    const gjk2d__lane_head *lane_head; ///< 16-byte aligned
    const float *rows;                 ///< 64-byte aligned
    int64_t row_floats;                ///< floats of `rows` in use (rows are shared by shapes of one geometry)
};

/// Columns of a shape's row.
static inline int32_t gjk2d__row_cols(int32_t count) {
    return (count + GJK2D_ROW_MULTIPLE - 1) / GJK2D_ROW_MULTIPLE * GJK2D_ROW_MULTIPLE;
}

static inline const float *gjk2d__row_x(const gjk2d_shapes *s, int32_t k) { return s->rows + s->row[k]; }
/// Shape k's row as its lane head locates it (meaningful where the head's count is not 0).
static inline const float *gjk2d__lane_row(const gjk2d_shapes *s, int32_t k) {
    return s->rows + (int64_t)s->lane_head[k].row_unit * GJK2D_ROW_UNIT;
}
static inline const float *gjk2d__row_y(const gjk2d_shapes *s, int32_t k) {
    return s->rows + s->row[k] + gjk2d__row_cols(s->count[k]);
}

/// A pose as the queries use it: the position in double (exact for float positions).
typedef struct gjk2d__pose {
    double px, py;
    float c, s;
} gjk2d__pose;

/// Byte stride of a gjk2d_poses field of `size` bytes.
static inline int64_t gjk2d__pose_stride(const gjk2d_poses *p, int64_t size) { return p->stride ? p->stride : size; }

/// Pose k (the caller checked the layout: gjk2d_check_batch).
static inline gjk2d__pose gjk2d__pose_at(const gjk2d_poses *p, int64_t k) {
    gjk2d__pose r;
    const int64_t fs = gjk2d__pose_stride(p, 4);
    memcpy(&r.c, (const char *)p->c + k * fs, 4);
    memcpy(&r.s, (const char *)p->s + k * fs, 4);
    if (p->position_type == GJK2D_FLOAT64) {
        const int64_t ds = gjk2d__pose_stride(p, 8);
        memcpy(&r.px, (const char *)p->px + k * ds, 8);
        memcpy(&r.py, (const char *)p->py + k * ds, 8);
    } else {
        float x, y;
        memcpy(&x, (const char *)p->px + k * fs, 4);
        memcpy(&y, (const char *)p->py + k * fs, 4);
        r.px = x, r.py = y;
    }
    return r;
}

/// Bounding radius about the local origin of n vertices (x[i * stride], y[i * stride]) plus `radius`,
/// rounded up to float: gjk2d_shapes_bound, and the cutoff's bounding circles (shapes.c).
float gjk2d__vertex_bound(const float *x, const float *y, int stride, int32_t n, float radius);
/// Whether a gjk2d_poses' layout is usable for `needed` shapes: count, stride, position type.
int gjk2d__poses_layout_ok(const gjk2d_poses *poses, int64_t needed);

/// gjk2d_pose_problem's rule on a pose whose position may be double (validate.c).
gjk2d_problem gjk2d__pose_check(const gjk2d__pose *pose);

#endif
