// SPDX-License-Identifier: MIT
// W5, the coherent workload: bodies (3..8-gons, boxes, circles, capsules) drifting with small random
// velocities and spins, and the pairs a sweep-and-prune broadphase finds over their fattened bounding
// boxes at the first frame, kept for the whole sequence (fat enough to hold the motion), as an engine
// keeps its contact pairs. Deterministic for a seed on every platform. No Criterion: the benchmark and
// the CLI can use it.
#ifndef GJK2D_TEST_COHERENT_H
#define GJK2D_TEST_COHERENT_H

#include <stdint.h>

#include "gjk2d.h"

/// Which bodies a scene holds.
typedef enum coherent_mix {
    COHERENT_POLYGONS, ///< 3..8-gons only (what Box2D's b2PolygonShape peers take)
    COHERENT_MIXED,    ///< 55% 3..8-gons, 15% boxes, 15% circles, 15% capsules
    COHERENT_SMALL,    ///< boxes, circles and capsules, a third each (shapes of at most 4 vertices)
} coherent_mix;

typedef struct coherent_scene {
    int32_t bodies;
    gjk2d_geometry geometry;  ///< local vertices (arrays owned by the scene)
    float *px, *py, *c, *s;   ///< the current poses, float SoA (gjk2d_poses over them: coherent_poses)
    double *x, *y, *angle;    ///< the exact motion state
    double *vx, *vy, *spin;   ///< per frame
    int32_t *pair_a, *pair_b; ///< the broadphase's pairs, a < b, sorted
    int64_t pairs;
    int frame;
    void *own;
} coherent_scene;

/// `bodies` bodies of size about 1 in a square sized for about `pairs_per_body` broadphase pairs per
/// body; speeds and spins uniform up to `max_motion` units (radians) per frame; bounding boxes fattened
/// by max_motion * frames (what the bodies can move in the sequence) and, as Box2D's b2_aabbMargin,
/// 0.1. Returns 0, or -1 when out of memory.
int coherent_make(coherent_scene *s, int32_t bodies, double pairs_per_body, double max_motion, int frames,
                  coherent_mix mix, uint64_t seed);

/// The poses as the batch API takes them (float SoA over s->px, s->py, s->c, s->s).
gjk2d_poses coherent_poses(const coherent_scene *s);
gjk2d_pairs coherent_pairs(const coherent_scene *s);

/// Advance every body by one frame.
void coherent_step(coherent_scene *s);

void coherent_free(coherent_scene *s);

#endif
