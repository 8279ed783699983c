// SPDX-License-Identifier: MIT
// The wide operations of src/simd/wide.h for AVX2, 8 lanes.
// Included by wide.h only (meson.build names this header for the ISA's row).
#ifndef GJK2D_SIMD_WIDE_AVX2_H
#define GJK2D_SIMD_WIDE_AVX2_H

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
static inline wf wf_abs(wf a) { return simde_mm256_andnot_ps(simde_mm256_set1_ps(-0.0f), a); }
static inline wm wf_gt(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ); }
static inline wm wf_ge(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ); }
static inline wm wf_lt(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ); }
static inline wm wf_le(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ); }
static inline wm wf_eq(wf a, wf b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ); }
#if defined(SIMDE_X86_AVX_NATIVE) && defined(__GNUC__) && !defined(__clang__)
// GCC 12 expands the blendv builtin as "mask < 0" and adds a vpcmpgtd per select to rebuild the sign it
// already has (the masks here are compare results: all ones or all zeros). The instruction itself:
static inline wf wf_sel(wm m, wf a, wf b) {
    wf r;
    __asm__("vblendvps %3, %2, %1, %0" : "=x"(r) : "x"(b), "xm"(a), "x"(m));
    return r;
}
#else
static inline wf wf_sel(wm m, wf a, wf b) { return simde_mm256_blendv_ps(b, a, m); }
#endif
/// a > b ? a : b and a < b ? a : b: x86's max and min (the second operand when equal or unordered).
static inline wf wf_max_gt(wf a, wf b) { return simde_mm256_max_ps(a, b); }
static inline wf wf_min_lt(wf a, wf b) { return simde_mm256_min_ps(a, b); }
static inline wm wm_and(wm a, wm b) { return simde_mm256_and_ps(a, b); }
static inline wm wm_or(wm a, wm b) { return simde_mm256_or_ps(a, b); }
static inline wm wm_andnot(wm a, wm b) { return simde_mm256_andnot_ps(b, a); }
static inline wm wm_none(void) { return simde_mm256_setzero_ps(); }
static inline unsigned wm_bits(wm m) { return (unsigned)simde_mm256_movemask_ps(m); }
static inline wf wf_loadu(const float *p) { return simde_mm256_loadu_ps(p); }
static inline wf wf_floor(wf a) { return simde_mm256_floor_ps(a); }
static inline void wf_storeu(float *p, wf a) { simde_mm256_storeu_ps(p, a); }
static inline wf wf_gather(const float *base, wf idx) {
    return simde_mm256_i32gather_ps(base, simde_mm256_cvttps_epi32(idx), 4);
}
static inline void wf_store_i32(int32_t *p, wf a) {
    simde_mm256_storeu_si256((simde__m256i *)p, simde_mm256_cvttps_epi32(a));
}
/// Streaming stores (wide.h, "Streaming stores"): p aligned to W floats.
static inline void wf_stream(float *p, wf a) { simde_mm256_stream_ps(p, a); }
static inline void wf_stream_i32(int32_t *p, wf a) {
    simde_mm256_stream_si256((simde__m256i *)p, simde_mm256_cvttps_epi32(a));
}
static inline void w_stream_fence(void) { simde_mm_sfence(); }
#define GJK2D_WIDE_HAVE_STREAM 1
static inline void wf_store_u8(uint8_t *p, wf a) {
    const simde__m256i i = simde_mm256_cvttps_epi32(a);
    const simde__m128i h = simde_mm_packus_epi32(simde_mm256_castsi256_si128(i), simde_mm256_extractf128_si256(i, 1));
    simde_mm_storel_epi64((simde__m128i *)p, simde_mm_packus_epi16(h, h));
}
/// Eight scalar loads and inserts, not vgatherdps: the block load gathers the poses' four fields of A and
/// of B with it, and on AMD Zen 3 the distance query ran 1.02-1.07x faster (W1, W5) this way, timed side
/// by side; the gather is a long microcoded sequence there.
static inline wf wf_gather_at(const float *base, const int32_t *idx) {
    return simde_mm256_setr_ps(base[idx[0]], base[idx[1]], base[idx[2]], base[idx[3]], base[idx[4]], base[idx[5]],
                               base[idx[6]], base[idx[7]]);
}
/// wi_near and wf_gather_near: see wide_lanes.h.
static inline int wi_near(const int32_t *idx, int32_t lo) {
    const simde__m256i off =
        simde_mm256_sub_epi32(simde_mm256_loadu_si256((const simde__m256i *)idx), simde_mm256_set1_epi32(lo));
    // off in [0, 2W) as unsigned: its minimum with 2W - 1 is itself.
    const simde__m256i in = simde_mm256_cmpeq_epi32(simde_mm256_min_epu32(off, simde_mm256_set1_epi32(2 * W - 1)), off);
    return simde_mm256_movemask_epi8(in) == -1;
}
static inline wf wf_gather_near(const float *base, const int32_t *idx, int32_t lo) {
    const simde__m256i off =
        simde_mm256_sub_epi32(simde_mm256_loadu_si256((const simde__m256i *)idx), simde_mm256_set1_epi32(lo));
    const wf lo8 = simde_mm256_permutevar8x32_ps(simde_mm256_loadu_ps(base + lo), off);
    const wf hi8 = simde_mm256_permutevar8x32_ps(simde_mm256_loadu_ps(base + lo + W), off);
    // Offsets W .. 2W - 1 have bit 3 set: shifted to the sign bit, it selects the upper eight.
    return simde_mm256_blendv_ps(lo8, hi8, simde_mm256_castsi256_ps(simde_mm256_slli_epi32(off, 28)));
}
#define GJK2D_WIDE_HAVE_NEAR 1
static inline wf wf_load_i32(const int32_t *p) {
    return simde_mm256_cvtepi32_ps(simde_mm256_loadu_si256((const simde__m256i *)p));
}
#define WH_D simde__m256d
#define WH_M simde__m256d
#define WH_LOAD simde_mm256_load_pd
#define WH_STORE simde_mm256_store_pd
#define WH_LOAD_F(p) simde_mm256_cvtps_pd(simde_mm_load_ps(p))
#define WH_STORE_F(p, a) simde_mm_store_ps(p, simde_mm256_cvtpd_ps(a))
#define WH_ADD simde_mm256_add_pd
#define WH_SUB simde_mm256_sub_pd
#define WH_MUL simde_mm256_mul_pd
#define WH_DIV simde_mm256_div_pd
#define WH_MIN simde_mm256_min_pd
#define WH_MAX simde_mm256_max_pd
#define WH_SQRT simde_mm256_sqrt_pd
#define WH_LT(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_LT_OQ)
#define WH_LE(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_LE_OQ)
#define WH_GT(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_GT_OQ)
#define WH_EQ(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_EQ_OQ)
#define WH_AND simde_mm256_and_pd
#define WH_OR simde_mm256_or_pd
#define WH_ANDNOT(a, b) simde_mm256_andnot_pd(b, a)
#define WH_SEL(m, a, b) simde_mm256_blendv_pd(b, a, m)
#define WH_BITS(m) ((unsigned)simde_mm256_movemask_pd(m))
#include "simd/wide_halves.h"
static inline wd wd_from(wf a) {
    wd r = {simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(a)),
            simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(a, 1))};
    return r;
}
static inline wf wd_to(wd a) {
    return simde_mm256_insertf128_ps(simde_mm256_castps128_ps256(simde_mm256_cvtpd_ps(a.lo)),
                                     simde_mm256_cvtpd_ps(a.hi), 1);
}
/// cols[j][l] = rows[l][j] for j < 8: the classic 8x8 transpose (unpack, shuffle, lane swap).
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W]) {
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
/// Lane l's four floats at base + idx[l] * stride (records such as {px, py, c, s}), one field per result:
/// lanes l and l + 4 share a register (a 16-byte load into each half), and the 4x4 transpose of each half
/// leaves the lanes in order.
static inline void wf_load_records4(const char *base, int64_t stride, const int32_t *idx, wf *f0, wf *f1, wf *f2,
                                    wf *f3) {
    wf r[4];
    for (int k = 0; k < 4; k++)
        r[k] = simde_mm256_insertf128_ps(
            simde_mm256_castps128_ps256(simde_mm_loadu_ps((const float *)(base + idx[k] * stride))),
            simde_mm_loadu_ps((const float *)(base + idx[k + 4] * stride)), 1);
    const wf t0 = simde_mm256_unpacklo_ps(r[0], r[1]), t1 = simde_mm256_unpackhi_ps(r[0], r[1]);
    const wf t2 = simde_mm256_unpacklo_ps(r[2], r[3]), t3 = simde_mm256_unpackhi_ps(r[2], r[3]);
    *f0 = simde_mm256_shuffle_ps(t0, t2, 0x44);
    *f1 = simde_mm256_shuffle_ps(t0, t2, 0xEE);
    *f2 = simde_mm256_shuffle_ps(t1, t3, 0x44);
    *f3 = simde_mm256_shuffle_ps(t1, t3, 0xEE);
}
#define GJK2D_WIDE_HAVE_RECORDS4 1
/// wf_load_records4's inverse: lane l's four floats stored at base + idx[l] * stride (the 4x4 transpose
/// of each half is its own inverse; bits are moved, never converted).
static inline void wf_store_records4(char *base, int64_t stride, const int32_t *idx, wf f0, wf f1, wf f2, wf f3) {
    const wf t0 = simde_mm256_unpacklo_ps(f0, f1), t1 = simde_mm256_unpackhi_ps(f0, f1);
    const wf t2 = simde_mm256_unpacklo_ps(f2, f3), t3 = simde_mm256_unpackhi_ps(f2, f3);
    const wf r[4] = {simde_mm256_shuffle_ps(t0, t2, 0x44), simde_mm256_shuffle_ps(t0, t2, 0xEE),
                     simde_mm256_shuffle_ps(t1, t3, 0x44), simde_mm256_shuffle_ps(t1, t3, 0xEE)};
    for (int k = 0; k < 4; k++) {
        simde_mm_storeu_ps((float *)(base + idx[k] * stride), simde_mm256_castps256_ps128(r[k]));
        simde_mm_storeu_ps((float *)(base + idx[k + 4] * stride), simde_mm256_extractf128_ps(r[k], 1));
    }
}
static inline void wf_u16x2_split(wf word, wf *lo, wf *hi) {
    const simde__m256i i = simde_mm256_castps_si256(word);
    *lo = simde_mm256_cvtepi32_ps(simde_mm256_and_si256(i, simde_mm256_set1_epi32(0xffff)));
    *hi = simde_mm256_cvtepi32_ps(simde_mm256_srli_epi32(i, 16));
}
static inline wf wf_u16x2_join(wf lo, wf hi) {
    return simde_mm256_castsi256_ps(
        simde_mm256_or_si256(simde_mm256_cvttps_epi32(lo), simde_mm256_slli_epi32(simde_mm256_cvttps_epi32(hi), 16)));
}
#define GJK2D_WIDE_HAVE_U16X2 1
#define GJK2D_WIDE_HAVE_TRANSPOSE8 1
#define GJK2D_WIDE_HAVE_MOVES 1
#define GJK2D_WIDE_PICK_BY_SELECT 1 // wide.h, wf_pick_columns
#define GJK2D_WIDE_PAIRED_BLOCKS 1  // wide.h, W_PAIRED_BLOCKS

#endif
