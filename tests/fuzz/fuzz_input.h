// Turning fuzzer bytes into numbers and shapes, shared by the libFuzzer targets.
//
// Random bytes almost never spell a convex polygon, so besides raw floats the input can ask for
// "built" geometry: an ellipse-sampled convex n-gon of any size and aspect, a segment, a point, each
// optionally nudged by raw bits. That way the fuzzer reaches the query code with valid shapes of up to
// 300 vertices as well as the validation code with garbage. Everything is a deterministic function of
// the bytes (running out of bytes reads zeros), so a crashing input replays exactly.
#ifndef GJK2D_FUZZ_INPUT_H
#define GJK2D_FUZZ_INPUT_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gjk2d.h"

typedef struct fuzz_reader {
    const uint8_t *p;
    size_t n;
} fuzz_reader;

static inline uint8_t fz_byte(fuzz_reader *r) {
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

static inline uint16_t fz_u16(fuzz_reader *r) {
    uint16_t lo = fz_byte(r);
    return (uint16_t)(lo | (uint16_t)fz_byte(r) << 8);
}

static inline uint32_t fz_u32(fuzz_reader *r) {
    uint32_t lo = fz_u16(r);
    return lo | (uint32_t)fz_u16(r) << 16;
}

static inline float fz_bits(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/// A float of any kind: small multiples of 1/16 (interesting geometry), powers of two from 2^-149
/// (denormals) to 2^127, the special values, or raw bits.
static inline float fz_float(fuzz_reader *r) {
    uint8_t kind = fz_byte(r);
    if (kind < 160) return (float)(int8_t)fz_byte(r) / 16.0f;
    if (kind < 200) {
        int e = (int)(fz_byte(r) % 150) - 149 + (int)(fz_byte(r) % 128); // 2^-149 .. 2^127
        float m = 1.0f + (float)fz_byte(r) / 256.0f;
        return ((kind & 1) ? -1.0f : 1.0f) * ldexpf(m, e > 127 ? 127 : e);
    }
    if (kind < 216) {
        static const uint32_t special[] = {0x7fc00000u,
                                           0xffc00000u,
                                           0x7f800000u,
                                           0xff800000u,
                                           0x00000001u,
                                           0x80000001u,
                                           0x007fffffu,
                                           0x00800000u,
                                           0x7f7fffffu,
                                           0xff7fffffu,
                                           0x80000000u,
                                           0x00000000u,
                                           0x5a8e1bc9u /* 2e16 */,
                                           0x58635fa9u /* 1e15 */,
                                           0x7fa00001u /* signalling NaN */,
                                           0x3f800001u /* 1 + eps */};
        return fz_bits(special[kind - 200]);
    }
    return fz_bits(fz_u32(r));
}

/// A magnitude for scaling built shapes and placing them: 2^-30 .. 2^50 (1e-9 .. 1e15).
static inline double fz_scale(fuzz_reader *r) { return ldexp(1.0 + fz_byte(r) / 256.0, (int)(fz_byte(r) % 81) - 30); }

/// Fill n vertices. Built kinds: a convex polygon sampled on an ellipse (n >= 3), a segment, a point;
/// some of them have one vertex replaced by an arbitrary float afterwards.
static inline void fz_vertices(fuzz_reader *r, int n, float *x, float *y, size_t stride) {
    uint8_t mode = fz_byte(r);
    if (mode < 64 || n < 1) { // raw numbers
        for (int i = 0; i < n; i++) {
            x[i * stride] = fz_float(r);
            y[i * stride] = fz_float(r);
        }
        return;
    }
    double size = fz_scale(r), aspect = (1 + fz_byte(r)) / 256.0, turn = fz_byte(r) * (6.283185307179586 / 256.0);
    double cx = (mode & 2) ? size * ((int8_t)fz_byte(r)) / 64.0 : 0.0,
           cy = (mode & 4) ? size * ((int8_t)fz_byte(r)) / 64.0 : 0.0;
    // Angles: equal sectors jittered within the sector, so float vertices stay convex for large n.
    for (int i = 0; i < n; i++) {
        double jitter = (mode & 8) ? (fz_byte(r) / 256.0 - 0.5) * 0.5 : 0.0;
        double t = 6.283185307179586 * (i + jitter) / n;
        double ex = size * cos(t), ey = size * aspect * sin(t);
        x[i * stride] = (float)(cx + ex * cos(turn) - ey * sin(turn));
        y[i * stride] = (float)(cy + ex * sin(turn) + ey * cos(turn));
    }
    if (mode >= 240) { // spoil one vertex
        int k = fz_byte(r) % n;
        if (fz_byte(r) & 1)
            x[k * stride] = fz_float(r);
        else
            y[k * stride] = fz_float(r);
    }
}

/// A pose: built from an angle (cos and sin in double rounded to float, as documented) at a position of
/// any magnitude, or sometimes with raw (c, s) that are not a rotation.
static inline gjk2d_pose fz_pose(fuzz_reader *r) {
    uint8_t mode = fz_byte(r);
    float px, py;
    if (mode & 1) {
        double sc = fz_scale(r);
        px = (float)(sc * (int8_t)fz_byte(r) / 128.0);
        py = (float)(sc * (int8_t)fz_byte(r) / 128.0);
    } else {
        px = fz_float(r);
        py = fz_float(r);
    }
    double angle;
    if (mode & 2) // near a multiple of pi/2
        angle = (fz_byte(r) % 8) * 1.5707963267948966 + (int8_t)fz_byte(r) * 1e-7;
    else
        angle = fz_u16(r) * (6.283185307179586 / 65536.0);
    gjk2d_pose p = gjk2d_pose_from_angle(px, py, angle);
    if (mode >= 240) p.c = fz_float(r);
    if (mode >= 248) p.s = fz_float(r);
    return p;
}

/// A radius: mostly 0, else a small multiple of a scale, sometimes any float.
static inline float fz_radius(fuzz_reader *r) {
    uint8_t mode = fz_byte(r);
    if (mode < 160) return 0.0f;
    if (mode < 240) return (float)(fz_scale(r) * fz_byte(r) / 256.0);
    return fz_float(r);
}

/// Every implementation gjk2d_set_isa may name, the scalar reference first (a CPU runs some of them).
static const char *const fz_isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
#define FZ_NISA 6

/// A heap block of exactly n elements (ASan poisons everything around it); malloc(0) is still a block.
static inline void *fz_block(size_t n, size_t size) {
    void *p = malloc(n * size ? n * size : 1);
    if (!p) abort();
    return p;
}

static inline void fz_fail(const char *target, const char *what) {
    fprintf(stderr, "%s: %s\n", target, what);
    abort();
}

/// Bit-identical, counting any two NaNs as equal (NaN payloads are not part of the contract).
static inline int fz_same(float a, float b) { return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)); }

#endif
