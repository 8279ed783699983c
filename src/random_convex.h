// SPDX-License-Identifier: MIT
// Seeded random streams and random convex polygons: the one home of both for the tests (tests/support),
// the benchmark's workloads and `gjk2d gen`. Not part of the library.
//
// Every polygon is n points on an ellipse (semi-axes a, b, turned by an angle, its centre offset), at
// angles increasing once around it: an affine image of points on a circle, so convex and CCW. The callers
// pick the angles and the ellipse three ways, one per user, because the sequences they make are pinned:
// `gjk2d gen`'s scenes (a seed gives the same scene everywhere), the benchmark's workloads W1..W4 and W5
// (committed results were measured on them) and the tests' sets:
//   rc_convex_spread   angles apart by random gaps of 1..3 parts (no turn nearly straight), shape centred
//                      on its vertex mean; also 1 (a point) and 2 (a segment) vertices   (`gjk2d gen`)
//   rc_convex_sectors  one angle per equal sector, jittered within 60% of it, ellipse through the origin
//                      (the SIMD cross-check and the benchmark's W1..W4)
//   rc_convex_sorted   independent uniform angles, sorted (jittered sectors above 16 vertices), skinny
//                      ellipses off the origin, drawn again until strictly convex in float (the oracle's
//                      tests and W5)
#ifndef GJK2D_RANDOM_CONVEX_H
#define GJK2D_RANDOM_CONVEX_H

#include <stdint.h>

#include "gjk2d.h"

/// splitmix64 (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators", 2014): the
/// tests' stream (state += golden gamma, then mixed) and the seeding of xoshiro256**.
uint64_t rc_splitmix64(uint64_t *state);

/// xoshiro256** (Blackman and Vigna, "Scrambled Linear Pseudorandom Number Generators", 2018), seeded by
/// four splitmix64 steps: `gjk2d gen`'s stream.
typedef struct rc_xoshiro {
    uint64_t s[4];
} rc_xoshiro;
void rc_xoshiro_seed(rc_xoshiro *r, uint64_t seed);
uint64_t rc_xoshiro_next(rc_xoshiro *r);

/// A stream of 64-bit draws: either generator above, or a caller's.
typedef struct rc_stream {
    uint64_t (*next)(void *state);
    void *state;
} rc_stream;
rc_stream rc_splitmix64_stream(uint64_t *state);
rc_stream rc_xoshiro_stream(rc_xoshiro *r);

/// Uniform in [lo, hi) from the draw's top 53 bits.
double rc_uniform(rc_stream s, double lo, double hi);
/// Uniform integer in [lo, hi] (the draw modulo the count).
int rc_int(rc_stream s, int lo, int hi);

/// n >= 1 vertices, sizes 0.3..1.5, aspect 0.4..1, centred on their mean; returns the bounding radius.
float rc_convex_spread(rc_stream s, int n, float *x, float *y);

/// n >= 3 vertices on an ellipse of semi-axes `size` and size * (0.5..1).
void rc_convex_sectors(rc_stream s, int n, double size, float *x, float *y);

/// n >= 3 vertices on an ellipse of semi-axes size * (0.1..1), centre within size / 2 of the origin;
/// above 16 vertices the angles are jittered around n equal sectors, so that float rounding cannot make
/// neighbours turn clockwise. Drawn again until strictly convex and winding once in float
/// (rc_strictly_convex).
void rc_convex_sorted(rc_stream s, int n, double size, gjk2d_vec2 *out);

/// Whether float vertices form a strictly convex CCW polygon winding once (double arithmetic).
int rc_strictly_convex(const gjk2d_vec2 *v, int n);

#endif
