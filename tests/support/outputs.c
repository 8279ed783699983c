// SPDX-License-Identifier: MIT
// The outputs of the three batch queries over a set of pairs (see outputs.h).
#include "outputs.h"

#include <stdlib.h>
#include <string.h>

// Every array of the bundle, by element type, for allocation, poisoning and freeing.
#define NF 12
#define NI 4
#define NB 5
static void fields(query_outputs *o, float ***f, int32_t ***i, uint8_t ***b) {
    f[0] = &o->dist, f[1] = &o->sd, f[2] = &o->core, f[3] = &o->ax, f[4] = &o->ay, f[5] = &o->bx;
    f[6] = &o->by, f[7] = &o->nx, f[8] = &o->ny, f[9] = &o->sep, f[10] = &o->snx, f[11] = &o->sny;
    i[0] = &o->fa, i[1] = &o->fb, i[2] = &o->iter, i[3] = &o->oiter;
    b[0] = &o->st, b[1] = &o->ov, b[2] = &o->ost, b[3] = &o->sov, b[4] = &o->sst;
}

/// Room for m elements of `size` bytes, `offset` elements past a 64-byte boundary.
static void *array_at(size_t m, size_t size, int offset) {
    char *p = aligned_alloc(64, ((m + (size_t)offset) * size + 63) / 64 * 64);
    if (!p) abort();
    return p + (size_t)offset * size;
}

void outputs_alloc_at(query_outputs *o, int64_t n, int offset) {
    memset(o, 0, sizeof *o);
    o->n = n;
    o->offset = offset;
    size_t m = (size_t)(n > 0 ? n : 1);
    float **f[NF];
    int32_t **i[NI];
    uint8_t **b[NB];
    fields(o, f, i, b);
    // Poison so that a pair a kernel forgot to write is a visible difference.
    for (int j = 0; j < NF; j++) {
        *f[j] = array_at(m, sizeof(float), offset);
        for (size_t k = 0; k < m; k++) (*f[j])[k] = -12345.0f;
    }
    for (int j = 0; j < NI; j++) {
        *i[j] = array_at(m, sizeof(int32_t), offset);
        for (size_t k = 0; k < m; k++) (*i[j])[k] = -7;
    }
    for (int j = 0; j < NB; j++) {
        *b[j] = array_at(m, 1, offset);
        memset(*b[j], 0xee, m);
    }
}

void outputs_alloc(query_outputs *o, int64_t n) { outputs_alloc_at(o, n, 0); }

void outputs_free(query_outputs *o) {
    float **f[NF];
    int32_t **i[NI];
    uint8_t **b[NB];
    fields(o, f, i, b);
    for (int j = 0; j < NF; j++) free(*f[j] - o->offset);
    for (int j = 0; j < NI; j++) free(*i[j] - o->offset);
    for (int j = 0; j < NB; j++) free(*b[j] - o->offset);
    memset(o, 0, sizeof *o);
}

gjk2d_distance_out outputs_distance(const query_outputs *o) {
    gjk2d_distance_out d = {o->dist, o->sd, o->core, o->ax, o->ay,   o->bx, o->by,
                            o->nx,   o->ny, o->fa,   o->fb, o->iter, o->st};
    return d;
}

gjk2d_overlap_out outputs_overlap(const query_outputs *o) {
    gjk2d_overlap_out v = {o->ov, o->oiter, o->ost};
    return v;
}

gjk2d_sat_out outputs_sat(const query_outputs *o) {
    gjk2d_sat_out s = {o->sov, o->sep, o->snx, o->sny, o->sst};
    return s;
}

int outputs_run_batch(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                      int64_t end, query_outputs *o) {
    gjk2d_distance_out d = outputs_distance(o);
    gjk2d_overlap_out v = outputs_overlap(o);
    gjk2d_sat_out s = outputs_sat(o);
    int rc = gjk2d_batch_distance(shapes, poses, pairs, begin, end, &d);
    if (rc == 0) rc = gjk2d_batch_overlap(shapes, poses, pairs, begin, end, &v);
    if (rc == 0) rc = gjk2d_batch_sat(shapes, poses, pairs, begin, end, &s);
    return rc;
}

int outputs_equal(const query_outputs *a, const query_outputs *b) {
    if (a->n != b->n) return 0;
    size_t m = (size_t)(a->n > 0 ? a->n : 1);
    float **fa[NF], **fb[NF];
    int32_t **ia[NI], **ib[NI];
    uint8_t **ba[NB], **bb[NB];
    fields((query_outputs *)a, fa, ia, ba);
    fields((query_outputs *)b, fb, ib, bb);
    int same = 1;
    for (int j = 0; j < NF; j++) same &= memcmp(*fa[j], *fb[j], m * sizeof(float)) == 0;
    for (int j = 0; j < NI; j++) same &= memcmp(*ia[j], *ib[j], m * sizeof(int32_t)) == 0;
    for (int j = 0; j < NB; j++) same &= memcmp(*ba[j], *bb[j], m) == 0;
    return same;
}

void outputs_fill(query_outputs *o, int byte) {
    size_t m = (size_t)(o->n > 0 ? o->n : 1);
    float **f[NF];
    int32_t **i[NI];
    uint8_t **b[NB];
    fields(o, f, i, b);
    for (int j = 0; j < NF; j++) memset(*f[j], byte, m * sizeof(float));
    for (int j = 0; j < NI; j++) memset(*i[j], byte, m * sizeof(int32_t));
    for (int j = 0; j < NB; j++) memset(*b[j], byte, m);
}

void outputs_copy(query_outputs *dst, const query_outputs *src) {
    size_t m = (size_t)(src->n > 0 ? src->n : 1);
    float **fd[NF], **fs[NF];
    int32_t **id[NI], **is[NI];
    uint8_t **bd[NB], **bs[NB];
    fields(dst, fd, id, bd);
    fields((query_outputs *)src, fs, is, bs);
    for (int j = 0; j < NF; j++) memcpy(*fd[j], *fs[j], m * sizeof(float));
    for (int j = 0; j < NI; j++) memcpy(*id[j], *is[j], m * sizeof(int32_t));
    for (int j = 0; j < NB; j++) memcpy(*bd[j], *bs[j], m);
}
