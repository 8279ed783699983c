// SPDX-License-Identifier: MIT
#include "manifold_check.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>

static void upd(double *m, double v) {
    if (v > *m) *m = v;
}

int check_manifold(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb, float margin,
                   manifold_stats *st) {
    static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
    pa = pa ? pa : &identity;
    pb = pb ? pb : &identity;
    gjk2d_manifold_result r;
    const gjk2d_status status = gjk2d_manifold(a, pa, b, pb, margin, &r);
    const char *repr = NULL;
#define REPR (repr ? repr : (repr = pair_repr(a, pa, b, pb)))
    cr_assert(status == GJK2D_STATUS_OK && r.status == GJK2D_STATUS_OK, "manifold status %s%s",
              gjk2d_status_name(r.status), REPR);
    cr_assert(r.count >= 0 && r.count <= 2, "count %d%s", (int)r.count, REPR);
    cr_assert(fabs(hypot(r.normal.x, r.normal.y) - 1.0) <= TOL_UNIT, "normal (%.9g, %.9g) not unit%s",
              (double)r.normal.x, (double)r.normal.y, REPR);
    for (int i = 0; i < 2; ++i) {
        const gjk2d_contact_point *q = &r.points[i];
        if (i < r.count)
            cr_assert(q->separation <= margin && q->id != GJK2D_CONTACT_ID_NONE, "point %d separation %.9g%s", i,
                      (double)q->separation, REPR);
        else
            cr_assert(isnan(q->point.x) && isnan(q->separation) && q->id == GJK2D_CONTACT_ID_NONE,
                      "point %d beyond count %d is not cleared%s", i, (int)r.count, REPR);
    }
    st->pairs++;
    st->points[r.count]++;

    mo_manifold m;
    const double L0 = oracle_scale(a, pa, b, pb);
    mo_manifold_compute(a, pa, b, pb, margin, MANIFOLD_BAND(L0), &m);
    if (m.ambiguous) {
        st->ambiguous++;
        return 0;
    }
    const double L = (double)m.scale;
    const double W = fmax(fabs(pa->px), fabs(pa->py)) + L;
    cr_assert(r.count == m.count, "count %d, oracle %d (face %d, core %.9Lg)%s", (int)r.count, m.count, m.face, m.core,
              REPR);
    cr_assert(r.reference == m.reference, "reference %d, oracle %d%s", (int)r.reference, m.reference, REPR);
    if (m.count == 0) return 1;
    st->contacts++;
    m.face ? st->face++ : st->vertex++;
    st->reference_b += m.reference;
    const double angle = m.face ? MANIFOLD_FACE_ANGLE(L, (double)m.ref_edge)
                                : TOL_UNIT + 4.0 * TOL_POINT(L, 0.0) / fmax((double)m.core, 1e-300);
    const double en = hypot(r.normal.x - (double)m.nx, r.normal.y - (double)m.ny);
    cr_assert(en <= angle, "normal (%.9g, %.9g), oracle (%.12Lg, %.12Lg): off by %.3g > %.3g%s", (double)r.normal.x,
              (double)r.normal.y, m.nx, m.ny, en, angle, REPR);
    upd(&st->max_normal, en);

    // Pair the points: the order of the two is the clipping's, not a rule.
    int swap = 0;
    if (m.count == 2) {
        // By the anchors: far from the origin the world points of a small pair may round to one float.
        const double d0 =
            hypot(r.points[0].anchor_a.x - (double)m.c[0].ax, r.points[0].anchor_a.y - (double)m.c[0].ay) +
            hypot(r.points[1].anchor_a.x - (double)m.c[1].ax, r.points[1].anchor_a.y - (double)m.c[1].ay);
        const double d1 =
            hypot(r.points[0].anchor_a.x - (double)m.c[1].ax, r.points[0].anchor_a.y - (double)m.c[1].ay) +
            hypot(r.points[1].anchor_a.x - (double)m.c[0].ax, r.points[1].anchor_a.y - (double)m.c[0].ay);
        swap = d1 < d0;
    }
    const double lever = (double)(a->radius + b->radius) + 2.0 * L; // how far the normal's error reaches
    for (int i = 0; i < m.count; ++i) {
        const gjk2d_contact_point *q = &r.points[swap ? 1 - i : i];
        const mo_contact *o = &m.c[i];
        const double cosc = o->cut ? fmax((double)m.cos_clip, MANIFOLD_MIN_COS) : 1.0;
        const double tol_local = (TOL_REL * L + 2.0 * FLT_EPSILON * L + lever * angle) / cosc;
        const double tolp = tol_local + 2.0 * FLT_EPSILON * W;
        const double ep = hypot(q->point.x - (double)o->x, q->point.y - (double)o->y);
        cr_assert(ep <= tolp, "point %d (%.9g, %.9g), oracle (%.12Lg, %.12Lg): off by %.3g > %.3g%s", i,
                  (double)q->point.x, (double)q->point.y, o->x, o->y, ep, tolp, REPR);
        upd(&st->max_point_rel, ep / (L + W));
        const double eaa = hypot(q->anchor_a.x - (double)o->ax, q->anchor_a.y - (double)o->ay);
        const mo_real obx = o->ax - ((mo_real)pb->px - pa->px), oby = o->ay - ((mo_real)pb->py - pa->py);
        const double eab = hypot(q->anchor_b.x - (double)obx, q->anchor_b.y - (double)oby);
        const double tola = tol_local + 2.0 * FLT_EPSILON * fabs((double)pb->px - pa->px) +
                            2.0 * FLT_EPSILON * fabs((double)pb->py - pa->py);
        cr_assert(eaa <= tol_local && eab <= tola, "point %d anchors off by %.3g (A), %.3g (B) > %.3g%s", i, eaa, eab,
                  tol_local, REPR);
        upd(&st->max_anchor_rel, fmax(eaa, eab) / L);
        const double es = fabs(q->separation - (double)o->separation);
        cr_assert(es <= tol_local, "point %d separation %.9g, oracle %.12Lg: off by %.3g > %.3g%s", i,
                  (double)q->separation, o->separation, es, tol_local, REPR);
        upd(&st->max_sep_rel, es / L);
        st->cut += o->cut;
        if (!o->ids_ambiguous) {
            st->ids_checked++;
            cr_assert(GJK2D_CONTACT_FEATURE_A(q->id) == o->feature_a && GJK2D_CONTACT_FEATURE_B(q->id) == o->feature_b,
                      "point %d id (%d, %d), oracle (%d, %d)%s", i, GJK2D_CONTACT_FEATURE_A(q->id),
                      GJK2D_CONTACT_FEATURE_B(q->id), o->feature_a, o->feature_b, REPR);
        }
    }
    return 1;
#undef REPR
}

void report_manifold_stats(const char *title, const manifold_stats *st) {
    cr_log_info("%s: %ld pairs (%ld ambiguous within the band, not compared), %ld contacts (%ld face, %ld vertex, "
                "%ld with B's face), point counts 0/1/2: %ld/%ld/%ld, %ld cut points, %ld ids checked",
                title, st->pairs, st->ambiguous, st->contacts, st->face, st->vertex, st->reference_b, st->points[0],
                st->points[1], st->points[2], st->cut, st->ids_checked);
    cr_log_info("%s: max point error %.3g (L+W) (%.2f eps), anchors %.3g L, separation %.3g L (%.2f eps), normal %.3g",
                title, st->max_point_rel, st->max_point_rel / FLT_EPSILON, st->max_anchor_rel, st->max_sep_rel,
                st->max_sep_rel / FLT_EPSILON, st->max_normal);
}

void manifold_near_pair(oracle_rng *r, int na, int nb, double size, double max_radius, double reach, test_shape *ta,
                        test_shape *tb) {
    random_shape(r, na, size, max_radius, 10.0, ta);
    random_shape(r, nb, size * oracle_uniform(r, 0.3, 1.5), max_radius, 0.0, tb);
    const double ang = oracle_uniform(r, 0.0, 6.283185307179586), d = oracle_uniform(r, 0.0, reach);
    tb->pose.px = (float)(ta->pose.px + d * cos(ang));
    tb->pose.py = (float)(ta->pose.py + d * sin(ang));
}

void resting_start(oracle_rng *r, int na, int nb, double max_radius, resting_pair *c) {
    manifold_near_pair(r, na, nb, 1.0, max_radius, 0.3, &c->a, &c->b);
    c->vx = oracle_uniform(r, -0.004, 0.004);
    c->vy = oracle_uniform(r, -0.004, 0.004);
    c->w = oracle_uniform(r, -0.004, 0.004);
    c->angle = atan2(c->b.pose.s, c->b.pose.c);
    c->bx = c->b.pose.px;
    c->by = c->b.pose.py;
}

void resting_step(resting_pair *c) {
    gjk2d_sat_result s;
    gjk2d_sat(&c->a.s, &c->a.pose, &c->b.s, &c->b.pose, &s);
    const double push = 0.1 * (-0.02 - (double)s.separation);
    c->bx += c->vx + push * s.normal.x;
    c->by += c->vy + push * s.normal.y;
    c->angle += c->w;
    c->b.pose = gjk2d_pose_from_angle((float)c->bx, (float)c->by, c->angle);
}

void persistence_count(const frame_contacts *prev, const frame_contacts *cur, long *persisted, long *kept) {
    for (int i = 0; i < cur->count; ++i) {
        int match = -1, matches = 0;
        for (int j = 0; j < prev->count; ++j)
            if (hypot(cur->x[i] - prev->x[j], cur->y[i] - prev->y[j]) <= PERSIST_RADIUS) match = j, matches++;
        if (matches != 1) continue;
        ++*persisted;
        *kept += cur->id[i] == prev->id[match];
    }
}
