// Public single-pair queries: validate, bring the pair into A's frame, run the reference.
#include <math.h>

#include "ref/ref.h"

static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};

static int load_pair(ref_pair *p, const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b,
                     const gjk2d_pose *pb)
{
    if (!a || !b)
        return 0;
    pa = pa ? pa : &identity;
    pb = pb ? pb : &identity;
    if (gjk2d_validate_shape(a, pa, NULL) != GJK2D_PROBLEM_NONE ||
        gjk2d_validate_shape(b, pb, NULL) != GJK2D_PROBLEM_NONE)
        return 0;
    ref_pair_load(p, &a->vertices[0].x, &a->vertices[0].y, 2, a->count, a->radius, pa, &b->vertices[0].x,
                  &b->vertices[0].y, 2, b->count, b->radius, pb);
    return 1;
}

static void invalid_distance(gjk2d_distance_result *out, gjk2d_trace *trace)
{
    const gjk2d_vec2 nan2 = {NAN, NAN};
    out->distance = NAN;
    out->core_distance = NAN;
    out->point_a = out->point_b = out->normal = nan2;
    out->iterations = 0;
    out->status = GJK2D_STATUS_INVALID;
    out->end = GJK2D_END_NONE;
    if (trace)
        trace->count = trace->total = 0;
}

gjk2d_status gjk2d_distance(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                            const gjk2d_pose *pose_b, gjk2d_distance_result *out, gjk2d_trace *trace)
{
    ref_pair p;
    if (!out)
        return GJK2D_STATUS_INVALID;
    if (!load_pair(&p, a, pose_a, b, pose_b)) {
        invalid_distance(out, trace);
        return out->status;
    }
    ref_distance(&p, out, trace);
    return out->status;
}

gjk2d_status gjk2d_closest_on_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, gjk2d_vec2 q,
                                    gjk2d_distance_result *out, gjk2d_trace *trace)
{
    gjk2d_shape point = {&q, 1, 0.0f};
    return gjk2d_distance(shape, pose, &point, &identity, out, trace);
}

gjk2d_status gjk2d_overlap(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                           const gjk2d_pose *pose_b, gjk2d_overlap_result *out)
{
    ref_pair p;
    if (!out)
        return GJK2D_STATUS_INVALID;
    if (!load_pair(&p, a, pose_a, b, pose_b)) {
        out->overlap = 0;
        out->iterations = 0;
        out->status = GJK2D_STATUS_INVALID;
        return out->status;
    }
    ref_overlap(&p, out);
    return out->status;
}

gjk2d_status gjk2d_sat(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                       const gjk2d_pose *pose_b, gjk2d_sat_result *out)
{
    ref_pair p;
    if (!out)
        return GJK2D_STATUS_INVALID;
    if (!load_pair(&p, a, pose_a, b, pose_b)) {
        const gjk2d_vec2 nan2 = {NAN, NAN};
        out->overlap = 0;
        out->separation = NAN;
        out->normal = nan2;
        out->status = GJK2D_STATUS_INVALID;
        return out->status;
    }
    ref_sat(&p, out);
    return out->status;
}
