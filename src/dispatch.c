// SPDX-License-Identifier: MIT
// Runtime choice of the batch kernels (BLAKE3/dav1d style): the CPU's features are read once
// (cpuid + xgetbv on x86-64, so an ISA counts only if the OS also saves its registers), the best
// implementation this build has and the CPU runs is chosen, and GJK2D_ISA or gjk2d_set_isa() may
// force another. The choice is one atomic pointer: the first caller publishes it, racing callers
// compute the same answer, and a later gjk2d_set_isa() simply replaces it.
#include <stdatomic.h>
#include <stdio.h> // snprintf only: the library never prints
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "simd/simd.h"

#if defined(__x86_64__) || defined(_M_X64)
#define GJK2D_X86 1
#include <cpuid.h>
#endif

enum {
    CPU_SSE41 = 1 << 0,
    CPU_AVX2 = 1 << 1,
    CPU_AVX512 = 1 << 2, // F + DQ + BW + VL, the set the avx512 kernel is compiled for
    CPU_NEON = 1 << 3,
    CPU_FOLLOWS_STREAMS = 1 << 4, // see gjk2d__cpu_follows_streams
    CPU_SPLITS_512 = 1 << 5,      // see gjk2d__sort_windows
    CPU_KNOWN = 1 << 30,          // detection ran
};

#if GJK2D_X86
static uint64_t read_xcr0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
#endif

static int detect_cpu(void) {
    int f = CPU_KNOWN;
#if GJK2D_X86
    unsigned a, b, c, d;
    int intel = 0, amd = 0;
    if (__get_cpuid(0, &a, &b, &c, &d)) {
        intel = b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu; // "GenuineIntel"
        amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;   // "AuthenticAMD"
    }
    if (intel) f |= CPU_FOLLOWS_STREAMS;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
    const unsigned base = (a >> 8) & 0xfu, family = base + (base == 0xfu ? (a >> 20) & 0xffu : 0u);
    if (c & (1u << 19)) f |= CPU_SSE41;
    const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return f;
    const uint64_t xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) return f; // OS does not save XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return f;
    if (b & (1u << 5)) f |= CPU_AVX2;
    const unsigned avx512_bits = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31); // F DQ BW VL
    if ((b & avx512_bits) == avx512_bits && (xcr0 & 0xe6) == 0xe6) f |= CPU_AVX512;
    // AMD family 19h with AVX-512 is Zen 4, which runs each 512-bit operation as two 256-bit halves.
    if ((f & CPU_AVX512) && amd && family == 0x19u) f |= CPU_SPLITS_512;
#elif defined(__aarch64__)
    f |= CPU_NEON; // Advanced SIMD is mandatory on AArch64
#endif
    return f;
}

static int cpu_flags(void) {
    static atomic_int flags;
    int f = atomic_load_explicit(&flags, memory_order_relaxed);
    if (!f) {
        f = detect_cpu();
        atomic_store_explicit(&flags, f, memory_order_relaxed);
    }
    return f;
}

int gjk2d__cpu_follows_streams(void) { return (cpu_flags() & CPU_FOLLOWS_STREAMS) != 0; }

static atomic_int window_order = -1; // gjk2d__set_window_order's mode

int gjk2d__sort_windows(void) {
    const int mode = atomic_load_explicit(&window_order, memory_order_relaxed);
    return mode >= 0 ? mode : (cpu_flags() & CPU_SPLITS_512) != 0;
}

void gjk2d__set_window_order(int mode) { atomic_store_explicit(&window_order, mode, memory_order_relaxed); }

typedef struct isa_entry {
    const char *name;
    int cpu;                         ///< CPU flag needed (0: any CPU)
    const gjk2d_kernel_table *table; ///< NULL when this build lacks it
} isa_entry;

// Lowest to highest; auto picks the last one that is available.
static const isa_entry isa_list[] = {
    {"scalar", 0, &gjk2d__scalar_table},
#ifdef GJK2D_HAVE_PORTABLE
    {"portable", 0, &gjk2d__table_portable},
#else
    {"portable", 0, NULL},
#endif
#ifdef GJK2D_HAVE_SSE41
    {"sse41", CPU_SSE41, &gjk2d__table_sse41},
#else
    {"sse41", CPU_SSE41, NULL},
#endif
#ifdef GJK2D_HAVE_NEON
    {"neon", CPU_NEON, &gjk2d__table_neon},
#else
    {"neon", CPU_NEON, NULL},
#endif
#ifdef GJK2D_HAVE_AVX2
    {"avx2", CPU_AVX2, &gjk2d__table_avx2},
#else
    {"avx2", CPU_AVX2, NULL},
#endif
#ifdef GJK2D_HAVE_AVX512
    {"avx512", CPU_AVX512, &gjk2d__table_avx512},
#else
    {"avx512", CPU_AVX512, NULL},
#endif
};
#define ISA_COUNT ((int)(sizeof isa_list / sizeof isa_list[0]))

static const isa_entry *find_isa(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < ISA_COUNT; i++)
        if (!strcmp(isa_list[i].name, name)) return &isa_list[i];
    return NULL;
}

static int runnable(const isa_entry *e) { return e && e->table && (e->cpu == 0 || (cpu_flags() & e->cpu)); }

int gjk2d__cpu_has(const char *name) {
    const isa_entry *e = find_isa(name);
    return e && (e->cpu == 0 || (cpu_flags() & e->cpu));
}

const gjk2d_kernel_table *gjk2d__isa_table(const char *name) {
    const isa_entry *e = find_isa(name);
    return runnable(e) ? e->table : NULL;
}

static const gjk2d_kernel_table *best_table(void) {
    for (int i = ISA_COUNT - 1; i >= 0; i--)
        if (runnable(&isa_list[i])) return isa_list[i].table;
    return &gjk2d__scalar_table;
}

static _Atomic(const gjk2d_kernel_table *) active_table;
/// Why active_table holds what it holds (gjk2d_isa_reason): static strings only.
static _Atomic(const char *) active_reason;

#define AUTO_REASON "auto: the best implementation this build has and this CPU runs"

/// auto: each query on the implementation measured fastest for it (calibrate.c) among the two highest this
/// build has and the CPU runs. Built once; a call made while it is being built (from another thread, or
/// from the measurement itself, which prepares a shape set) gets best_table(), whose answers are the
/// same, and *reason NULL: that choice is not to be kept.
static gjk2d_kernel_table auto_composite;
static char auto_reason[192];
static atomic_int auto_state; // 0: not built, 1: being built, 2: built

static const gjk2d_kernel_table *auto_table(const char **reason) {
    *reason = AUTO_REASON;
    if (atomic_load_explicit(&auto_state, memory_order_acquire) == 2) {
        *reason = auto_reason;
        return &auto_composite;
    }
    int expected = 0;
    if (!atomic_compare_exchange_strong(&auto_state, &expected, 1)) {
        *reason = NULL;
        return best_table();
    }
    const gjk2d_kernel_table *cand[2];
    int n = 0;
    for (int i = ISA_COUNT - 1; i >= 1 && n < 2; i--) // the scalar reference is no candidate
        if (runnable(&isa_list[i])) cand[n++] = isa_list[i].table;
    const gjk2d_kernel_table *fastest[3];
    if (n < 2 || !gjk2d__calibrate(cand, n, fastest)) {
        atomic_store(&auto_state, 0);
        return best_table();
    }
    auto_composite = *fastest[0];
    auto_composite.overlap = fastest[1]->overlap;
    auto_composite.overlap_cached = fastest[1]->overlap_cached;
    auto_composite.sat = fastest[2]->sat;
    auto_composite.manifold = fastest[2]->manifold; // the manifold is mostly the SAT's work
    snprintf(auto_reason, sizeof auto_reason,
             "auto: measured fastest at first use of %s and %s: distance %s, overlap %s, sat %s", cand[0]->name,
             cand[1]->name, fastest[0]->name, fastest[1]->name, fastest[2]->name);
    atomic_store_explicit(&auto_state, 2, memory_order_release);
    *reason = auto_reason;
    return &auto_composite;
}

/// The choice at first use: GJK2D_ISA if it names an implementation this build and CPU run, else auto.
/// An unusable value is ignored and said in the reason (the library never prints); `why` says what was
/// wrong with it, or is NULL.
static const gjk2d_kernel_table *initial_table(const char **reason, const char **why) {
    const char *env = getenv("GJK2D_ISA");
    *why = NULL;
    if (!env || !*env || !strcmp(env, "auto")) return auto_table(reason);
    const isa_entry *e = find_isa(env);
    if (runnable(e)) {
        *reason = "GJK2D_ISA: set by the environment";
        return e->table;
    }
    *why = !e         ? "unknown name; expected scalar, portable, sse41, avx2, avx512, neon or auto"
           : e->table ? "this CPU cannot run it"
                      : "not built into this library";
    return auto_table(reason);
}

/// Written once, by the thread whose choice was published, before the reason points to it.
static char ignored_reason[400];

const gjk2d_kernel_table *gjk2d__active(void) {
    const gjk2d_kernel_table *t = atomic_load_explicit(&active_table, memory_order_acquire);
    if (t) return t;
    const char *reason, *why;
    const gjk2d_kernel_table *fresh = initial_table(&reason, &why);
    if (!reason) return fresh; // provisional: auto is being measured
    const gjk2d_kernel_table *expected = NULL;
    // If another thread (or gjk2d_set_isa) got there first, its choice stands.
    if (!atomic_compare_exchange_strong_explicit(&active_table, &expected, fresh, memory_order_acq_rel,
                                                 memory_order_acquire))
        return expected;
    if (why) {
        snprintf(ignored_reason, sizeof ignored_reason, "GJK2D_ISA=%.40s ignored (%s); %s", getenv("GJK2D_ISA"), why,
                 reason);
        reason = ignored_reason;
    }
    const char *no_reason = NULL;
    atomic_compare_exchange_strong(&active_reason, &no_reason, reason);
    return fresh;
}

const char *gjk2d_isa(void) { return gjk2d__active()->name; }

const char *gjk2d_isa_reason(void) {
    gjk2d__active();
    const char *r = atomic_load(&active_reason);
    return r ? r : AUTO_REASON;
}

int gjk2d_lane_width(void) { return gjk2d__active()->width; }

int gjk2d_set_isa(const char *name) {
    if (!name) return GJK2D_ERR_ISA;
    const gjk2d_kernel_table *t;
    const char *reason;
    if (!strcmp(name, "auto")) {
        t = auto_table(&reason);
        reason = reason ? reason : AUTO_REASON;
    } else {
        const isa_entry *e = find_isa(name);
        if (!runnable(e)) return GJK2D_ERR_ISA;
        t = e->table;
        reason = "gjk2d_set_isa: chosen by the program";
    }
    atomic_store(&active_reason, reason);
    atomic_store_explicit(&active_table, t, memory_order_release);
    return GJK2D_OK;
}

int gjk2d_isa_supported(const char *name) {
    if (name && !strcmp(name, "auto")) return 1;
    return runnable(find_isa(name));
}
