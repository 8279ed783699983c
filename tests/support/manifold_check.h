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
int check_manifold(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb, float margin,
                   manifold_stats *st);

void report_manifold_stats(const char *title, const manifold_stats *st);

/// A random pair near contact: A (`na` vertices, size `size`) at a random pose in a box of half-size 10, B
/// (`nb` vertices, size `size` times 0.3 .. 1.5) at A's position plus an offset up to `reach`, so that most
/// pairs touch, overlap or lie within a margin. Radii up to `max_radius`.
void manifold_near_pair(oracle_rng *r, int na, int nb, double size, double max_radius, double reach, test_shape *ta,
                        test_shape *tb);

/// A resting pair, the coherent sequence of the persistence checks: A stays put while B drifts along and turns a little every
/// frame (up to 0.004 of the shapes' size and 0.004 rad), pushed along the SAT axis toward a separation of -0.02
/// so the pair stays in light contact.
typedef struct resting_pair {
    test_shape a, b;
    double vx, vy, w;     ///< B's motion per frame
    double bx, by, angle; ///< B's pose, in double
} resting_pair;
void resting_start(oracle_rng *r, int na, int nb, double max_radius, resting_pair *c);
void resting_step(resting_pair *c);

/// The contacts of one frame as the persistence check sees them: positions relative to A's position (A does not
/// move, so this is A's frame turned once) and ids.
typedef struct frame_contacts {
    int count;
    double x[2], y[2];
    uint32_t id[2];
} frame_contacts;

/// A contact of `cur` persists from `prev` when it lies within PERSIST_RADIUS of exactly one previous contact:
/// adds the persisting contacts to *persisted and those that kept their id to *kept. PERSIST_RADIUS is five
/// frames of the sequence's largest motion: a contact moves less, two distinct contacts of one manifold are
/// further apart.
#define PERSIST_RADIUS 0.02
void persistence_count(const frame_contacts *prev, const frame_contacts *cur, long *persisted, long *kept);

#endif
