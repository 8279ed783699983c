// SPDX-License-Identifier: MIT
// Private: the table of batch implementations. A call goes one way: entry (batch.c: argument checks)
// -> dispatch (dispatch.c: the table) -> kernel (src/simd) -> scalar fallback (fallback.c) -> reference
// (src/ref). Kernels run on checked arguments and give invalid shapes and bad poses their statuses.
#ifndef GJK2D_KERNELS_H
#define GJK2D_KERNELS_H

#include "gjk2d.h"
#include "shapes.h"

typedef void (*gjk2d_distance_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                      int64_t begin, int64_t end, const gjk2d_distance_out *out);
typedef void (*gjk2d_overlap_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                     int64_t begin, int64_t end, const gjk2d_overlap_out *out);
/// The distance with a cache entry per pair (NULL: cold starts) and a cutoff (INFINITY: none).
typedef void (*gjk2d_distance_cached_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses,
                                             const gjk2d_pairs *pairs, int64_t begin, int64_t end, gjk2d_cache *cache,
                                             float max_distance, const gjk2d_distance_out *out);
/// The boolean overlap with a cache entry per pair (not NULL).
typedef void (*gjk2d_overlap_cached_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses,
                                            const gjk2d_pairs *pairs, int64_t begin, int64_t end, gjk2d_cache *cache,
                                            const gjk2d_overlap_out *out);
/// The time of impact's distance queries (toi_batch.c): the cached distance of the cores (radii taken as 0)
/// of pairs [0, n), pair k at its own poses (poses_a and poses_b indexed by k, not by shape), from and back
/// to cache[k] (not NULL); writes core_distance, nx, ny, feature_a, feature_b and status (not NULL; a pair
/// the lanes do not take gets GJK2D_STATUS_BAD_POSE and nothing else: its caller answers it).
typedef void (*gjk2d_toi_distance_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses_a,
                                          const gjk2d_poses *poses_b, const gjk2d_pairs *pairs, int64_t n,
                                          gjk2d_cache *cache, const gjk2d_distance_out *out);
typedef void (*gjk2d_sat_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                 int64_t begin, int64_t end, const gjk2d_sat_out *out);
typedef void (*gjk2d_manifold_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                      int64_t begin, int64_t end, float margin, const gjk2d_manifold_out *out);

typedef void (*gjk2d_cast_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                  const gjk2d_translations *translations, int64_t begin, int64_t end,
                                  const gjk2d_cast_out *out);
typedef void (*gjk2d_ray_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays,
                                 int64_t begin, int64_t end, const gjk2d_cast_out *out);
typedef void (*gjk2d_point_kernel)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points,
                                   int64_t begin, int64_t end, const gjk2d_point_out *out);

/// Most lanes of any implementation (AVX-512: 16 floats).
#define GJK2D_MAX_LANES 16

/// Which of W prepared rows of 3..8-gons (radius per lane) ref_validate accepts: a lane's bit is set only
/// when it does; clear bits are left to the reference, which also names the problem.
typedef unsigned (*gjk2d_convex_kernel)(const float *const rows_x[], const float *const rows_y[], const float *radius);

typedef struct gjk2d_kernel_table {
    const char *name; ///< "scalar", "portable", "sse41", "avx2", "avx512", "neon"
    int width;        ///< pairs per block
    gjk2d_distance_kernel distance;
    gjk2d_overlap_kernel overlap;
    gjk2d_sat_kernel sat;
    gjk2d_convex_kernel convex; ///< NULL: the reference validates every shape
    gjk2d_cast_kernel cast;     ///< shape cast (cast_batch.c checks the arguments)
    gjk2d_ray_kernel ray;
    gjk2d_point_kernel point;
    gjk2d_manifold_kernel manifold;
    gjk2d_distance_cached_kernel distance_cached;
    gjk2d_overlap_cached_kernel overlap_cached;
    gjk2d_toi_distance_kernel toi_distance; ///< NULL: the time of impact runs the reference pair by pair
} gjk2d_kernel_table;

/// auto's measurement (calibrate.c): the fastest of `candidates` for distance, overlap and SAT, in that
/// order. Returns 0 (and chooses nothing) if it could not measure.
int gjk2d__calibrate(const gjk2d_kernel_table *const *candidates, int n, const gjk2d_kernel_table *fastest[3]);

/// The table batch calls use now (chosen once; see dispatch.c).
const gjk2d_kernel_table *gjk2d__active(void);

/// The scalar reference run pair by pair through the batch interface (fallback.c): the "scalar" ISA, and
/// what the SIMD kernels call for the pairs their lanes do not take.
extern const gjk2d_kernel_table gjk2d__scalar_table;

/// The casts' reference item by item through the batch interface (cast_batch.c), on checked arguments: the
/// scalar table's, and what the SIMD kernels call for the items their lanes do not take.
void gjk2d__scalar_cast(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                        const gjk2d_translations *translations, int64_t begin, int64_t end, const gjk2d_cast_out *out);
void gjk2d__scalar_ray(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays, int64_t begin,
                       int64_t end, const gjk2d_cast_out *out);
void gjk2d__scalar_point(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points,
                         int64_t begin, int64_t end, const gjk2d_point_out *out);

/// The cached (warm-started) batch queries, the reference pair by pair (fallback.c): the scalar table's
/// distance_cached and overlap_cached, and what the SIMD kernels call for the pairs their lanes do not take.
void gjk2d__scalar_distance_cached(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, gjk2d_cache *cache, float max_distance,
                                   const gjk2d_distance_out *out);
/// The batch time of impact on checked arguments with table t: the reference pair by pair where t has no
/// toi_distance (the scalar table), else the sweeps' distance queries in t's lanes (toi_batch.c).
void gjk2d__toi_run(const gjk2d_kernel_table *t, const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps,
                    const gjk2d_pairs *pairs, float target, float tolerance, int64_t begin, int64_t end,
                    const gjk2d_toi_out *out);
/// The manifold reference pair by pair (manifold_batch.c): the scalar table's, and the SIMD kernel's slow path.
void gjk2d__scalar_manifold(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                            int64_t end, float margin, const gjk2d_manifold_out *out);
void gjk2d__scalar_overlap_cached(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                  int64_t begin, int64_t end, gjk2d_cache *cache, const gjk2d_overlap_out *out);

#endif
