// SPDX-License-Identifier: MIT
// Public single-pair queries: validate the shapes and poses, bring the pair into A's frame, run the reference.
#include <math.h>

#include "ref/ref.h"

static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};

/// A caller's pose (NULL: the identity) as the queries read it.
static gjk2d__pose pose_or_identity(const gjk2d_pose *p) {
    p = p ? p : &identity;
    const gjk2d__pose r = {p->px, p->py, p->c, p->s};
    return r;
}

/// Validates and loads the pair; returns GJK2D_STATUS_OK, _INVALID (a shape) or _BAD_POSE.
static gjk2d_status load_pair(ref_pair *p, const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b,
                              const gjk2d_pose *pb) {
    if (!a || !b) return GJK2D_STATUS_INVALID;
    if (gjk2d_validate_shape(a, NULL, NULL) != GJK2D_PROBLEM_NONE ||
        gjk2d_validate_shape(b, NULL, NULL) != GJK2D_PROBLEM_NONE)
        return GJK2D_STATUS_INVALID;
    pa = pa ? pa : &identity;
    pb = pb ? pb : &identity;
    if (gjk2d_pose_problem(pa) != GJK2D_PROBLEM_NONE || gjk2d_pose_problem(pb) != GJK2D_PROBLEM_NONE)
        return GJK2D_STATUS_BAD_POSE;
    const gjk2d__pose xa = pose_or_identity(pa), xb = pose_or_identity(pb);
    ref_pair_load(p, &a->vertices[0].x, &a->vertices[0].y, 2, a->count, a->radius, &xa, &b->vertices[0].x,
                  &b->vertices[0].y, 2, b->count, b->radius, &xb);
    return GJK2D_STATUS_OK;
}

static void failed_distance(gjk2d_distance_result *out, gjk2d_trace *trace, gjk2d_status status) {
    const gjk2d_vec2 nan2 = {NAN, NAN};
    out->distance = out->signed_distance = out->core_distance = NAN;
    out->point_a = out->point_b = out->normal = nan2;
    out->feature_a = out->feature_b = GJK2D_FEATURE_NONE;
    out->iterations = 0;
    out->status = status;
    out->end = GJK2D_END_NONE;
    if (trace) trace->count = trace->total = 0;
}

gjk2d_status gjk2d_distance(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                            const gjk2d_pose *pose_b, gjk2d_distance_result *out, gjk2d_trace *trace) {
    ref_pair p;
    if (!out) return GJK2D_STATUS_INVALID;
    const gjk2d_status st = load_pair(&p, a, pose_a, b, pose_b);
    if (st != GJK2D_STATUS_OK) {
        failed_distance(out, trace, st);
        return st;
    }
    ref_distance(&p, out, trace);
    return out->status;
}

gjk2d_status gjk2d_distance_cached(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                   const gjk2d_pose *pose_b, gjk2d_cache *cache, float max_distance,
                                   gjk2d_distance_result *out) {
    static const gjk2d_cache cold = {0};
    ref_pair p;
    if (!out) return GJK2D_STATUS_INVALID;
    if (!(max_distance >= 0.0f)) {
        failed_distance(out, NULL, GJK2D_STATUS_INVALID);
        return GJK2D_STATUS_INVALID;
    }
    const gjk2d_status st = load_pair(&p, a, pose_a, b, pose_b);
    if (st != GJK2D_STATUS_OK) {
        failed_distance(out, NULL, st);
        if (cache) *cache = cold;
        return st;
    }
    if (max_distance < INFINITY) {
        const gjk2d__pose xa = pose_or_identity(pose_a), xb = pose_or_identity(pose_b);
        const float bound_a = gjk2d__vertex_bound(&a->vertices[0].x, &a->vertices[0].y, 2, a->count, a->radius);
        const float bound_b = gjk2d__vertex_bound(&b->vertices[0].x, &b->vertices[0].y, 2, b->count, b->radius);
        if (ref_cutoff_by_bounds(&xa, &xb, bound_a, bound_b, a->radius, b->radius, max_distance, out))
            return out->status;
    }
    ref_distance_cached(&p, cache, max_distance, out, NULL);
    return out->status;
}

gjk2d_status gjk2d_closest_on_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, gjk2d_vec2 q,
                                    gjk2d_distance_result *out, gjk2d_trace *trace) {
    gjk2d_shape point = {&q, 1, 0.0f};
    return gjk2d_distance(shape, pose, &point, &identity, out, trace);
}

gjk2d_status gjk2d_overlap(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                           const gjk2d_pose *pose_b, gjk2d_overlap_result *out) {
    return gjk2d_overlap_cached(a, pose_a, b, pose_b, NULL, out);
}

gjk2d_status gjk2d_overlap_cached(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                                  const gjk2d_pose *pose_b, gjk2d_cache *cache, gjk2d_overlap_result *out) {
    static const gjk2d_cache cold = {0};
    ref_pair p;
    if (!out) return GJK2D_STATUS_INVALID;
    const gjk2d_status st = load_pair(&p, a, pose_a, b, pose_b);
    if (st != GJK2D_STATUS_OK) {
        out->overlap = 0;
        out->iterations = 0;
        out->status = st;
        if (cache) *cache = cold;
        return st;
    }
    ref_overlap_cached(&p, cache, out);
    return out->status;
}

gjk2d_status gjk2d_sat(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b, const gjk2d_pose *pose_b,
                       gjk2d_sat_result *out) {
    ref_pair p;
    if (!out) return GJK2D_STATUS_INVALID;
    const gjk2d_status st = load_pair(&p, a, pose_a, b, pose_b);
    if (st != GJK2D_STATUS_OK) {
        const gjk2d_vec2 nan2 = {NAN, NAN};
        out->overlap = 0;
        out->separation = NAN;
        out->normal = nan2;
        out->status = st;
        return st;
    }
    ref_sat(&p, out);
    return out->status;
}

/// Whether gjk2d_manifold accepts a speculative margin (the batch call's rule too).
int gjk2d__margin_ok(float margin) { return margin >= 0.0f && margin <= GJK2D_MAX_COORDINATE; }

/// The manifold of a pair that cannot be computed: no point, NaN numbers.
void gjk2d__manifold_failed(gjk2d_manifold_result *out, gjk2d_status status) {
    const gjk2d_vec2 nan2 = {NAN, NAN};
    out->normal = nan2;
    for (int i = 0; i < 2; ++i) {
        out->points[i].point = out->points[i].anchor_a = out->points[i].anchor_b = nan2;
        out->points[i].separation = NAN;
        out->points[i].id = GJK2D_CONTACT_ID_NONE;
    }
    out->count = 0;
    out->reference = 0;
    out->status = status;
}

gjk2d_status gjk2d_manifold(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                            const gjk2d_pose *pose_b, float margin, gjk2d_manifold_result *out) {
    ref_pair p;
    if (!out) return GJK2D_STATUS_INVALID;
    const gjk2d_status st = gjk2d__margin_ok(margin) ? load_pair(&p, a, pose_a, b, pose_b) : GJK2D_STATUS_INVALID;
    if (st != GJK2D_STATUS_OK) {
        gjk2d__manifold_failed(out, st);
        return st;
    }
    const gjk2d_pose *pb = pose_b ? pose_b : &identity;
    const gjk2d__pose xb = {pb->px, pb->py, pb->c, pb->s};
    ref_manifold(&p, &xb, margin, out);
    return out->status;
}
