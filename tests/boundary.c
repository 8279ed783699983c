// A guest in someone else's program: the names the library's source uses internally (ref_validate,
// ref_distance, ...) are not link-time names. This program defines its own functions of those names,
// with other signatures, and is linked twice: against the static library (a clash would be a
// duplicate definition) and against the shared library with its symbols exported (-rdynamic: an
// exported library name would be interposed by ours). Either way the library must answer right.
// Silent on success; on failure it says what was wrong on stderr and exits 1.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gjk2d.h"

// The host program's own functions, by the names the library's reference uses in its source.
int ref_validate(int x) { return x + 1; }
double ref_distance(double a, double b) { return a * b; }
const char *ref_overlap(void) { return "host overlap"; }
float ref_sat(float x) { return -x; }
long ref_support(long a, long b) { return a - b; }
void ref_pair_load(int *out) { *out = 7; }
int ref_relative_pose(const char *s) { return (int)strlen(s); }

static int failures;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "boundary: %s\n", what);
        failures++;
    }
}

static void host_functions_are_ours(void) {
    int loaded = 0;
    ref_pair_load(&loaded);
    expect(ref_validate(41) == 42 && ref_distance(3.0, 4.0) == 12.0 && strcmp(ref_overlap(), "host overlap") == 0 &&
               ref_sat(2.0f) == -2.0f && ref_support(5, 3) == 2 && loaded == 7 && ref_relative_pose("abc") == 3,
           "the host's own ref_* functions were replaced");
}

static void single_pair_answers_are_right(void) {
    const gjk2d_vec2 tri[] = {{0, 0}, {2, 0}, {0, 1}}, sq[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const gjk2d_vec2 cw[] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    gjk2d_shape t = {tri, 3, 0.0f}, s = {sq, 4, 0.0f}, bad = {cw, 4, 0.0f};
    gjk2d_distance_result r;
    expect(gjk2d_distance(&t, NULL, &t, NULL, &r, NULL) == GJK2D_STATUS_OK && r.distance == 0.0f,
           "a triangle against itself: status ok, distance 0");
    gjk2d_pose far = {4.0f, 0.0f, 1.0f, 0.0f};
    // Unit squares 3 apart along x: every number the query forms is a small integer, so the distance is
    // exact.
    expect(gjk2d_distance(&s, NULL, &s, &far, &r, NULL) == GJK2D_STATUS_OK && r.distance == 3.0f &&
               r.signed_distance == 3.0f && r.normal.x == 1.0f && r.normal.y == 0.0f,
           "two unit squares 3 apart: distance exactly 3 along +x");
    gjk2d_overlap_result o;
    expect(gjk2d_overlap(&s, NULL, &s, &far, &o) == GJK2D_STATUS_OK && o.overlap == 0, "the squares do not overlap");
    gjk2d_sat_result q;
    expect(gjk2d_sat(&s, NULL, &s, &far, &q) == GJK2D_STATUS_OK && q.separation == 3.0f, "SAT separation exactly 3");
    int32_t vertex = 0;
    expect(gjk2d_validate_shape(&s, NULL, &vertex) == GJK2D_PROBLEM_NONE, "the square is valid");
    expect(gjk2d_validate_shape(&bad, NULL, &vertex) == GJK2D_PROBLEM_CLOCKWISE, "the clockwise square is refused");
}

static void batch_answers_are_right(void) {
    const float vx[] = {0, 1, 1, 0, 0, 2, 0}, vy[] = {0, 0, 1, 1, 0, 0, 1};
    const int32_t count[] = {4, 3};
    gjk2d_geometry g = {vx, vy, 7, count, NULL, NULL, 2};
    static _Alignas(64) unsigned char memory[1 << 14];
    const gjk2d_shapes *set = NULL;
    expect(gjk2d_shapes_size(&g) <= (int64_t)sizeof memory, "shape set size");
    expect(gjk2d_shapes_prepare(&g, memory, sizeof memory, &set, NULL, NULL) == 0, "prepare");
    const float px[] = {0, 4}, py[] = {0, 0}, c[] = {1, 1}, s[] = {0, 0};
    gjk2d_poses poses = {px, py, c, s, 2, 0, GJK2D_FLOAT32};
    const int32_t a[] = {0, 1}, b[] = {1, 1};
    gjk2d_pairs pairs = {a, b, 2};
    float d[2] = {-1, -1};
    uint8_t st[2] = {9, 9};
    gjk2d_distance_out out = {.distance = d, .status = st};
    expect(gjk2d_batch_distance(set, &poses, &pairs, 0, 2, &out) == GJK2D_OK, "batch distance");
    expect(st[0] == GJK2D_STATUS_OK && d[0] == 3.0f, "batch: square to triangle 3 apart");
    expect(st[1] == GJK2D_STATUS_OK && d[1] == 0.0f, "batch: a triangle against itself");
}

int main(void) {
    host_functions_are_ours();
    single_pair_answers_are_right();
    batch_answers_are_right();
    host_functions_are_ours();
    return failures ? 1 : 0;
}
