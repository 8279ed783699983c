// SPDX-License-Identifier: MIT
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
#include <string.h>

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
static inline wf wf_loadu(const float *p) { return simde_mm_loadu_ps(p); }
static inline wf wf_floor(wf a) { return simde_mm_floor_ps(a); }
static inline void wf_storeu(float *p, wf a) { simde_mm_storeu_ps(p, a); }
/// Lane l of the result is base[idx[l]], idx holding small non-negative integers as floats (SSE4.1
/// has no gather: lane by lane).
static inline wf wf_gather(const float *base, wf idx)
{
    _Alignas(16) int32_t i[4];
    simde_mm_store_si128((simde__m128i *)i, simde_mm_cvttps_epi32(idx));
    return simde_mm_setr_ps(base[i[0]], base[i[1]], base[i[2]], base[i[3]]);
}
/// Lane l of the result is base[idx[l]].
static inline wf wf_gather_at(const float *base, const int32_t *idx)
{
    return simde_mm_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]]);
}
/// W int32 (unaligned), converted to float.
static inline wf wf_load_i32(const int32_t *p) { return simde_mm_cvtepi32_ps(simde_mm_loadu_si128((const simde__m128i *)p)); }
/// Integers held as floats, stored as int32 (unaligned).
static inline void wf_store_i32(int32_t *p, wf a) { simde_mm_storeu_si128((simde__m128i *)p, simde_mm_cvttps_epi32(a)); }
/// cols[j][l] = rows[l][j] for j < 8: eight vertices of W shapes, made lane-major (two 4x4 transposes).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W])
{
    for (int h = 0; h < 8; h += 4) {
        const wf r0 = wf_loadu(rows[0] + h), r1 = wf_loadu(rows[1] + h);
        const wf r2 = wf_loadu(rows[2] + h), r3 = wf_loadu(rows[3] + h);
        const wf t0 = simde_mm_unpacklo_ps(r0, r1), t1 = simde_mm_unpackhi_ps(r0, r1);
        const wf t2 = simde_mm_unpacklo_ps(r2, r3), t3 = simde_mm_unpackhi_ps(r2, r3);
        wf_store(cols[h + 0], simde_mm_shuffle_ps(t0, t2, 0x44));
        wf_store(cols[h + 1], simde_mm_shuffle_ps(t0, t2, 0xEE));
        wf_store(cols[h + 2], simde_mm_shuffle_ps(t1, t3, 0x44));
        wf_store(cols[h + 3], simde_mm_shuffle_ps(t1, t3, 0xEE));
    }
}
#define GJK2D_WIDE_HAVE_TRANSPOSE8 1
/// Double lanes (two halves of W): only to move B into A's frame with a single rounding per coordinate.
typedef struct wd {
    simde__m128d lo, hi;
} wd;
static inline wd wd_from(wf a)
{
    wd r = {simde_mm_cvtps_pd(a), simde_mm_cvtps_pd(simde_mm_movehl_ps(a, a))};
    return r;
}
static inline wf wd_to(wd a) { return simde_mm_shuffle_ps(simde_mm_cvtpd_ps(a.lo), simde_mm_cvtpd_ps(a.hi), 0x44); }
#define WD_OP(name, op)                                                                                       \
    static inline wd name(wd a, wd b)                                                                         \
    {                                                                                                          \
        wd r = {op(a.lo, b.lo), op(a.hi, b.hi)};                                                               \
        return r;                                                                                              \
    }
static inline wd wd_load(const double *p)
{
    wd r = {simde_mm_load_pd(p), simde_mm_load_pd(p + 2)};
    return r;
}
static inline void wd_store(double *p, wd a)
{
    simde_mm_store_pd(p, a.lo);
    simde_mm_store_pd(p + 2, a.hi);
}
WD_OP(wd_add, simde_mm_add_pd)
WD_OP(wd_sub, simde_mm_sub_pd)
WD_OP(wd_mul, simde_mm_mul_pd)
WD_OP(wd_div, simde_mm_div_pd)
WD_OP(wd_min, simde_mm_min_pd)
WD_OP(wd_max, simde_mm_max_pd)
static inline wd wd_sqrt(wd a)
{
    wd r = {simde_mm_sqrt_pd(a.lo), simde_mm_sqrt_pd(a.hi)};
    return r;
}
/// Masks of double lanes (shape validation).
typedef struct wdm {
    simde__m128d lo, hi;
} wdm;
#define WD_CMP(name, op)                                   \
    static inline wdm name(wd a, wd b)                     \
    {                                                      \
        wdm r = {op(a.lo, b.lo), op(a.hi, b.hi)};          \
        return r;                                          \
    }
WD_CMP(wd_lt, simde_mm_cmplt_pd)
WD_CMP(wd_le, simde_mm_cmple_pd)
WD_CMP(wd_gt, simde_mm_cmpgt_pd)
WD_CMP(wd_eq, simde_mm_cmpeq_pd)
static inline wdm wdm_and(wdm a, wdm b) { wdm r = {simde_mm_and_pd(a.lo, b.lo), simde_mm_and_pd(a.hi, b.hi)}; return r; }
static inline wdm wdm_or(wdm a, wdm b) { wdm r = {simde_mm_or_pd(a.lo, b.lo), simde_mm_or_pd(a.hi, b.hi)}; return r; }
static inline wdm wdm_andnot(wdm a, wdm b) { wdm r = {simde_mm_andnot_pd(b.lo, a.lo), simde_mm_andnot_pd(b.hi, a.hi)}; return r; }
static inline wd wd_sel(wdm m, wd a, wd b)
{
    wd r = {simde_mm_blendv_pd(b.lo, a.lo, m.lo), simde_mm_blendv_pd(b.hi, a.hi, m.hi)};
    return r;
}
static inline unsigned wdm_bits(wdm m)
{
    return (unsigned)simde_mm_movemask_pd(m.lo) | (unsigned)simde_mm_movemask_pd(m.hi) << 2;
}
#define GJK2D_WIDE_HAVE_WD 1

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
#if defined(SIMDE_X86_AVX_NATIVE) && defined(__GNUC__) && !defined(__clang__)
// GCC 12 expands the blendv builtin as "mask < 0" and adds a vpcmpgtd per select to rebuild the sign it
// already has (the masks here are compare results: all ones or all zeros). The instruction itself:
static inline wf wf_sel(wm m, wf a, wf b)
{
    wf r;
    __asm__("vblendvps %3, %2, %1, %0" : "=x"(r) : "x"(b), "xm"(a), "x"(m));
    return r;
}
#else
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm256_blendv_ps(b, a, m); }
#endif
static inline wm wm_and(wm a, wm b) { return simde_mm256_and_ps(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_mm256_or_ps(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_mm256_andnot_ps(b, a); }
static inline wm wm_none(void) { return simde_mm256_setzero_ps(); }
static inline unsigned wm_bits(wm m) { return (unsigned)simde_mm256_movemask_ps(m); }
static inline wf wf_loadu(const float *p) { return simde_mm256_loadu_ps(p); }
static inline wf wf_floor(wf a) { return simde_mm256_floor_ps(a); }
static inline void wf_storeu(float *p, wf a) { simde_mm256_storeu_ps(p, a); }
static inline wf wf_gather(const float *base, wf idx)
{
    return simde_mm256_i32gather_ps(base, simde_mm256_cvttps_epi32(idx), 4);
}
static inline void wf_store_i32(int32_t *p, wf a) { simde_mm256_storeu_si256((simde__m256i *)p, simde_mm256_cvttps_epi32(a)); }
static inline wf wf_gather_at(const float *base, const int32_t *idx)
{
#ifdef GJK2D_NO_GATHER
    return simde_mm256_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]], base[idx[4]], base[idx[5]],
                               base[idx[6]], base[idx[7]]);
#else
    return simde_mm256_i32gather_ps(base, simde_mm256_loadu_si256((const simde__m256i *)idx), 4);
#endif
}
static inline wf wf_load_i32(const int32_t *p) { return simde_mm256_cvtepi32_ps(simde_mm256_loadu_si256((const simde__m256i *)p)); }
typedef struct wd {
    simde__m256d lo, hi;
} wd;
static inline wd wd_from(wf a)
{
    wd r = {simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(a)), simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(a, 1))};
    return r;
}
static inline wf wd_to(wd a)
{
    return simde_mm256_insertf128_ps(simde_mm256_castps128_ps256(simde_mm256_cvtpd_ps(a.lo)), simde_mm256_cvtpd_ps(a.hi), 1);
}
#define WD_OP(name, op)                                                                                       \
    static inline wd name(wd a, wd b)                                                                         \
    {                                                                                                          \
        wd r = {op(a.lo, b.lo), op(a.hi, b.hi)};                                                               \
        return r;                                                                                              \
    }
static inline wd wd_load(const double *p)
{
    wd r = {simde_mm256_load_pd(p), simde_mm256_load_pd(p + 4)};
    return r;
}
static inline void wd_store(double *p, wd a)
{
    simde_mm256_store_pd(p, a.lo);
    simde_mm256_store_pd(p + 4, a.hi);
}
WD_OP(wd_add, simde_mm256_add_pd)
WD_OP(wd_sub, simde_mm256_sub_pd)
WD_OP(wd_mul, simde_mm256_mul_pd)
WD_OP(wd_div, simde_mm256_div_pd)
WD_OP(wd_min, simde_mm256_min_pd)
WD_OP(wd_max, simde_mm256_max_pd)
static inline wd wd_sqrt(wd a)
{
    wd r = {simde_mm256_sqrt_pd(a.lo), simde_mm256_sqrt_pd(a.hi)};
    return r;
}
/// Masks of double lanes (shape validation).
typedef struct wdm {
    simde__m256d lo, hi;
} wdm;
#define WD_CMP(name, pred)                                                                          \
    static inline wdm name(wd a, wd b)                                                              \
    {                                                                                               \
        wdm r = {simde_mm256_cmp_pd(a.lo, b.lo, pred), simde_mm256_cmp_pd(a.hi, b.hi, pred)};       \
        return r;                                                                                   \
    }
WD_CMP(wd_lt, SIMDE_CMP_LT_OQ)
WD_CMP(wd_le, SIMDE_CMP_LE_OQ)
WD_CMP(wd_gt, SIMDE_CMP_GT_OQ)
WD_CMP(wd_eq, SIMDE_CMP_EQ_OQ)
static inline wdm wdm_and(wdm a, wdm b) { wdm r = {simde_mm256_and_pd(a.lo, b.lo), simde_mm256_and_pd(a.hi, b.hi)}; return r; }
static inline wdm wdm_or(wdm a, wdm b) { wdm r = {simde_mm256_or_pd(a.lo, b.lo), simde_mm256_or_pd(a.hi, b.hi)}; return r; }
static inline wdm wdm_andnot(wdm a, wdm b)
{
    wdm r = {simde_mm256_andnot_pd(b.lo, a.lo), simde_mm256_andnot_pd(b.hi, a.hi)};
    return r;
}
static inline wd wd_sel(wdm m, wd a, wd b)
{
    wd r = {simde_mm256_blendv_pd(b.lo, a.lo, m.lo), simde_mm256_blendv_pd(b.hi, a.hi, m.hi)};
    return r;
}
static inline unsigned wdm_bits(wdm m)
{
    return (unsigned)simde_mm256_movemask_pd(m.lo) | (unsigned)simde_mm256_movemask_pd(m.hi) << 4;
}
#define GJK2D_WIDE_HAVE_WD 1
/// cols[j][l] = rows[l][j] for j < 8: the classic 8x8 transpose (unpack, shuffle, lane swap).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W])
{
    wf r[8], t[8], u[8];
    for (int i = 0; i < 8; i++) r[i] = wf_loadu(rows[i]);
    for (int i = 0; i < 8; i += 2) {
        t[i] = simde_mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = simde_mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i + 0] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        u[i + 1] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
        u[i + 2] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        u[i + 3] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int j = 0; j < 4; j++) {
        wf_store(cols[j], simde_mm256_permute2f128_ps(u[j], u[j + 4], 0x20));
        wf_store(cols[j + 4], simde_mm256_permute2f128_ps(u[j], u[j + 4], 0x31));
    }
}
#define GJK2D_WIDE_HAVE_TRANSPOSE8 1

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
#if defined(SIMDE_X86_AVX512F_NATIVE) && defined(SIMDE_X86_AVX512DQ_NATIVE)
// What SIMDe 0.7.4 lacks at 512 bits (gathers, conversions, 512-bit doubles), from the compiler's own
// intrinsics in a native build; an emulated build (SIMDE_NO_NATIVE) takes the lane-by-lane forms below,
// which compute the same IEEE results.
#include <immintrin.h>
static inline wf wf_loadu(const float *p) { return _mm512_loadu_ps(p); }
static inline void wf_storeu(float *p, wf a) { _mm512_storeu_ps(p, a); }
static inline wf wf_floor(wf a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
static inline wf wf_gather(const float *base, wf idx) { return _mm512_i32gather_ps(_mm512_cvttps_epi32(idx), base, 4); }
static inline void wf_store_i32(int32_t *p, wf a) { _mm512_storeu_si512(p, _mm512_cvttps_epi32(a)); }
static inline wf wf_gather_at(const float *base, const int32_t *idx)
{
    return _mm512_i32gather_ps(_mm512_loadu_si512(idx), base, 4);
}
static inline wf wf_load_i32(const int32_t *p) { return _mm512_cvtepi32_ps(_mm512_loadu_si512(p)); }
#define GJK2D_WIDE_HAVE_MOVES 1
typedef struct wd {
    __m512d lo, hi;
} wd;
static inline wd wd_from(wf a)
{
    wd r = {_mm512_cvtps_pd(_mm512_castps512_ps256(a)), _mm512_cvtps_pd(_mm512_extractf32x8_ps(a, 1))};
    return r;
}
static inline wf wd_to(wd a) { return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(a.lo)), _mm512_cvtpd_ps(a.hi), 1); }
static inline wd wd_load(const double *p)
{
    wd r = {_mm512_load_pd(p), _mm512_load_pd(p + 8)};
    return r;
}
static inline void wd_store(double *p, wd a)
{
    _mm512_store_pd(p, a.lo);
    _mm512_store_pd(p + 8, a.hi);
}
#define WD_OP(name, op)                              \
    static inline wd name(wd a, wd b)                \
    {                                                \
        wd r = {op(a.lo, b.lo), op(a.hi, b.hi)};     \
        return r;                                    \
    }
WD_OP(wd_add, _mm512_add_pd)
WD_OP(wd_sub, _mm512_sub_pd)
WD_OP(wd_mul, _mm512_mul_pd)
WD_OP(wd_div, _mm512_div_pd)
WD_OP(wd_min, _mm512_min_pd)
WD_OP(wd_max, _mm512_max_pd)
static inline wd wd_sqrt(wd a)
{
    wd r = {_mm512_sqrt_pd(a.lo), _mm512_sqrt_pd(a.hi)};
    return r;
}
typedef struct wdm {
    __mmask8 lo, hi;
} wdm;
#define WD_CMP(name, pred)                                                                     \
    static inline wdm name(wd a, wd b)                                                         \
    {                                                                                          \
        wdm r = {_mm512_cmp_pd_mask(a.lo, b.lo, pred), _mm512_cmp_pd_mask(a.hi, b.hi, pred)};  \
        return r;                                                                              \
    }
WD_CMP(wd_lt, _CMP_LT_OQ)
WD_CMP(wd_le, _CMP_LE_OQ)
WD_CMP(wd_gt, _CMP_GT_OQ)
WD_CMP(wd_eq, _CMP_EQ_OQ)
static inline wdm wdm_and(wdm a, wdm b) { wdm r = {(__mmask8)(a.lo & b.lo), (__mmask8)(a.hi & b.hi)}; return r; }
static inline wdm wdm_or(wdm a, wdm b) { wdm r = {(__mmask8)(a.lo | b.lo), (__mmask8)(a.hi | b.hi)}; return r; }
static inline wdm wdm_andnot(wdm a, wdm b) { wdm r = {(__mmask8)(a.lo & ~b.lo), (__mmask8)(a.hi & ~b.hi)}; return r; }
static inline wd wd_sel(wdm m, wd a, wd b)
{
    wd r = {_mm512_mask_blend_pd(m.lo, b.lo, a.lo), _mm512_mask_blend_pd(m.hi, b.hi, a.hi)};
    return r;
}
static inline unsigned wdm_bits(wdm m) { return (unsigned)m.lo | (unsigned)m.hi << 8; }
#define GJK2D_WIDE_HAVE_WD 1
#endif
#ifdef GJK2D_WIDE_HAVE_MOVES
/// cols[j][l] = rows[l][j] for j < 8, in 512-bit registers: register i holds rows i and i + 8, AVX's 8x8
/// network runs on both at once, and one two-source permute per column joins the quarters (every load
/// and store whole: no store of a half for a 512-bit load to wait on).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W])
{
    __m512 r[8], t[8], u[8];
    for (int i = 0; i < 8; i++)
        r[i] = _mm512_insertf32x8(_mm512_castps256_ps512(_mm256_loadu_ps(rows[i])), _mm256_loadu_ps(rows[i + 8]), 1);
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i + 0] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
        u[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
        u[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        u[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    // u[j]'s 128-bit quarters: column j of rows 0-3, column j + 4 of rows 0-3, then the same of rows 8-11;
    // u[j + 4]'s: the same of rows 4-7 and 12-15.
    const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
    const __m512i hi = _mm512_setr_epi32(4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
    for (int j = 0; j < 4; j++) {
        _mm512_store_ps(cols[j], _mm512_permutex2var_ps(u[j], lo, u[j + 4]));
        _mm512_store_ps(cols[j + 4], _mm512_permutex2var_ps(u[j], hi, u[j + 4]));
    }
}
#else
/// cols[j][l] = rows[l][j] for j < 8: the 8x8 transpose of AVX on each half of the lanes (256-bit
/// operations, native under AVX-512VL).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W])
{
    for (int h = 0; h < W; h += 8) {
        simde__m256 r[8], t[8], u[8];
        for (int i = 0; i < 8; i++) r[i] = simde_mm256_loadu_ps(rows[h + i]);
        for (int i = 0; i < 8; i += 2) {
            t[i] = simde_mm256_unpacklo_ps(r[i], r[i + 1]);
            t[i + 1] = simde_mm256_unpackhi_ps(r[i], r[i + 1]);
        }
        for (int i = 0; i < 8; i += 4) {
            u[i + 0] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0x44);
            u[i + 1] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
            u[i + 2] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
            u[i + 3] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
        }
        for (int j = 0; j < 4; j++) {
            simde_mm256_store_ps(cols[j] + h, simde_mm256_permute2f128_ps(u[j], u[j + 4], 0x20));
            simde_mm256_store_ps(cols[j + 4] + h, simde_mm256_permute2f128_ps(u[j], u[j + 4], 0x31));
        }
    }
}
#endif
#define GJK2D_WIDE_HAVE_TRANSPOSE8 1

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

#if (GJK2D_SIMD_LEVEL == 3 || GJK2D_SIMD_LEVEL == 4) && !defined(GJK2D_WIDE_HAVE_MOVES)
// Lane-by-lane versions where SIMDe 0.7.4 has no wide form (AVX-512 gathers) or the layout would
// need a different shuffle network; they move data only, so results stay bit-identical.
static inline wf wf_loadu(const float *p)
{
    _Alignas(64) float t[W];
    memcpy(t, p, sizeof t);
    return wf_load(t);
}
static inline void wf_storeu(float *p, wf a)
{
    _Alignas(64) float t[W];
    wf_store(t, a);
    memcpy(p, t, sizeof t);
}
static inline wf wf_floor(wf a)
{
    _Alignas(64) float t[W];
    wf_store(t, a);
    for (int l = 0; l < W; l++) t[l] = floorf(t[l]);
    return wf_load(t);
}
static inline wf wf_gather(const float *base, wf idx)
{
    _Alignas(64) float t[W];
    wf_store(t, idx);
    for (int l = 0; l < W; l++) t[l] = base[(int32_t)t[l]];
    return wf_load(t);
}
static inline void wf_store_i32(int32_t *p, wf a)
{
    _Alignas(64) float t[W];
    wf_store(t, a);
    for (int l = 0; l < W; l++) p[l] = (int32_t)t[l];
}
static inline wf wf_gather_at(const float *base, const int32_t *idx)
{
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = base[idx[l]];
    return wf_load(t);
}
static inline wf wf_load_i32(const int32_t *p)
{
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = (float)p[l];
    return wf_load(t);
}
#endif

#ifndef GJK2D_WIDE_HAVE_WD
// Double lanes one by one (AVX-512 and NEON builds): IEEE double operations, so the same bits.
typedef struct wd {
    double v[W];
} wd;
static inline wd wd_from(wf a)
{
    _Alignas(64) float t[W];
    wd r;
    wf_store(t, a);
    for (int l = 0; l < W; l++) r.v[l] = t[l];
    return r;
}
static inline wf wd_to(wd a)
{
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = (float)a.v[l];
    return wf_load(t);
}
static inline wd wd_load(const double *p)
{
    wd r;
    memcpy(r.v, p, sizeof r.v);
    return r;
}
static inline void wd_store(double *p, wd a) { memcpy(p, a.v, sizeof a.v); }
static inline wd wd_add(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] += b.v[l]; return a; }
static inline wd wd_sub(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] -= b.v[l]; return a; }
static inline wd wd_mul(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] *= b.v[l]; return a; }
static inline wd wd_div(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] /= b.v[l]; return a; }
// min/max as x86 defines them (the second operand when unordered or equal): used only on finite values.
static inline wd wd_min(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] = a.v[l] < b.v[l] ? a.v[l] : b.v[l]; return a; }
static inline wd wd_max(wd a, wd b) { for (int l = 0; l < W; l++) a.v[l] = a.v[l] > b.v[l] ? a.v[l] : b.v[l]; return a; }
static inline wd wd_sqrt(wd a) { for (int l = 0; l < W; l++) a.v[l] = sqrt(a.v[l]); return a; }
/// Masks of double lanes (shape validation): one bit per lane.
typedef struct wdm {
    unsigned bits;
} wdm;
#define WD_CMP(name, op)                                                     \
    static inline wdm name(wd a, wd b)                                       \
    {                                                                        \
        wdm r = {0};                                                         \
        for (int l = 0; l < W; l++) r.bits |= (unsigned)(a.v[l] op b.v[l]) << l; \
        return r;                                                            \
    }
WD_CMP(wd_lt, <)
WD_CMP(wd_le, <=)
WD_CMP(wd_gt, >)
WD_CMP(wd_eq, ==)
static inline wdm wdm_and(wdm a, wdm b) { a.bits &= b.bits; return a; }
static inline wdm wdm_or(wdm a, wdm b) { a.bits |= b.bits; return a; }
static inline wdm wdm_andnot(wdm a, wdm b) { a.bits &= ~b.bits; return a; }
static inline wd wd_sel(wdm m, wd a, wd b)
{
    for (int l = 0; l < W; l++) b.v[l] = (m.bits >> l) & 1 ? a.v[l] : b.v[l];
    return b;
}
static inline unsigned wdm_bits(wdm m) { return m.bits; }
#endif

#ifndef GJK2D_WIDE_HAVE_TRANSPOSE8
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W])
{
    for (int j = 0; j < 8; j++)
        for (int l = 0; l < W; l++) cols[j][l] = rows[l][j];
}
#endif

static inline wd wd_set1(double x)
{
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
static inline wf wf_dot(wf ax, wf ay, wf bx, wf by) { return wf_add(wf_mul(ax, bx), wf_mul(ay, by)); }
static inline wf wf_cross(wf ax, wf ay, wf bx, wf by) { return wf_sub(wf_mul(ax, by), wf_mul(ay, bx)); }

#define WCAT2(a, b) a##_##b
#define WCAT(a, b) WCAT2(a, b)
/// Per-ISA symbol name, like dav1d's BF(): NAME(foo) -> foo_avx2.
#define ISA_SYM(name) WCAT(name, GJK2D_SIMD_SUFFIX)

#endif
