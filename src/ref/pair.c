// SPDX-License-Identifier: MIT
// Bringing a pair into A's local frame (DESIGN.md, data flow step 4; Box2D v3 does the same).
#include "ref/ref.h"
#include "ref/vec.h"

void ref_relative_pose(const gjk2d__pose *pa, const gjk2d__pose *pb, double rel[4]) {
    // R_rel = R_A^T R_B and p_rel = R_A^T (p_B - p_A), in double: the products of float values are exact
    // there, so B's vertices below are rounded to float once, not after each step. (In float, composing
    // the rotations and rotating the offset added up to a few ulp of the distance, more than Box2D's
    // single world transform loses when A's frame is near the world frame.)
    double dx = pb->px - pa->px;
    double dy = pb->py - pa->py;
    rel[0] = (double)pa->c * pb->c + (double)pa->s * pb->s;
    rel[1] = (double)pa->c * pb->s - (double)pa->s * pb->c;
    rel[2] = (double)pa->c * dx + (double)pa->s * dy;
    rel[3] = (double)pa->c * dy - (double)pa->s * dx;
}

void ref_pair_load(ref_pair *p, const float *ax, const float *ay, int stride_a, int32_t na, float ra,
                   const gjk2d__pose *pose_a, const float *bx, const float *by, int stride_b, int32_t nb, float rb,
                   const gjk2d__pose *pose_b) {
    double rel[4]; // c, s, px, py
    ref_relative_pose(pose_a, pose_b, rel);
    for (int32_t i = 0; i < na; ++i) p->a[i] = v2(ax[i * stride_a], ay[i * stride_a]);
    for (int32_t j = 0; j < nb; ++j) {
        double x = bx[j * stride_b], y = by[j * stride_b];
        p->b[j] = v2((float)(rel[0] * x - rel[1] * y + rel[2]), (float)(rel[1] * x + rel[0] * y + rel[3]));
    }
    p->na = na;
    p->nb = nb;
    p->ra = ra;
    p->rb = rb;
    p->pose_a = *pose_a;
}

gjk2d_status ref_pair_from_set(ref_pair *p, const gjk2d_shapes *s, const gjk2d_poses *poses, int32_t ia, int32_t ib) {
    if (s->problem[ia] != GJK2D_PROBLEM_NONE || s->problem[ib] != GJK2D_PROBLEM_NONE) return GJK2D_STATUS_INVALID;
    const gjk2d__pose pa = gjk2d__pose_at(poses, ia), pb = gjk2d__pose_at(poses, ib);
    if (gjk2d__pose_check(&pa) != GJK2D_PROBLEM_NONE || gjk2d__pose_check(&pb) != GJK2D_PROBLEM_NONE)
        return GJK2D_STATUS_BAD_POSE;
    ref_pair_load(p, gjk2d__row_x(s, ia), gjk2d__row_y(s, ia), 1, s->count[ia], s->radius[ia], &pa, gjk2d__row_x(s, ib),
                  gjk2d__row_y(s, ib), 1, s->count[ib], s->radius[ib], &pb);
    return GJK2D_STATUS_OK;
}
