#include "support.h"

#include <stdlib.h>
#include <string.h>

static void *alloc_or_die(size_t n) {
    void *p = calloc(n ? n : 1, 1);
    if (!p) abort(); // test set-up: nothing sensible to do without memory
    return p;
}

/// Point the packed float32 view at the pose arrays.
static void view_poses(test_set *t, int32_t n) {
    gjk2d_poses p = {t->px, t->py, t->c, t->s, n, 0, GJK2D_FLOAT32};
    t->poses = p;
}

/// Prepare t->geometry into freshly allocated memory.
static int64_t prepare(test_set *t, uint8_t *problems) {
    const int64_t size = gjk2d_shapes_size(&t->geometry);
    if (size < 0) return t->invalid = size;
    t->memory = alloc_or_die((size_t)size);
    t->invalid = gjk2d_shapes_prepare(&t->geometry, t->memory, size, &t->shapes, problems, NULL);
    if (t->invalid < 0) t->shapes = NULL;
    return t->invalid;
}

int64_t test_set_make(test_set *t, const gjk2d_geometry *geometry, const float *px, const float *py, const float *c,
                      const float *s, uint8_t *problems) {
    memset(t, 0, sizeof *t);
    const int32_t n = geometry->shape_count > 0 ? geometry->shape_count : 0;
    // Pose arrays, then (for first == NULL) each shape's first vertex, so reports can find every shape.
    float *own = alloc_or_die((size_t)n * (4 * sizeof(float) + sizeof(int32_t)));
    t->own = own;
    t->px = own, t->py = own + n, t->c = own + 2 * n, t->s = own + 3 * n;
    for (int32_t k = 0; k < n; k++) {
        t->px[k] = px ? px[k] : 0.0f;
        t->py[k] = px ? py[k] : 0.0f;
        t->c[k] = px ? c[k] : 1.0f;
        t->s[k] = px ? s[k] : 0.0f;
    }
    view_poses(t, n);
    t->geometry = *geometry;
    int64_t r = prepare(t, problems);
    if (!geometry->first && geometry->count) {
        // The same layout spelled out (after preparing, so the set still sees first == NULL).
        int32_t *first = (int32_t *)(own + 4 * n);
        int64_t at = 0;
        for (int32_t k = 0; k < n; k++) {
            first[k] = (int32_t)at;
            at += geometry->count[k] > 0 ? geometry->count[k] : 0;
        }
        t->geometry.first = first;
    }
    return r;
}

int64_t test_set_from_shapes(test_set *t, const gjk2d_shape *shapes, const gjk2d_pose *poses, int32_t n,
                             uint8_t *problems) {
    memset(t, 0, sizeof *t);
    int64_t nv = 0;
    for (int32_t k = 0; k < n; k++) nv += shapes[k].count > 0 ? shapes[k].count : 0;
    // Vertices, radii, poses, counts and first vertices in one allocation, kept until test_set_free.
    float *vx = alloc_or_die((size_t)nv * 2 * sizeof(float) + (size_t)n * (5 * sizeof(float) + 2 * sizeof(int32_t)));
    float *vy = vx + nv, *radius = vy + nv;
    t->own = vx;
    t->px = radius + n, t->py = t->px + n, t->c = t->py + n, t->s = t->c + n;
    int32_t *count = (int32_t *)(t->s + n), *first = count + n;
    int64_t at = 0;
    for (int32_t k = 0; k < n; k++) {
        const int32_t m = shapes[k].count > 0 ? shapes[k].count : 0;
        for (int32_t i = 0; i < m; i++) vx[at + i] = shapes[k].vertices[i].x, vy[at + i] = shapes[k].vertices[i].y;
        first[k] = (int32_t)at;
        count[k] = shapes[k].count;
        radius[k] = shapes[k].radius;
        const gjk2d_pose id = {0.0f, 0.0f, 1.0f, 0.0f}, q = poses ? poses[k] : id;
        t->px[k] = q.px, t->py[k] = q.py, t->c[k] = q.c, t->s[k] = q.s;
        at += m;
    }
    view_poses(t, n);
    gjk2d_geometry g = {vx, vy, nv, count, first, radius, n};
    t->geometry = g;
    return prepare(t, problems);
}

void test_set_free(test_set *t) {
    free(t->memory);
    free(t->own);
    memset(t, 0, sizeof *t);
}

void test_pose_at(const gjk2d_poses *poses, int64_t k, double *px, double *py, float *c, float *s) {
    const int64_t fs = poses->stride ? poses->stride : (int64_t)sizeof(float);
    memcpy(c, (const char *)poses->c + k * fs, sizeof *c);
    memcpy(s, (const char *)poses->s + k * fs, sizeof *s);
    if (poses->position_type == GJK2D_FLOAT64) {
        const int64_t ds = poses->stride ? poses->stride : (int64_t)sizeof(double);
        memcpy(px, (const char *)poses->px + k * ds, sizeof *px);
        memcpy(py, (const char *)poses->py + k * ds, sizeof *py);
    } else {
        float x, y;
        memcpy(&x, (const char *)poses->px + k * fs, sizeof x);
        memcpy(&y, (const char *)poses->py + k * fs, sizeof y);
        *px = x, *py = y;
    }
}

void test_pose_write(const gjk2d_poses *poses, int64_t k, double px, double py, float c, float s) {
    const int64_t fs = poses->stride ? poses->stride : (int64_t)sizeof(float);
    memcpy((char *)(uintptr_t)poses->c + k * fs, &c, sizeof c);
    memcpy((char *)(uintptr_t)poses->s + k * fs, &s, sizeof s);
    if (poses->position_type == GJK2D_FLOAT64) {
        const int64_t ds = poses->stride ? poses->stride : (int64_t)sizeof(double);
        memcpy((char *)(uintptr_t)poses->px + k * ds, &px, sizeof px);
        memcpy((char *)(uintptr_t)poses->py + k * ds, &py, sizeof py);
    } else {
        const float x = (float)px, y = (float)py;
        memcpy((char *)(uintptr_t)poses->px + k * fs, &x, sizeof x);
        memcpy((char *)(uintptr_t)poses->py + k * fs, &y, sizeof y);
    }
}

/// An engine's transform records, the way the header's example shows them.
typedef struct rec32 {
    float x, y, c, s;
    int32_t pad;
} rec32;
typedef struct rec64 {
    double x, y;
    float c, s;
    int32_t pad;
} rec64;

const char *const test_pose_layout_name[TEST_POSE_LAYOUTS] = {"float arrays", "float records", "double arrays",
                                                              "double records"};

gjk2d_poses test_poses_layout(const test_set *t, int layout, double dx, double dy, void **storage) {
    const int64_t n = t->poses.count;
    gjk2d_poses p = {0};
    p.count = n;
    switch (layout) {
    case TEST_POSES_SOA32: {
        float *x = alloc_or_die((size_t)n * 4 * sizeof(float));
        p.px = x, p.py = x + n, p.c = x + 2 * n, p.s = x + 3 * n, p.position_type = GJK2D_FLOAT32;
        *storage = x;
        break;
    }
    case TEST_POSES_REC32: {
        rec32 *r = alloc_or_die((size_t)n * sizeof *r);
        p.px = &r[0].x, p.py = &r[0].y, p.c = &r[0].c, p.s = &r[0].s, p.position_type = GJK2D_FLOAT32;
        p.stride = sizeof *r;
        for (int64_t k = 0; k < n; k++) r[k].pad = 0x7fc00001; // a NaN's bits: never to be read as a number
        *storage = r;
        break;
    }
    case TEST_POSES_SOA64: {
        double *x = alloc_or_die((size_t)n * (2 * sizeof(double) + 2 * sizeof(float)));
        float *cs = (float *)(x + 2 * n);
        p.px = x, p.py = x + n, p.c = cs, p.s = cs + n, p.position_type = GJK2D_FLOAT64;
        *storage = x;
        break;
    }
    default: {
        rec64 *r = alloc_or_die((size_t)n * sizeof *r);
        p.px = &r[0].x, p.py = &r[0].y, p.c = &r[0].c, p.s = &r[0].s, p.position_type = GJK2D_FLOAT64;
        p.stride = sizeof *r;
        for (int64_t k = 0; k < n; k++) r[k].pad = 0x7fc00001;
        *storage = r;
        break;
    }
    }
    for (int64_t k = 0; k < n; k++)
        test_pose_write(&p, k, (double)t->px[k] + dx, (double)t->py[k] + dy, t->c[k], t->s[k]);
    return p;
}

void test_set_shape(const test_set *t, const gjk2d_poses *poses, int32_t k, gjk2d_vec2 *v, gjk2d_shape *shape,
                    gjk2d_pose *pose) {
    const gjk2d_geometry *g = &t->geometry;
    const int32_t n = g->count[k], f = g->first[k];
    // Counts out of range and spans outside the arrays are never read (they are what invalid shapes hold).
    const int readable = n >= 1 && n <= GJK2D_MAX_VERTICES && f >= 0 && (int64_t)f + n <= g->vertex_count;
    for (int32_t i = 0; readable && i < n; i++) v[i].x = g->vx[f + i], v[i].y = g->vy[f + i];
    shape->vertices = v;
    shape->count = n;
    shape->radius = g->radius ? g->radius[k] : 0.0f;
    double x, y;
    test_pose_at(poses ? poses : &t->poses, k, &x, &y, &pose->c, &pose->s);
    pose->px = (float)x, pose->py = (float)y;
}
