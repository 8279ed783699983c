// SPDX-License-Identifier: MIT
// The outputs of the three batch queries over a set of pairs (see outputs.h).
#include "outputs.h"

#include <stdlib.h>
#include <string.h>

#define FIELDS_F(X) X(dist) X(sd) X(core) X(ax) X(ay) X(bx) X(by) X(nx) X(ny) X(sep) X(snx) X(sny)
#define FIELDS_I(X) X(fa) X(fb) X(iter) X(oiter)
#define FIELDS_B(X) X(st) X(ov) X(ost) X(sov) X(sst)

void outputs_alloc(query_outputs *o, int64_t n) {
    memset(o, 0, sizeof *o);
    o->n = n;
    size_t m = (size_t)(n > 0 ? n : 1);
#define ALLOC(f)                    \
    o->f = calloc(m, sizeof *o->f); \
    if (!o->f) abort();
    FIELDS_F(ALLOC)
    FIELDS_I(ALLOC) FIELDS_B(ALLOC)
#undef ALLOC
        // Poison so that a pair a kernel forgot to write is a visible difference.
        for (size_t k = 0; k < m; k++) {
#define POISON_F(f) o->f[k] = -12345.0f;
        FIELDS_F(POISON_F)
#undef POISON_F
        o->fa[k] = o->fb[k] = o->iter[k] = o->oiter[k] = -7;
#define POISON_B(f) o->f[k] = 0xee;
        FIELDS_B(POISON_B)
#undef POISON_B
    }
}

void outputs_free(query_outputs *o) {
#define FREE(f) free(o->f);
    FIELDS_F(FREE)
    FIELDS_I(FREE) FIELDS_B(FREE)
#undef FREE
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
