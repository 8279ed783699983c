// The CLI's own number formatting and parsing must be exactly printf("%.9g") and strtof / strtod:
// random bit patterns, random decimals, exact float midpoints and hand-picked edge cases.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "numparse.h"

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static long failures;

static void check_format(float f) {
    char got[64], want[64];
    int n = fmt_float9(got, f);
    got[n] = 0;
    snprintf(want, sizeof want, "%.9g", (double)f);
    if (strcmp(got, want) != 0 && failures++ < 10) printf("fmt_float9(%a) = '%s', printf gives '%s'\n", f, got, want);
}

static void check_parse(const char *s) {
    char *e1, *e2;
    float a = parse_float(s, &e1), b = strtof(s, &e2);
    if ((memcmp(&a, &b, sizeof a) != 0 || e1 != e2) && failures++ < 10)
        printf("parse_float('%s') = %a (%td chars), strtof gives %a (%td chars)\n", s, a, e1 - s, b, e2 - s);
    double c = parse_double(s, &e1), d = strtod(s, &e2);
    if ((memcmp(&c, &d, sizeof c) != 0 || e1 != e2) && failures++ < 10)
        printf("parse_double('%s') = %a, strtod gives %a\n", s, c, d);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    const float special[] = {
        0.0f,       -0.0f,        1.0f,         0.1f,          1234567.125f,  1e-5f,           1e-4f,
        1.2345e-4f, 123456789.0f, 999999999.0f, 1e9f,          3.4028235e38f, 1.17549435e-38f, 1.4e-45f,
        -2.5f,      0.5f,         100000000.0f, 9.99999944e8f, 16777216.0f,   1e-10f,          65536.0f};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) check_format(special[i]);
    const char *strings[] = {"0",
                             "-0",
                             "1",
                             "16777217",
                             "16777219",
                             "33554433",
                             "0.5",
                             "1e-45",
                             "1e-38",
                             "3.4028235e38",
                             "3.4028236e38",
                             "1e39",
                             "+1.5",
                             ".5",
                             "5.",
                             "1e",
                             "1.5x",
                             "0x1p3",
                             "inf",
                             "nan",
                             "-",
                             ".",
                             "1e+5",
                             "123456789012345678901",
                             "1.00000005960464477539062",
                             "0.000000000000000000000000001",
                             "9007199254740993",
                             "1e22",
                             "1e23",
                             "4.9e-324"};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) check_parse(strings[i]);

    char buf[128];
    for (long i = 0; i < n; i++) {
        uint32_t u = (uint32_t)next();
        float f;
        memcpy(&f, &u, sizeof f);
        if (f != f) continue;
        check_format(f);
        float g = (float)((double)(next() % 4000000) / 1e5 - 20.0); // the scale of generated scenes
        check_format(g);
        switch (i % 4) {
        case 0: snprintf(buf, sizeof buf, "%.9g", (double)f); break;
        case 1: snprintf(buf, sizeof buf, "%.*g", (int)(1 + next() % 17), (double)g); break;
        case 2:
            snprintf(buf, sizeof buf, "%llu.%llue%d", (unsigned long long)(next() % 100000000),
                     (unsigned long long)(next() % 1000000000), (int)(next() % 40) - 20);
            break;
        default: // exactly halfway between two floats: the double-rounding trap
            snprintf(buf, sizeof buf, "%.30g", 0.5 * ((double)g + (double)nextafterf(g, INFINITY)));
            break;
        }
        check_parse(buf);
    }
    if (failures) {
        printf("%ld failures\n", failures);
        return 1;
    }
    printf("%ld random values: formatting equals printf, parsing equals strtof/strtod\n", n);
    return 0;
}
