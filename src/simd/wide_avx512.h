// SPDX-License-Identifier: MIT
// The wide operations of src/simd/wide.h for AVX-512 (F, DQ, VL, BW), 16 lanes; masks are k-registers.
// Included by wide.h only (meson.build names this header for the ISA's row).
#ifndef GJK2D_SIMD_WIDE_AVX512_H
#define GJK2D_SIMD_WIDE_AVX512_H

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
static inline wf wf_abs(wf a) { return simde_mm512_abs_ps(a); }
static inline wm wf_gt(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ); }
static inline wm wf_ge(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GE_OQ); }
static inline wm wf_lt(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LT_OQ); }
static inline wm wf_le(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ); }
static inline wm wf_eq(wf a, wf b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm512_mask_blend_ps(m, b, a); }
/// a > b ? a : b and a < b ? a : b: x86's max and min (the second operand when equal or unordered).
static inline wf wf_max_gt(wf a, wf b) { return simde_mm512_max_ps(a, b); }
static inline wf wf_min_lt(wf a, wf b) { return simde_mm512_min_ps(a, b); }
static inline wm wm_and(wm a, wm b) { return (wm)(a & b); }
static inline wm wm_or(wm a, wm b) { return (wm)(a | b); }
static inline wm wm_andnot(wm a, wm b) { return (wm)(a & ~b); }
static inline wm wm_none(void) { return 0; }
static inline unsigned wm_bits(wm m) { return (unsigned)m; }
#define GJK2D_WIDE_PICK_BY_SELECT 1 // wide.h, wf_pick_columns
#define GJK2D_WIDE_PAIRED_BLOCKS 1  // wide.h, W_PAIRED_BLOCKS
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
/// Streaming stores (wide.h, "Streaming stores"): p aligned to W floats.
static inline void wf_stream(float *p, wf a) { _mm512_stream_ps(p, a); }
static inline void wf_stream_i32(int32_t *p, wf a) { _mm512_stream_si512((__m512i *)p, _mm512_cvttps_epi32(a)); }
static inline void w_stream_fence(void) { _mm_sfence(); }
#define GJK2D_WIDE_HAVE_STREAM 1
static inline void wf_store_u8(uint8_t *p, wf a) {
    _mm_storeu_si128((__m128i *)p, _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(a)));
}
/// Sixteen scalar loads and inserts, not vgatherdps: the block load gathers the poses' four fields of A and of B
/// with it, and on AMD Zen 5 the overlap and SAT queries ran 1.05-1.08x faster on W1 (distance 1.04x) this way,
/// timed side by side (on AMD Zen 4 too a gather is a long microcoded sequence: wide.h, wf_pick_columns; not
/// timed on Intel, whose gathers the Downfall microcode slowed).
static inline wf wf_gather_at(const float *base, const int32_t *idx) {
    return _mm512_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]], base[idx[4]], base[idx[5]],
                          base[idx[6]], base[idx[7]], base[idx[8]], base[idx[9]], base[idx[10]], base[idx[11]],
                          base[idx[12]], base[idx[13]], base[idx[14]], base[idx[15]]);
}
/// wi_near and wf_gather_near: see wide_lanes.h.
static inline int wi_near(const int32_t *idx, int32_t lo) {
    const __m512i off = _mm512_sub_epi32(_mm512_loadu_si512(idx), _mm512_set1_epi32(lo));
    return _mm512_cmplt_epu32_mask(off, _mm512_set1_epi32(2 * W)) == 0xffff;
}
static inline wf wf_gather_near(const float *base, const int32_t *idx, int32_t lo) {
    const __m512i off = _mm512_sub_epi32(_mm512_loadu_si512(idx), _mm512_set1_epi32(lo));
    return _mm512_permutex2var_ps(_mm512_loadu_ps(base + lo), off, _mm512_loadu_ps(base + lo + W));
}
#define GJK2D_WIDE_HAVE_NEAR 1
static inline wf wf_load_i32(const int32_t *p) { return _mm512_cvtepi32_ps(_mm512_loadu_si512(p)); }
static inline void wf_u16x2_split(wf word, wf *lo, wf *hi) {
    const __m512i i = _mm512_castps_si512(word);
    *lo = _mm512_cvtepi32_ps(_mm512_and_si512(i, _mm512_set1_epi32(0xffff)));
    *hi = _mm512_cvtepi32_ps(_mm512_srli_epi32(i, 16));
}
static inline wf wf_u16x2_join(wf lo, wf hi) {
    return _mm512_castsi512_ps(
        _mm512_or_si512(_mm512_cvttps_epi32(lo), _mm512_slli_epi32(_mm512_cvttps_epi32(hi), 16)));
}
#define GJK2D_WIDE_HAVE_U16X2 1
#define GJK2D_WIDE_HAVE_MOVES 1
#define WH_D __m512d
#define WH_M __mmask8
#define WH_LOAD _mm512_load_pd
#define WH_STORE _mm512_store_pd
#define WH_LOAD_F(p) _mm512_cvtps_pd(_mm256_load_ps(p))
#define WH_STORE_F(p, a) _mm256_store_ps(p, _mm512_cvtpd_ps(a))
#define WH_ADD _mm512_add_pd
#define WH_SUB _mm512_sub_pd
#define WH_MUL _mm512_mul_pd
#define WH_DIV _mm512_div_pd
#define WH_MIN _mm512_min_pd
#define WH_MAX _mm512_max_pd
#define WH_SQRT _mm512_sqrt_pd
#define WH_LT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ)
#define WH_LE(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ)
#define WH_GT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ)
#define WH_EQ(a, b) _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ)
#define WH_AND(a, b) ((__mmask8)((a) & (b)))
#define WH_OR(a, b) ((__mmask8)((a) | (b)))
#define WH_ANDNOT(a, b) ((__mmask8)((a) & ~(b)))
#define WH_SEL(m, a, b) _mm512_mask_blend_pd(m, b, a)
#define WH_BITS(m) ((unsigned)(m))
#include "simd/wide_halves.h"
static inline wd wd_from(wf a) {
    wd r = {_mm512_cvtps_pd(_mm512_castps512_ps256(a)), _mm512_cvtps_pd(_mm512_extractf32x8_ps(a, 1))};
    return r;
}
static inline wf wd_to(wd a) {
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(a.lo)), _mm512_cvtpd_ps(a.hi), 1);
}
#endif
#ifdef GJK2D_WIDE_HAVE_MOVES
/// Lane l's four floats at base + idx[l] * stride (records such as {px, py, c, s}), one field per result:
/// register k holds lanes k, k + 4, k + 8 and k + 12 (a 16-byte load into each quarter), and the 4x4
/// transpose of each quarter leaves the lanes in order.
static inline void wf_load_records4(const char *base, int64_t stride, const int32_t *idx, wf *f0, wf *f1, wf *f2,
                                    wf *f3) {
    __m512 r[4];
    for (int k = 0; k < 4; k++) {
        r[k] = _mm512_castps128_ps512(_mm_loadu_ps((const float *)(base + idx[k] * stride)));
        r[k] = _mm512_insertf32x4(r[k], _mm_loadu_ps((const float *)(base + idx[k + 4] * stride)), 1);
        r[k] = _mm512_insertf32x4(r[k], _mm_loadu_ps((const float *)(base + idx[k + 8] * stride)), 2);
        r[k] = _mm512_insertf32x4(r[k], _mm_loadu_ps((const float *)(base + idx[k + 12] * stride)), 3);
    }
    const __m512 t0 = _mm512_unpacklo_ps(r[0], r[1]), t1 = _mm512_unpackhi_ps(r[0], r[1]);
    const __m512 t2 = _mm512_unpacklo_ps(r[2], r[3]), t3 = _mm512_unpackhi_ps(r[2], r[3]);
    *f0 = _mm512_shuffle_ps(t0, t2, 0x44);
    *f1 = _mm512_shuffle_ps(t0, t2, 0xEE);
    *f2 = _mm512_shuffle_ps(t1, t3, 0x44);
    *f3 = _mm512_shuffle_ps(t1, t3, 0xEE);
}
#define GJK2D_WIDE_HAVE_RECORDS4 1
/// wf_load_records4's inverse: lane l's four floats stored at base + idx[l] * stride (the 4x4 transpose of
/// each quarter is its own inverse; bits are moved, never converted).
static inline void wf_store_records4(char *base, int64_t stride, const int32_t *idx, wf f0, wf f1, wf f2, wf f3) {
    const __m512 t0 = _mm512_unpacklo_ps(f0, f1), t1 = _mm512_unpackhi_ps(f0, f1);
    const __m512 t2 = _mm512_unpacklo_ps(f2, f3), t3 = _mm512_unpackhi_ps(f2, f3);
    const __m512 r[4] = {_mm512_shuffle_ps(t0, t2, 0x44), _mm512_shuffle_ps(t0, t2, 0xEE),
                         _mm512_shuffle_ps(t1, t3, 0x44), _mm512_shuffle_ps(t1, t3, 0xEE)};
    for (int k = 0; k < 4; k++) {
        _mm_storeu_ps((float *)(base + idx[k] * stride), _mm512_castps512_ps128(r[k]));
        _mm_storeu_ps((float *)(base + idx[k + 4] * stride), _mm512_extractf32x4_ps(r[k], 1));
        _mm_storeu_ps((float *)(base + idx[k + 8] * stride), _mm512_extractf32x4_ps(r[k], 2));
        _mm_storeu_ps((float *)(base + idx[k + 12] * stride), _mm512_extractf32x4_ps(r[k], 3));
    }
}
/// cols[j][l] = rows[l][j] for j < 8, in 512-bit registers: register i holds rows i and i + 8, AVX's 8x8
/// network runs on both at once, and one two-source permute per column joins the quarters (every load
/// and store whole: no store of a half for a 512-bit load to wait on).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W]) {
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
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W]) {
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

#endif
