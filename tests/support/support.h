// The one place the tests (and the benchmark) turn plain arrays into the batch API's inputs: a prepared
// shape set and its poses. No Criterion here, so the benchmark can link it: callers check the return.
#ifndef GJK2D_TEST_SUPPORT_H
#define GJK2D_TEST_SUPPORT_H

#include <stdint.h>

#include "gjk2d.h"

/// A prepared shape set with one float structure-of-arrays pose per shape.
typedef struct test_set {
    const gjk2d_shapes *shapes; ///< NULL when gjk2d_shapes_prepare failed
    int64_t invalid;            ///< gjk2d_shapes_prepare's return: invalid shapes, or a negative error code
    gjk2d_geometry geometry;    ///< what the set was prepared from (for scales and failure reports); its arrays
                                ///< are the caller's (test_set_make) or the set's own (test_set_from_shapes)
    float *px, *py, *c, *s;     ///< the poses, owned: a test may change them after preparing
    gjk2d_poses poses;          ///< packed float32 view of px, py, c, s
    void *memory;               ///< the set's memory
    void *own;                  ///< pose arrays and copied geometry
} test_set;

/// Prepare `geometry` into freshly allocated memory and copy the poses (px == NULL: identity poses).
/// `problems` (may be NULL) receives each shape's problem. Returns gjk2d_shapes_prepare's return.
int64_t test_set_make(test_set *t, const gjk2d_geometry *geometry, const float *px, const float *py, const float *c,
                      const float *s, uint8_t *problems);

/// The same from single-pair shapes and poses (poses == NULL: identity): shape k is shapes[k].
int64_t test_set_from_shapes(test_set *t, const gjk2d_shape *shapes, const gjk2d_pose *poses, int32_t n,
                             uint8_t *problems);

void test_set_free(test_set *t);

/// Pose k of any gjk2d_poses layout, read the way the header documents it (an independent reading:
/// the tests' own, not the library's), position in double.
void test_pose_at(const gjk2d_poses *poses, int64_t k, double *px, double *py, float *c, float *s);

/// Write pose k of any gjk2d_poses layout (a float position is rounded to float): for tests that spoil
/// a pose after preparing. The arrays must be the caller's own, writable storage.
void test_pose_write(const gjk2d_poses *poses, int64_t k, double px, double py, float c, float s);

/// Pose layouts gjk2d_poses describes: packed arrays or records, float or double positions.
enum {
    TEST_POSES_SOA32, ///< packed float arrays
    TEST_POSES_REC32, ///< records {float x, y, c, s; int32 pad} (stride 20)
    TEST_POSES_SOA64, ///< packed double positions, packed float rotations
    TEST_POSES_REC64, ///< records {double x, y; float c, s; int32 pad} (stride 32)
    TEST_POSE_LAYOUTS
};
extern const char *const test_pose_layout_name[TEST_POSE_LAYOUTS];

/// The set's poses in `layout`, positions moved by (dx, dy) (in double, then rounded to float for the
/// float layouts), in storage allocated here: free(*storage) when done.
gjk2d_poses test_poses_layout(const test_set *t, int layout, double dx, double dy, void **storage);

/// Shape k of the set's geometry as a single-pair shape (vertices point into the geometry's arrays
/// copied to `v`, which holds GJK2D_MAX_VERTICES) and its pose rounded to float.
void test_set_shape(const test_set *t, const gjk2d_poses *poses, int32_t k, gjk2d_vec2 *v, gjk2d_shape *shape,
                    gjk2d_pose *pose);

#endif
