// SPDX-License-Identifier: MIT
// The wide operations of src/simd/wide.h for SSE4.1 API, 4 lanes. "portable" is this header compiled without ISA flags: SIMDe then builds each
// operation from whatever the baseline CPU has.
// Included by wide.h only (meson.build names this header for the ISA's row).
#ifndef GJK2D_SIMD_WIDE_SSE41_H
#define GJK2D_SIMD_WIDE_SSE41_H

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
static inline wf wf_abs(wf a) { return simde_mm_andnot_ps(simde_mm_set1_ps(-0.0f), a); }
static inline wm wf_gt(wf a, wf b) { return simde_mm_cmpgt_ps(a, b); }
static inline wm wf_ge(wf a, wf b) { return simde_mm_cmpge_ps(a, b); }
static inline wm wf_lt(wf a, wf b) { return simde_mm_cmplt_ps(a, b); }
static inline wm wf_le(wf a, wf b) { return simde_mm_cmple_ps(a, b); }
static inline wm wf_eq(wf a, wf b) { return simde_mm_cmpeq_ps(a, b); }
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm_blendv_ps(b, a, m); }
/// a > b ? a : b and a < b ? a : b: x86's max and min (the second operand when equal or unordered).
static inline wf wf_max_gt(wf a, wf b) { return simde_mm_max_ps(a, b); }
static inline wf wf_min_lt(wf a, wf b) { return simde_mm_min_ps(a, b); }
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
static inline wf wf_gather(const float *base, wf idx) {
    _Alignas(16) int32_t i[4];
    simde_mm_store_si128((simde__m128i *)i, simde_mm_cvttps_epi32(idx));
    return simde_mm_setr_ps(base[i[0]], base[i[1]], base[i[2]], base[i[3]]);
}
/// Lane l of the result is base[idx[l]].
static inline wf wf_gather_at(const float *base, const int32_t *idx) {
    return simde_mm_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]]);
}
/// W int32 (unaligned), converted to float.
static inline wf wf_load_i32(const int32_t *p) {
    return simde_mm_cvtepi32_ps(simde_mm_loadu_si128((const simde__m128i *)p));
}
/// Integers held as floats, stored as int32 (unaligned).
static inline void wf_store_i32(int32_t *p, wf a) {
    simde_mm_storeu_si128((simde__m128i *)p, simde_mm_cvttps_epi32(a));
}
/// Small non-negative integers held as floats, stored as bytes (unaligned).
static inline void wf_store_u8(uint8_t *p, wf a) {
    const simde__m128i i = simde_mm_cvttps_epi32(a);
    const int32_t b = simde_mm_cvtsi128_si32(simde_mm_packus_epi16(simde_mm_packus_epi32(i, i), i));
    memcpy(p, &b, sizeof b);
}
/// cols[j][l] = rows[l][j] for j < 8: eight vertices of W shapes, made lane-major (two 4x4 transposes).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W]) {
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
/// Lane l's four floats at base + idx[l] * stride (records such as {px, py, c, s}), one field per result:
/// a 16-byte load per lane and a 4x4 transpose.
static inline void wf_load_records4(const char *base, int64_t stride, const int32_t *idx, wf *f0, wf *f1, wf *f2,
                                    wf *f3) {
    const wf r0 = wf_loadu((const float *)(base + idx[0] * stride));
    const wf r1 = wf_loadu((const float *)(base + idx[1] * stride));
    const wf r2 = wf_loadu((const float *)(base + idx[2] * stride));
    const wf r3 = wf_loadu((const float *)(base + idx[3] * stride));
    const wf t0 = simde_mm_unpacklo_ps(r0, r1), t1 = simde_mm_unpackhi_ps(r0, r1);
    const wf t2 = simde_mm_unpacklo_ps(r2, r3), t3 = simde_mm_unpackhi_ps(r2, r3);
    *f0 = simde_mm_shuffle_ps(t0, t2, 0x44);
    *f1 = simde_mm_shuffle_ps(t0, t2, 0xEE);
    *f2 = simde_mm_shuffle_ps(t1, t3, 0x44);
    *f3 = simde_mm_shuffle_ps(t1, t3, 0xEE);
}
#define GJK2D_WIDE_HAVE_RECORDS4 1
/// wf_load_records4's inverse: lane l's four floats stored at base + idx[l] * stride (the 4x4 transpose is
/// its own inverse; bits are moved, never converted).
static inline void wf_store_records4(char *base, int64_t stride, const int32_t *idx, wf f0, wf f1, wf f2, wf f3) {
    const wf t0 = simde_mm_unpacklo_ps(f0, f1), t1 = simde_mm_unpackhi_ps(f0, f1);
    const wf t2 = simde_mm_unpacklo_ps(f2, f3), t3 = simde_mm_unpackhi_ps(f2, f3);
    wf_storeu((float *)(base + idx[0] * stride), simde_mm_shuffle_ps(t0, t2, 0x44));
    wf_storeu((float *)(base + idx[1] * stride), simde_mm_shuffle_ps(t0, t2, 0xEE));
    wf_storeu((float *)(base + idx[2] * stride), simde_mm_shuffle_ps(t1, t3, 0x44));
    wf_storeu((float *)(base + idx[3] * stride), simde_mm_shuffle_ps(t1, t3, 0xEE));
}
/// Double lanes (two halves of W): only to move B into A's frame with a single rounding per coordinate.
#define WH_D simde__m128d
#define WH_M simde__m128d
#define WH_LOAD simde_mm_load_pd
#define WH_STORE simde_mm_store_pd
#define WH_ADD simde_mm_add_pd
#define WH_SUB simde_mm_sub_pd
#define WH_MUL simde_mm_mul_pd
#define WH_DIV simde_mm_div_pd
#define WH_MIN simde_mm_min_pd
#define WH_MAX simde_mm_max_pd
#define WH_SQRT simde_mm_sqrt_pd
#define WH_LT simde_mm_cmplt_pd
#define WH_LE simde_mm_cmple_pd
#define WH_GT simde_mm_cmpgt_pd
#define WH_EQ simde_mm_cmpeq_pd
#define WH_AND simde_mm_and_pd
#define WH_OR simde_mm_or_pd
#define WH_ANDNOT(a, b) simde_mm_andnot_pd(b, a)
#define WH_SEL(m, a, b) simde_mm_blendv_pd(b, a, m)
#define WH_BITS(m) ((unsigned)simde_mm_movemask_pd(m))
#include "simd/wide_halves.h"
static inline wd wd_from(wf a) {
    wd r = {simde_mm_cvtps_pd(a), simde_mm_cvtps_pd(simde_mm_movehl_ps(a, a))};
    return r;
}
static inline wf wd_to(wd a) { return simde_mm_shuffle_ps(simde_mm_cvtpd_ps(a.lo), simde_mm_cvtpd_ps(a.hi), 0x44); }
static inline void wf_u16x2_split(wf word, wf *lo, wf *hi) {
    const simde__m128i i = simde_mm_castps_si128(word);
    *lo = simde_mm_cvtepi32_ps(simde_mm_and_si128(i, simde_mm_set1_epi32(0xffff)));
    *hi = simde_mm_cvtepi32_ps(simde_mm_srli_epi32(i, 16));
}
static inline wf wf_u16x2_join(wf lo, wf hi) {
    return simde_mm_castsi128_ps(
        simde_mm_or_si128(simde_mm_cvttps_epi32(lo), simde_mm_slli_epi32(simde_mm_cvttps_epi32(hi), 16)));
}
#define GJK2D_WIDE_HAVE_U16X2 1
#define GJK2D_WIDE_HAVE_MOVES 1

#endif
