// Wide float lanes for the kernels, one definition per SIMD API level (GJK2D_SIMD_LEVEL):
//   1 = SSE4.1 API (4 lanes; "portable" is this level compiled without ISA flags, so SIMDe falls back
//       to whatever the baseline CPU has), 2 = AVX2 (8), 3 = AVX-512 (16), 4 = NEON (4).
// Only IEEE-exact operations are offered (add, sub, mul, div, sqrt, compare, select): no FMA, no
// approximate reciprocal, no min/max (their zero-sign and NaN rules differ between ISAs), so every
// level rounds every lane exactly like scalar C compiled with -ffp-contract=off.
// Masks are opaque (a vector on SSE/AVX2/NEON, a k-register on AVX-512); use only the w*_ ops below.
#ifndef GJK2D_SIMD_WIDE_H
#define GJK2D_SIMD_WIDE_H

#include <stdint.h>
#include <math.h>

#if GJK2D_SIMD_LEVEL == 1
#include <simde/x86/sse4.1.h>
#define W 4
typedef simde__m128 wf;
typedef simde__m128 wm;
static inline wf wf_set1(float x) { return simde_mm_set1_ps(x); }
static inline wf wf_load(const float *p) { return simde_mm_load_ps(p); }
static inline void wf_store(float *p, wf a) { simde_mm_store_ps(p, a); }
static inline wf wf_add(wf a, wf b) { return simde_mm_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_mm_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_mm_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return simde_mm_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return simde_mm_sqrt_ps(a); }
static inline wf wf_neg(wf a) { return simde_mm_xor_ps(a, simde_mm_set1_ps(-0.0f)); }
static inline wm wf_gt(wf a, wf b) { return simde_mm_cmpgt_ps(a, b); }
static inline wm wf_ge(wf a, wf b) { return simde_mm_cmpge_ps(a, b); }
static inline wm wf_lt(wf a, wf b) { return simde_mm_cmplt_ps(a, b); }
static inline wm wf_le(wf a, wf b) { return simde_mm_cmple_ps(a, b); }
static inline wm wf_eq(wf a, wf b) { return simde_mm_cmpeq_ps(a, b); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm_blendv_ps(b, a, m); }
static inline wm wm_and(wm a, wm b) { return simde_mm_and_ps(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_mm_or_ps(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_mm_andnot_ps(b, a); } // a & ~b
static inline wm wm_none(void) { return simde_mm_setzero_ps(); }
static inline unsigned wm_bits(wm m) { return (unsigned)simde_mm_movemask_ps(m); }

#elif GJK2D_SIMD_LEVEL == 2
#include <simde/x86/avx2.h>
#define W 8
typedef simde__m256 wf;
typedef simde__m256 wm;
static inline wf wf_set1(float x) { return simde_mm256_set1_ps(x); }
static inline wf wf_load(const float *p) { return simde_mm256_load_ps(p); }
static inline void wf_store(float *p, wf a) { simde_mm256_store_ps(p, a); }
static inline wf wf_add(wf a, wf b) { return simde_mm256_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_mm256_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_mm256_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return simde_mm256_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return simde_mm256_sqrt_ps(a); }
static inline wf wf_neg(wf a) { return simde_mm256_xor_ps(a, simde_mm256_set1_ps(-0.0f)); }
static inline wm wf_gt(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ); }
static inline wm wf_ge(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ); }
static inline wm wf_lt(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ); }
static inline wm wf_le(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ); }
static inline wm wf_eq(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm256_blendv_ps(b, a, m); }
static inline wm wm_and(wm a, wm b) { return simde_mm256_and_ps(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_mm256_or_ps(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_mm256_andnot_ps(b, a); }
static inline wm wm_none(void) { return simde_mm256_setzero_ps(); }
static inline unsigned wm_bits(wm m) { return (unsigned)simde_mm256_movemask_ps(m); }

#elif GJK2D_SIMD_LEVEL == 3
#include <simde/x86/avx512.h>
#define W 16
typedef simde__m512 wf;
typedef simde__mmask16 wm;
static inline wf wf_set1(float x) { return simde_mm512_set1_ps(x); }
static inline wf wf_load(const float *p) { return simde_mm512_load_ps(p); }
static inline void wf_store(float *p, wf a) { simde_mm512_store_ps(p, a); }
static inline wf wf_add(wf a, wf b) { return simde_mm512_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_mm512_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_mm512_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return simde_mm512_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return simde_mm512_sqrt_ps(a); }
static inline wf wf_neg(wf a) { return simde_mm512_xor_ps(a, simde_mm512_set1_ps(-0.0f)); }
static inline wm wf_gt(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ); }
static inline wm wf_ge(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GE_OQ); }
static inline wm wf_lt(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LT_OQ); }
static inline wm wf_le(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ); }
static inline wm wf_eq(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm512_mask_blend_ps(m, b, a); }
static inline wm wm_and(wm a, wm b) { return (wm)(a & b); }
static inline wm wm_or(wm a, wm b) { return (wm)(a | b); }
static inline wm wm_andnot(wm a, wm b) { return (wm)(a & ~b); }
static inline wm wm_none(void) { return 0; }
static inline unsigned wm_bits(wm m) { return (unsigned)m; }

#elif GJK2D_SIMD_LEVEL == 4
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
static inline wf wf_div(wf a, wf b)
{
    float x[4], y[4];
    simde_vst1q_f32(x, a);
    simde_vst1q_f32(y, b);
    for (int i = 0; i < 4; i++) x[i] = x[i] / y[i];
    return simde_vld1q_f32(x);
}
static inline wf wf_sqrt(wf a)
{
    float x[4];
    simde_vst1q_f32(x, a);
    for (int i = 0; i < 4; i++) x[i] = sqrtf(x[i]);
    return simde_vld1q_f32(x);
}
#endif
static inline wf wf_neg(wf a) { return simde_vnegq_f32(a); }
static inline wm wf_gt(wf a, wf b) { return simde_vcgtq_f32(a, b); }
static inline wm wf_ge(wf a, wf b) { return simde_vcgeq_f32(a, b); }
static inline wm wf_lt(wf a, wf b) { return simde_vcltq_f32(a, b); }
static inline wm wf_le(wf a, wf b) { return simde_vcleq_f32(a, b); }
static inline wm wf_eq(wf a, wf b) { return simde_vceqq_f32(a, b); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_vbslq_f32(m, a, b); }
static inline wm wm_and(wm a, wm b) { return simde_vandq_u32(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_vorrq_u32(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_vbicq_u32(a, b); }
static inline wm wm_none(void) { return simde_vdupq_n_u32(0); }
static inline unsigned wm_bits(wm m)
{
    uint32_t x[4];
    simde_vst1q_u32(x, m);
    return (x[0] >> 31) | ((x[1] >> 31) << 1) | ((x[2] >> 31) << 2) | ((x[3] >> 31) << 3);
}

#else
#error "GJK2D_SIMD_LEVEL must be 1 (SSE4.1 API), 2 (AVX2), 3 (AVX-512) or 4 (NEON)"
#endif

#define W_ALL ((unsigned)((1u << W) - 1u))

static inline wm wm_not(wm a) { return wm_andnot(wf_eq(wf_set1(0.0f), wf_set1(0.0f)), a); }
static inline int wm_any(wm m) { return wm_bits(m) != 0; }
static inline int wm_all(wm m) { return wm_bits(m) == W_ALL; }
static inline wf wf_zero(void) { return wf_set1(0.0f); }
static inline wf wf_dot(wf ax, wf ay, wf bx, wf by) { return wf_add(wf_mul(ax, bx), wf_mul(ay, by)); }
static inline wf wf_cross(wf ax, wf ay, wf bx, wf by) { return wf_sub(wf_mul(ax, by), wf_mul(ay, bx)); }

#define WCAT2(a, b) a##_##b
#define WCAT(a, b) WCAT2(a, b)
/// Per-ISA symbol name, like dav1d's BF(): NAME(foo) -> foo_avx2.
#define ISA_SYM(name) WCAT(name, GJK2D_SIMD_SUFFIX)

#endif
