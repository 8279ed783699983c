// SPDX-License-Identifier: MIT
// Double lanes as two native halves of W / 2 doubles (the SSE4.1, AVX2 and AVX-512 headers): the wd and
// wdm types and their operations, written once over the half operations the ISA header names before
// including this file (no intrinsic here):
//   WH_D, WH_M                the half's double vector and mask types
//   WH_LOAD(p), WH_STORE(p, a), WH_ADD, WH_SUB, WH_MUL, WH_DIV, WH_MIN, WH_MAX (a, b), WH_SQRT(a)
//   WH_LOAD_F(p), WH_STORE_F(p, a)   optional: W / 2 floats at p (aligned to their size) to and from a half's
//                                    doubles (else wide.h converts through a float vector)
//   WH_LT, WH_LE, WH_GT, WH_EQ (a, b) -> mask; WH_AND, WH_OR, WH_ANDNOT (a & ~b) on masks;
//   WH_SEL(m, a, b) (a where m), WH_BITS(m) (one bit per double)
// The ISA header then defines wd_from and wd_to, its float conversions. Included by wide_<isa>.h only.
#ifndef GJK2D_SIMD_WIDE_HALVES_H
#define GJK2D_SIMD_WIDE_HALVES_H

typedef struct wd {
    WH_D lo, hi;
} wd;
/// Masks of double lanes (shape validation).
typedef struct wdm {
    WH_M lo, hi;
} wdm;

#define WH_BINARY(type, name, op)                  \
    static inline type name(wd a, wd b) {          \
        type r = {op(a.lo, b.lo), op(a.hi, b.hi)}; \
        return r;                                  \
    }
#define WH_MASKS(name, op)                        \
    static inline wdm name(wdm a, wdm b) {        \
        wdm r = {op(a.lo, b.lo), op(a.hi, b.hi)}; \
        return r;                                 \
    }

static inline wd wd_load(const double *p) {
    wd r = {WH_LOAD(p), WH_LOAD(p + W / 2)};
    return r;
}
static inline void wd_store(double *p, wd a) {
    WH_STORE(p, a.lo);
    WH_STORE(p + W / 2, a.hi);
}
#ifdef WH_LOAD_F
static inline wd wd_load_f(const float *p) {
    wd r = {WH_LOAD_F(p), WH_LOAD_F(p + W / 2)};
    return r;
}
static inline void wd_store_f(float *p, wd a) {
    WH_STORE_F(p, a.lo);
    WH_STORE_F(p + W / 2, a.hi);
}
#define GJK2D_WIDE_HAVE_WD_F 1
#endif
WH_BINARY(wd, wd_add, WH_ADD)
WH_BINARY(wd, wd_sub, WH_SUB)
WH_BINARY(wd, wd_mul, WH_MUL)
WH_BINARY(wd, wd_div, WH_DIV)
WH_BINARY(wd, wd_min, WH_MIN)
WH_BINARY(wd, wd_max, WH_MAX)
static inline wd wd_sqrt(wd a) {
    wd r = {WH_SQRT(a.lo), WH_SQRT(a.hi)};
    return r;
}
WH_BINARY(wdm, wd_lt, WH_LT)
WH_BINARY(wdm, wd_le, WH_LE)
WH_BINARY(wdm, wd_gt, WH_GT)
WH_BINARY(wdm, wd_eq, WH_EQ)
WH_MASKS(wdm_and, WH_AND)
WH_MASKS(wdm_or, WH_OR)
WH_MASKS(wdm_andnot, WH_ANDNOT)
static inline wd wd_sel(wdm m, wd a, wd b) {
    wd r = {WH_SEL(m.lo, a.lo, b.lo), WH_SEL(m.hi, a.hi, b.hi)};
    return r;
}
static inline unsigned wdm_bits(wdm m) { return WH_BITS(m.lo) | WH_BITS(m.hi) << (W / 2); }
#define GJK2D_WIDE_HAVE_WD 1

#endif
