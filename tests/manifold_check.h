// SPDX-License-Identifier: MIT
// The manifold query against its oracle (manifold_oracle.h): the comparison, its tolerances (one home,
// built on check.h's TOL_REL, TOL_POINT and TOL_UNIT) and the error statistics.
#ifndef GJK2D_TEST_MANIFOLD_CHECK_H
#define GJK2D_TEST_MANIFOLD_CHECK_H

#include "check.h"
#include "manifold_oracle.h"

/// Decisions of the manifold's rules (face choice, face or vertex contact, a point within the margin, an
/// incident vertex on a side plane) within MANIFOLD_BAND(L) of their threshold may go either way: each
/// side of the decision is a difference of two separations the library computes within TOL_REL L, so
/// twice that, doubled again for the tolerance's own evaluation.
#define MANIFOLD_BAND(L) (4.0 * TOL_REL * (L))

/// Direction error of a face normal: the edge's ends as the query sees them are within TOL_REL L each, so
/// the normal turns by at most 2 TOL_REL L / |edge|, doubled; plus the unit error.
#define MANIFOLD_FACE_ANGLE(L, edge) (TOL_UNIT + 4.0 * TOL_REL * (L) / (edge))

/// Smallest |cos| of a clipped edge's angle to the reference edge that the point tolerance divides by: a cut
/// point moves along the incident edge by its side plane's error over this cosine.
#define MANIFOLD_MIN_COS 1e-3

typedef struct manifold_stats {
    long pairs, contacts, ambiguous, face, vertex, points[3], cut, ids_checked, reference_b;
    double max_point_rel;  ///< max |point - oracle| / (L + W), world frame
    double max_anchor_rel; ///< max |anchor_a - oracle| / L and the same for anchor_b
    double max_sep_rel;    ///< max |separation - oracle| / L
    double max_normal;     ///< max |normal - oracle normal|
} manifold_stats;

/// Run gjk2d_manifold on one pair and assert it against the oracle (count, reference, normal, each point's
/// position, anchors, separation and id), unless the oracle calls the pair ambiguous; ids are compared
/// unless the oracle says they may be either. Returns 1 if the pair was compared.
int check_manifold(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                   float margin, manifold_stats *st);

void report_manifold_stats(const char *title, const manifold_stats *st);

#endif
