// SPDX-License-Identifier: MIT
// Lane-by-lane forms of the wide operations an ISA header does not define natively (it says which it
// defines: GJK2D_WIDE_HAVE_MOVES, _WD, _TRANSPOSE8, _U16X2, _RECORDS4, _NEAR, _STREAM). They move data or apply IEEE
// operations one lane at a time, so results stay bit-identical. Included by wide.h only, after the ISA header.
#ifndef GJK2D_SIMD_WIDE_LANES_H
#define GJK2D_SIMD_WIDE_LANES_H

#ifndef GJK2D_WIDE_HAVE_MOVES
// Lane-by-lane versions where SIMDe 0.7.4 has no wide form (AVX-512 gathers) or the layout would
// need a different shuffle network; they move data only, so results stay bit-identical.
static inline wf wf_loadu(const float *p) {
    _Alignas(64) float t[W];
    memcpy(t, p, sizeof t);
    return wf_load(t);
}
static inline void wf_storeu(float *p, wf a) {
    _Alignas(64) float t[W];
    wf_store(t, a);
    memcpy(p, t, sizeof t);
}
static inline wf wf_floor(wf a) {
    _Alignas(64) float t[W];
    wf_store(t, a);
    for (int l = 0; l < W; l++) t[l] = floorf(t[l]);
    return wf_load(t);
}
static inline wf wf_gather(const float *base, wf idx) {
    _Alignas(64) float t[W];
    wf_store(t, idx);
    for (int l = 0; l < W; l++) t[l] = base[(int32_t)t[l]];
    return wf_load(t);
}
static inline void wf_store_i32(int32_t *p, wf a) {
    _Alignas(64) float t[W];
    wf_store(t, a);
    for (int l = 0; l < W; l++) p[l] = (int32_t)t[l];
}
/// Small non-negative integers held as floats, stored as bytes.
static inline void wf_store_u8(uint8_t *p, wf a) {
    _Alignas(64) float t[W];
    wf_store(t, a);
    for (int l = 0; l < W; l++) p[l] = (uint8_t)t[l];
}
static inline wf wf_gather_at(const float *base, const int32_t *idx) {
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = base[idx[l]];
    return wf_load(t);
}
static inline wf wf_load_i32(const int32_t *p) {
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = (float)p[l];
    return wf_load(t);
}
#endif

#ifndef GJK2D_WIDE_HAVE_STREAM
// No streaming stores (wide.h, "Streaming stores"): ordinary stores, and nothing to order.
static inline void wf_stream(float *p, wf a) { wf_store(p, a); }
static inline void wf_stream_i32(int32_t *p, wf a) { wf_store_i32(p, a); }
static inline void w_stream_fence(void) {}
#endif

#ifndef GJK2D_WIDE_HAVE_NEAR
// wi_near: whether every idx[l] - lo lies in [0, 2W). wf_gather_near: base[idx[l]] for such indices, read as
// base[lo .. lo + 2W) (all of it must be readable) and a permute. Where an ISA has no permute across its lanes,
// that would be the gather itself: no index is near.
static inline int wi_near(const int32_t *idx, int32_t lo) {
    (void)idx, (void)lo;
    return 0;
}
static inline wf wf_gather_near(const float *base, const int32_t *idx, int32_t lo) {
    (void)lo;
    return wf_gather_at(base, idx);
}
#endif

#ifndef GJK2D_WIDE_HAVE_U16X2
/// Each lane's 32-bit word (a float's bits) as its low and high 16-bit halves, exact in floats.
static inline void wf_u16x2_split(wf word, wf *lo, wf *hi) {
    _Alignas(64) float t[W], a[W], b[W];
    wf_store(t, word);
    for (int l = 0; l < W; l++) {
        uint32_t u;
        memcpy(&u, &t[l], sizeof u);
        a[l] = (float)(u & 0xffffu), b[l] = (float)(u >> 16);
    }
    *lo = wf_load(a), *hi = wf_load(b);
}
/// The 32-bit word lo | hi << 16 of each lane's integers lo, hi in [0, 65535], as a float's bits.
static inline wf wf_u16x2_join(wf lo, wf hi) {
    _Alignas(64) float a[W], b[W], t[W];
    wf_store(a, lo), wf_store(b, hi);
    for (int l = 0; l < W; l++) {
        const uint32_t u = (uint32_t)a[l] | (uint32_t)b[l] << 16;
        memcpy(&t[l], &u, sizeof u);
    }
    return wf_load(t);
}
#endif

#ifndef GJK2D_WIDE_HAVE_WD
// Double lanes one by one (AVX-512 and NEON builds): IEEE double operations, so the same bits.
typedef struct wd {
    double v[W];
} wd;
static inline wd wd_from(wf a) {
    _Alignas(64) float t[W];
    wd r;
    wf_store(t, a);
    for (int l = 0; l < W; l++) r.v[l] = t[l];
    return r;
}
static inline wf wd_to(wd a) {
    _Alignas(64) float t[W];
    for (int l = 0; l < W; l++) t[l] = (float)a.v[l];
    return wf_load(t);
}
static inline wd wd_load(const double *p) {
    wd r;
    memcpy(r.v, p, sizeof r.v);
    return r;
}
static inline void wd_store(double *p, wd a) { memcpy(p, a.v, sizeof a.v); }
static inline wd wd_add(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] += b.v[l];
    return a;
}
static inline wd wd_sub(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] -= b.v[l];
    return a;
}
static inline wd wd_mul(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] *= b.v[l];
    return a;
}
static inline wd wd_div(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] /= b.v[l];
    return a;
}
// min/max as x86 defines them (the second operand when unordered or equal): used only on finite values.
static inline wd wd_min(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] = a.v[l] < b.v[l] ? a.v[l] : b.v[l];
    return a;
}
static inline wd wd_max(wd a, wd b) {
    for (int l = 0; l < W; l++) a.v[l] = a.v[l] > b.v[l] ? a.v[l] : b.v[l];
    return a;
}
static inline wd wd_sqrt(wd a) {
    for (int l = 0; l < W; l++) a.v[l] = sqrt(a.v[l]);
    return a;
}
/// Masks of double lanes (shape validation): one bit per lane.
typedef struct wdm {
    unsigned bits;
} wdm;
#define WD_CMP(name, op)                                                         \
    static inline wdm name(wd a, wd b) {                                         \
        wdm r = {0};                                                             \
        for (int l = 0; l < W; l++) r.bits |= (unsigned)(a.v[l] op b.v[l]) << l; \
        return r;                                                                \
    }
WD_CMP(wd_lt, <)
WD_CMP(wd_le, <=)
WD_CMP(wd_gt, >)
WD_CMP(wd_eq, ==)
static inline wdm wdm_and(wdm a, wdm b) {
    a.bits &= b.bits;
    return a;
}
static inline wdm wdm_or(wdm a, wdm b) {
    a.bits |= b.bits;
    return a;
}
static inline wdm wdm_andnot(wdm a, wdm b) {
    a.bits &= ~b.bits;
    return a;
}
static inline wd wd_sel(wdm m, wd a, wd b) {
    for (int l = 0; l < W; l++) b.v[l] = (m.bits >> l) & 1 ? a.v[l] : b.v[l];
    return b;
}
static inline unsigned wdm_bits(wdm m) { return m.bits; }
#endif

#ifndef GJK2D_WIDE_HAVE_RECORDS4
/// Lane l's four floats at base + idx[l] * stride (records such as {px, py, c, s}), one field per result.
static inline void wf_load_records4(const char *base, int64_t stride, const int32_t *idx, wf *f0, wf *f1, wf *f2,
                                    wf *f3) {
    _Alignas(64) float t[4][W];
    for (int l = 0; l < W; l++) {
        float r[4];
        memcpy(r, base + idx[l] * stride, sizeof r);
        t[0][l] = r[0], t[1][l] = r[1], t[2][l] = r[2], t[3][l] = r[3];
    }
    *f0 = wf_load(t[0]), *f1 = wf_load(t[1]), *f2 = wf_load(t[2]), *f3 = wf_load(t[3]);
}
/// wf_load_records4's inverse: lane l's four floats stored at base + idx[l] * stride.
static inline void wf_store_records4(char *base, int64_t stride, const int32_t *idx, wf f0, wf f1, wf f2, wf f3) {
    _Alignas(64) float t[4][W];
    wf_store(t[0], f0), wf_store(t[1], f1), wf_store(t[2], f2), wf_store(t[3], f3);
    for (int l = 0; l < W; l++) {
        const float r[4] = {t[0][l], t[1][l], t[2][l], t[3][l]};
        memcpy(base + idx[l] * stride, r, sizeof r);
    }
}
#endif

#ifndef GJK2D_WIDE_HAVE_TRANSPOSE8
static inline void wf_transpose8(const float *const rows[W], float (*cols)[W]) {
    for (int j = 0; j < 8; j++)
        for (int l = 0; l < W; l++) cols[j][l] = rows[l][j];
}
#endif

#endif
