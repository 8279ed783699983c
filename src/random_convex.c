// SPDX-License-Identifier: MIT
// Seeded random streams and random convex polygons (random_convex.h).
#include "random_convex.h"

#include <math.h>
#include <stdlib.h>

static const double PI = 3.14159265358979323846;

uint64_t rc_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void rc_xoshiro_seed(rc_xoshiro *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = rc_splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rc_xoshiro_next(rc_xoshiro *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static uint64_t splitmix64_next(void *state) { return rc_splitmix64(state); }
static uint64_t xoshiro_next(void *state) { return rc_xoshiro_next(state); }

rc_stream rc_splitmix64_stream(uint64_t *state) { return (rc_stream){splitmix64_next, state}; }
rc_stream rc_xoshiro_stream(rc_xoshiro *r) { return (rc_stream){xoshiro_next, r}; }

double rc_uniform(rc_stream s, double lo, double hi) {
    double u = (double)(s.next(s.state) >> 11) * 0x1.0p-53;
    return lo + (hi - lo) * u;
}

int rc_int(rc_stream s, int lo, int hi) { return lo + (int)(s.next(s.state) % (uint64_t)(hi - lo + 1)); }

/// An ellipse of semi-axes a, b, turned by (c, s) = (cos, sin) of its angle, centred at (cx, cy).
typedef struct ellipse {
    double a, b, c, s, cx, cy;
} ellipse;

/// The point of the ellipse at parameter angle t.
static void ellipse_point(const ellipse *e, double t, double *x, double *y) {
    double ex = e->a * cos(t), ey = e->b * sin(t);
    *x = e->cx + e->c * ex - e->s * ey;
    *y = e->cy + e->s * ex + e->c * ey;
}

float rc_convex_spread(rc_stream s, int n, float *x, float *y) {
    if (n == 1) {
        x[0] = y[0] = 0.0f;
        return 0.0f;
    }
    double size = rc_uniform(s, 0.3, 1.5), aspect = rc_uniform(s, 0.4, 1.0), tilt = rc_uniform(s, 0.0, 2.0 * PI);
    const ellipse e = {size, size * aspect, cos(tilt), sin(tilt), 0.0, 0.0};
    double px[GJK2D_MAX_VERTICES], py[GJK2D_MAX_VERTICES], mx = 0.0, my = 0.0;
    if (n == 2) { // the ellipse's long axis, as long as the mean of its two diameters
        double h = 0.5 * size * (1.0 + aspect);
        px[0] = -h * e.c;
        py[0] = -h * e.s;
        px[1] = h * e.c;
        py[1] = h * e.s;
    } else {
        // Gaps between consecutive angles, each at least a third of the mean, so no turn is nearly
        // straight and no edge nearly zero: the polygon stays strictly convex after rounding.
        double gap[GJK2D_MAX_VERTICES], total = 0.0;
        for (int k = 0; k < n; k++) total += gap[k] = rc_uniform(s, 1.0, 3.0);
        double theta = rc_uniform(s, 0.0, 2.0 * PI);
        for (int k = 0; k < n; k++) {
            ellipse_point(&e, theta, &px[k], &py[k]);
            theta += 2.0 * PI * gap[k] / total;
        }
    }
    for (int k = 0; k < n; k++) {
        mx += px[k] / n;
        my += py[k] / n;
    }
    double bound = 0.0;
    for (int k = 0; k < n; k++) {
        x[k] = (float)(px[k] - mx);
        y[k] = (float)(py[k] - my);
        bound = fmax(bound, hypot(x[k], y[k]));
    }
    return (float)bound;
}

void rc_convex_sectors(rc_stream s, int n, double size, float *x, float *y) {
    double aspect = rc_uniform(s, 0.5, 1.0), rot = rc_uniform(s, 0.0, 2.0 * PI);
    double phase = rc_uniform(s, 0.0, 1.0);
    const ellipse e = {size, size * aspect, cos(rot), sin(rot), 0.0, 0.0};
    for (int i = 0; i < n; i++) {
        double t = (i + phase + 0.6 * rc_uniform(s, 0.0, 1.0)) / n * (2.0 * PI), px, py;
        ellipse_point(&e, t, &px, &py);
        x[i] = (float)px;
        y[i] = (float)py;
    }
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

void rc_convex_sorted(rc_stream s, int n, double size, gjk2d_vec2 *out) {
    double t[GJK2D_MAX_VERTICES];
    for (;;) {
        double ea = size * rc_uniform(s, 0.1, 1.0), eb = size * rc_uniform(s, 0.1, 1.0);
        double phi = rc_uniform(s, 0.0, 2.0 * PI);
        double cx = size * rc_uniform(s, -0.5, 0.5), cy = size * rc_uniform(s, -0.5, 0.5);
        double start = rc_uniform(s, 0.0, 2.0 * PI);
        for (int i = 0; i < n; i++) {
            if (n > 16)
                t[i] = start + (i + rc_uniform(s, 0.1, 0.9)) * (2.0 * PI / n);
            else
                t[i] = rc_uniform(s, 0.0, 2.0 * PI);
        }
        if (n <= 16) qsort(t, (size_t)n, sizeof t[0], cmp_double);
        const ellipse e = {ea, eb, cos(phi), sin(phi), cx, cy};
        for (int i = 0; i < n; i++) {
            double px, py;
            ellipse_point(&e, t[i], &px, &py);
            out[i].x = (float)px;
            out[i].y = (float)py;
        }
        if (rc_strictly_convex(out, n)) return;
    }
}

int rc_strictly_convex(const gjk2d_vec2 *v, int n) {
    if (n < 3) return 0;
    double turning = 0.0;
    for (int i = 0; i < n; i++) {
        const gjk2d_vec2 *p = &v[i], *q = &v[(i + 1) % n], *s = &v[(i + 2) % n];
        double e1x = (double)q->x - p->x, e1y = (double)q->y - p->y;
        double e2x = (double)s->x - q->x, e2y = (double)s->y - q->y;
        double cr = e1x * e2y - e1y * e2x;
        if (!(cr > 0.0)) return 0;
        turning += atan2(cr, e1x * e2x + e1y * e2y);
    }
    // Every turn is left; winding once means the turns add up to one full circle, not two or more.
    return fabs(turning - 2.0 * PI) < 1e-6;
}
