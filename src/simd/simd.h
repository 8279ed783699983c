// SPDX-License-Identifier: MIT
// Private: the per-ISA kernel tables and the hooks tests and benchmarks use to pick one directly.
#ifndef GJK2D_SIMD_H
#define GJK2D_SIMD_H

#include "kernels.h"

// Native tables, one per ISA this build compiled (GJK2D_HAVE_<ISA>, set by src/simd/meson.build).
extern const gjk2d_kernel_table gjk2d__table_portable;
extern const gjk2d_kernel_table gjk2d__table_sse41;
extern const gjk2d_kernel_table gjk2d__table_avx2;
extern const gjk2d_kernel_table gjk2d__table_avx512;
extern const gjk2d_kernel_table gjk2d__table_neon;

// SIMDe-emulated tables (-DSIMDE_NO_NATIVE), only in the tests' simd_emul_lib (GJK2D_EMUL_<ISA>).
extern const gjk2d_kernel_table gjk2d__table_sse41_emul;
extern const gjk2d_kernel_table gjk2d__table_avx2_emul;
extern const gjk2d_kernel_table gjk2d__table_avx512_emul;
extern const gjk2d_kernel_table gjk2d__table_neon_emul;

// Benchmark-only tables without the per-call pose check (-DGJK2D_NO_POSE_CHECK), to measure its cost;
// only in the bench's simd_nocheck_lib (GJK2D_NOCHECK_<ISA>), never in the library.
extern const gjk2d_kernel_table gjk2d__table_portable_nocheck;
extern const gjk2d_kernel_table gjk2d__table_sse41_nocheck;
extern const gjk2d_kernel_table gjk2d__table_avx2_nocheck;
extern const gjk2d_kernel_table gjk2d__table_avx512_nocheck;
extern const gjk2d_kernel_table gjk2d__table_neon_nocheck;

/// The native table of an implementation name ("scalar", "portable", ...) if this build has it and
/// this CPU runs it, else NULL. Unlike gjk2d_set_isa it changes nothing.
const gjk2d_kernel_table *gjk2d__isa_table(const char *name);

/// Whether this CPU (and OS) can run the named ISA, whether or not this build compiled it.
int gjk2d__cpu_has(const char *name);

/// Whether this CPU's hardware prefetchers keep up with a block whose shape indices run forward in small
/// steps (a pair list in the order of its shapes), so that the kernels' own requests there only cost
/// instructions. Measured side by side (docs/design.md, "Prefetch"): yes on Intel Sapphire Rapids, no on
/// AMD Zen 3 and Zen 4; other CPUs keep the requests.
int gjk2d__cpu_follows_streams(void);

/// Whether the SAT kernel on 16 lanes sorts each window of pairs by vertex count (lanes_tmpl.h, lwindow):
/// the order costs scalar work per pair and saves vector work per block, which pays where the vector work
/// is slow. Measured side by side (docs/design.md, "Blocks by vertex count"): yes on AMD Zen 4, whose
/// 512-bit operations run as two halves; no on AMD Zen 5. Other CPUs keep the pairs' order.
int gjk2d__sort_windows(void);
/// For the tests, which check both orders on every host: 1 sorts, 0 keeps the order, -1 (the default)
/// lets the CPU decide. Either order gives the same bits.
void gjk2d__set_window_order(int mode);

/// Per-block statistics of the GJK distance kernels, for the benchmark's lane-utilisation report.
/// Counting is off unless enabled (one relaxed atomic load per block); not for production use.
typedef struct gjk2d_simd_stats {
    int64_t blocks;          ///< lockstep blocks run (straggler blocks included)
    int64_t block_steps;     ///< sum over blocks of the iterations the block ran (its slowest lane, or the bound)
    int64_t lane_iterations; ///< sum over answered pairs of their GJK iterations (support searches)
    int64_t lane_steps;      ///< lane-steps that did useful work: the answered pairs' iterations
    int64_t lane_slots;      ///< sum over blocks of block_steps * W: lane-steps paid for (stragglers' too)
    int64_t pairs;           ///< pairs answered by the lanes
    int64_t slow_pairs;      ///< pairs sent to the reference (too many vertices or invalid)
} gjk2d_simd_stats;
/// Whether the kernels of this build count (-Dsimd_stats=true); without it the counters stay zero.
int gjk2d__simd_stats_built(void);
void gjk2d__simd_stats_enable(int on);
int gjk2d__simd_stats_on(void);
void gjk2d__simd_stats_get(gjk2d_simd_stats *out);
void gjk2d__simd_stats_add(const gjk2d_simd_stats *delta);

#endif
