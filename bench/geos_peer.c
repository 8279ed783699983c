#include "geos_peer.h"
#include "support.h" // test_pose_at

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <geos_c.h>

struct geos_peer {
    GEOSContextHandle_t h;
    int32_t shape_count;
    GEOSGeometry **geom; // per shape; NULL for shapes no pair of the subset names
    const float *radius;
};

static void geos_message(const char *message, void *user) {
    (void)user;
    fprintf(stderr, "GEOS: %s\n", message);
}

static GEOSGeometry *make_geometry(GEOSContextHandle_t h, const gjk2d_geometry *geom, const int64_t *first,
                                   const gjk2d_poses *poses, int32_t i) {
    const int64_t f = first[i];
    const int32_t n = geom->count[i];
    double px, py;
    float pc, ps;
    test_pose_at(poses, i, &px, &py, &pc, &ps);
    const double c = pc, s = ps;
    double x[GJK2D_MAX_VERTICES + 1], y[GJK2D_MAX_VERTICES + 1];
    for (int32_t j = 0; j < n; j++) {
        const double lx = geom->vx[f + j], ly = geom->vy[f + j];
        x[j] = c * lx - s * ly + px;
        y[j] = s * lx + c * ly + py;
    }
    if (n == 1) return GEOSGeom_createPointFromXY_r(h, x[0], y[0]);
    if (n == 2) return GEOSGeom_createLineString_r(h, GEOSCoordSeq_copyFromArrays_r(h, x, y, NULL, NULL, 2));
    x[n] = x[0], y[n] = y[0]; // GEOS rings are closed explicitly
    GEOSCoordSequence *seq = GEOSCoordSeq_copyFromArrays_r(h, x, y, NULL, NULL, (unsigned)n + 1);
    GEOSGeometry *ring = seq ? GEOSGeom_createLinearRing_r(h, seq) : NULL;
    return ring ? GEOSGeom_createPolygon_r(h, ring, NULL, 0) : NULL;
}

geos_peer *geos_peer_create(const gjk2d_geometry *geom, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t n) {
    geos_peer *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->h = GEOS_init_r();
    GEOSContext_setErrorMessageHandler_r(g->h, geos_message, NULL);
    g->shape_count = geom->shape_count;
    g->radius = geom->radius;
    g->geom = calloc((size_t)geom->shape_count, sizeof *g->geom);
    // Each shape's first vertex (a NULL `first`: each shape follows the previous one).
    int64_t *first = malloc((size_t)geom->shape_count * sizeof *first + 1);
    if (!g->geom || !first) {
        free(first);
        geos_peer_destroy(g);
        return NULL;
    }
    int64_t next = 0;
    for (int32_t i = 0; i < geom->shape_count; i++) {
        first[i] = geom->first ? geom->first[i] : next;
        next = first[i] + geom->count[i];
    }
    for (int64_t k = 0; k < n; k++) {
        const int32_t ab[2] = {pairs->a[k], pairs->b[k]};
        for (int t = 0; t < 2; t++) {
            if (g->geom[ab[t]]) continue;
            if (!(g->geom[ab[t]] = make_geometry(g->h, geom, first, poses, ab[t]))) {
                free(first);
                geos_peer_destroy(g);
                return NULL;
            }
        }
    }
    free(first);
    return g;
}

void geos_peer_destroy(geos_peer *g) {
    if (!g) return;
    if (g->geom)
        for (int32_t i = 0; i < g->shape_count; i++)
            if (g->geom[i]) GEOSGeom_destroy_r(g->h, g->geom[i]);
    free(g->geom);
    GEOS_finish_r(g->h);
    free(g);
}

static double radii(const geos_peer *g, int32_t a, int32_t b) {
    return g->radius ? (double)g->radius[a] + (double)g->radius[b] : 0.0;
}

/// max(0, d), keeping a NaN (a failed GEOS call) visible.
static float clamp0(double d) { return (float)(d < 0.0 ? 0.0 : d); }

void geos_peer_nearest(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance,
                       float *ax, float *ay, float *bx, float *by) {
    for (int64_t k = begin; k < end; k++) {
        const int32_t a = pairs->a[k], b = pairs->b[k];
        GEOSCoordSequence *seq = GEOSNearestPoints_r(g->h, g->geom[a], g->geom[b]);
        double x0 = NAN, y0 = NAN, x1 = NAN, y1 = NAN;
        if (seq) {
            GEOSCoordSeq_getXY_r(g->h, seq, 0, &x0, &y0);
            GEOSCoordSeq_getXY_r(g->h, seq, 1, &x1, &y1);
            GEOSCoordSeq_destroy_r(g->h, seq);
        }
        distance[k] = clamp0(hypot(x1 - x0, y1 - y0) - radii(g, a, b));
        ax[k] = (float)x0, ay[k] = (float)y0, bx[k] = (float)x1, by[k] = (float)y1;
    }
}

void geos_peer_distance(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance) {
    for (int64_t k = begin; k < end; k++) {
        const int32_t a = pairs->a[k], b = pairs->b[k];
        double d = NAN;
        GEOSDistance_r(g->h, g->geom[a], g->geom[b], &d);
        distance[k] = clamp0(d - radii(g, a, b));
    }
}

void geos_peer_intersects(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, uint8_t *overlap) {
    for (int64_t k = begin; k < end; k++) {
        const int32_t a = pairs->a[k], b = pairs->b[k];
        const double r = radii(g, a, b);
        overlap[k] = (uint8_t)(r > 0.0 ? GEOSDistanceWithin_r(g->h, g->geom[a], g->geom[b], r) == 1
                                       : GEOSIntersects_r(g->h, g->geom[a], g->geom[b]) == 1);
    }
}
