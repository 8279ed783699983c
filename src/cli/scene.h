// SPDX-License-Identifier: MIT
// Scene files: shapes (geometry and one pose each) and a pair list in structure-of-arrays form, read and
// written as text, and the library's prepared shape set built from them.
//
//   gjk2d-scene 1
//   shapes N
//   <px> <py> <angle> <radius> <n> <x0> <y0> ... <x(n-1)> <y(n-1)>     (N lines)
//   pairs M
//   <a> <b>                                                            (M lines, 0-based shape indices)
//   points P                                                           (optional: P query points)
//   <shape> <x> <y>                                                    (P lines: a point and its shape)
//   rays R                                                             (optional: R rays)
//   <shape> <ox> <oy> <dx> <dy> <max_fraction>                         (R lines: origin, translation)
//   frames F                                                           (optional: F >= 1 frames in all)
//   frame 1                                                            (F - 1 pose blocks, k = 1 .. F-1)
//   <px> <py> <angle>                                                  (N lines: frame k's pose of each shape)
//
// Frame 0's poses are the shape lines'; a file without a frames section has one frame.
// Blank lines and lines starting with '#' are ignored.
#ifndef GJK2D_CLI_SCENE_H
#define GJK2D_CLI_SCENE_H

#include <stdint.h>

#include "cli.h"
#include "gjk2d.h"

typedef struct scene {
    float *vx, *vy;
    int64_t vertex_count, vertex_cap;
    int32_t *first, *count;
    float *radius, *px, *py, *c, *s;
    float *angle;  ///< rotation angles, kept only by generated scenes (to write them); NULL after loading
    int64_t *line; ///< the file line of each shape (scene_load), for messages; NULL for generated scenes
    int32_t shape_count;
    int32_t *pa, *pb;
    int64_t pair_count;
    int64_t point_count, ray_count; ///< the optional points and rays sections' items
    int32_t *point_shape, *ray_shape;
    float *qx, *qy;                      ///< query points
    float *rox, *roy, *rdx, *rdy, *rmax; ///< rays: origins, translations, max fractions
    int32_t frame_count;                 ///< frames: 1 without a frames section
    float *fpx, *fpy, *fc, *fs; ///< poses of frames 1 .. frame_count - 1: frame f, shape i at (f - 1) * shape_count + i
    float *fangle;              ///< their angles, kept only by generated scenes; NULL after loading
    int64_t *frame_line;        ///< the file line of each frame's "frame k" header (scene_load); NULL otherwise
    // Filled by scene_prepare:
    void *shapes_mem;           ///< the memory the prepared set lives in
    const gjk2d_shapes *shapes; ///< the prepared set (geometry only; poses go with every batch call)
    uint8_t *problems;          ///< per-shape gjk2d_problem of the geometry
    uint8_t *pose_problems;     ///< per-shape gjk2d_problem of the pose (gjk2d_pose_problem's rule)
    int64_t invalid_count;      ///< shapes with invalid geometry
    int64_t bad_pose_count;     ///< shapes with a bad pose
} scene;

/// Read a scene file ("-" = standard input) (scene_read.c). On a malformed file prints "FILE:LINE: reason" on stderr
/// and returns -1 (nothing is kept). Reads through a small buffer: memory is the arrays only.
int scene_load(const char *path, scene *sc);

/// Allocate room for `shapes` shapes, `vertices` vertices and `pairs` pairs (counts set to 0).
/// with_angle also keeps angles. Returns -1 on out of memory.
int scene_alloc(scene *sc, int32_t shapes, int64_t vertices, int64_t pairs, int with_angle);

void scene_free(scene *sc);

/// Prepare the shape set (gjk2d_shapes_size, then gjk2d_shapes_prepare into memory allocated here) and
/// check every pose (gjk2d_check_poses). Each invalid shape and each bad pose is reported on stderr once,
/// with its index and reason, prefixed by `label` (usually the file name) and the shape's line when
/// the scene was read from a file; their pairs still run and get
/// status invalid or bad-pose. Returns the number of invalid shapes plus bad poses, or -1 after
/// reporting a library error or out of memory.
int64_t scene_prepare(scene *sc, const char *label);

/// The geometry the prepared set is built from (the scene's arrays).
gjk2d_geometry scene_geometry(const scene *sc);
/// The scene's poses: packed float arrays, one per shape.
gjk2d_poses scene_poses(const scene *sc);
gjk2d_pairs scene_pairs(const scene *sc);
/// The poses of frame f (0 <= f < frame_count): frame 0 is scene_poses.
gjk2d_poses scene_frame_poses(const scene *sc, int32_t f);
/// Shape i's sweep from frame f to frame f + 1 (0 <= f < frame_count - 1): its local origin moves on a line
/// and its angle turns evenly, the angles recovered from the poses' (cos, sin) (a loaded scene keeps no
/// angles), the second within half a turn of the first (frames move a little).
gjk2d_sweep scene_sweep(const scene *sc, int32_t f, int32_t i);
/// Allocate the pose arrays of frames 1 .. frames - 1 (with angles if with_angle) and set frame_count.
/// Returns -1 on out of memory.
int scene_alloc_frames(scene *sc, int32_t frames, int with_angle);
/// Check the poses of frame f >= 1 (gjk2d_check_poses) and report each bad one on stderr once, prefixed by
/// `label` and the frame's line when read from a file. Returns the number of bad poses, or -1 after
/// reporting a library error or out of memory. (Frame 0's poses are checked by scene_prepare.)
int64_t scene_check_frame(const scene *sc, int32_t f, const char *label);
/// Shape i with its vertices copied into buf (room for sc->count[i] vertices).
gjk2d_shape scene_shape(const scene *sc, int32_t i, gjk2d_vec2 *buf);
gjk2d_pose scene_pose(const scene *sc, int32_t i);
/// The vertex that makes shape i invalid (gjk2d_validate_shape's), or -1 when the problem is not one
/// vertex's.
int32_t scene_invalid_vertex(const scene *sc, int32_t i);

/// Write a scene in the text format (scene_write.c). Angles come from sc->angle when kept (exact round trip), else
/// from atan2(s, c). prog (may be NULL) counts shapes.
void scene_write(const scene *sc, outfile *out, progress *prog);

#endif
