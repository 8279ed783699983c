// SPDX-License-Identifier: MIT
// C view of Box2D 2.4.1's contact manifolds (box2d_manifold.cpp), for side-by-side checks of gjk2d_manifold:
//   b2CollidePolygons          polygon (3..8 vertices) A, polygon B
//   b2CollidePolygonAndCircle  polygon A, circle (a point with a radius) B
//   b2CollideCircles           circle A, circle B
//   b2CollideEdgeAndPolygon    segment A (a two-sided edge), polygon B
// Box2D's shapes are built from gjk2d's: vertices copied as they are (no hull), each shape's own radius.
#ifndef GJK2D_TEST_BOX2D_MANIFOLD_H
#define GJK2D_TEST_BOX2D_MANIFOLD_H

#include <stdint.h>

#include "gjk2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Which Box2D function a pair goes to.
typedef enum b2m_kind {
    B2M_NONE = 0, ///< no Box2D 2.4.1 function takes this pair in this order
    B2M_POLYGONS,
    B2M_POLYGON_CIRCLE,
    B2M_CIRCLES,
    B2M_EDGE_POLYGON,
} b2m_kind;

/// Box2D's world manifold (b2WorldManifold) and its ids in gjk2d's feature encoding.
typedef struct b2m_manifold {
    int count;
    float nx, ny;     ///< A to B
    float x[2], y[2]; ///< world points (midway between the surfaces, as b2WorldManifold puts them)
    float separation[2];
    int32_t feature_a[2], feature_b[2]; ///< GJK2D_FEATURE_VERTEX / _EDGE for polygon pairs; NONE for the others
                                        ///< (circle manifolds have no ids; an edge's face is 0 on both sides)
} b2m_manifold;

b2m_kind b2m_kind_of(const gjk2d_shape *a, const gjk2d_shape *b);

/// Box2D's manifold of the pair; returns its kind (B2M_NONE: nothing computed).
b2m_kind b2m_collide(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                     b2m_manifold *out);

/// Box2D's manifolds of pairs, for timing: every shape built once as the Box2D shape of its kind (a point: a
/// circle; a segment: a two-sided edge; 3..8 vertices: a polygon; each with its radius), then per pair only the
/// collide function of its kinds, as Box2D's contacts call them (pairs in an order no function takes are
/// skipped). b2m_set_create returns NULL when a shape has more vertices than a Box2D polygon. b2m_set_collide
/// returns the number of pairs with points (so the work cannot be dropped).
typedef struct b2m_set b2m_set;
b2m_set *b2m_set_create(const gjk2d_geometry *geometry, const gjk2d_poses *poses);
int64_t b2m_set_collide(const b2m_set *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end);
void b2m_set_destroy(b2m_set *s);

#ifdef __cplusplus
}
#endif

#endif
