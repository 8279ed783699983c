// SPDX-License-Identifier: MIT
// An independent oracle for contact manifolds, in long double. It follows the manifold's documented rules
// (include/gjk2d.h, docs/manifold.md) and shares no code with the library: the closest points of the cores
// by brute force over every vertex-edge pair, every face's separation from every vertex, and the clipping as
// the exact intersection of the incident edge's parameter interval with the reference edge's slab. Where a
// rule's decision lies within `band` of its threshold, the oracle says so, and callers do not hold the
// library to the oracle's side of it.
#ifndef GJK2D_TEST_MANIFOLD_ORACLE_H
#define GJK2D_TEST_MANIFOLD_ORACLE_H

#include <stdint.h>

#include "gjk2d.h"

typedef long double mo_real;

typedef struct mo_contact {
    mo_real x, y;   ///< world frame, midway between the surfaces
    mo_real ax, ay; ///< x - A's position
    mo_real separation;
    int32_t feature_a, feature_b;
    int cut;           ///< made by a side plane (its position is as good as the clip is conditioned)
    int ids_ambiguous; ///< an incident vertex lies within the band of a side plane: the id may be either
} mo_contact;

typedef struct mo_manifold {
    int count;
    int reference;  ///< 1 if B holds the reference face
    int face;       ///< a face contact (else a vertex contact or none)
    mo_real nx, ny; ///< unit normal A to B, world frame
    mo_contact c[2];
    int ambiguous;    ///< the count, the reference or the kind of contact is within the band of a threshold
    mo_real cos_clip; ///< |cos| of the angle between the incident edge and the reference edge (1: no clip)
    mo_real ref_edge; ///< length of the reference edge (0 for a vertex contact)
    mo_real core;     ///< distance between the cores (0 when they overlap)
    mo_real scale;    ///< L: largest |coordinate| of both cores in A's frame plus both radii
} mo_manifold;

/// The manifold of shapes a and b at float poses pa and pb (NULL: identity), margin >= 0, decisions
/// within `band` (a length) of a threshold flagged.
void mo_manifold_compute(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                         mo_real margin, mo_real band, mo_manifold *out);

#endif
