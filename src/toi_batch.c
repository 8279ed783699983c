// SPDX-License-Identifier: MIT
// Batch time of impact: the reference (src/ref/toi.c) carried through a queue of sweeps in progress whose
// distance queries, most of a time of impact's work, run side by side in the kernel table's lanes
// (toi_distance: the cached distance of the cores, each pair at its own poses); each sweep's other work
// between two distance queries (its separating axis, advancement bounds and root finding, in double, on
// the poses of its own times) runs in ref_toi_step. Every output equals the reference's bit for bit: the
// lanes give the reference's distance, normal, features and simplex cache (docs/casts.md).
#include <math.h>

#include "kernels.h"
#include "ref/cast.h"

/// Sweeps in progress: each round runs one distance query of every sweep in the queue (a kernel call
/// over TOI_QUEUE / W blocks), and the sweeps that end leave their slot to the next pair of the range.
#define TOI_QUEUE 64

/// Pairs ahead of the next one taken into the queue whose shapes' rows are asked for: a pair enters a
/// round's blocks as soon as it is taken, and about half the queue is taken each round.
#define TOI_PREFETCH_AHEAD (TOI_QUEUE / 2)

static gjk2d_sweep sweep_at(const gjk2d_sweeps *s, int64_t k) {
    const gjk2d_sweep w = {{s->lx[k], s->ly[k]}, {s->x0[k], s->y0[k]}, {s->x1[k], s->y1[k]}, s->a0[k], s->a1[k]};
    return w;
}

static void put_toi(const gjk2d_toi_out *out, int64_t k, const gjk2d_toi_result *r) {
    if (out->state) out->state[k] = (uint8_t)r->state;
    if (out->t) out->t[k] = r->t;
    if (out->separation) out->separation[k] = r->separation;
    if (out->iterations) out->iterations[k] = r->iterations;
    if (out->status) out->status[k] = (uint8_t)r->status;
}

/// Ask the caches for the vertex rows of pair k's two shapes (k within the call's checked range).
static inline void prefetch_pair_rows(const gjk2d_shapes *s, const gjk2d_pairs *p, int64_t k) {
    __builtin_prefetch(gjk2d__row_x(s, p->a[k]));
    __builtin_prefetch(gjk2d__row_y(s, p->a[k]));
    __builtin_prefetch(gjk2d__row_x(s, p->b[k]));
    __builtin_prefetch(gjk2d__row_y(s, p->b[k]));
}

/// What pair k's sweeps allow: OK, INVALID (a shape) or BAD_POSE (a sweep), written as the pair's result
/// when not OK.
static gjk2d_status toi_item(const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps, const gjk2d_pairs *pairs,
                             int64_t k, gjk2d_sweep sw[2], const gjk2d_toi_out *out) {
    const int32_t ia = pairs->a[k], ib = pairs->b[k];
    sw[0] = sweep_at(sweeps, ia), sw[1] = sweep_at(sweeps, ib);
    gjk2d_status st = GJK2D_STATUS_OK;
    if (shapes->problem[ia] != GJK2D_PROBLEM_NONE || shapes->problem[ib] != GJK2D_PROBLEM_NONE)
        st = GJK2D_STATUS_INVALID;
    else if (ref_sweep_check(&sw[0]) != GJK2D_STATUS_OK || ref_sweep_check(&sw[1]) != GJK2D_STATUS_OK)
        st = GJK2D_STATUS_BAD_POSE;
    if (st != GJK2D_STATUS_OK) {
        const gjk2d_toi_result r = {GJK2D_TOI_FAILED, NAN, NAN, 0, st};
        put_toi(out, k, &r);
    }
    return st;
}

/// The reference pair by pair: the scalar table's time of impact.
static void toi_pairs(const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps, const gjk2d_pairs *pairs, float target,
                      float tolerance, int64_t begin, int64_t end, const gjk2d_toi_out *out) {
    for (int64_t k = begin; k < end; ++k) {
        if (k + 2 < end) prefetch_pair_rows(shapes, pairs, k + 2);
        gjk2d_sweep sw[2];
        if (toi_item(shapes, sweeps, pairs, k, sw, out) != GJK2D_STATUS_OK) continue;
        const ref_shape a = ref_shape_of_row(shapes, pairs->a[k]), b = ref_shape_of_row(shapes, pairs->b[k]);
        gjk2d_toi_result r;
        // A separated pair's separation costs a distance query: only when it is asked for.
        ref_time_of_impact(&a, &sw[0], &b, &sw[1], target, tolerance, out->separation != NULL, &r);
        put_toi(out, k, &r);
    }
}

/// The queue: each slot's state (which points into itself, so it stays in its slot), its sweeps and its
/// pair; the round's distance queries in the kernel's arrays, entry j for the j-th sweep of the round.
typedef struct toi_queue {
    ref_toi slot[TOI_QUEUE];
    gjk2d_sweep sweep[TOI_QUEUE][2];
    int64_t pair[TOI_QUEUE];
    int free_slot[TOI_QUEUE], nfree;
    int round[TOI_QUEUE], nround; ///< the slots in progress, in their round's order
    int32_t a[TOI_QUEUE], b[TOI_QUEUE];
    gjk2d__pose pose_a[TOI_QUEUE], pose_b[TOI_QUEUE];
    gjk2d_cache cache[TOI_QUEUE];
    float core[TOI_QUEUE], nx[TOI_QUEUE], ny[TOI_QUEUE];
    int32_t feature_a[TOI_QUEUE], feature_b[TOI_QUEUE];
    uint8_t status[TOI_QUEUE];
} toi_queue;

/// Poses of the round's pairs as the kernel reads them: double positions, records of gjk2d__pose.
static gjk2d_poses toi_poses(const gjk2d__pose *p, int64_t n) {
    const gjk2d_poses r = {&p->px, &p->py, &p->c, &p->s, n, (int64_t)sizeof *p, GJK2D_FLOAT64};
    return r;
}

static void toi_queue_run(const gjk2d_toi_distance_kernel kernel, const gjk2d_shapes *shapes,
                          const gjk2d_sweeps *sweeps, const gjk2d_pairs *pairs, float target, float tolerance,
                          int64_t begin, int64_t end, const gjk2d_toi_out *out) {
    toi_queue q;
    const int with_separation = out->separation != NULL;
    q.nfree = TOI_QUEUE;
    for (int i = 0; i < TOI_QUEUE; i++) q.free_slot[i] = TOI_QUEUE - 1 - i;
    q.nround = 0;
    int64_t next = begin;
    const gjk2d_distance_out dout = {NULL, NULL, q.core,      NULL,        NULL, NULL,    NULL,
                                     q.nx, q.ny, q.feature_a, q.feature_b, NULL, q.status};
    while (next < end || q.nround > 0) {
        // Fill the free slots from the range: a new sweep asks for its distance at t = 0.
        while (q.nfree > 0 && next < end) {
            const int64_t k = next++;
            if (k + TOI_PREFETCH_AHEAD < end) prefetch_pair_rows(shapes, pairs, k + TOI_PREFETCH_AHEAD);
            const int i = q.free_slot[q.nfree - 1];
            if (toi_item(shapes, sweeps, pairs, k, q.sweep[i], out) != GJK2D_STATUS_OK) continue;
            --q.nfree;
            const ref_shape a = ref_shape_of_row(shapes, pairs->a[k]), b = ref_shape_of_row(shapes, pairs->b[k]);
            ref_toi_start(&q.slot[i], &a, &q.sweep[i][0], &b, &q.sweep[i][1], target, tolerance, with_separation);
            q.pair[i] = k;
            q.round[q.nround++] = i;
        }
        // One distance query of every sweep in progress, in lanes.
        const int n = q.nround;
        for (int j = 0; j < n; j++) {
            ref_toi *s = &q.slot[q.round[j]];
            const ref_toi_poses *x = ref_toi_poses_at(s);
            q.pose_a[j] = x->a, q.pose_b[j] = x->b;
            q.a[j] = pairs->a[q.pair[q.round[j]]], q.b[j] = pairs->b[q.pair[q.round[j]]];
            q.cache[j] = s->cache;
        }
        const gjk2d_poses pa = toi_poses(q.pose_a, n), pb = toi_poses(q.pose_b, n);
        const gjk2d_pairs round_pairs = {q.a, q.b, n};
        kernel(shapes, &pa, &pb, &round_pairs, n, q.cache, &dout);
        // Each sweep's step from its distance; the sweeps that go on keep their order.
        int kept = 0;
        for (int j = 0; j < n; j++) {
            const int i = q.round[j];
            ref_toi *s = &q.slot[i];
            gjk2d_toi_result r;
            if (q.status[j] > GJK2D_STATUS_MAXITER) {
                // A pair the lanes do not take (a shape with more vertices than a lane holds, a pose out
                // of the lanes' range): the reference from the start.
                ref_time_of_impact(&s->a, &q.sweep[i][0], &s->b, &q.sweep[i][1], target, tolerance, with_separation,
                                   &r);
            } else {
                const ref_toi_distance d = {q.core[j], {q.nx[j], q.ny[j]}, q.feature_a[j], q.feature_b[j]};
                s->cache = q.cache[j];
                if (ref_toi_step(s, &d)) {
                    q.round[kept++] = i;
                    continue;
                }
                ref_toi_finish(s, &r);
            }
            put_toi(out, q.pair[i], &r);
            q.free_slot[q.nfree++] = i;
        }
        q.nround = kept;
    }
}

void gjk2d__toi_run(const gjk2d_kernel_table *t, const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps,
                    const gjk2d_pairs *pairs, float target, float tolerance, int64_t begin, int64_t end,
                    const gjk2d_toi_out *out) {
    if (t->toi_distance)
        toi_queue_run(t->toi_distance, shapes, sweeps, pairs, target, tolerance, begin, end, out);
    else
        toi_pairs(shapes, sweeps, pairs, target, tolerance, begin, end, out);
}
