// SPDX-License-Identifier: MIT
// C view of Box2D 2.4.1's casts (box2d_casts.cpp), for the tests and the benchmark to run on the inputs
// gjk2d gets: b2ShapeCast, b2TimeOfImpact, b2PolygonShape::RayCast and b2CircleShape::RayCast.
// Box2D's own constants: b2_linearSlop = 0.005, b2_polygonRadius = 0.01 (b2ShapeCast rounds every shape by at
// least that), b2TimeOfImpact's target max(linearSlop, ra + rb - 3 linearSlop) +- linearSlop / 4.
#ifndef GJK2D_TEST_PEERS_BOX2D_CASTS_H
#define GJK2D_TEST_PEERS_BOX2D_CASTS_H

#include "gjk2d.h"

#ifdef __cplusplus
extern "C" {
#endif

#define B2C_LINEAR_SLOP 0.005f
#define B2C_POLYGON_RADIUS (2.0f * B2C_LINEAR_SLOP)
#define B2C_MAX_ROTATION (0.5 * 3.14159265358979323846) /* b2_maxRotation: per step */

typedef struct b2c_cast {
    int hit;          ///< Box2D's return value
    float fraction;   ///< lambda (shape cast) or fraction (ray)
    gjk2d_vec2 point; ///< shape cast only
    gjk2d_vec2 normal;
    int iterations; ///< shape cast only
} b2c_cast;

/// b2ShapeCast of shapes of 1..8 vertices (b2_maxPolygonVertices), B moved by `translation`.
void b2c_shape_cast(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b, const gjk2d_pose *pose_b,
                    gjk2d_vec2 translation, b2c_cast *out);

/// Box2D's b2TOIOutput::State, in its order.
enum { B2C_TOI_UNKNOWN, B2C_TOI_FAILED, B2C_TOI_OVERLAPPED, B2C_TOI_TOUCHING, B2C_TOI_SEPARATED };

/// b2TimeOfImpact on [0, 1] of shapes of 1..8 vertices with their radii; returns the state, t to *t.
int b2c_time_of_impact(const gjk2d_shape *a, const gjk2d_sweep *sweep_a, const gjk2d_shape *b,
                       const gjk2d_sweep *sweep_b, float *t);

/// Ray cast: a polygon of 3..8 vertices (b2PolygonShape::RayCast, which ignores the radius) or a circle of
/// one vertex (b2CircleShape::RayCast).
void b2c_ray_cast(const gjk2d_shape *shape, const gjk2d_pose *pose, const gjk2d_ray *ray, b2c_cast *out);

/// The same three over many items, for the benchmark: B moved by translations[k] against A (pairs of
/// shapes), rays against shapes. Shapes given as arrays of single-pair shapes and poses.
void b2c_shape_cast_many(const gjk2d_shape *shapes, const gjk2d_pose *poses, const int32_t *a, const int32_t *b,
                         const float *tx, const float *ty, int64_t n, float *fraction);
void b2c_toi_many(const gjk2d_shape *shapes, const gjk2d_sweep *sweeps, const int32_t *a, const int32_t *b, int64_t n,
                  float *t);
void b2c_ray_many(const gjk2d_shape *shapes, const gjk2d_pose *poses, const int32_t *shape, const gjk2d_ray *rays,
                  int64_t n, float *fraction);

/// Rays against Box2D shapes built once (polygons and circles as b2c_ray_cast takes them) and their
/// transforms, as an engine keeps them: the benchmark's peer, timing the ray casts alone.
typedef struct b2c_ray_shapes b2c_ray_shapes;
b2c_ray_shapes *b2c_ray_shapes_new(const gjk2d_shape *shapes, const gjk2d_pose *poses, int32_t n);
void b2c_ray_shapes_free(b2c_ray_shapes *r);
void b2c_ray_prepared_many(const b2c_ray_shapes *r, const int32_t *shape, const gjk2d_ray *rays, int64_t n,
                           float *fraction);

#ifdef __cplusplus
}
#endif

#endif
