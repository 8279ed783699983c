// SPDX-License-Identifier: MIT
// Scene file writer: the text format of scene.h, numbers in the shortest form that reads back exactly.
#include "scene.h"

#include <math.h>

#include "fmt.h"

void scene_write(const scene *sc, outfile *out, progress *prog) {
    out_printf(out, "gjk2d-scene 1\n");
    out_printf(out, "shapes %d\n", sc->shape_count);
    for (int32_t i = 0; i < sc->shape_count; i++) {
        int32_t n = sc->count[i];
        char *p = out_reserve(out, (size_t)(2 * n + 5) * (FMT_FLOAT_MAX + 1) + 32);
        char *q = p;
        q += fmt_float9(q, sc->px[i]);
        *q++ = ' ';
        q += fmt_float9(q, sc->py[i]);
        *q++ = ' ';
        q += fmt_float9(q, sc->angle ? sc->angle[i] : (float)atan2(sc->s[i], sc->c[i]));
        *q++ = ' ';
        q += fmt_float9(q, sc->radius[i]);
        *q++ = ' ';
        q += fmt_i64(q, n);
        for (int32_t k = 0; k < n; k++) {
            *q++ = ' ';
            q += fmt_float9(q, sc->vx[sc->first[i] + k]);
            *q++ = ' ';
            q += fmt_float9(q, sc->vy[sc->first[i] + k]);
        }
        *q++ = '\n';
        out->len += (size_t)(q - p);
        if (prog && (i & 0xffff) == 0) progress_update(prog, i, sc->shape_count);
    }
    out_printf(out, "pairs %lld\n", (long long)sc->pair_count);
    for (int64_t k = 0; k < sc->pair_count; k++) {
        char *p = out_reserve(out, 48), *q = p;
        q += fmt_i64(q, sc->pa[k]);
        *q++ = ' ';
        q += fmt_i64(q, sc->pb[k]);
        *q++ = '\n';
        out->len += (size_t)(q - p);
    }
    if (sc->point_count > 0) out_printf(out, "points %lld\n", (long long)sc->point_count);
    for (int64_t k = 0; k < sc->point_count; k++) {
        char *p = out_reserve(out, 2 * (FMT_FLOAT_MAX + 1) + 24), *q = p;
        q += fmt_i64(q, sc->point_shape[k]);
        *q++ = ' ';
        q += fmt_float9(q, sc->qx[k]);
        *q++ = ' ';
        q += fmt_float9(q, sc->qy[k]);
        *q++ = '\n';
        out->len += (size_t)(q - p);
    }
    if (sc->ray_count > 0) out_printf(out, "rays %lld\n", (long long)sc->ray_count);
    for (int64_t k = 0; k < sc->ray_count; k++) {
        const float v[5] = {sc->rox[k], sc->roy[k], sc->rdx[k], sc->rdy[k], sc->rmax[k]};
        char *p = out_reserve(out, 5 * (FMT_FLOAT_MAX + 1) + 24), *q = p;
        q += fmt_i64(q, sc->ray_shape[k]);
        for (int i = 0; i < 5; i++) {
            *q++ = ' ';
            q += fmt_float9(q, v[i]);
        }
        *q++ = '\n';
        out->len += (size_t)(q - p);
    }
    if (sc->frame_count <= 1) return;
    out_printf(out, "frames %d\n", sc->frame_count);
    for (int32_t f = 1; f < sc->frame_count; f++) {
        out_printf(out, "frame %d\n", f);
        size_t at = (size_t)(f - 1) * (size_t)sc->shape_count;
        for (int32_t i = 0; i < sc->shape_count; i++) {
            size_t j = at + (size_t)i;
            char *p = out_reserve(out, 3 * (FMT_FLOAT_MAX + 1) + 8), *q = p;
            q += fmt_float9(q, sc->fpx[j]);
            *q++ = ' ';
            q += fmt_float9(q, sc->fpy[j]);
            *q++ = ' ';
            q += fmt_float9(q, sc->fangle ? sc->fangle[j] : (float)atan2(sc->fs[j], sc->fc[j]));
            *q++ = '\n';
            out->len += (size_t)(q - p);
        }
    }
}
