// SPDX-License-Identifier: MIT
// Clinger's fast path: a decimal with at most 19 significant digits whose value M fits 2^53, times
// 10^e with |e| <= 22, is M * 10^e or M / 10^-e in one correctly rounded double operation, because M
// and 10^|e| are both exact doubles. That is exactly strtod's answer.
//
// For float, rounding that double again could differ from strtof's single rounding only if the double
// sits exactly halfway between two floats: every float rounding boundary is itself a double, so a
// double not on a boundary rounds to the same float as the exact decimal. Halfway cases, subnormal
// and out-of-range results, hex, inf, nan and long mantissas all go to strtof / strtod.
#include "numparse.h"

#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const double pow10_exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static int is_end(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '\0';
}

// Returns 1 and the correctly rounded double when the fast path applies.
static int fast_double(const char *p, const char **end, double *out) {
    const char *q = p;
    int neg = 0;
    if (*q == '-' || *q == '+') neg = *q++ == '-';
    uint64_t m = 0;
    int digits = 0, exp10 = 0, any = 0;
    while (*q >= '0' && *q <= '9') {
        any = 1;
        if (m || *q != '0') {
            if (++digits > 19) return 0;
            m = m * 10 + (uint64_t)(*q - '0');
        }
        q++;
    }
    if (*q == '.') {
        q++;
        while (*q >= '0' && *q <= '9') {
            any = 1;
            if (m || *q != '0') {
                if (++digits > 19) return 0;
                m = m * 10 + (uint64_t)(*q - '0');
            }
            exp10--;
            q++;
        }
    }
    if (!any) return 0;
    if (*q == 'e' || *q == 'E') {
        q++;
        int eneg = 0, e = 0, edigits = 0;
        if (*q == '-' || *q == '+') eneg = *q++ == '-';
        while (*q >= '0' && *q <= '9') {
            if (e < 10000) e = e * 10 + (*q - '0');
            edigits++;
            q++;
        }
        if (!edigits) return 0;
        exp10 += eneg ? -e : e;
    }
    if (!is_end(*q)) return 0;
    double d;
    if (m == 0) {
        d = 0.0;
    } else {
        if (m > (UINT64_C(1) << 53) || exp10 < -22 || exp10 > 22) return 0;
        d = exp10 >= 0 ? (double)m * pow10_exact[exp10] : (double)m / pow10_exact[-exp10];
    }
    *out = neg ? -d : d;
    *end = q;
    return 1;
}

double parse_double(const char *p, char **end) {
    double d;
    const char *q;
    if (fast_double(p, &q, &d)) {
        *end = (char *)q;
        return d;
    }
    return strtod(p, end);
}

float parse_float(const char *p, char **end) {
    double d;
    const char *q;
    if (fast_double(p, &q, &d)) {
        double a = d < 0 ? -d : d;
        if (a == 0.0) {
            *end = (char *)q;
            return (float)d;
        }
        if (a >= FLT_MIN && a <= FLT_MAX) {
            uint64_t bits;
            memcpy(&bits, &d, sizeof bits);
            // 52 - 23 = 29 low mantissa bits are dropped; exactly 1000...0 is a halfway case.
            if ((bits & ((UINT64_C(1) << 29) - 1)) != (UINT64_C(1) << 28)) {
                *end = (char *)q;
                return (float)d;
            }
        }
    }
    return strtof(p, end);
}
