// SPDX-License-Identifier: MIT
// Box2D 2.4.1's manifolds for gjk2d's shapes (box2d_manifold.h).
#include <box2d/box2d.h>

#include <vector>

#include "box2d_manifold.h"
#include "box2d_shapes.h"

static int32_t feature(uint8_t type, uint8_t index) {
    return type == b2ContactFeature::e_face ? GJK2D_FEATURE_EDGE(index) : GJK2D_FEATURE_VERTEX(index);
}

extern "C" b2m_kind b2m_kind_of(const gjk2d_shape *a, const gjk2d_shape *b) {
    const bool poly_a = a->count >= 3 && a->count <= b2_maxPolygonVertices;
    const bool poly_b = b->count >= 3 && b->count <= b2_maxPolygonVertices;
    if (poly_a && poly_b) return B2M_POLYGONS;
    if (poly_a && b->count == 1) return B2M_POLYGON_CIRCLE;
    if (a->count == 1 && b->count == 1) return B2M_CIRCLES;
    if (a->count == 2 && poly_b) return B2M_EDGE_POLYGON;
    return B2M_NONE;
}

extern "C" b2m_kind b2m_collide(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                                b2m_manifold *out) {
    const b2m_kind kind = b2m_kind_of(a, b);
    const b2Transform xa = b2p_transform(pa), xb = b2p_transform(pb);
    b2Manifold m;
    m.pointCount = 0;
    b2PolygonShape polygon_a, polygon_b;
    b2CircleShape circle_a, circle_b;
    b2EdgeShape edge_a;
    switch (kind) {
    case B2M_POLYGONS:
        b2p_polygon(a->vertices, a->count, a->radius, &polygon_a);
        b2p_polygon(b->vertices, b->count, b->radius, &polygon_b);
        b2CollidePolygons(&m, &polygon_a, xa, &polygon_b, xb);
        break;
    case B2M_POLYGON_CIRCLE:
        b2p_polygon(a->vertices, a->count, a->radius, &polygon_a);
        circle_b.m_p.Set(b->vertices[0].x, b->vertices[0].y);
        circle_b.m_radius = b->radius;
        b2CollidePolygonAndCircle(&m, &polygon_a, xa, &circle_b, xb);
        break;
    case B2M_CIRCLES:
        circle_a.m_p.Set(a->vertices[0].x, a->vertices[0].y);
        circle_a.m_radius = a->radius;
        circle_b.m_p.Set(b->vertices[0].x, b->vertices[0].y);
        circle_b.m_radius = b->radius;
        b2CollideCircles(&m, &circle_a, xa, &circle_b, xb);
        break;
    case B2M_EDGE_POLYGON:
        edge_a.SetTwoSided(b2Vec2(a->vertices[0].x, a->vertices[0].y), b2Vec2(a->vertices[1].x, a->vertices[1].y));
        edge_a.m_radius = a->radius;
        b2p_polygon(b->vertices, b->count, b->radius, &polygon_b);
        b2CollideEdgeAndPolygon(&m, &edge_a, xa, &polygon_b, xb);
        break;
    case B2M_NONE: break;
    }
    out->count = 0;
    if (kind == B2M_NONE) return kind;
    const float ra = a->radius, rb = b->radius;
    b2WorldManifold w;
    w.Initialize(&m, xa, ra, xb, rb);
    out->count = m.pointCount;
    out->nx = w.normal.x;
    out->ny = w.normal.y;
    for (int i = 0; i < m.pointCount; ++i) {
        out->x[i] = w.points[i].x;
        out->y[i] = w.points[i].y;
        out->separation[i] = w.separations[i];
        const b2ContactFeature &cf = m.points[i].id.cf;
        // Box2D's circle manifolds have no ids, and its edge names its face 0 on both sides (gjk2d: the
        // segment's two sides are edges 0 and 1): only polygon ids compare.
        const bool has_id = kind == B2M_POLYGONS;
        out->feature_a[i] = has_id ? feature(cf.typeA, cf.indexA) : GJK2D_FEATURE_NONE;
        out->feature_b[i] = has_id ? feature(cf.typeB, cf.indexB) : GJK2D_FEATURE_NONE;
    }
    return kind;
}

/// Box2D's narrow phase over prepared shapes: each gjk2d shape as a Box2D shape of its kind, reached through
/// a pointer as a b2Fixture reaches its shape, and each pair sent to the collide function of its kinds.
struct b2m_set {
    std::vector<b2PolygonShape> polygon;
    std::vector<b2CircleShape> circle;
    std::vector<b2EdgeShape> edge;
    std::vector<const b2Shape *> shape;
    std::vector<b2Transform> xf;
};

extern "C" b2m_set *b2m_set_create(const gjk2d_geometry *g, const gjk2d_poses *poses) {
    b2m_set *s = new b2m_set;
    const size_t n = static_cast<size_t>(g->shape_count);
    size_t np = 0, nc = 0, ne = 0;
    for (size_t i = 0; i < n; ++i) {
        const int32_t c = g->count[i];
        np += c >= 3, nc += c == 1, ne += c == 2;
    }
    // Sized first: the pointers into them stay valid.
    s->polygon.resize(np), s->circle.resize(nc), s->edge.resize(ne);
    s->shape.resize(n), s->xf.resize(n);
    np = nc = ne = 0;
    int64_t next = 0;
    for (size_t i = 0; i < n; ++i) {
        const int64_t f = g->first ? g->first[i] : next;
        const int32_t c = g->count[i];
        const float r = g->radius ? g->radius[i] : 0.0f;
        next = f + c;
        if (c == 1) {
            b2CircleShape &circle = s->circle[nc++];
            circle.m_p.Set(g->vx[f], g->vy[f]);
            circle.m_radius = r;
            s->shape[i] = &circle;
        } else if (c == 2) {
            b2EdgeShape &edge = s->edge[ne++];
            edge.SetTwoSided(b2Vec2(g->vx[f], g->vy[f]), b2Vec2(g->vx[f + 1], g->vy[f + 1]));
            edge.m_radius = r;
            s->shape[i] = &edge;
        } else {
            b2PolygonShape &polygon = s->polygon[np++];
            if (!b2p_polygon(g->vx + f, g->vy + f, c, r, &polygon)) {
                delete s;
                return nullptr;
            }
            s->shape[i] = &polygon;
        }
        s->xf[i] = b2p_transform_at(poses, static_cast<int64_t>(i));
    }
    return s;
}

extern "C" int64_t b2m_set_collide(const b2m_set *s, const gjk2d_pairs *pairs, int64_t begin, int64_t end) {
    int64_t with_points = 0;
    b2Manifold m;
    for (int64_t k = begin; k < end; ++k) {
        const size_t a = static_cast<size_t>(pairs->a[k]), b = static_cast<size_t>(pairs->b[k]);
        const b2Shape *sa = s->shape[a], *sb = s->shape[b];
        const b2Transform &xa = s->xf[a], &xb = s->xf[b];
        m.pointCount = 0;
        switch (sa->m_type * b2Shape::e_typeCount + sb->m_type) {
        case b2Shape::e_polygon *b2Shape::e_typeCount + b2Shape::e_polygon:
            b2CollidePolygons(&m, static_cast<const b2PolygonShape *>(sa), xa, static_cast<const b2PolygonShape *>(sb),
                              xb);
            break;
        case b2Shape::e_polygon *b2Shape::e_typeCount + b2Shape::e_circle:
            b2CollidePolygonAndCircle(&m, static_cast<const b2PolygonShape *>(sa), xa,
                                      static_cast<const b2CircleShape *>(sb), xb);
            break;
        case b2Shape::e_circle *b2Shape::e_typeCount + b2Shape::e_circle:
            b2CollideCircles(&m, static_cast<const b2CircleShape *>(sa), xa, static_cast<const b2CircleShape *>(sb),
                             xb);
            break;
        case b2Shape::e_edge *b2Shape::e_typeCount + b2Shape::e_polygon:
            b2CollideEdgeAndPolygon(&m, static_cast<const b2EdgeShape *>(sa), xa,
                                    static_cast<const b2PolygonShape *>(sb), xb);
            break;
        case b2Shape::e_edge *b2Shape::e_typeCount + b2Shape::e_circle:
            b2CollideEdgeAndCircle(&m, static_cast<const b2EdgeShape *>(sa), xa, static_cast<const b2CircleShape *>(sb),
                                   xb);
            break;
        default: break; // no Box2D 2.4.1 function takes this order
        }
        with_points += m.pointCount > 0;
    }
    return with_points;
}

extern "C" void b2m_set_destroy(b2m_set *s) { delete s; }
