// SPDX-License-Identifier: MIT
// The README's per-frame example as a complete program, run as a test (tests/readme/meson.build).
//
// The text between the README:begin and README:end comments is the README's code block, verbatim:
// tests/readme/excerpt.sh fails when the two differ. Everything outside the markers checks the answers
// against the exact ones of this scene, so the test fails (exit status 1) on a wrong answer.
//
// The scene, in world units: body 0 is a unit box at the origin; body 1 the same box moving left,
// its centre at x = 3.5 - frame; body 2 a vertical capsule (core from (0, 2) to (0, 4), radius 0.25)
// above it; body 3 a spinning circle of radius 0.5 at (-3, 0). Every pair is with body 0.
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <gjk2d.h>

#define PAIRS 3

/// The library's distance tolerance (docs/accuracy.md): 32 FLT_EPSILON L, with L the pair's scale, the
/// largest core coordinate in A's frame plus both radii. Here L <= 4.5 for every pair.
#define TOL (32.0 * FLT_EPSILON * 4.5)

typedef struct expected {
    float distance, nx, ny;
    int32_t feature_a, feature_b; ///< GJK2D_FEATURE_NONE: not checked (parallel edges have several witnesses)
} expected;

/// The exact answer of pair k in a frame.
static expected answer(int frame, int k)
{
    switch (k) {
    case 0: { // box against box, parallel faces: a gap of 2.5 - frame, then overlapping
        const float gap = 2.5f - (float)frame;
        if (gap < 0.0f)
            return (expected){0.0f, 0.0f, 0.0f, GJK2D_FEATURE_NONE, GJK2D_FEATURE_NONE};
        return (expected){gap, 1.0f, 0.0f, GJK2D_FEATURE_NONE, GJK2D_FEATURE_NONE};
    }
    case 1: // the capsule's lower end (vertex 0) above the box's top edge (edge 2, from vertex 2 to 3)
        return (expected){1.25f, 0.0f, 1.0f, GJK2D_FEATURE_EDGE(2), GJK2D_FEATURE_VERTEX(0)};
    default: // the circle's centre (vertex 0) left of the box's left edge (edge 3, from vertex 3 to 0)
        return (expected){2.0f, -1.0f, 0.0f, GJK2D_FEATURE_EDGE(3), GJK2D_FEATURE_VERTEX(0)};
    }
}

/// Compare one frame's outputs with the exact answers; returns the number of wrong answers.
static int check_frame(int frame, const gjk2d_distance_out *out)
{
    int wrong = 0;
    for (int k = 0; k < PAIRS; k++) {
        const expected e = answer(frame, k);
        // A normal is the direction between the closest points, each within TOL: its error is at most
        // about 2 TOL / core distance (the core distance here is at least 0.5).
        const double tol_normal = e.distance > 0.0f ? 2.0 * TOL / 0.5 : 0.0;
        int ok = out->status[k] == GJK2D_STATUS_OK && fabs(out->distance[k] - e.distance) <= TOL &&
                 fabs(out->nx[k] - e.nx) <= tol_normal && fabs(out->ny[k] - e.ny) <= tol_normal;
        if (e.feature_a != GJK2D_FEATURE_NONE)
            ok = ok && out->feature_a[k] == e.feature_a && out->feature_b[k] == e.feature_b;
        if (e.distance == 0.0f) // the cores overlap: no witness feature
            ok = ok && out->feature_a[k] == GJK2D_FEATURE_NONE && out->feature_b[k] == GJK2D_FEATURE_NONE;
        if (!ok) {
            fprintf(stderr,
                    "per_frame: frame %d pair %d: got %s distance %.9g normal (%.9g, %.9g) features %d %d; "
                    "expected distance %.9g normal (%.9g, %.9g) features %d %d\n",
                    frame, k, gjk2d_status_name((gjk2d_status)out->status[k]), out->distance[k], out->nx[k],
                    out->ny[k], out->feature_a[k], out->feature_b[k], e.distance, e.nx, e.ny, e.feature_a,
                    e.feature_b);
            wrong++;
        }
    }
    return wrong;
}

// README:begin
typedef struct body { float x, y, c, s; } body; // an engine's own transform records

int main(void)
{
    // Once: local-frame geometry, CCW per shape, prepared into memory the caller owns.
    static const float vx[] = {-0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.0f, 0.0f, 0.0f};
    static const float vy[] = {-0.5f, -0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -1.0f, 1.0f, 0.0f};
    static const int32_t count[] = {4, 4, 2, 1}; // box, box, capsule core, circle centre
    static const float radius[] = {0.0f, 0.0f, 0.25f, 0.5f};
    const gjk2d_geometry geometry = {.vx = vx, .vy = vy, .vertex_count = 11, .count = count,
                                     .radius = radius, .shape_count = 4};
    const int64_t size = gjk2d_shapes_size(&geometry); // bytes, or a negative error code
    void *memory = size > 0 ? malloc((size_t)size) : NULL;
    const gjk2d_shapes *shapes = NULL;
    const int64_t invalid = gjk2d_shapes_prepare(&geometry, memory, size, &shapes, NULL, NULL);
    if (invalid != 0) { // < 0: an error code; > 0: that many invalid shapes (their pairs get status invalid)
        fprintf(stderr, "gjk2d: %s\n", invalid < 0 ? gjk2d_error_message((int)invalid) : "invalid shapes");
        free(memory);
        return 1;
    }

    // Every frame: pose k moves shape k, read in place from the engine's records (stride in bytes).
    body bodies[4] = {{0, 0, 1, 0}, {3.5f, 0, 1, 0}, {0, 3, 1, 0}, {-3, 0, 1, 0}};
    const gjk2d_poses poses = {&bodies[0].x, &bodies[0].y, &bodies[0].c, &bodies[0].s,
                               4, sizeof bodies[0], GJK2D_FLOAT32};
    static const int32_t pair_a[] = {0, 0, 0}, pair_b[] = {1, 2, 3}; // from the broadphase
    const gjk2d_pairs pairs = {pair_a, pair_b, 3};
    float distance[3], nx[3], ny[3]; int32_t feature_a[3], feature_b[3]; uint8_t status[3]; // outputs
    const gjk2d_distance_out out = {.distance = distance, .nx = nx, .ny = ny, .feature_a = feature_a,
                                    .feature_b = feature_b, .status = status}; // NULL fields are skipped
    int wrong = 0;
    for (int frame = 0; frame < 4; frame++) {
        bodies[1].x = 3.5f - (float)frame; // the simulation moves the bodies
        bodies[3].c = (float)cos(0.5 * frame), bodies[3].s = (float)sin(0.5 * frame);
        // Threads may split [0, pairs.count) into disjoint ranges of one call's outputs.
        const int rc = gjk2d_batch_distance(shapes, &poses, &pairs, 0, pairs.count, &out);
        if (rc < 0) {
            fprintf(stderr, "gjk2d: %s\n", gjk2d_error_message(rc));
            wrong++;
            break;
        }
        wrong += check_frame(frame, &out); // status, distance, normal, witness features of each pair
    }
    free(memory); // the set lives in this memory: nothing else to release
    return wrong ? 1 : 0;
}
// README:end
