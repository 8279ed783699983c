// A program that only uses the library, run with an unusable GJK2D_ISA (quiet.sh sets GJK2D_ISA=bogus and
// fails if anything at all reaches stdout or stderr): the library never prints. The unknown value is
// reported where the header says, gjk2d_isa_reason(); this program checks that through its exit status
// only (it prints nothing itself on success, so any output is the library's).
#include <math.h>
#include <string.h>

#include "gjk2d.h"

int main(void) {
    int wrong = 0;
    // Every kind of call, bad input included: a batch (the first one reads GJK2D_ISA), errors, invalid
    // shapes and bad poses.
    const float vx[] = {0, 1, 1, 0, 0, 0, 1}, vy[] = {0, 0, 1, 1, 0, 1, 0};
    const int32_t count[] = {4, 3}; // shape 1 is clockwise
    gjk2d_geometry g = {vx, vy, 7, count, NULL, NULL, 2};
    static _Alignas(64) unsigned char memory[1 << 14];
    const gjk2d_shapes *set = NULL;
    wrong |= gjk2d_shapes_prepare(&g, memory, sizeof memory, &set, NULL, NULL) != 1;
    const float px[] = {0, NAN}, py[] = {0, 0}, c[] = {1, 1}, s[] = {0, 0};
    gjk2d_poses poses = {px, py, c, s, 2, 0, GJK2D_FLOAT32};
    const int32_t a[] = {0, 0, 1}, b[] = {0, 1, 0};
    gjk2d_pairs pairs = {a, b, 3};
    float d[3];
    uint8_t st[3];
    gjk2d_distance_out out = {.distance = d, .status = st};
    wrong |= gjk2d_batch_distance(set, &poses, &pairs, 0, 3, &out) != GJK2D_OK;
    wrong |= st[0] != GJK2D_STATUS_OK || d[0] != 0.0f || st[1] == GJK2D_STATUS_OK;
    wrong |= gjk2d_batch_distance(NULL, &poses, &pairs, 0, 3, &out) != GJK2D_ERR_NULL;
    wrong |= gjk2d_batch_distance(set, &poses, &pairs, 2, 1, &out) != GJK2D_ERR_RANGE;
    wrong |= gjk2d_set_isa("bogus") != GJK2D_ERR_ISA;
    gjk2d_distance_result r;
    gjk2d_shape bad = {NULL, 3, 0.0f};
    wrong |= gjk2d_distance(&bad, NULL, &bad, NULL, &r, NULL) != GJK2D_STATUS_INVALID;

    // The ISA chosen anyway is a real one, and the reason names the ignored value.
    const char *isa = gjk2d_isa(), *reason = gjk2d_isa_reason();
    wrong |= isa == NULL || strcmp(isa, "bogus") == 0 || !gjk2d_isa_supported(isa);
    wrong |= reason == NULL || strstr(reason, "bogus") == NULL;
    return wrong ? 1 : 0;
}
