// SPDX-License-Identifier: MIT
// The per-pair simplex cache shared by the distance and overlap queries (Box2D's b2SimplexCache): the
// vertex indices of GJK's final simplex and its size, so the next frame can start from it.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

float ref_simplex_metric(const gjk2d_vec2 *w, int32_t count) {
    if (count == 2) return sqrtf(v2_dot(v2_sub(w[1], w[0]), v2_sub(w[1], w[0])));
    if (count == 3) return v2_cross(v2_sub(w[1], w[0]), v2_sub(w[2], w[0]));
    return 0.0f;
}

int ref_cache_fits(const ref_pair *p, const gjk2d_cache *c) {
    if (!c || c->count < 1 || c->count > 3) return 0;
    gjk2d_vec2 w[3];
    for (int32_t i = 0; i < c->count; ++i) {
        if (c->index_a[i] >= p->na || c->index_b[i] >= p->nb) return 0;
        w[i] = v2_sub(p->b[c->index_b[i]], p->a[c->index_a[i]]);
    }
    if (c->count == 1) return 1;
    // Box2D's rule (b2Simplex::ReadCache): the size changed by less than a factor 2. Here the test is
    // relative only (Box2D also drops sizes below an absolute epsilon), so it does not depend on the
    // scale; a simplex that collapsed to size 0 or flipped its orientation is never reused.
    const float now = ref_simplex_metric(w, c->count), then = c->metric;
    const float a_now = fabsf(now), a_then = fabsf(then);
    return (now > 0.0f) == (then > 0.0f) && a_now > 0.0f && a_then > 0.0f && a_now >= 0.5f * a_then &&
           a_now <= 2.0f * a_then;
}

void ref_cache_store(gjk2d_cache *c, int32_t count, const int32_t *ia, const int32_t *ib, const gjk2d_vec2 *w) {
    gjk2d_cache e = {0};
    e.count = (uint16_t)count;
    for (int32_t i = 0; i < count; ++i) {
        e.index_a[i] = (uint16_t)ia[i];
        e.index_b[i] = (uint16_t)ib[i];
    }
    e.metric = ref_simplex_metric(w, count);
    *c = e;
}
