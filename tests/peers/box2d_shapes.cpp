// SPDX-License-Identifier: MIT
// gjk2d's shapes and poses as Box2D 2.4.1 sees them (box2d_shapes.h).
#include "box2d_shapes.h"

extern "C" {
#include "support.h" // test_pose_at
}

bool b2p_polygon(const float *x, const float *y, int32_t n, float radius, b2PolygonShape *p) {
    if (n < 3 || n > b2_maxPolygonVertices) return false;
    p->m_count = n;
    for (int32_t j = 0; j < n; ++j) p->m_vertices[j].Set(x[j], y[j]);
    for (int32_t j = 0; j < n; ++j) {
        b2Vec2 e = p->m_vertices[j + 1 < n ? j + 1 : 0] - p->m_vertices[j];
        b2Vec2 normal(e.y, -e.x);
        normal.Normalize();
        p->m_normals[j] = normal;
    }
    p->m_centroid.SetZero();
    p->m_radius = radius;
    return true;
}

bool b2p_polygon(const gjk2d_vec2 *v, int32_t n, float radius, b2PolygonShape *p) {
    if (n < 3 || n > b2_maxPolygonVertices) return false;
    float x[b2_maxPolygonVertices], y[b2_maxPolygonVertices];
    for (int32_t j = 0; j < n; ++j) x[j] = v[j].x, y[j] = v[j].y;
    return b2p_polygon(x, y, n, radius, p);
}

b2Transform b2p_transform(const gjk2d_pose *pose) {
    b2Transform t;
    t.p.Set(pose ? pose->px : 0.0f, pose ? pose->py : 0.0f);
    t.q.c = pose ? pose->c : 1.0f;
    t.q.s = pose ? pose->s : 0.0f;
    return t;
}

b2Transform b2p_transform_at(const gjk2d_poses *poses, int64_t i) {
    double px, py;
    b2Transform t;
    test_pose_at(poses, i, &px, &py, &t.q.c, &t.q.s);
    t.p.Set(static_cast<float>(px), static_cast<float>(py));
    return t;
}
