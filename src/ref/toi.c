// SPDX-License-Identifier: MIT
// Time of impact with rotation: Catto, "Continuous Collision" (GDC 2013), as Box2D's b2TimeOfImpact,
// with the step bound of conservative advancement (Mirtich's, in the form of the same talk) so that it
// never steps over a contact.
//
// Bilateral advancement: at the last safe time t1 the GJK distance of the cores gives a separating axis
// (its witness features, below); the axis moves with the bodies. Along it the deepest points at t2 are
// found (FindMinSeparation), and the root of their separation between t1 and t2 (bisection and false
// position alternately); with the new t2 the deepest points may change, so this repeats ("push back")
// until the deepest points at t2 sit within the tolerance of the target, then t1 = t2 and the distance is
// measured again.
//
// The axis is checked only at t2: with enough rotation the shapes can pass through each other between t1
// and t2 and be apart again at t2 (Box2D limits the rotation per step instead). So t2 starts not at 1 but
// at the conservative advancement bound: along the fixed world normal n of the distance at t1, the
// separation of the cores falls no faster than -n.(vB - vA) + |wA| rhoA + |wB| rhoB (v the centres'
// velocities, w the angular ones, rho the largest distance of a vertex from its centre of rotation), so
// nothing reaches the target before t1 + (separation - target) / that rate. If the deepest points at this
// t2 are still apart, t1 moves to it; only a bound at or beyond t = 1 lets the query say "separated".
// Where the deepest points at t2 sit on the target, the distance of the cores lies between their
// separation (a lower bound) and the distance of the features they belong to (an upper one): when both are
// within the band, that is the hit, and the distance query that would confirm it is saved.
//
// Terminations, Box2D's states: the distance at t1 within target +- tolerance (hit), no contact possible
// before t = 1 (separated), the distance at t = 0 below target - tolerance (overlapped), the root lost
// or the iteration cap (failed).
//
// The query is written in parts: ref_toi_start, then ref_toi_step from one distance of the cores to the
// next, then ref_toi_finish; ref_time_of_impact strings them together with its own distance query, and the
// batch (toi_batch.c) hands the steps the distances its lanes computed for many sweeps at once.
//
// The separation functions work in double on the float vertices and poses (a pose's position is a double
// already), so they round far less than the distance query whose result they extend.
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

/// Root finding on one pair of deepest points: Box2D's iteration count (the interval halves at least every
/// other step: 2^-25 of the step, far below any useful tolerance).
#define ROOT_ITERATIONS 50

/// Conservative advancement steps along the separating axis before the next distance query.
#define CHAINED_BOUNDS 3

/// cos and sin of two angles within a few times GJK2D_MAX_ANGLE, to about an ulp of double, by the textbook
/// method: the angle less the nearest multiple k of pi/2 (Cody and Waite's two-part constant: pi/2 to 33
/// bits, so that k times it is exact, and the rest), Taylor series on the remainder r, |r| <= pi/4 (the
/// first terms left out are below 2^-53 of the result there), and the quadrant k mod 4 turning the pair.
/// The series are summed by Estrin's scheme: with r^2, r^4 and r^8 the terms pair up independently, a
/// chain of dependent operations half as long as Horner's rule. A time of impact evaluates both sweeps at
/// a dozen times, one after the other; the C library's sincos, which handles any angle, took longer there.
/// Both sweeps' angles go side by side through the same operations (k rounded to the nearest integer by
/// adding and taking off 1.5 * 2^52, which needs no branch), so that the compiler can pair them in one
/// vector of two doubles: IEEE operations, the same results with or without vectors. Written out here, the
/// poses also do not depend on the C library.
static inline __attribute__((always_inline)) void sweep_sincos2(const double angle[2], double c[2], double s[2]) {
    static const double two_over_pi = 0x1.45f306dc9c883p-1;
    static const double half_pi_hi = 0x1.921fb544p+0;       // pi/2 to 33 bits
    static const double half_pi_lo = 0x1.0b4611a626331p-34; // pi/2 - half_pi_hi, rounded
    static const double shift = 0x1.8p52; // x + 1.5 * 2^52 - 1.5 * 2^52: x rounded to the nearest integer
    // sin r = r + r^3 (s0 + s1 r^2 + ... + s6 r^12), cos r = 1 + r^2 (c0 + c1 r^2 + ... + c7 r^14): the
    // Taylor coefficients -1/3!, 1/5!, ... and -1/2!, 1/4!, ...
    static const double s0 = -1.0 / 6, s1 = 1.0 / 120, s2 = -1.0 / 5040, s3 = 1.0 / 362880, s4 = -1.0 / 39916800,
                        s5 = 1.0 / 6227020800.0, s6 = -1.0 / 1307674368000.0;
    static const double c0 = -0.5, c1 = 1.0 / 24, c2 = -1.0 / 720, c3 = 1.0 / 40320, c4 = -1.0 / 3628800,
                        c5 = 1.0 / 479001600.0, c6 = -1.0 / 87178291200.0, c7 = 1.0 / 20922789888000.0;
    double k[2], sin_r[2], cos_r[2];
    for (int i = 0; i < 2; i++) { // the two angles side by side: the compiler may pair their operations
        k[i] = (angle[i] * two_over_pi + shift) - shift; // |k| < 2^20: k * half_pi_hi is exact
        const double r = (angle[i] - k[i] * half_pi_hi) - k[i] * half_pi_lo;
        const double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
        const double sin_sum = ((s0 + s1 * r2) + (s2 + s3 * r2) * r4) + ((s4 + s5 * r2) + s6 * r4) * r8;
        const double cos_sum = ((c0 + c1 * r2) + (c2 + c3 * r2) * r4) + ((c4 + c5 * r2) + (c6 + c7 * r2) * r4) * r8;
        sin_r[i] = r + r * r2 * sin_sum, cos_r[i] = 1.0 + r2 * cos_sum;
    }
    // Quadrant q = k mod 4 (two's complement: -1 & 3 = 3, the quadrant below zero) turns the pair: q = 0
    // (cos, sin), 1 (-sin, cos), 2 (-cos, -sin), 3 (sin, -cos). Looked up rather than branched on: over
    // random angles the quadrant is unpredictable, and a sign is applied exactly by a product with +-1.
    static const double sign_c[4] = {1.0, -1.0, -1.0, 1.0}, sign_s[4] = {1.0, 1.0, -1.0, -1.0};
    for (int i = 0; i < 2; i++) {
        const int q = (int)((int64_t)k[i] & 3);
        const double pair[2] = {cos_r[i], sin_r[i]};
        c[i] = pair[q & 1] * sign_c[q];
        s[i] = pair[(q & 1) ^ 1] * sign_s[q];
    }
}

/// The poses of two sweeps at t (ref_sweep_pose), evaluated side by side.
static inline __attribute__((always_inline)) void sweep_pose2(const gjk2d_sweep *const sw[2], double t,
                                                              gjk2d__pose x[2]) {
    double angle[2], c[2], s[2];
    for (int i = 0; i < 2; i++) angle[i] = (double)sw[i]->a0 + t * ((double)sw[i]->a1 - (double)sw[i]->a0);
    sweep_sincos2(angle, c, s);
    for (int i = 0; i < 2; i++) {
        x[i].c = (float)c[i];
        x[i].s = (float)s[i];
        const double cx = (double)sw[i]->c0.x + t * ((double)sw[i]->c1.x - (double)sw[i]->c0.x);
        const double cy = (double)sw[i]->c0.y + t * ((double)sw[i]->c1.y - (double)sw[i]->c0.y);
        // Position = centre - R * local centre, with the float rotation the pose carries, so the local
        // centre lands on the centre (to double rounding).
        x[i].px = cx - ((double)x[i].c * sw[i]->local_center.x - (double)x[i].s * sw[i]->local_center.y);
        x[i].py = cy - ((double)x[i].s * sw[i]->local_center.x + (double)x[i].c * sw[i]->local_center.y);
    }
}

gjk2d__pose ref_sweep_pose(const gjk2d_sweep *sw, double t) {
    const gjk2d_sweep *const both[2] = {sw, sw};
    gjk2d__pose x[2];
    sweep_pose2(both, t, x);
    return x[0];
}

gjk2d_status ref_sweep_check(const gjk2d_sweep *sw) {
    const float v[8] = {sw->local_center.x, sw->local_center.y, sw->c0.x, sw->c0.y, sw->c1.x, sw->c1.y, sw->a0, sw->a1};
    for (int i = 0; i < 8; ++i) {
        const float bound = i < 6 ? GJK2D_MAX_COORDINATE : GJK2D_MAX_ANGLE;
        if (!(fabsf(v[i]) <= bound)) // also NaN
            return GJK2D_STATUS_BAD_POSE;
    }
    return GJK2D_STATUS_OK;
}

typedef ref_dvec dvec;

static dvec dv(double x, double y) {
    dvec r = {x, y};
    return r;
}
static double ddot(dvec a, dvec b) { return a.x * b.x + a.y * b.y; }
static dvec vertex(const ref_shape *s, int32_t i) { return dv(s->x[i * s->stride], s->y[i * s->stride]); }
static dvec rotate(const gjk2d__pose *x, dvec d) { return dv(x->c * d.x - x->s * d.y, x->s * d.x + x->c * d.y); }
static dvec rotate_t(const gjk2d__pose *x, dvec d) { return dv(x->c * d.x + x->s * d.y, -x->s * d.x + x->c * d.y); }
static dvec apply(const gjk2d__pose *x, dvec p) {
    const dvec r = rotate(x, p);
    return dv(r.x + x->px, r.y + x->py);
}
static dvec normalize(dvec d) {
    const double len = sqrt(ddot(d, d));
    return len > 0.0 ? dv(d.x / len, d.y / len) : d;
}

/// The vertex furthest along d, lowest index on ties (as ref_support).
static int32_t support(const ref_shape *s, dvec d) {
    int32_t best = 0;
    double best_value = ddot(vertex(s, 0), d);
    for (int32_t i = 1; i < s->n; ++i) {
        const double value = ddot(vertex(s, i), d);
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

static const ref_toi_poses *poses_at(ref_toi_poses *x, double t) {
    if (!(x->t == t)) {
        const gjk2d_sweep *const sw[2] = {x->sweep_a, x->sweep_b};
        gjk2d__pose both[2];
        sweep_pose2(sw, t, both);
        x->a = both[0], x->b = both[1], x->t = t;
    }
    return x;
}

/// Edge e (from vertex e to e + 1, cyclic) of a shape: its midpoint and outward unit normal (CCW: right side).
static void face(const ref_shape *s, int32_t e, dvec *mid, dvec *normal) {
    const dvec p0 = vertex(s, e), p1 = vertex(s, (e + 1) % s->n);
    *mid = dv(0.5 * (p0.x + p1.x), 0.5 * (p0.y + p1.y));
    *normal = normalize(dv(p1.y - p0.y, -(p1.x - p0.x)));
}

/// The axis from the witness features of the distance query at t1 (Box2D takes them from the simplex
/// cache): two vertices give the axis between them, an edge of B (with a vertex of A) B's face normal,
/// otherwise A's face normal. A face normal is turned to point at the other shape.
static void separation_init(ref_toi_axis *f, const ref_toi_distance *d, double t1) {
    const ref_toi_poses *x = poses_at(f->poses, t1);
    const gjk2d__pose xa = x->a, xb = x->b;
    const int32_t ia = GJK2D_FEATURE_INDEX(d->feature_a), ib = GJK2D_FEATURE_INDEX(d->feature_b);
    if (!GJK2D_FEATURE_IS_EDGE(d->feature_a) && !GJK2D_FEATURE_IS_EDGE(d->feature_b)) {
        f->kind = REF_AXIS_POINTS;
        const dvec pa = apply(&xa, vertex(f->a, ia)), pb = apply(&xb, vertex(f->b, ib));
        f->axis = normalize(dv(pb.x - pa.x, pb.y - pa.y));
        return;
    }
    const int on_b = !GJK2D_FEATURE_IS_EDGE(d->feature_a);
    const ref_shape *s = on_b ? f->b : f->a, *other = on_b ? f->a : f->b;
    const gjk2d__pose *xs = on_b ? &xb : &xa, *xo = on_b ? &xa : &xb;
    f->kind = on_b ? REF_AXIS_FACE_B : REF_AXIS_FACE_A;
    f->face = on_b ? ib : ia;
    face(s, f->face, &f->local, &f->axis);
    const dvec n = rotate(xs, f->axis), p = apply(xs, f->local), q = apply(xo, vertex(other, on_b ? ia : ib));
    if (ddot(dv(q.x - p.x, q.y - p.y), n) < 0.0) // the other shape is behind the face: use the other side
        f->axis = dv(-f->axis.x, -f->axis.y);
}

/// Separation at t of the vertices ia, ib (-1: the deepest along the axis at t, returned through ia, ib).
static double separation_at(const ref_toi_axis *f, double t, int32_t *ia, int32_t *ib) {
    const ref_toi_poses *x = poses_at(f->poses, t);
    const gjk2d__pose xa = x->a, xb = x->b;
    switch (f->kind) {
    case REF_AXIS_POINTS: {
        if (*ia < 0) {
            *ia = support(f->a, rotate_t(&xa, f->axis));
            *ib = support(f->b, rotate_t(&xb, dv(-f->axis.x, -f->axis.y)));
        }
        const dvec pa = apply(&xa, vertex(f->a, *ia)), pb = apply(&xb, vertex(f->b, *ib));
        return ddot(dv(pb.x - pa.x, pb.y - pa.y), f->axis);
    }
    case REF_AXIS_FACE_A: {
        const dvec n = rotate(&xa, f->axis), pa = apply(&xa, f->local);
        if (*ib < 0) *ib = support(f->b, rotate_t(&xb, dv(-n.x, -n.y)));
        const dvec pb = apply(&xb, vertex(f->b, *ib));
        return ddot(dv(pb.x - pa.x, pb.y - pa.y), n);
    }
    case REF_AXIS_FACE_B: {
        const dvec n = rotate(&xb, f->axis), pb = apply(&xb, f->local);
        if (*ia < 0) *ia = support(f->a, rotate_t(&xa, dv(-n.x, -n.y)));
        const dvec pa = apply(&xa, vertex(f->a, *ia));
        return ddot(dv(pa.x - pb.x, pa.y - pb.y), n);
    }
    }
    return 0.0;
}

/// The separating axis at t as a world direction from A to B.
static dvec axis_direction(const ref_toi_axis *f, double t) {
    const ref_toi_poses *x = poses_at(f->poses, t);
    switch (f->kind) {
    case REF_AXIS_FACE_A: return rotate(&x->a, f->axis);
    case REF_AXIS_FACE_B: {
        const dvec n = rotate(&x->b, f->axis);
        return dv(-n.x, -n.y);
    }
    default: return f->axis;
    }
}

/// The distance at t between the deepest features ia, ib of separation_at: vertex to vertex, or a vertex to
/// its closest point on the face. Points of the two cores, so an upper bound of their distance, as the
/// separation along the axis is a lower one.
static double witness_gap(const ref_toi_axis *f, double t, int32_t ia, int32_t ib) {
    const ref_toi_poses *x = poses_at(f->poses, t);
    if (f->kind == REF_AXIS_POINTS) {
        const dvec pa = apply(&x->a, vertex(f->a, ia)), pb = apply(&x->b, vertex(f->b, ib));
        return sqrt(ddot(dv(pb.x - pa.x, pb.y - pa.y), dv(pb.x - pa.x, pb.y - pa.y)));
    }
    const int on_b = f->kind == REF_AXIS_FACE_B;
    const ref_shape *s = on_b ? f->b : f->a, *other = on_b ? f->a : f->b;
    const gjk2d__pose *xs = on_b ? &x->b : &x->a, *xo = on_b ? &x->a : &x->b;
    const dvec p0 = apply(xs, vertex(s, f->face)), p1 = apply(xs, vertex(s, (f->face + 1) % s->n));
    const dvec q = apply(xo, vertex(other, on_b ? ia : ib));
    const dvec e = dv(p1.x - p0.x, p1.y - p0.y), w = dv(q.x - p0.x, q.y - p0.y);
    const double ee = ddot(e, e);
    double u = ee > 0.0 ? ddot(w, e) / ee : 0.0;
    u = u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u);
    const dvec r = dv(w.x - u * e.x, w.y - u * e.y);
    return sqrt(ddot(r, r));
}

/// GJK distance of the cores at s->t1, started from the previous call's simplex (Box2D's b2SimplexCache
/// carried through b2TimeOfImpact): the poses move little between steps, so the old closest features are
/// usually the new ones. GJK on the cores alone: the distance query's closest points and radii are not
/// needed here.
static void distance_at(ref_toi *s, ref_toi_distance *d) {
    ref_pair p;
    const ref_toi_poses *x = ref_toi_poses_at(s);
    ref_pair_load(&p, s->a.x, s->a.y, s->a.stride, s->a.n, 0.0f, &x->a, s->b.x, s->b.y, s->b.stride, s->b.n, 0.0f,
                  &x->b);
    ref_cores c;
    ref_closest_cores_cached(&p, &s->cache, INFINITY, &c, NULL);
    d->core = (float)c.core;
    d->normal = pose_rotate(&p.pose_a, c.normal);
    d->feature_a = c.feature_a;
    d->feature_b = c.feature_b;
}

/// Largest distance of a vertex from the sweep's centre of rotation.
static double sweep_rho(const ref_shape *s, const gjk2d_sweep *sw) {
    double rho2 = 0.0; // one square root at the end: sqrt is monotonic and correctly rounded
    for (int32_t i = 0; i < s->n; ++i) {
        const dvec v = vertex(s, i);
        const double dx = v.x - sw->local_center.x, dy = v.y - sw->local_center.y;
        const double r2 = dx * dx + dy * dy;
        rho2 = r2 > rho2 ? r2 : rho2;
    }
    return sqrt(rho2);
}

static ref_toi_motion motion_of(const ref_shape *a, const gjk2d_sweep *sa, const ref_shape *b, const gjk2d_sweep *sb) {
    const dvec va = dv((double)sa->c1.x - sa->c0.x, (double)sa->c1.y - sa->c0.y);
    const dvec vb = dv((double)sb->c1.x - sb->c0.x, (double)sb->c1.y - sb->c0.y);
    const ref_toi_motion m = {dv(vb.x - va.x, vb.y - va.y), fabs((double)sa->a1 - sa->a0) * sweep_rho(a, sa),
                              fabs((double)sb->a1 - sb->a0) * sweep_rho(b, sb)};
    return m;
}

/// The earliest time after t1 at which cores `gap` apart along the unit world direction n at t1 could come
/// within `aim` (beyond 1 when they cannot before t = 1; never before t1). The separation along n falls no
/// faster than the centres' approach along n plus each shape's fastest vertex about its centre.
static double advance(const ref_toi_motion *m, dvec n, double t1, double gap, double aim) {
    // No step where the gap along n is not beyond the aim: a direction other than the distance's normal
    // may not separate the shapes by that much (or at all); and with coordinates far larger than the gap,
    // the separation from the vertices may round below the aim where the distance query found it above.
    if (!(gap > aim)) return t1;
    const double rate = -ddot(n, m->v) + m->spin_a + m->spin_b;
    if (!(rate > 0.0)) return INFINITY; // nothing approaches along n
    const double bound = t1 + (gap - aim) / rate;
    return bound > t1 ? bound : t1;
}

/// The conservative advancement bound from t1: the earliest time at which the cores could come within
/// `aim` (beyond 1 when they cannot before t = 1). n is a unit direction in world frame, the distance
/// query's normal at t1 or at an earlier time (the bound holds along any fixed direction).
static double advancement_bound(const ref_shape *a, const ref_shape *b, const ref_toi_motion *m, ref_toi_poses *poses,
                                dvec n, double t1, double aim) {
    const ref_toi_poses *x = poses_at(poses, t1);
    const gjk2d__pose xa = x->a, xb = x->b;
    // The separation along n at t1, from the vertices (exact in double but for a few roundings): n is
    // taken into each shape's frame once, and the positions' difference is taken first so that large
    // coordinates cancel before they round.
    const dvec na = rotate_t(&xa, n), nb = rotate_t(&xb, n);
    double amax = -INFINITY, bmin = INFINITY;
    for (int32_t i = 0; i < a->n; ++i) {
        const double v = ddot(na, vertex(a, i));
        amax = v > amax ? v : amax;
    }
    for (int32_t i = 0; i < b->n; ++i) {
        const double v = ddot(nb, vertex(b, i));
        bmin = v < bmin ? v : bmin;
    }
    return advance(m, n, t1, ddot(n, dv(xb.px - xa.px, xb.py - xa.py)) + (bmin - amax), aim);
}

/// The largest float at most t (a reported time must be a safe one).
static float float_down(double t) {
    const float f = (float)t;
    return (double)f > t ? nextafterf(f, -INFINITY) : f;
}

void ref_toi_start(ref_toi *s, const ref_shape *a, const gjk2d_sweep *sweep_a, const ref_shape *b,
                   const gjk2d_sweep *sweep_b, float target, float tolerance, int with_separation) {
    s->a = *a, s->b = *b;
    s->tol = tolerance, s->radii = (double)a->r + b->r;
    s->aim = (double)target + s->radii > 4.0 * s->tol ? (double)target + s->radii : 4.0 * s->tol; // core distance
    s->push_cap = a->n + b->n;
    s->m = motion_of(a, sweep_a, b, sweep_b);
    s->t1 = 0.0, s->core = 0.0;
    s->iter = 0;
    s->with_separation = with_separation;
    s->last = 0;
    s->state = GJK2D_TOI_FAILED;
    const ref_toi_poses none = {sweep_a, sweep_b, NAN, {0.0, 0.0, 0.0f, 0.0f}, {0.0, 0.0, 0.0f, 0.0f}};
    s->poses = none;
    const gjk2d_cache cold = {0};
    s->cache = cold;
    const ref_toi_axis f = {&s->a, &s->b, &s->poses, REF_AXIS_POINTS, {0.0, 0.0}, {0.0, 0.0}, 0};
    s->f = f;
}

const ref_toi_poses *ref_toi_poses_at(ref_toi *s) { return poses_at(&s->poses, s->t1); }

/// The query has ended in `state`; a separated pair's separation at t = 1 is one more distance (asked
/// for only when it is to be reported).
static int toi_end(ref_toi *s, gjk2d_toi_state state) {
    s->state = state;
    if (state == GJK2D_TOI_SEPARATED && s->with_separation) {
        s->last = 1;
        s->t1 = 1.0;
        return 1;
    }
    return 0;
}

int ref_toi_step(ref_toi *s, const ref_toi_distance *d) {
    const double aim = s->aim, tol = s->tol;
    const ref_shape *a = &s->a, *b = &s->b;
    ref_toi_axis *f = &s->f;
    s->core = d->core;
    if (s->last) return 0;
    if (s->core < aim - tol) // below the band: at the start the shapes overlap already; later the advancement overshot
        return toi_end(s, s->t1 == 0.0 ? GJK2D_TOI_OVERLAPPED : GJK2D_TOI_FAILED);
    if (s->core < aim + tol) return toi_end(s, GJK2D_TOI_HIT);
    if (s->iter == GJK2D_TOI_ITERATION_CAP) return toi_end(s, GJK2D_TOI_FAILED);
    ++s->iter;
    double t1 = s->t1;
    separation_init(f, d, t1);

    // Advance along this axis: push t2 back until the deepest points at t2 sit on the target, from the
    // conservative advancement bound (or 1).
    const dvec n = normalize(dv(d->normal.x, d->normal.y));
    // At t1 itself the gap along n is the distance just measured (n is its normal, along which the
    // cores' projections lie exactly that far apart), so the first bound needs no vertex projections.
    double bound = advance(&s->m, n, t1, s->core, aim);
    // The bound holds along any fixed direction, so it can be taken again from where it ends: a few
    // vertex projections instead of a distance query, while each step still moves on by at least a
    // quarter of the first. Along the separating axis as it stands there (a face's normal turns with its
    // shape; the normal n of t1 goes stale as the shapes turn): 2.46 iterations per sweep along n, 2.14
    // along the axis, on the oracle's random sweeps. When the axis no longer separates by the aim, the
    // step stops, and a new distance pays.
    for (int32_t k = 0; k < CHAINED_BOUNDS && bound < 1.0; ++k) {
        const double next = advancement_bound(a, b, &s->m, &s->poses, axis_direction(f, bound), bound, aim);
        const int small = next - bound < 0.25 * (bound - t1) || !(next > bound);
        bound = next;
        if (small) break;
    }
    double t2 = bound < 1.0 ? bound : 1.0;
    for (int32_t push = 0; push < s->push_cap; ++push) {
        int32_t ia = -1, ib = -1;
        double s2 = separation_at(f, t2, &ia, &ib);
        if (s2 > aim + tol) {
            // Apart along the axis at t2 (only the first time: after a root t2 is on the target). At
            // t2 = 1 with the bound beyond it, separated; else t2 is the bound: a safe step.
            if (bound >= 1.0) {
                s->t1 = 1.0;
                return toi_end(s, GJK2D_TOI_SEPARATED);
            }
            s->t1 = t2;
            return 1;
        }
        if (s2 > aim - tol) {
            s->t1 = t2; // the deepest points at t2 are on the target: safe to advance
            // The cores' distance lies between s2 and the deepest features' distance: when that is
            // within the band too, this is the hit, without the distance query that would confirm it.
            const double upper = witness_gap(f, t2, ia, ib);
            if (upper < aim + tol) {
                s->core = upper;
                return toi_end(s, GJK2D_TOI_HIT);
            }
            return 1;
        }
        double s1 = separation_at(f, t1, &ia, &ib);
        if (s1 < aim - tol) // these points are already past the target at t1: no root to find
            return toi_end(s, GJK2D_TOI_FAILED);
        if (s1 <= aim + tol) return toi_end(s, GJK2D_TOI_HIT); // these points touch at t1 already
        // Root of s(t) = aim in [a1, a2], s(a1) > aim > s(a2).
        double a1 = t1, a2 = t2;
        int found = 0;
        for (int k = 0; k < ROOT_ITERATIONS; ++k) {
            const double t = (k & 1) ? a1 + (aim - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2);
            const double st = separation_at(f, t, &ia, &ib);
            if (fabs(st - aim) < tol) {
                t2 = t;
                found = 1;
                break;
            }
            if (st > aim) {
                a1 = t;
                s1 = st;
            } else {
                a2 = t;
                s2 = st;
            }
        }
        // No root: t2 is unchanged, so every further push would repeat this one exactly (up to na + nb
        // times, each with ROOT_ITERATIONS evaluations). Stop where they would all have left off.
        if (!found) break;
    }
    return 1; // t1 unchanged: the distance there again
}

void ref_toi_finish(const ref_toi *s, gjk2d_toi_result *out) {
    const gjk2d_toi_state state = s->state;
    out->state = state;
    out->t = state == GJK2D_TOI_SEPARATED ? 1.0f : float_down(s->t1);
    out->separation = state == GJK2D_TOI_SEPARATED && !s->with_separation ? NAN : (float)(s->core - s->radii);
    out->iterations = s->iter;
    out->status = GJK2D_STATUS_OK;
}

void ref_time_of_impact(const ref_shape *a, const gjk2d_sweep *sweep_a, const ref_shape *b, const gjk2d_sweep *sweep_b,
                        float target, float tolerance, int with_separation, gjk2d_toi_result *out) {
    ref_toi s;
    ref_toi_start(&s, a, sweep_a, b, sweep_b, target, tolerance, with_separation);
    ref_toi_distance d;
    do distance_at(&s, &d);
    while (ref_toi_step(&s, &d));
    ref_toi_finish(&s, out);
}
