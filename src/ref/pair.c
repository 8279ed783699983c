// Bringing a pair into A's local frame (DESIGN.md, data flow step 4; Box2D v3 does the same).
#include "ref/ref.h"
#include "ref/vec.h"

gjk2d_pose ref_relative_pose(const gjk2d_pose *pa, const gjk2d_pose *pb)
{
    // R_rel = R_A^T R_B and p_rel = R_A^T (p_B - p_A). The difference of the positions is taken first:
    // for nearby shapes far from the world origin it is exact, so position costs no accuracy.
    float dx = pb->px - pa->px;
    float dy = pb->py - pa->py;
    gjk2d_pose r;
    r.c = pa->c * pb->c + pa->s * pb->s;
    r.s = pa->c * pb->s - pa->s * pb->c;
    r.px = pa->c * dx + pa->s * dy;
    r.py = pa->c * dy - pa->s * dx;
    return r;
}

void ref_pair_load(ref_pair *p, const float *ax, const float *ay, int stride_a, int32_t na, float ra,
                   const gjk2d_pose *pose_a, const float *bx, const float *by, int stride_b, int32_t nb,
                   float rb, const gjk2d_pose *pose_b)
{
    gjk2d_pose rel = ref_relative_pose(pose_a, pose_b);
    for (int32_t i = 0; i < na; ++i)
        p->a[i] = v2(ax[i * stride_a], ay[i * stride_a]);
    for (int32_t j = 0; j < nb; ++j)
        p->b[j] = pose_apply(&rel, v2(bx[j * stride_b], by[j * stride_b]));
    p->na = na;
    p->nb = nb;
    p->ra = ra;
    p->rb = rb;
    p->pose_a = *pose_a;
}

int32_t ref_support(const gjk2d_vec2 *v, int32_t n, gjk2d_vec2 d)
{
    // Seed 001, "Support point code".
    int32_t best = 0;
    float best_value = v2_dot(d, v[0]);
    for (int32_t i = 1; i < n; ++i) {
        float value = v2_dot(d, v[i]);
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    return best;
}
