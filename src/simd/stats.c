// SPDX-License-Identifier: MIT
// Lane-utilisation counters for the benchmark. The kernels add to them only in a build with
// -Dsimd_stats=true (GJK2D_SIMD_STATS); the shipped library's hot path counts nothing.
#include <stdatomic.h>

#include "simd/simd.h"

static atomic_int stats_on;
#define NSTATS 7
static _Atomic int64_t stats_v[NSTATS];

void gjk2d__simd_stats_enable(int on) {
    if (on)
        for (int i = 0; i < NSTATS; i++) atomic_store(&stats_v[i], 0);
    atomic_store(&stats_on, on != 0);
}

int gjk2d__simd_stats_on(void) { return atomic_load_explicit(&stats_on, memory_order_relaxed); }

void gjk2d__simd_stats_add(const gjk2d_simd_stats *d) {
    const int64_t v[NSTATS] = {d->blocks,     d->block_steps, d->lane_iterations, d->lane_steps,
                               d->lane_slots, d->pairs,       d->slow_pairs};
    for (int i = 0; i < NSTATS; i++) atomic_fetch_add_explicit(&stats_v[i], v[i], memory_order_relaxed);
}

void gjk2d__simd_stats_get(gjk2d_simd_stats *out) {
    int64_t v[NSTATS];
    for (int i = 0; i < NSTATS; i++) v[i] = atomic_load(&stats_v[i]);
    out->blocks = v[0];
    out->block_steps = v[1];
    out->lane_iterations = v[2];
    out->lane_steps = v[3];
    out->lane_slots = v[4];
    out->pairs = v[5];
    out->slow_pairs = v[6];
}

int gjk2d__simd_stats_built(void) {
#ifdef GJK2D_SIMD_STATS
    return 1;
#else
    return 0;
#endif
}
