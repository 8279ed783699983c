// SPDX-License-Identifier: MIT
// The per-pair simplex cache shared by the distance and overlap queries (Box2D's b2SimplexCache): the
// vertex indices of GJK's final simplex and its size, so the next frame can start from it. The SIMD
// kernels decide and write entries with these same functions, lane by lane.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

float ref_simplex_metric(const gjk2d_vec2 *w, int32_t count) {
    if (count == 2) return sqrtf(v2_dot(v2_sub(w[1], w[0]), v2_sub(w[1], w[0])));
    if (count == 3) return v2_cross(v2_sub(w[1], w[0]), v2_sub(w[2], w[0]));
    return 0.0f;
}

int ref_cache_size_agrees(const gjk2d_cache *c, const gjk2d_vec2 *w) {
    if (c->count == 1) return 1;
    // Box2D's rule (b2Simplex::ReadCache): the size changed by less than a factor 2. Here the test is
    // relative only (Box2D also drops sizes below an absolute epsilon), so it does not depend on the
    // scale; a simplex that collapsed to size 0 or flipped its orientation is never reused.
    const float now = ref_simplex_metric(w, c->count), then = c->metric;
    const float a_now = fabsf(now), a_then = fabsf(then);
    return (now > 0.0f) == (then > 0.0f) && a_now > 0.0f && a_then > 0.0f && a_now >= 0.5f * a_then &&
           a_now <= 2.0f * a_then;
}

int ref_cache_fits(const ref_pair *p, const gjk2d_cache *c) {
    if (!c || !ref_cache_indices_fit(c, p->na, p->nb)) return 0;
    gjk2d_vec2 w[3];
    for (int32_t i = 0; i < c->count; ++i) w[i] = v2_sub(p->b[c->index_b[i]], p->a[c->index_a[i]]);
    return ref_cache_size_agrees(c, w);
}

void ref_cache_store(gjk2d_cache *c, ref_simplex_view s) {
    gjk2d_cache e = {0};
    gjk2d_vec2 w[3];
    e.count = (uint16_t)s.count;
    for (int32_t i = 0; i < s.count; ++i) {
        const size_t at = (size_t)i * s.stride;
        e.index_a[i] = (uint16_t) * (const int32_t *)((const char *)s.ia + at);
        e.index_b[i] = (uint16_t) * (const int32_t *)((const char *)s.ib + at);
        w[i] = *(const gjk2d_vec2 *)((const char *)s.w + at);
    }
    e.metric = ref_simplex_metric(w, s.count);
    *c = e;
}
