// SPDX-License-Identifier: MIT
// The wide operations of src/simd/wide.h for NEON, 4 lanes.
// Included by wide.h only (meson.build names this header for the ISA's row).
#ifndef GJK2D_SIMD_WIDE_NEON_H
#define GJK2D_SIMD_WIDE_NEON_H

#include <simde/arm/neon.h>
#define W 4
typedef simde_float32x4_t wf;
typedef simde_uint32x4_t wm;
static inline wf wf_set1(float x) { return simde_vdupq_n_f32(x); }
static inline wf wf_load(const float *p) { return simde_vld1q_f32(p); }
static inline void wf_store(float *p, wf a) { simde_vst1q_f32(p, a); }
static inline wf wf_add(wf a, wf b) { return simde_vaddq_f32(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_vsubq_f32(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_vmulq_f32(a, b); }
#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
static inline wf wf_div(wf a, wf b) { return vdivq_f32(a, b); }
static inline wf wf_sqrt(wf a) { return vsqrtq_f32(a); }
#else
// SIMDe 0.7.4 has no vdivq_f32 / vsqrtq_f32: do them per lane (still correctly rounded IEEE).
static inline wf wf_div(wf a, wf b) {
    float x[4], y[4];
    simde_vst1q_f32(x, a);
    simde_vst1q_f32(y, b);
    for (int i = 0; i < 4; i++) x[i] = x[i] / y[i];
    return simde_vld1q_f32(x);
}
static inline wf wf_sqrt(wf a) {
    float x[4];
    simde_vst1q_f32(x, a);
    for (int i = 0; i < 4; i++) x[i] = sqrtf(x[i]);
    return simde_vld1q_f32(x);
}
#endif
static inline wf wf_neg(wf a) { return simde_vnegq_f32(a); }
static inline wf wf_abs(wf a) { return simde_vabsq_f32(a); }
static inline wm wf_gt(wf a, wf b) { return simde_vcgtq_f32(a, b); }
static inline wm wf_ge(wf a, wf b) { return simde_vcgeq_f32(a, b); }
static inline wm wf_lt(wf a, wf b) { return simde_vcltq_f32(a, b); }
static inline wm wf_le(wf a, wf b) { return simde_vcleq_f32(a, b); }
static inline wm wf_eq(wf a, wf b) { return simde_vceqq_f32(a, b); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_vbslq_f32(m, a, b); }
/// a > b ? a : b and a < b ? a : b (x86's max and min rule, which NEON's vmax and vmin do not follow).
static inline wf wf_max_gt(wf a, wf b) { return simde_vbslq_f32(simde_vcgtq_f32(a, b), a, b); }
static inline wf wf_min_lt(wf a, wf b) { return simde_vbslq_f32(simde_vcltq_f32(a, b), a, b); }
static inline wm wm_and(wm a, wm b) { return simde_vandq_u32(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_vorrq_u32(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_vbicq_u32(a, b); }
static inline wm wm_none(void) { return simde_vdupq_n_u32(0); }
static inline unsigned wm_bits(wm m) {
    uint32_t x[4];
    simde_vst1q_u32(x, m);
    return (x[0] >> 31) | ((x[1] >> 31) << 1) | ((x[2] >> 31) << 2) | ((x[3] >> 31) << 3);
}

#endif
