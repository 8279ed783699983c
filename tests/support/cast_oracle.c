// SPDX-License-Identifier: MIT
#include "cast_oracle.h"

#include <math.h>

void lo_place(const gjk2d_shape *shape, ld c, ld s, ld px, ld py, lpoly *out) {
    out->n = shape->count;
    out->r = shape->radius;
    for (int i = 0; i < shape->count; i++) {
        const ld x = shape->vertices[i].x, y = shape->vertices[i].y;
        out->x[i] = c * x - s * y + px;
        out->y[i] = s * x + c * y + py;
    }
}

/// Squared distance from (px, py) to segment a-b, closest point to q.
static ld point_segment2(ld px, ld py, ld ax, ld ay, ld bx, ld by, ld q[2]) {
    const ld ex = bx - ax, ey = by - ay, ee = ex * ex + ey * ey;
    ld t = 0.0L;
    if (ee > 0.0L) {
        t = ((px - ax) * ex + (py - ay) * ey) / ee;
        t = t < 0.0L ? 0.0L : (t > 1.0L ? 1.0L : t);
    }
    q[0] = ax + t * ex;
    q[1] = ay + t * ey;
    return (px - q[0]) * (px - q[0]) + (py - q[1]) * (py - q[1]);
}

static ld orient(ld ax, ld ay, ld bx, ld by, ld cx, ld cy) { return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax); }

/// Whether (x, y) is inside or on a convex CCW polygon (n >= 3).
static int inside_polygon(const lpoly *p, ld x, ld y) {
    if (p->n < 3) return 0;
    for (int i = 0; i < p->n; i++) {
        const int j = (i + 1) % p->n;
        if (orient(p->x[i], p->y[i], p->x[j], p->y[j], x, y) < 0.0L) return 0;
    }
    return 1;
}

static int edges(const lpoly *p) { return p->n >= 3 ? p->n : 1; }
static int edge_end(const lpoly *p, int i) { return p->n >= 2 ? (i + 1) % p->n : 0; }

static int segments_cross(ld ax, ld ay, ld bx, ld by, ld cx, ld cy, ld dx, ld dy) {
    const ld d1 = orient(ax, ay, bx, by, cx, cy), d2 = orient(ax, ay, bx, by, dx, dy);
    const ld d3 = orient(cx, cy, dx, dy, ax, ay), d4 = orient(cx, cy, dx, dy, bx, by);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

ld lo_point_core(const lpoly *p, ld x, ld y, ld c[2]) {
    if (inside_polygon(p, x, y)) {
        c[0] = x, c[1] = y;
        return 0.0L;
    }
    ld best = INFINITY, q[2];
    for (int i = 0; i < edges(p); i++) {
        const int j = edge_end(p, i);
        const ld d2 = point_segment2(x, y, p->x[i], p->y[i], p->x[j], p->y[j], q);
        if (d2 < best) {
            best = d2;
            c[0] = q[0], c[1] = q[1];
        }
    }
    return sqrtl(best);
}

ld lo_core_distance(const lpoly *a, const lpoly *b, ld pa[2], ld pb[2]) {
    for (int i = 0; i < b->n; i++)
        if (inside_polygon(a, b->x[i], b->y[i])) return 0.0L;
    for (int i = 0; i < a->n; i++)
        if (inside_polygon(b, a->x[i], a->y[i])) return 0.0L;
    for (int i = 0; i < edges(a); i++)
        for (int k = 0; k < edges(b); k++) {
            const int j = edge_end(a, i), l = edge_end(b, k);
            if (segments_cross(a->x[i], a->y[i], a->x[j], a->y[j], b->x[k], b->y[k], b->x[l], b->y[l])) return 0.0L;
        }
    ld best = INFINITY, q[2];
    for (int i = 0; i < a->n; i++) {
        const ld d = lo_point_core(b, a->x[i], a->y[i], q);
        if (d < best) {
            best = d;
            if (pa) pa[0] = a->x[i], pa[1] = a->y[i];
            if (pb) pb[0] = q[0], pb[1] = q[1];
        }
    }
    for (int i = 0; i < b->n; i++) {
        const ld d = lo_point_core(a, b->x[i], b->y[i], q);
        if (d < best) {
            best = d;
            if (pa) pa[0] = q[0], pa[1] = q[1];
            if (pb) pb[0] = b->x[i], pb[1] = b->y[i];
        }
    }
    return best;
}

/// Overlap of the projections of a and b on the axis of edge i of p (p's edge from vertex i to i + 1).
static ld axis_overlap(const lpoly *p, int i, const lpoly *a, const lpoly *b) {
    const int j = edge_end(p, i);
    const ld ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i], len = sqrtl(ex * ex + ey * ey);
    if (len == 0.0L) return INFINITY;
    const ld nx = ey / len, ny = -ex / len;
    ld amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
    for (int k = 0; k < a->n; k++) {
        const ld v = nx * a->x[k] + ny * a->y[k];
        amin = v < amin ? v : amin, amax = v > amax ? v : amax;
    }
    for (int k = 0; k < b->n; k++) {
        const ld v = nx * b->x[k] + ny * b->y[k];
        bmin = v < bmin ? v : bmin, bmax = v > bmax ? v : bmax;
    }
    const ld o1 = amax - bmin, o2 = bmax - amin;
    return o1 < o2 ? o1 : o2;
}

ld lo_signed_distance(const lpoly *a, const lpoly *b) {
    const ld d = lo_core_distance(a, b, NULL, NULL);
    if (d > 0.0L) return d;
    // Overlapping cores: the penetration depth, the least overlap over the edge normals of both (the
    // Minkowski difference of two convex polygons, segments or points has its edges along theirs).
    ld depth = INFINITY;
    for (int i = 0; a->n >= 2 && i < edges(a); i++) {
        const ld o = axis_overlap(a, i, a, b);
        depth = o < depth ? o : depth;
    }
    for (int i = 0; b->n >= 2 && i < edges(b); i++) {
        const ld o = axis_overlap(b, i, a, b);
        depth = o < depth ? o : depth;
    }
    return depth == INFINITY ? 0.0L : -depth;
}

ld lo_signed_distance_moved(const lpoly *a, const lpoly *b, ld dx, ld dy, ld t) {
    lpoly m; // only the n vertices in use are copied: an lpoly holds room for GJK2D_MAX_VERTICES
    m.n = b->n, m.r = b->r;
    for (int i = 0; i < m.n; i++) m.x[i] = b->x[i] + t * dx, m.y[i] = b->y[i] + t * dy;
    return lo_signed_distance(a, &m);
}

ld lo_gap_along(const lpoly *a, const lpoly *b, ld nx, ld ny) {
    ld amax = -INFINITY, bmin = INFINITY;
    for (int i = 0; i < a->n; i++) {
        const ld v = nx * a->x[i] + ny * a->y[i];
        amax = v > amax ? v : amax;
    }
    for (int i = 0; i < b->n; i++) {
        const ld v = nx * b->x[i] + ny * b->y[i];
        bmin = v < bmin ? v : bmin;
    }
    return bmin - amax;
}

ld lo_max_abs(const lpoly *p) {
    ld m = 0.0L;
    for (int i = 0; i < p->n; i++) {
        m = fabsl(p->x[i]) > m ? fabsl(p->x[i]) : m;
        m = fabsl(p->y[i]) > m ? fabsl(p->y[i]) : m;
    }
    return m;
}

ld lo_cast_min(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld *argmin) {
    // Golden section on a convex function; 60 steps shrink [0, hi] by 0.618^60 ~ 3e-13.
    const ld g = 0.6180339887498948482L;
    ld lo = 0.0L, up = hi;
    ld x1 = up - g * (up - lo), x2 = lo + g * (up - lo);
    ld f1 = lo_signed_distance_moved(a, b, dx, dy, x1), f2 = lo_signed_distance_moved(a, b, dx, dy, x2);
    for (int k = 0; k < 60; k++) {
        if (f1 <= f2) {
            up = x2, x2 = x1, f2 = f1;
            x1 = up - g * (up - lo);
            f1 = lo_signed_distance_moved(a, b, dx, dy, x1);
        } else {
            lo = x1, x1 = x2, f1 = f2;
            x2 = lo + g * (up - lo);
            f2 = lo_signed_distance_moved(a, b, dx, dy, x2);
        }
    }
    // The ends too: a convex function on [0, hi] may be least at either.
    ld best_t = 0.5L * (lo + up), best = lo_signed_distance_moved(a, b, dx, dy, best_t);
    const ld f0 = lo_signed_distance_moved(a, b, dx, dy, 0.0L), fh = lo_signed_distance_moved(a, b, dx, dy, hi);
    if (f0 <= best) best = f0, best_t = 0.0L;
    if (fh < best) best = fh, best_t = hi;
    *argmin = best_t;
    return best;
}

ld lo_cast_first(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld level) {
    if (lo_signed_distance_moved(a, b, dx, dy, 0.0L) <= level) return 0.0L;
    ld tm;
    if (lo_cast_min(a, b, dx, dy, hi, &tm) > level) return -1.0L;
    ld lo = 0.0L, up = tm; // distance above level at lo, at most level at up; decreasing in between
    for (int k = 0; k < 64; k++) {
        const ld mid = 0.5L * (lo + up);
        if (lo_signed_distance_moved(a, b, dx, dy, mid) <= level)
            up = mid;
        else
            lo = mid;
    }
    return up;
}

/// Smallest f in [0, hi] where o + f d crosses the segment p-q, or INFINITY.
static ld ray_segment(ld ox, ld oy, ld dx, ld dy, ld px, ld py, ld qx, ld qy, ld hi) {
    const ld ex = qx - px, ey = qy - py, den = dx * ey - dy * ex;
    if (den == 0.0L) return INFINITY;
    const ld wx = px - ox, wy = py - oy;
    const ld f = (wx * ey - wy * ex) / den, u = (wx * dy - wy * dx) / den;
    return f >= 0.0L && f <= hi && u >= 0.0L && u <= 1.0L ? f : INFINITY;
}

/// Smallest f in [0, hi] where o + f d enters the circle (c, r), or INFINITY.
static ld ray_circle(ld ox, ld oy, ld dx, ld dy, ld cx, ld cy, ld r, ld hi) {
    const ld sx = ox - cx, sy = oy - cy, a = dx * dx + dy * dy, b = sx * dx + sy * dy, c = sx * sx + sy * sy - r * r;
    const ld disc = b * b - a * c;
    if (a == 0.0L || disc < 0.0L) return INFINITY;
    const ld f = (-b - sqrtl(disc)) / a;
    return f >= 0.0L && f <= hi ? f : INFINITY;
}

ld lo_ray(const lpoly *p, ld ox, ld oy, ld dx, ld dy, ld hi, int *inside, ld n[2]) {
    ld c[2];
    *inside = lo_point_core(p, ox, oy, c) <= p->r;
    if (*inside) return 0.0L;
    // The boundary of the rounded shape lies on the edges moved out by r (each side of a segment) and the
    // vertex circles; the first crossing of any of them is the entry.
    ld best = INFINITY;
    const int sides = p->n == 2 ? 2 : (p->n >= 3 ? p->n : 0);
    for (int i = 0; i < sides; i++) {
        const int j = (i + 1) % p->n;
        ld ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
        const ld len = hypotl(ex, ey);
        if (len == 0.0L) continue;
        const ld nx = ey / len, ny = -ex / len; // outward for CCW
        const ld f = ray_segment(ox, oy, dx, dy, p->x[i] + p->r * nx, p->y[i] + p->r * ny, p->x[j] + p->r * nx,
                                 p->y[j] + p->r * ny, hi);
        if (f < best) best = f, n[0] = nx, n[1] = ny;
    }
    for (int i = 0; p->r > 0.0L && i < p->n; i++) {
        const ld f = ray_circle(ox, oy, dx, dy, p->x[i], p->y[i], p->r, hi);
        if (f < best) {
            best = f;
            n[0] = (ox + f * dx - p->x[i]) / p->r;
            n[1] = (oy + f * dy - p->y[i]) / p->r;
        }
    }
    return best == INFINITY ? -1.0L : best;
}

void lo_sweep_pose(const gjk2d_sweep *sw, ld t, ld *c, ld *s, ld *px, ld *py) {
    const ld a = (ld)sw->a0 + t * ((ld)sw->a1 - (ld)sw->a0);
    *c = cosl(a), *s = sinl(a);
    const ld cx = (ld)sw->c0.x + t * ((ld)sw->c1.x - sw->c0.x), cy = (ld)sw->c0.y + t * ((ld)sw->c1.y - sw->c0.y);
    *px = cx - (*c * sw->local_center.x - *s * sw->local_center.y);
    *py = cy - (*s * sw->local_center.x + *c * sw->local_center.y);
}

ld lo_sweep_speed(const gjk2d_shape *shape, const gjk2d_sweep *sw) {
    ld rho = 0.0L;
    for (int i = 0; i < shape->count; i++) {
        const ld d =
            hypotl((ld)shape->vertices[i].x - sw->local_center.x, (ld)shape->vertices[i].y - sw->local_center.y);
        rho = d > rho ? d : rho;
    }
    return hypotl((ld)sw->c1.x - sw->c0.x, (ld)sw->c1.y - sw->c0.y) + fabsl((ld)sw->a1 - (ld)sw->a0) * rho;
}

ld lo_sweep_distance(const gjk2d_shape *a, const gjk2d_sweep *sa, const gjk2d_shape *b, const gjk2d_sweep *sb, ld t) {
    ld c, s, px, py;
    lpoly pa, pb;
    lo_sweep_pose(sa, t, &c, &s, &px, &py);
    lo_place(a, c, s, px, py, &pa);
    lo_sweep_pose(sb, t, &c, &s, &px, &py);
    lo_place(b, c, s, px, py, &pb);
    return lo_core_distance(&pa, &pb, NULL, NULL);
}

ld lo_sweep_first(const gjk2d_shape *a, const gjk2d_sweep *sa, const gjk2d_shape *b, const gjk2d_sweep *sb, ld level,
                  ld eps) {
    const ld speed = lo_sweep_speed(a, sa) + lo_sweep_speed(b, sb);
    ld t = 0.0L;
    for (int step = 0; step < 20000; step++) {
        const ld d = lo_sweep_distance(a, sa, b, sb, t);
        if (d <= level + eps) {
            if (d <= level || t == 0.0L) return t;
            // Within eps above the level: the crossing is no earlier than t; bisect toward it over the
            // span the distance cannot leave level + eps in.
            ld lo = t, up = t + 2.0L * eps / (speed > 0.0L ? speed : 1.0L);
            if (up > 1.0L) up = 1.0L;
            if (lo_sweep_distance(a, sa, b, sb, up) > level)
                return t; // no crossing nearby: the distance just dips within eps; count it as one
            for (int k = 0; k < 60; k++) {
                const ld mid = 0.5L * (lo + up);
                if (lo_sweep_distance(a, sa, b, sb, mid) <= level)
                    up = mid;
                else
                    lo = mid;
            }
            return up;
        }
        if (t >= 1.0L || speed == 0.0L) return -1.0L;
        t += (d - level) / speed; // no point can close the gap faster than `speed`
        if (t > 1.0L) t = 1.0L;
    }
    return -2.0L;
}

ld lo_cast_exact(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld level) {
    if (lo_signed_distance_moved(a, b, dx, dy, 0.0L) <= level) return 0.0L;
    ld best = INFINITY, n[2];
    int inside;
    lpoly grown; // only the n vertices in use are copied
    grown.n = a->n, grown.r = level;
    for (int i = 0; i < a->n; i++) grown.x[i] = a->x[i], grown.y[i] = a->y[i];
    for (int i = 0; i < b->n; i++) {
        const ld f = lo_ray(&grown, b->x[i], b->y[i], dx, dy, hi, &inside, n);
        if (f >= 0.0L && f < best) best = f;
    }
    grown.n = b->n;
    for (int i = 0; i < b->n; i++) grown.x[i] = b->x[i], grown.y[i] = b->y[i];
    for (int i = 0; i < a->n; i++) {
        const ld f = lo_ray(&grown, a->x[i], a->y[i], -dx, -dy, hi, &inside, n);
        if (f >= 0.0L && f < best) best = f;
    }
    return best == INFINITY ? -1.0L : best;
}

void cast_random_shape(oracle_rng *r, cast_shape *out, int bare_ok) {
    const int kind = oracle_int(r, 0, bare_ok ? 9 : 7);
    int n;
    float radius = 0.0f;
    if (kind <= 4) {
        n = oracle_int(r, 3, 8);
        radius = kind <= 1 ? oracle_random_radius(r, 0.3) : 0.0f;
    } else if (kind == 5) {
        n = 1, radius = (float)oracle_uniform(r, 0.05, 0.8);
    } else if (kind <= 7) {
        n = 2, radius = (float)oracle_uniform(r, 0.02, 0.4);
    } else {
        n = kind == 8 ? 2 : 1;
    }
    if (n >= 3) {
        rc_convex_sorted(oracle_stream(r), n, 1.0, out->v);
    } else {
        for (int i = 0; i < n; i++)
            out->v[i].x = (float)oracle_uniform(r, -0.8, 0.8), out->v[i].y = (float)oracle_uniform(r, -0.8, 0.8);
    }
    out->s.vertices = out->v;
    out->s.count = n;
    out->s.radius = radius;
}

gjk2d_sweep cast_random_sweep(oracle_rng *r, const cast_shape *s, double toward_x, double toward_y,
                              double max_rotation) {
    gjk2d_sweep w;
    // The centre of rotation: the vertices' mean (a centroid stand-in), sometimes off the shape.
    double mx = 0.0, my = 0.0;
    for (int i = 0; i < s->s.count; i++) mx += s->s.vertices[i].x, my += s->s.vertices[i].y;
    w.local_center.x = (float)(mx / s->s.count + (oracle_int(r, 0, 3) == 0 ? oracle_uniform(r, -1.0, 1.0) : 0.0));
    w.local_center.y = (float)(my / s->s.count);
    w.c0.x = (float)oracle_uniform(r, -4.0, 4.0), w.c0.y = (float)oracle_uniform(r, -4.0, 4.0);
    const double f = oracle_uniform(r, 0.2, 1.6);
    w.c1.x = (float)(w.c0.x + f * (toward_x - w.c0.x) + oracle_uniform(r, -1.5, 1.5));
    w.c1.y = (float)(w.c0.y + f * (toward_y - w.c0.y) + oracle_uniform(r, -1.5, 1.5));
    w.a0 = (float)oracle_uniform(r, -3.2, 3.2);
    w.a1 = (float)(w.a0 + oracle_uniform(r, -max_rotation, max_rotation));
    return w;
}

gjk2d_vec2 cast_random_toward(oracle_rng *r, double from_x, double from_y, double to_x, double to_y, double scatter,
                              double sign) {
    const double f = sign * oracle_uniform(r, 0.3, 2.0);
    gjk2d_vec2 t;
    t.x = (float)(f * (to_x - from_x) + oracle_uniform(r, -scatter, scatter));
    t.y = (float)(f * (to_y - from_y) + oracle_uniform(r, -scatter, scatter));
    return t;
}

gjk2d_ray cast_random_ray(oracle_rng *r, const gjk2d_pose *target, int limited, double max_fraction_hi) {
    gjk2d_ray ray;
    ray.origin.x = (float)oracle_uniform(r, -6.0, 6.0);
    ray.origin.y = (float)oracle_uniform(r, -6.0, 6.0);
    ray.translation = cast_random_toward(r, ray.origin.x, ray.origin.y, target->px, target->py, 0.8, 1.0);
    ray.max_fraction = limited ? (float)oracle_uniform(r, 0.2, max_fraction_hi) : 1.0f;
    return ray;
}

lpoly cast_place(const cast_shape *s, const gjk2d_pose *p) {
    lpoly l;
    lo_place(&s->s, p->c, p->s, p->px, p->py, &l);
    return l;
}
