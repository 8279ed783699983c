// GEOS 3.11 peer (C API, thread-safe _r functions). GEOS works in double on world coordinates, so the
// polygons are built once, untimed, from the float local vertices and poses (world = R * local + p in
// double, the oracle's formula). GEOS has no rounded shapes: distances are the cores' minus both radii,
// and the overlap of rounded shapes is GEOSDistanceWithin_r(cores, ra + rb).
#ifndef GJK2D_BENCH_GEOS_PEER_H
#define GJK2D_BENCH_GEOS_PEER_H

#include <stdint.h>

#include "gjk2d.h"

typedef struct geos_peer geos_peer;

/// GEOS geometries for the shapes named by pairs [0, n), from the geometry and poses (any layout).
/// NULL on failure.
geos_peer *geos_peer_create(const gjk2d_geometry *geom, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t n);
void geos_peer_destroy(geos_peer *g);
/// GEOSNearestPoints_r: closest points and the distance between them.
void geos_peer_nearest(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance,
                       float *ax, float *ay, float *bx, float *by);
/// GEOSDistance_r: the distance only.
void geos_peer_distance(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, float *distance);
/// GEOSIntersects_r (GEOSDistanceWithin_r for rounded pairs).
void geos_peer_intersects(const geos_peer *g, const gjk2d_pairs *pairs, int64_t begin, int64_t end, uint8_t *overlap);

#endif
