#include "check.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void append_shape(char *buf, size_t cap, size_t *len, const char *name, const gjk2d_shape *s,
                         const gjk2d_pose *p) {
    int k = snprintf(buf + *len, cap - *len, "\n  %s: count %d radius %.9g pose {%.9g, %.9g, %.9g, %.9g} v {", name,
                     (int)s->count, (double)s->radius, (double)p->px, (double)p->py, (double)p->c, (double)p->s);
    if (k > 0) *len += (size_t)k;
    for (int i = 0; i < s->count && *len + 64 < cap; i++) {
        k = snprintf(buf + *len, cap - *len, "{%.9g, %.9g},", (double)s->vertices[i].x, (double)s->vertices[i].y);
        if (k > 0) *len += (size_t)k;
    }
    if (*len + 2 < cap) {
        buf[(*len)++] = '}';
        buf[*len] = 0;
    }
}

const char *pair_repr(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb) {
    static _Thread_local char buf[32768];
    size_t len = 0;
    buf[0] = 0;
    append_shape(buf, sizeof buf, &len, "A", a, pa);
    append_shape(buf, sizeof buf, &len, "B", b, pb);
    return buf;
}

static void upd(double *m, double v) {
    if (v > *m) *m = v;
}

void check_signed_distance(const gjk2d_distance_result *r, double ra, double rb, double core, double tol,
                           const char *repr) {
    // signed_distance = core distance - ra - rb, within the distance tolerance of the oracle's (with its
    // sign: negative when only the rounded parts overlap).
    double e = fabs(r->signed_distance - (core - ra - rb));
    cr_assert(e <= tol, "signed distance %.9g, oracle %.17g (core %.17g - ra %.9g - rb %.9g), error %.3g > %.3g%s",
              (double)r->signed_distance, core - ra - rb, core, ra, rb, e, tol, repr);
    // distance is exactly max(0, signed_distance).
    float want = r->signed_distance > 0.0f ? r->signed_distance : 0.0f;
    cr_assert(r->distance == want && !isnan(r->distance), "distance %.9g is not max(0, signed distance %.9g)%s",
              (double)r->distance, (double)r->signed_distance, repr);
    // Cores overlapping (zero normal): the documented value -(ra + rb), and core distance 0.
    if (r->normal.x == 0.0f && r->normal.y == 0.0f) {
        cr_assert(r->signed_distance == -((float)ra + (float)rb) && r->core_distance == 0.0f,
                  "cores overlap (zero normal) but signed distance %.9g, core distance %.9g; expected -(ra + rb) "
                  "= %.9g and 0%s",
                  (double)r->signed_distance, (double)r->core_distance, -(ra + rb), repr);
    }
}

/// The core part feature `f` names on shape `w` (world frame), as a span from (x0, y0) to (x1, y1): a
/// vertex (both ends the vertex) or an edge, widened to the whole run of collinear vertices it lies in
/// (the header: a run is one edge; which vertex of a near-collinear run is "first" depends on rounding,
/// so containment is judged against the whole run; test_distance_outputs.c checks the first-vertex rule
/// on exactly collinear vertices). `slack`: distance from the edge's line within which a vertex counts
/// as on it. Returns 0 for an index out of range, 1 for a vertex, 2 for an edge (with its outward unit
/// normal in `out`).
int feature_span(const oracle_poly *w, int32_t f, double slack, double span[4], double out[2]) {
    const int n = w->n;
    if (f < 0 || f >= 2 * n) return 0;
    const int i = f >> 1;
    span[0] = span[2] = w->x[i];
    span[1] = span[3] = w->y[i];
    if (!GJK2D_FEATURE_IS_EDGE(f)) return 1;
    if (n == 1) return 0; // a point has no edge
    int j = (i + 1) % n;
    while (j != i && w->x[j] == w->x[i] && w->y[j] == w->y[i]) j = (j + 1) % n; // skip duplicates
    if (j == i) return 2;                                                       // every vertex equal
    double ux = w->x[j] - w->x[i], uy = w->y[j] - w->y[i], len = hypot(ux, uy);
    ux /= len, uy /= len;
    out[0] = uy, out[1] = -ux; // outward normal of a CCW edge: its direction turned clockwise
    int lo = i, hi = j;
#define ON_LINE(k) (fabs(ux * (w->y[k] - w->y[i]) - uy * (w->x[k] - w->x[i])) <= slack)
#define ALONG(k, from) (ux * (w->x[k] - w->x[from]) + uy * (w->y[k] - w->y[from]))
    for (int k = (hi + 1) % n; k != lo && ON_LINE(k) && ALONG(k, hi) >= -slack; k = (k + 1) % n) hi = k;
    for (int k = (lo + n - 1) % n; k != hi && ON_LINE(k) && ALONG(lo, k) >= -slack; k = (k + n - 1) % n) lo = k;
#undef ON_LINE
#undef ALONG
    span[0] = w->x[lo], span[1] = w->y[lo], span[2] = w->x[hi], span[3] = w->y[hi];
    return 2;
}

double check_features(const gjk2d_shape *a, const gjk2d_shape *b, const oracle_poly *wa, const oracle_poly *wb,
                      const gjk2d_distance_result *r, double core, double tol, double tolp, const char *repr) {
    const int32_t fa = r->feature_a, fb = r->feature_b;
    // Features exist exactly when the cores are apart (the library's verdict: a non-zero normal).
    const int apart = r->normal.x != 0.0f || r->normal.y != 0.0f;
    cr_assert(apart ? (fa >= 0 && fb >= 0) : (fa == GJK2D_FEATURE_NONE && fb == GJK2D_FEATURE_NONE),
              "features (%d, %d) with %s cores%s", (int)fa, (int)fb, apart ? "separated" : "overlapping", repr);
    if (!apart) return 0.0;
    double span_a[4], span_b[4], out_a[2] = {0, 0}, out_b[2] = {0, 0};
    // A vertex within 8 float roundings of the shape's size (its local coordinates: the world frame's
    // offset is exact in double) from an edge's line is on it (float vertices written as collinear
    // decimals are off by about one rounding).
    double ma = 0.0, mb = 0.0;
    for (int i = 0; i < a->count; i++) ma = fmax(ma, fmax(fabs(a->vertices[i].x), fabs(a->vertices[i].y)));
    for (int i = 0; i < b->count; i++) mb = fmax(mb, fmax(fabs(b->vertices[i].x), fabs(b->vertices[i].y)));
    int ka = feature_span(wa, fa, 8.0 * FLT_EPSILON * ma, span_a, out_a);
    int kb = feature_span(wb, fb, 8.0 * FLT_EPSILON * mb, span_b, out_b);
    cr_assert(ka && kb, "feature out of range: A %d (count %d), B %d (count %d)%s", (int)fa, (int)a->count, (int)fb,
              (int)b->count, repr);
    if (!(core > tol)) return 0.0; // touching cores: any feature near the contact is as good
    // Rounded shapes apart: each witness point lies at its radius from its feature (on it, for radius 0).
    // Rounded parts overlapping (one point for both): the point lies within both rounded features.
    double da = oracle_point_segment(r->point_a.x, r->point_a.y, span_a[0], span_a[1], span_a[2], span_a[3], 0, 0);
    double db = oracle_point_segment(r->point_b.x, r->point_b.y, span_b[0], span_b[1], span_b[2], span_b[3], 0, 0);
    double e = r->distance > 0.0f ? fmax(fabs(da - a->radius), fabs(db - b->radius))
                                  : fmax(fmax(da - a->radius, db - b->radius), 0.0);
    cr_assert(e <= tolp,
              "witness points (%.9g, %.9g) / (%.9g, %.9g) are %.3g off their features %s %d / %s %d "
              "(> %.3g)%s",
              (double)r->point_a.x, (double)r->point_a.y, (double)r->point_b.x, (double)r->point_b.y, e,
              ka == 2 ? "edge" : "vertex", (int)GJK2D_FEATURE_INDEX(fa), kb == 2 ? "edge" : "vertex",
              (int)GJK2D_FEATURE_INDEX(fb), tolp, repr);
    // The oracle: the two features are closest features (their distance is the core distance).
    double ff = oracle_point_segment(span_a[0], span_a[1], span_b[0], span_b[1], span_b[2], span_b[3], 0, 0);
    ff = fmin(ff, oracle_point_segment(span_a[2], span_a[3], span_b[0], span_b[1], span_b[2], span_b[3], 0, 0));
    ff = fmin(ff, oracle_point_segment(span_b[0], span_b[1], span_a[0], span_a[1], span_a[2], span_a[3], 0, 0));
    ff = fmin(ff, oracle_point_segment(span_b[2], span_b[3], span_a[0], span_a[1], span_a[2], span_a[3], 0, 0));
    cr_assert(fabs(ff - core) <= tol, "features %d / %d are %.17g apart, the cores %.17g: not closest features%s",
              (int)fa, (int)fb, ff, core, repr);
    // An edge is reported only where the witness lies along it: the edge faces the other shape, its outward
    // normal along the witness normal. The normal is off by at most ~2 TOL_POINT / core rad (see the normal
    // axis rule), doubled, plus its own rounding; and the edge's direction as the query sees it (in A's
    // frame, every vertex within TOL_REL L) by up to 2 TOL_REL L / |edge| rad. So a vertex witness reported
    // as an edge that is far from perpendicular to the normal fails, a nearly perpendicular one passes.
    const double n[2] = {r->normal.x, r->normal.y};
    for (int side = 0; side < 2; side++) {
        const double *o = side ? out_b : out_a, sgn = side ? -1.0 : 1.0, *sp = side ? span_b : span_a;
        if ((side ? kb : ka) != 2 || (o[0] == 0.0 && o[1] == 0.0)) continue;
        const double ang = 4.0 * tolp / core + 2.0 * TOL_UNIT + 2.0 * tol / hypot(sp[2] - sp[0], sp[3] - sp[1]);
        double dot = sgn * (o[0] * n[0] + o[1] * n[1]), sine = fabs(o[0] * n[1] - o[1] * n[0]);
        cr_assert(dot > 0.0 && sine <= ang,
                  "edge %d of %c does not face the other shape along the normal "
                  "(%.9g, %.9g): cos %.9g sin %.3g > %.3g%s",
                  (int)GJK2D_FEATURE_INDEX(side ? fb : fa), side ? 'B' : 'A', n[0], n[1], dot, sine, ang, repr);
    }
    return e;
}

void check_pair(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb, unsigned flags,
                pair_stats *st) {
    static _Thread_local oracle_poly wa, wb;
    oracle_world(a, pa, &wa);
    oracle_world(b, pb, &wb);
    const double L = oracle_scale(a, pa, b, pb);
    const double W = fmax(oracle_max_abs(&wa), oracle_max_abs(&wb)) + a->radius + b->radius;
    const double tol = TOL_REL * L;
    const double tolp = TOL_POINT(L, W);
    const double ra = a->radius, rb = b->radius;
    const double core = oracle_core_distance(&wa, &wb);
    const double dist = fmax(0.0, core - ra - rb);
    const double clear = core > 0.0 ? core - ra - rb : -oracle_penetration(&wa, &wb) - ra - rb;
    const char *repr = NULL;
#define REPR (repr ? repr : (repr = pair_repr(a, pa, b, pb)))

    st->pairs++;

    // --- GJK distance ---
    gjk2d_distance_result r;
    gjk2d_status status = gjk2d_distance(a, pa, b, pb, &r, NULL);
    cr_assert(status == GJK2D_STATUS_OK && r.status == GJK2D_STATUS_OK, "distance status %s (end %s, %d iterations)%s",
              gjk2d_status_name(r.status), gjk2d_end_name(r.end), (int)r.iterations, REPR);
    cr_assert(r.end != GJK2D_END_NONE && r.end != GJK2D_END_MAX_ITERATIONS, "end %s%s", gjk2d_end_name(r.end), REPR);
    if (r.iterations > st->max_iterations) st->max_iterations = r.iterations;
    cr_assert(r.iterations >= 0 && r.iterations <= GJK2D_ITERATION_CAP(a->count, b->count), "%d iterations%s",
              (int)r.iterations, REPR);

    double e = fabs(r.distance - dist);
    cr_assert(e <= tol, "distance %.9g, oracle %.17g, error %.3g > tol %.3g (L %.3g)%s", (double)r.distance, dist, e,
              tol, L, REPR);
    upd(&st->max_dist_abs, e);
    upd(&st->max_dist_rel, e / L);
    e = fabs(r.core_distance - core);
    cr_assert(e <= tol, "core distance %.9g, oracle %.17g, error %.3g > tol %.3g%s", (double)r.core_distance, core, e,
              tol, REPR);
    upd(&st->max_core_rel, e / L);
    check_signed_distance(&r, ra, rb, core, tol, REPR);
    upd(&st->max_signed_rel, fabs(r.signed_distance - (core - ra - rb)) / L);

    double pax = r.point_a.x, pay = r.point_a.y, pbx = r.point_b.x, pby = r.point_b.y;
    double nx = r.normal.x, ny = r.normal.y;
    double da = oracle_point_core(&wa, pax, pay), db = oracle_point_core(&wb, pbx, pby);
    if (r.distance > 0.0f) {
        // Separated: each point lies on its own rounded surface, |pB - pA| is the distance, along n.
        e = fmax(fabs(da - ra), fabs(db - rb));
        cr_assert(e <= tolp, "closest points off their surfaces by %.3g > %.3g: pA (%.9g, %.9g) pB (%.9g, %.9g)%s", e,
                  tolp, pax, pay, pbx, pby, REPR);
        upd(&st->max_point_rel, e / (L + W));
        e = fabs(hypot(pbx - pax, pby - pay) - r.distance);
        cr_assert(e <= 2.0 * tolp, "|pB - pA| differs from distance %.9g by %.3g%s", (double)r.distance, e, REPR);
        upd(&st->max_span_rel, e / (L + W));
        e = hypot(pbx - pax - r.distance * nx, pby - pay - r.distance * ny);
        cr_assert(e <= 2.0 * tolp, "pB - pA differs from distance * normal (%.9g, %.9g) by %.3g%s", nx, ny, e, REPR);
        upd(&st->max_normal_rel, e / (L + W));
    } else {
        // Overlapping (rounded or cores): one point inside both rounded shapes.
        cr_assert(r.point_a.x == r.point_b.x && r.point_a.y == r.point_b.y,
                  "overlap but pA (%.9g, %.9g) != pB (%.9g, %.9g)%s", pax, pay, pbx, pby, REPR);
        e = fmax(fmax(da - ra, 0.0), fmax(oracle_point_core(&wb, pax, pay) - rb, 0.0));
        cr_assert(e <= tolp, "overlap point (%.9g, %.9g) outside a rounded shape by %.3g%s", pax, pay, e, REPR);
        upd(&st->max_point_rel, e / (L + W));
    }
    // The normal is unit whenever it is not zero. It must be non-zero when the cores are apart and zero
    // when they overlap; at contact (|core distance| within the band) either is right.
    int normal_zero = r.normal.x == 0.0f && r.normal.y == 0.0f;
    if (!normal_zero) {
        double len = hypot(nx, ny);
        e = fabs(len - 1.0);
        cr_assert(e <= TOL_UNIT, "normal (%.9g, %.9g) not unit: |n| - 1 = %.3g%s", nx, ny, len - 1.0, REPR);
        upd(&st->max_unit, e);
    }
    if (r.core_distance > 0.0f)
        cr_assert(!normal_zero, "core distance %.9g but zero normal%s", (double)r.core_distance, REPR);
    if (core == 0.0 && oracle_penetration(&wa, &wb) > tol)
        cr_assert(normal_zero, "cores overlap but normal (%.9g, %.9g)%s", nx, ny, REPR);
    if (core > tol) {
        // The normal must separate the cores by their distance. A direction error theta costs at
        // most theta * 2L of gap, and theta is at most about 2 * tolp / core when the normal is
        // as good as the closest points that define it.
        double gap = oracle_gap_along(&wa, &wb, nx, ny);
        double lim = tol + 2.0 * TOL_UNIT * L + 4.0 * tolp * L / core;
        e = core - gap;
        cr_assert(e <= lim, "normal (%.9g, %.9g) separates the cores by %.9g, not the distance %.9g%s", nx, ny, gap,
                  core, REPR);
        upd(&st->max_axis_rel, fmax(e, 0.0) / L);
    }

    upd(&st->max_feature_rel, check_features(a, b, &wa, &wb, &r, core, tol, tolp, REPR) / (L + W));

    // --- GJK boolean and SAT ---
    gjk2d_overlap_result o;
    status = gjk2d_overlap(a, pa, b, pb, &o);
    cr_assert(status == GJK2D_STATUS_OK && o.status == GJK2D_STATUS_OK, "overlap status %s%s",
              gjk2d_status_name(o.status), REPR);
    cr_assert(o.overlap == 0 || o.overlap == 1, "overlap flag %d%s", (int)o.overlap, REPR);
    // Rounded shapes: the boolean query is the distance query's verdict, overlap iff signed_distance <= 0.
    if (a->radius > 0.0f || b->radius > 0.0f)
        cr_assert(o.overlap == (r.signed_distance <= 0.0f), "rounded pair: overlap %d but signed distance %.9g%s",
                  (int)o.overlap, (double)r.signed_distance, REPR);
    cr_assert(o.iterations >= 0 && o.iterations <= GJK2D_ITERATION_CAP(a->count, b->count), "overlap: %d iterations%s",
              (int)o.iterations, REPR);
    gjk2d_sat_result s;
    status = gjk2d_sat(a, pa, b, pb, &s);
    cr_assert(status == GJK2D_STATUS_OK && s.status == GJK2D_STATUS_OK, "sat status %s%s", gjk2d_status_name(s.status),
              REPR);
    cr_assert(s.overlap == (s.separation <= 0.0f), "sat overlap %d with separation %.9g%s", (int)s.overlap,
              (double)s.separation, REPR);

    if (fabs(clear) <= tol) {
        st->touching++;
    } else {
        int expect = clear < 0.0;
        if (expect)
            st->overlapping++;
        else
            st->separated++;
        cr_assert((r.distance == 0.0f) == expect, "distance %.9g but oracle clearance %.9g%s", (double)r.distance,
                  clear, REPR);
        cr_assert(o.overlap == expect, "gjk overlap %d but oracle clearance %.9g%s", (int)o.overlap, clear, REPR);
        cr_assert(s.overlap == expect, "sat overlap %d but oracle clearance %.9g%s", (int)s.overlap, clear, REPR);
    }

    if (flags & CHECK_SAT_VALUE) {
        e = fabs(s.separation - clear);
        cr_assert(e <= tol, "sat separation %.9g, oracle %.17g (penetration if negative), error %.3g > %.3g%s",
                  (double)s.separation, clear, e, tol, REPR);
        upd(&st->max_sat_rel, e / L);
        upd(&st->max_sat_abs, e);
        if (core == 0.0) upd(&st->max_pen_rel, e / L);
        double len = hypot(s.normal.x, s.normal.y);
        e = fabs(len - 1.0);
        cr_assert(e <= TOL_UNIT, "sat normal (%.9g, %.9g) not unit%s", (double)s.normal.x, (double)s.normal.y, REPR);
        upd(&st->max_unit, e);
        // The reported axis must achieve the reported separation; a float axis is off by ~TOL_UNIT,
        // which moves the projected gap by at most TOL_UNIT * 2L.
        double gap = oracle_gap_along(&wa, &wb, s.normal.x, s.normal.y) - ra - rb;
        e = fabs(gap - s.separation);
        cr_assert(e <= tol + 2.0 * TOL_UNIT * L, "sat axis (%.9g, %.9g) gives gap %.9g, separation %.9g%s",
                  (double)s.normal.x, (double)s.normal.y, gap, (double)s.separation, REPR);
        upd(&st->max_sat_axis_rel, e / L);
    }
    if (s.separation > 0.0f && r.distance > 0.0f) {
        e = fabs((double)s.separation - r.distance);
        cr_assert(e <= tol, "sat separation %.9g != distance %.9g%s", (double)s.separation, (double)r.distance, REPR);
        upd(&st->max_gap_rel, e / L);
    }
#undef REPR
}

void report_stats(const char *title, const pair_stats *st) {
    cr_log_info("%s: %ld pairs (%ld separated, %ld overlapping, %ld excluded as touching within TOL_REL*L)", title,
                st->pairs, st->separated, st->overlapping, st->touching);
    cr_log_info("%s: max |distance error| %.3g abs, %.3g L (%.2f eps L); core %.3g L; closest points off surface "
                "%.3g (L+W); ||pB-pA|-d| %.3g (L+W); |pB-pA-d n| %.3g (L+W); normal axis gap %.3g L; ||n|-1| %.3g",
                title, st->max_dist_abs, st->max_dist_rel, st->max_dist_rel / FLT_EPSILON, st->max_core_rel,
                st->max_point_rel, st->max_span_rel, st->max_normal_rel, st->max_axis_rel, st->max_unit);
    cr_log_info("%s: max |signed distance error| %.3g L; witness points off their features %.3g (L+W)", title,
                st->max_signed_rel, st->max_feature_rel);
    cr_log_info("%s: max |SAT separation error| %.3g abs, %.3g L (%.2f eps L); penetration %.3g L; SAT axis %.3g L; "
                "|SAT sep - distance| %.3g L; max GJK iterations %d",
                title, st->max_sat_abs, st->max_sat_rel, st->max_sat_rel / FLT_EPSILON, st->max_pen_rel,
                st->max_sat_axis_rel, st->max_gap_rel, st->max_iterations);
}

void random_shape(oracle_rng *r, int count, double size, double max_radius, double half_box, test_shape *t) {
    if (count >= 3) {
        rc_convex_sorted(oracle_stream(r), count, size, t->v);
    } else {
        for (int i = 0; i < count; i++) {
            t->v[i].x = (float)oracle_uniform(r, -size, size);
            t->v[i].y = (float)oracle_uniform(r, -size, size);
        }
    }
    t->s.vertices = t->v;
    t->s.count = count;
    t->s.radius = max_radius > 0.0 ? oracle_random_radius(r, max_radius) : 0.0f;
    t->pose = oracle_random_pose(r, half_box);
}
