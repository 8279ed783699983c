// SPDX-License-Identifier: MIT
// printf("%.9g") of a float is the CSV hot spot: glibc's generic multi-precision path costs several
// hundred nanoseconds per number. A float is m * 2^q with m < 2^24, so the exactly rounded 9-digit
// decimal fits in 128-bit integer arithmetic for all but the tiniest magnitudes, which fall back to
// snprintf. Ties round to even, as glibc does in the default rounding mode.
#include "fmt.h"

#include <stdio.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

static const uint64_t pow10_u64[20] = {
    1u,
    10u,
    100u,
    1000u,
    10000u,
    100000u,
    1000000u,
    10000000u,
    100000000u,
    1000000000u,
    10000000000u,
    100000000000u,
    1000000000000u,
    10000000000000u,
    100000000000000u,
    1000000000000000u,
    10000000000000000u,
    100000000000000000u,
    1000000000000000000u,
    10000000000000000000u,
};

static u128 pow10_u128(int p) { return p < 20 ? (u128)pow10_u64[p] : (u128)pow10_u64[19] * pow10_u64[p - 19]; }

// round(num / den) with ties to even.
static u128 div_round_even(u128 num, u128 den) {
    u128 q = num / den, r = num % den;
    u128 twice = r * 2; // r < den < 2^127 in every call, so no overflow
    if (twice > den || (twice == den && (q & 1))) q++;
    return q;
}

// 9-digit significand N (10^8 <= N < 10^9) of a = m * 2^q for decimal exponent k: N = round(a * 10^(8-k)).
// Returns 0 when the numbers do not fit 128 bits.
static int scaled9(uint32_t m, int q, int k, uint64_t *n) {
    int p = 8 - k;
    if (p >= 0) {
        if (p > 31 || q < -126) return 0;
        u128 num = (u128)m * pow10_u128(p);
        if (q >= 0) {
            if (q > 40) return 0;
            *n = (uint64_t)(num << q);
        } else {
            // Division by a power of two: the remainder is the low bits.
            int sh = -q;
            u128 quo = num >> sh, rem = num & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
            if (rem > half || (rem == half && (quo & 1))) quo++;
            *n = (uint64_t)quo;
        }
    } else {
        if (q < 0 || q > 104 || -p > 38) return 0;
        u128 num = (u128)m << q;
        *n = (uint64_t)div_round_even(num, pow10_u128(-p));
    }
    return 1;
}

static int fallback(char *out, float v) {
    char tmp[64];
    int len = snprintf(tmp, sizeof tmp, "%.9g", (double)v);
    memcpy(out, tmp, (size_t)len);
    return len;
}

int fmt_float9(char *out, float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    int neg = (int)(bits >> 31);
    uint32_t e = (bits >> 23) & 0xff, frac = bits & 0x7fffff;
    if (e == 0xff) return fallback(out, v);
    char *p = out;
    if (neg) *p++ = '-';
    if (e == 0 && frac == 0) {
        *p++ = '0';
        return (int)(p - out);
    }
    uint32_t m = e ? (frac | 0x800000u) : frac;
    int q = e ? (int)e - 150 : -149;

    // floor(log10(2) * binary exponent), a guess within one of the decimal exponent.
    int e2 = q + 31 - __builtin_clz(m);
    int k = e2 >= 0 ? (e2 * 78913) >> 18 : -((-e2 * 78913 + (1 << 18) - 1) >> 18);
    uint64_t n;
    if (!scaled9(m, q, k, &n)) return fallback(out, v);
    // log10 may be off by one next to powers of ten; the exact significand tells.
    if (n < 100000000u) {
        k--;
        if (!scaled9(m, q, k, &n)) return fallback(out, v);
    } else if (n >= 1000000000u) {
        k++;
        if (!scaled9(m, q, k, &n)) return fallback(out, v);
    }
    if (n >= 1000000000u) { // rounding carried into a tenth digit
        n /= 10;
        k++;
    }

    char dig[9];
    for (int i = 8; i >= 0; i--) {
        dig[i] = (char)('0' + n % 10);
        n /= 10;
    }
    int nd = 9;
    while (nd > 1 && dig[nd - 1] == '0') nd--;

    if (k >= -4 && k < 9) {
        if (k >= 0) {
            for (int i = 0; i <= k; i++) *p++ = i < nd ? dig[i] : '0';
            if (nd > k + 1) {
                *p++ = '.';
                for (int i = k + 1; i < nd; i++) *p++ = dig[i];
            }
        } else {
            *p++ = '0';
            *p++ = '.';
            for (int i = 0; i < -k - 1; i++) *p++ = '0';
            for (int i = 0; i < nd; i++) *p++ = dig[i];
        }
    } else {
        *p++ = dig[0];
        if (nd > 1) {
            *p++ = '.';
            for (int i = 1; i < nd; i++) *p++ = dig[i];
        }
        *p++ = 'e';
        int x = k;
        if (x < 0) {
            *p++ = '-';
            x = -x;
        } else {
            *p++ = '+';
        }
        if (x >= 10) {
            *p++ = (char)('0' + x / 10);
            *p++ = (char)('0' + x % 10);
        } else {
            *p++ = '0';
            *p++ = (char)('0' + x);
        }
    }
    return (int)(p - out);
}

int fmt_i64(char *out, int64_t v) {
    char tmp[24];
    int len = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[len++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    char *p = out;
    if (v < 0) *p++ = '-';
    while (len) *p++ = tmp[--len];
    return (int)(p - out);
}
