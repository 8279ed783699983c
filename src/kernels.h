// The table of batch implementations and what batch.c hands them. Arguments are already checked
// (gjk2d_check_batch) when a kernel runs; kernels still give invalid shapes GJK2D_STATUS_INVALID.
#ifndef GJK2D_KERNELS_H
#define GJK2D_KERNELS_H

#include "gjk2d.h"

typedef void (*gjk2d_distance_kernel)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin,
                                      int64_t end, const gjk2d_distance_out *out);
typedef void (*gjk2d_overlap_kernel)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin,
                                     int64_t end, const gjk2d_overlap_out *out);
typedef void (*gjk2d_sat_kernel)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin,
                                 int64_t end, const gjk2d_sat_out *out);

typedef struct gjk2d_kernel_table {
    const char *name;  ///< "scalar", "portable", "sse41", "avx2", "avx512", "neon"
    int width;         ///< pairs per block
    gjk2d_distance_kernel distance;
    gjk2d_overlap_kernel overlap;
    gjk2d_sat_kernel sat;
} gjk2d_kernel_table;

/// The table batch calls use now (chosen once; see dispatch.c).
const gjk2d_kernel_table *gjk2d__active(void);

/// The scalar reference run through the batch interface (batch.c).
extern const gjk2d_kernel_table gjk2d__scalar_table;

/// Whether both shapes of a pair may be queried: their counts are in range and, unless the pool
/// carries pre-computed problems, they pass gjk2d_validate_shape.
int gjk2d__pair_valid(const gjk2d_pool *pool, int32_t ia, int32_t ib);

#endif
