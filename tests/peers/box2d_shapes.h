// SPDX-License-Identifier: MIT
// gjk2d's shapes and poses as Box2D 2.4.1 sees them (C++; box2d_shapes.cpp), the one home of that
// conversion for the peers of the tests and the benchmark.
#ifndef GJK2D_TEST_BOX2D_SHAPES_H
#define GJK2D_TEST_BOX2D_SHAPES_H

#include <box2d/box2d.h>
#include <stdint.h>

#include "gjk2d.h"

/// A polygon as gjk2d sees it: the n vertices (x[k], y[k]) copied as they are
/// (b2PolygonShape::Set would compute a hull and could weld or reorder), its edge normals, and the shape's
/// own radius instead of Box2D's skin. False, and *p untouched, when n is not 3..b2_maxPolygonVertices.
bool b2p_polygon(const float *x, const float *y, int32_t n, float radius, b2PolygonShape *p);

/// The same from gjk2d_vec2 vertices.
bool b2p_polygon(const gjk2d_vec2 *v, int32_t n, float radius, b2PolygonShape *p);

/// A pose as a b2Transform (NULL: the identity).
b2Transform b2p_transform(const gjk2d_pose *pose);

/// Pose i of a pose array in any layout, its position rounded to float as Box2D 2.4.1 keeps it.
b2Transform b2p_transform_at(const gjk2d_poses *poses, int64_t i);

#endif
