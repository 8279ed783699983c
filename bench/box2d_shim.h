// C view of the Box2D 2.4.1 peer (box2d_shim.cpp): the workload's geometry, poses and pairs, run through
//   b2Distance        (closest points; radii used only when a shape has one, as Box2D v3's benchmark does),
//   b2TestOverlap     (the GJK boolean counterpart),
//   b2CollidePolygons (the SAT counterpart: overlap = the manifold has points).
#ifndef GJK2D_BENCH_BOX2D_SHIM_H
#define GJK2D_BENCH_BOX2D_SHIM_H

#include <stdint.h>

#include "gjk2d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct b2shim b2shim;

/// Box2D's own shapes and transforms built from the geometry and poses (any layout; float positions as
/// Box2D 2.4.1 has them). NULL if a shape does not fit a b2PolygonShape (3..8 vertices).
b2shim *b2shim_create(const gjk2d_geometry *geom, const gjk2d_poses *poses);
void b2shim_destroy(b2shim *s);
void b2shim_distance(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance, float *ax,
                     float *ay, float *bx, float *by, int32_t *iterations);
void b2shim_overlap(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end, uint8_t *overlap);
void b2shim_collide(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end, uint8_t *overlap);

/// Frame coherence: new poses for the same shapes (a frame of a coherent sequence), and b2Distance with a
/// b2SimplexCache per pair carried from call to call (`caches`: b2shim_caches(n), zeroed = cold; NULL runs
/// every pair cold, as b2shim_distance does).
void b2shim_set_poses(b2shim *s, const gjk2d_poses *poses);
typedef struct b2shim_cache b2shim_cache;
b2shim_cache *b2shim_caches(int64_t n);
void b2shim_caches_free(b2shim_cache *c);
void b2shim_distance_cached(const b2shim *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end, b2shim_cache *caches,
                            float *distance, int32_t *iterations);

#ifdef __cplusplus
}
#endif

#endif
