// SPDX-License-Identifier: MIT
// Wide float lanes for the kernels. Each ISA has its header (wide_sse41.h, wide_avx2.h, wide_avx512.h,
// wide_neon.h), named by src/simd/meson.build in GJK2D_WIDE_HEADER; it defines W (lanes), the types wf
// (floats), wm (masks), wd (doubles), wdm (double masks) and the operations, native where the ISA has
// them. wide_lanes.h supplies lane-by-lane forms of what a header leaves out; the derived operations
// below are common. The templates use only these w*_ operations: no intrinsics, no per-ISA conditions.
// Only IEEE-exact operations are offered (add, sub, mul, div, sqrt, compare, select, and wf_abs, which
// clears the sign bit as fabsf does): no FMA, no approximate reciprocal, and float max/min only as
// wf_max_gt / wf_min_lt with the rule of a C conditional (a > b ? a : b: x86's, which NEON's vmax does
// not follow, so NEON selects), so every ISA rounds every lane exactly like scalar C compiled with
// -ffp-contract=off.
// Masks are opaque (a vector on SSE/AVX2/NEON, a k-register on AVX-512); use only the w*_ ops.
#ifndef GJK2D_SIMD_WIDE_H
#define GJK2D_SIMD_WIDE_H

#include <stdint.h>
#include <math.h>
#include <string.h>

#ifndef GJK2D_WIDE_HEADER
#error "GJK2D_WIDE_HEADER names the ISA's wide-operations header (src/simd/meson.build)"
#endif
#include GJK2D_WIDE_HEADER

#define W_ALL ((unsigned)((1u << W) - 1u))

#include "simd/wide_lanes.h"

#ifndef GJK2D_WIDE_HAVE_WD_F
/// W floats at p (aligned as a wf) as doubles, and doubles rounded to floats stored there.
static inline wd wd_load_f(const float *p) { return wd_from(wf_load(p)); }
static inline void wd_store_f(float *p, wd a) { wf_store(p, wd_to(a)); }
#endif

static inline wd wd_set1(double x) {
    _Alignas(64) double t[W];
    for (int l = 0; l < W; l++) t[l] = x;
    return wd_load(t);
}
/// |a| for finite a (max(a, -a)).
static inline wd wd_abs(wd a) { return wd_max(a, wd_sub(wd_set1(0.0), a)); }

static inline wm wm_not(wm a) { return wm_andnot(wf_eq(wf_set1(0.0f), wf_set1(0.0f)), a); }
static inline int wm_any(wm m) { return wm_bits(m) != 0; }
static inline int wm_all(wm m) { return wm_bits(m) == W_ALL; }
static inline wf wf_zero(void) { return wf_set1(0.0f); }

/// Streaming stores. A large batch call writes each output line once and does not read it, but an ordinary
/// store first reads the line into the cache (for ownership): a second memory transfer per line written.
/// A streaming (non-temporal) store writes the line without reading it. wf_out_store streams when asked to
/// and p is aligned to a whole vector (the caller's arrays aligned to 64 bytes are, at every block of W
/// consecutive pairs), else stores as usual; w_stream_fence orders the streamed stores before any store
/// after it (the call's later lane-by-lane writes, and the caller's reads once the call returns). Where an
/// ISA header has no streaming stores (GJK2D_WIDE_HAVE_STREAM), both are ordinary stores.
static inline void wf_out_store(float *p, wf a, int stream) {
    if (stream && !((uintptr_t)p & (W * sizeof(float) - 1)))
        wf_stream(p, a);
    else
        wf_storeu(p, a);
}
static inline void wf_out_store_i32(int32_t *p, wf a, int stream) {
    if (stream && !((uintptr_t)p & (W * sizeof(int32_t) - 1)))
        wf_stream_i32(p, a);
    else
        wf_store_i32(p, a);
}
static inline wf wf_dot(wf ax, wf ay, wf bx, wf by) { return wf_add(wf_mul(ax, bx), wf_mul(ay, by)); }
static inline wf wf_cross(wf ax, wf ay, wf bx, wf by) { return wf_sub(wf_mul(ax, by), wf_mul(ay, bx)); }

/// Lane l's entries of column idx[l] of cx and cy (idx: exact integers in [0, bound)): gathers at
/// idx * W + l, or where the ISA header sets GJK2D_WIDE_PICK_BY_SELECT, a compare and two selects per
/// column. A 256- or 512-bit gather is a long microcoded sequence on AMD Zen 4; the selects, over the few
/// columns of a block, ran the distance query 2-4 % faster on W1 and W2 there (avx2 and avx512); SSE4.1,
/// which gathers lane by lane, ran 6 % slower with them.
static inline void wf_pick_columns(const float (*cx)[W], const float (*cy)[W], int bound, wf idx, wf *x, wf *y) {
#ifdef GJK2D_WIDE_PICK_BY_SELECT
    wf rx = wf_load(cx[0]), ry = wf_load(cy[0]);
    for (int j = 1; j < bound; j++) {
        const wm m = wf_eq(idx, wf_set1((float)j));
        rx = wf_sel(m, wf_load(cx[j]), rx);
        ry = wf_sel(m, wf_load(cy[j]), ry);
    }
    *x = rx, *y = ry;
#else
    (void)bound;
    _Alignas(64) float lane[W];
    for (int l = 0; l < W; l++) lane[l] = (float)l;
    const wf at = wf_add(wf_mul(idx, wf_set1((float)W)), wf_load(lane));
    *x = wf_gather(&cx[0][0], at);
    *y = wf_gather(&cy[0][0], at);
#endif
}

/// Whether the GJK kernels load two blocks at a time and interleave their steps (1 where the ISA header sets
/// GJK2D_WIDE_PAIRED_BLOCKS): a block's step is a chain of dependent operations (support, solve,
/// direction), and the other block's step fills the core while one waits. It pays where a block's state
/// fits the registers with room to spare: on AVX2 and AVX-512, not on SSE4.1's 4 lanes (docs/design.md,
/// "Paired blocks").
#ifdef GJK2D_WIDE_PAIRED_BLOCKS
#define W_PAIRED_BLOCKS 1
#else
#define W_PAIRED_BLOCKS 0
#endif

#define WCAT2(a, b) a##_##b
#define WCAT(a, b) WCAT2(a, b)
/// Per-ISA symbol name, like dav1d's BF(): NAME(foo) -> foo_avx2.
#define ISA_SYM(name) WCAT(name, GJK2D_SIMD_SUFFIX)

#endif
