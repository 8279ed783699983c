#include "oracle.h"

#include "tolerance.h"

#include <math.h>
#include <stdlib.h>

static const double PI = 3.14159265358979323846;

void oracle_world(const gjk2d_shape *shape, const gjk2d_pose *pose, oracle_poly *out) {
    double c = pose->c, s = pose->s;
    out->n = shape->count;
    out->r = shape->radius;
    for (int i = 0; i < shape->count; i++) {
        double x = shape->vertices[i].x, y = shape->vertices[i].y;
        out->x[i] = c * x - s * y + pose->px;
        out->y[i] = s * x + c * y + pose->py;
    }
}

void oracle_into_frame(const oracle_poly *world, const gjk2d_pose *frame, oracle_poly *out) {
    // The true inverse of R = [c -s; s c] is R^T / (c^2 + s^2); a float (c, s) is not exactly unit.
    double c = frame->c, s = frame->s, k = 1.0 / (c * c + s * s);
    out->n = world->n;
    out->r = world->r;
    for (int i = 0; i < world->n; i++) {
        double x = world->x[i] - frame->px, y = world->y[i] - frame->py;
        out->x[i] = k * (c * x + s * y);
        out->y[i] = k * (-s * x + c * y);
    }
}

double oracle_point_segment(double px, double py, double ax, double ay, double bx, double by, double *cx, double *cy) {
    double ex = bx - ax, ey = by - ay;
    double ee = ex * ex + ey * ey;
    double t = 0.0;
    if (ee > 0.0) {
        t = ((px - ax) * ex + (py - ay) * ey) / ee;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    }
    double qx = ax + t * ex, qy = ay + t * ey;
    if (cx) *cx = qx;
    if (cy) *cy = qy;
    return hypot(px - qx, py - qy);
}

static double orient(double ax, double ay, double bx, double by, double cx, double cy) {
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static double signed_area2(const oracle_poly *p) {
    double a = 0.0;
    for (int i = 0; i < p->n; i++) {
        int j = (i + 1) % p->n;
        a += p->x[i] * p->y[j] - p->x[j] * p->y[i];
    }
    return a;
}

static int edge_count(const oracle_poly *p) {
    return p->n >= 3 ? p->n : 1; // a segment is one edge, a point one zero-length edge
}

static int edge_end(const oracle_poly *p, int i) { return p->n == 1 ? 0 : (i + 1) % p->n; }

double oracle_point_core(const oracle_poly *p, double x, double y) {
    if (p->n >= 3 && signed_area2(p) > 0.0) {
        int inside = 1;
        for (int i = 0; i < p->n && inside; i++) {
            int j = (i + 1) % p->n;
            // Duplicated or collinear vertices give zero-length edges: orient() is 0 there, which
            // must not veto containment.
            if (orient(p->x[i], p->y[i], p->x[j], p->y[j], x, y) < 0.0) inside = 0;
        }
        if (inside) return 0.0;
    }
    double best = INFINITY;
    int edges = edge_count(p);
    for (int i = 0; i < edges; i++) {
        int j = edge_end(p, i);
        double d = oracle_point_segment(x, y, p->x[i], p->y[i], p->x[j], p->y[j], NULL, NULL);
        if (d < best) best = d;
    }
    return best;
}

int oracle_segments_cross(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
    double o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
    double o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
    return ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0)) && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0));
}

double oracle_core_distance(const oracle_poly *a, const oracle_poly *b) {
    // A vertex inside the other shape (covers containment of a whole shape).
    for (int i = 0; i < b->n; i++)
        if (a->n >= 3 && oracle_point_core(a, b->x[i], b->y[i]) == 0.0) return 0.0;
    for (int i = 0; i < a->n; i++)
        if (b->n >= 3 && oracle_point_core(b, a->x[i], a->y[i]) == 0.0) return 0.0;
    double best = INFINITY;
    int ea = edge_count(a), eb = edge_count(b);
    for (int i = 0; i < ea; i++) {
        int i2 = edge_end(a, i);
        for (int j = 0; j < eb; j++) {
            int j2 = edge_end(b, j);
            if (oracle_segments_cross(a->x[i], a->y[i], a->x[i2], a->y[i2], b->x[j], b->y[j], b->x[j2], b->y[j2]))
                return 0.0;
            double d1 = oracle_point_segment(a->x[i], a->y[i], b->x[j], b->y[j], b->x[j2], b->y[j2], 0, 0);
            double d2 = oracle_point_segment(a->x[i2], a->y[i2], b->x[j], b->y[j], b->x[j2], b->y[j2], 0, 0);
            double d3 = oracle_point_segment(b->x[j], b->y[j], a->x[i], a->y[i], a->x[i2], a->y[i2], 0, 0);
            double d4 = oracle_point_segment(b->x[j2], b->y[j2], a->x[i], a->y[i], a->x[i2], a->y[i2], 0, 0);
            double d = fmin(fmin(d1, d2), fmin(d3, d4));
            if (d < best) best = d;
        }
    }
    return best;
}

double oracle_distance(const oracle_poly *a, const oracle_poly *b) {
    double d = oracle_core_distance(a, b) - a->r - b->r;
    return d > 0.0 ? d : 0.0;
}

static void project(const oracle_poly *p, double nx, double ny, double *lo, double *hi) {
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        double t = nx * p->x[i] + ny * p->y[i];
        if (t < *lo) *lo = t;
        if (t > *hi) *hi = t;
    }
}

static void min_overlap_on_edges(const oracle_poly *e, const oracle_poly *a, const oracle_poly *b, double *best) {
    int n = edge_count(e);
    for (int i = 0; i < n; i++) {
        int j = edge_end(e, i);
        double ex = e->x[j] - e->x[i], ey = e->y[j] - e->y[i];
        double len = hypot(ex, ey);
        if (len == 0.0) continue;
        double nx = ey / len, ny = -ex / len;
        double alo, ahi, blo, bhi;
        project(a, nx, ny, &alo, &ahi);
        project(b, nx, ny, &blo, &bhi);
        double overlap = fmin(ahi - blo, bhi - alo);
        if (overlap < *best) *best = overlap;
    }
}

double oracle_penetration(const oracle_poly *a, const oracle_poly *b) {
    double best = INFINITY;
    min_overlap_on_edges(a, a, b, &best);
    min_overlap_on_edges(b, a, b, &best);
    return best == INFINITY ? 0.0 : best;
}

double oracle_clearance(const oracle_poly *a, const oracle_poly *b) {
    double d = oracle_core_distance(a, b);
    if (d > 0.0) return d - a->r - b->r;
    return -oracle_penetration(a, b) - a->r - b->r;
}

double oracle_gap_along(const oracle_poly *a, const oracle_poly *b, double nx, double ny) {
    double alo, ahi, blo, bhi;
    project(a, nx, ny, &alo, &ahi);
    project(b, nx, ny, &blo, &bhi);
    return blo - ahi;
}

double oracle_max_abs(const oracle_poly *p) {
    double m = 0.0;
    for (int i = 0; i < p->n; i++) m = fmax(m, fmax(fabs(p->x[i]), fabs(p->y[i])));
    return m;
}

double oracle_scale(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb) {
    tol_shape ta = {&a->vertices[0].x, &a->vertices[0].y, 2, a->count, a->radius, pa->px, pa->py, pa->c, pa->s};
    tol_shape tb = {&b->vertices[0].x, &b->vertices[0].y, 2, b->count, b->radius, pb->px, pb->py, pb->c, pb->s};
    return tol_pair_scale(&ta, &tb);
}

// ---------------------------------------------------------------------------------------------

oracle_rng oracle_rng_seed(uint64_t seed) {
    oracle_rng r = {seed};
    return r;
}

uint64_t oracle_next(oracle_rng *r) { return rc_splitmix64(&r->state); }

rc_stream oracle_stream(oracle_rng *r) { return rc_splitmix64_stream(&r->state); }

double oracle_uniform(oracle_rng *r, double lo, double hi) { return rc_uniform(oracle_stream(r), lo, hi); }

int oracle_int(oracle_rng *r, int lo, int hi) { return rc_int(oracle_stream(r), lo, hi); }

gjk2d_pose oracle_random_pose(oracle_rng *r, double half_box) {
    double ang = oracle_uniform(r, -PI, PI);
    gjk2d_pose p;
    p.px = (float)oracle_uniform(r, -half_box, half_box);
    p.py = (float)oracle_uniform(r, -half_box, half_box);
    p.c = (float)cos(ang);
    p.s = (float)sin(ang);
    return p;
}

float oracle_random_radius(oracle_rng *r, double max_radius) { return (float)oracle_uniform(r, 0.0, max_radius); }
