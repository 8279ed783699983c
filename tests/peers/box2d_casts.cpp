// SPDX-License-Identifier: MIT
// Box2D 2.4.1's casts on gjk2d's inputs (box2d_casts.h). Shapes are handed over as they are: a polygon's
// vertices are copied (b2PolygonShape::Set would recompute a hull), its normals computed from its edges.
#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>

#include <vector>

#include "box2d_casts.h"
#include "box2d_shapes.h"

static b2Vec2 to_b2(gjk2d_vec2 v) { return b2Vec2(v.x, v.y); }

/// The shape's vertices in Box2D's type; `buffer` holds them for the proxy.
static void proxy(const gjk2d_shape *s, b2Vec2 *buffer, b2DistanceProxy *out) {
    for (int32_t i = 0; i < s->count; ++i) buffer[i] = to_b2(s->vertices[i]);
    out->Set(buffer, s->count, s->radius);
}

extern "C" void b2c_shape_cast(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                               const gjk2d_pose *pose_b, gjk2d_vec2 translation, b2c_cast *out) {
    b2Vec2 va[b2_maxPolygonVertices], vb[b2_maxPolygonVertices];
    b2ShapeCastInput in;
    proxy(a, va, &in.proxyA);
    proxy(b, vb, &in.proxyB);
    in.transformA = b2p_transform(pose_a);
    in.transformB = b2p_transform(pose_b);
    in.translationB = to_b2(translation);
    b2ShapeCastOutput o;
    out->hit = b2ShapeCast(&o, &in);
    out->fraction = o.lambda;
    out->point.x = o.point.x, out->point.y = o.point.y;
    out->normal.x = o.normal.x, out->normal.y = o.normal.y;
    out->iterations = o.iterations;
}

static b2Sweep sweep(const gjk2d_sweep *s) {
    b2Sweep w;
    w.localCenter = to_b2(s->local_center);
    w.c0 = to_b2(s->c0);
    w.c = to_b2(s->c1);
    w.a0 = s->a0;
    w.a = s->a1;
    w.alpha0 = 0.0f;
    return w;
}

extern "C" int b2c_time_of_impact(const gjk2d_shape *a, const gjk2d_sweep *sweep_a, const gjk2d_shape *b,
                                  const gjk2d_sweep *sweep_b, float *t) {
    b2Vec2 va[b2_maxPolygonVertices], vb[b2_maxPolygonVertices];
    b2TOIInput in;
    proxy(a, va, &in.proxyA);
    proxy(b, vb, &in.proxyB);
    in.sweepA = sweep(sweep_a);
    in.sweepB = sweep(sweep_b);
    in.tMax = 1.0f;
    b2TOIOutput o;
    b2TimeOfImpact(&o, &in);
    *t = o.t;
    return static_cast<int>(o.state);
}

/// A polygon for b2PolygonShape::RayCast: its vertices copied, its normals from its edges.
static void ray_polygon(const gjk2d_shape *shape, b2PolygonShape *p) {
    p->m_count = shape->count;
    for (int32_t j = 0; j < shape->count; ++j) p->m_vertices[j] = to_b2(shape->vertices[j]);
    for (int32_t j = 0; j < shape->count; ++j) {
        const b2Vec2 e = p->m_vertices[j + 1 < shape->count ? j + 1 : 0] - p->m_vertices[j];
        b2Vec2 n(e.y, -e.x);
        n.Normalize();
        p->m_normals[j] = n;
    }
    p->m_centroid.SetZero();
}

extern "C" void b2c_ray_cast(const gjk2d_shape *shape, const gjk2d_pose *pose, const gjk2d_ray *ray, b2c_cast *out) {
    b2RayCastInput in;
    in.p1 = to_b2(ray->origin);
    in.p2 = b2Vec2(ray->origin.x + ray->translation.x, ray->origin.y + ray->translation.y);
    in.maxFraction = ray->max_fraction;
    b2RayCastOutput o;
    o.fraction = 0.0f;
    o.normal.SetZero();
    const b2Transform xf = b2p_transform(pose);
    if (shape->count == 1) {
        b2CircleShape c;
        c.m_p = to_b2(shape->vertices[0]);
        c.m_radius = shape->radius;
        out->hit = c.RayCast(&o, in, xf, 0);
    } else {
        b2PolygonShape p;
        ray_polygon(shape, &p);
        out->hit = p.RayCast(&o, in, xf, 0);
    }
    out->fraction = o.fraction;
    out->normal.x = o.normal.x, out->normal.y = o.normal.y;
    out->point.x = out->point.y = 0.0f;
    out->iterations = 0;
}

extern "C" void b2c_shape_cast_many(const gjk2d_shape *shapes, const gjk2d_pose *poses, const int32_t *a,
                                    const int32_t *b, const float *tx, const float *ty, int64_t n, float *fraction) {
    for (int64_t k = 0; k < n; ++k) {
        b2c_cast o;
        b2c_shape_cast(&shapes[a[k]], &poses[a[k]], &shapes[b[k]], &poses[b[k]], gjk2d_vec2{tx[k], ty[k]}, &o);
        fraction[k] = o.hit ? o.fraction : 1.0f;
    }
}

extern "C" void b2c_toi_many(const gjk2d_shape *shapes, const gjk2d_sweep *sweeps, const int32_t *a, const int32_t *b,
                             int64_t n, float *t) {
    for (int64_t k = 0; k < n; ++k)
        b2c_time_of_impact(&shapes[a[k]], &sweeps[a[k]], &shapes[b[k]], &sweeps[b[k]], &t[k]);
}

extern "C" void b2c_ray_many(const gjk2d_shape *shapes, const gjk2d_pose *poses, const int32_t *shape,
                             const gjk2d_ray *rays, int64_t n, float *fraction) {
    for (int64_t k = 0; k < n; ++k) {
        b2c_cast o;
        b2c_ray_cast(&shapes[shape[k]], &poses[shape[k]], &rays[k], &o);
        fraction[k] = o.hit ? o.fraction : rays[k].max_fraction;
    }
}

/// Box2D's shapes and transforms built once, as an engine keeps them: the ray casts alone are timed.
struct b2c_ray_shapes {
    std::vector<b2PolygonShape> polygon;
    std::vector<b2CircleShape> circle;
    std::vector<b2Transform> xf;
    std::vector<int32_t> count;
};

extern "C" b2c_ray_shapes *b2c_ray_shapes_new(const gjk2d_shape *shapes, const gjk2d_pose *poses, int32_t n) {
    b2c_ray_shapes *r = new b2c_ray_shapes;
    r->polygon.resize((size_t)n);
    r->circle.resize((size_t)n);
    r->xf.resize((size_t)n);
    r->count.resize((size_t)n);
    for (int32_t k = 0; k < n; ++k) {
        r->count[(size_t)k] = shapes[k].count;
        r->xf[(size_t)k] = b2p_transform(&poses[k]);
        if (shapes[k].count == 1) {
            r->circle[(size_t)k].m_p = to_b2(shapes[k].vertices[0]);
            r->circle[(size_t)k].m_radius = shapes[k].radius;
        } else {
            ray_polygon(&shapes[k], &r->polygon[(size_t)k]);
        }
    }
    return r;
}

extern "C" void b2c_ray_shapes_free(b2c_ray_shapes *r) { delete r; }

extern "C" void b2c_ray_prepared_many(const b2c_ray_shapes *r, const int32_t *shape, const gjk2d_ray *rays, int64_t n,
                                      float *fraction) {
    for (int64_t k = 0; k < n; ++k) {
        const size_t s = (size_t)shape[k];
        b2RayCastInput in;
        in.p1 = to_b2(rays[k].origin);
        in.p2 = b2Vec2(rays[k].origin.x + rays[k].translation.x, rays[k].origin.y + rays[k].translation.y);
        in.maxFraction = rays[k].max_fraction;
        b2RayCastOutput o;
        const bool hit =
            r->count[s] == 1 ? r->circle[s].RayCast(&o, in, r->xf[s], 0) : r->polygon[s].RayCast(&o, in, r->xf[s], 0);
        fraction[k] = hit ? o.fraction : rays[k].max_fraction;
    }
}
