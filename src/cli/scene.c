// SPDX-License-Identifier: MIT
// Scenes in memory: the arrays, their views for the library, and the prepared shape set with the
// report of every invalid shape and bad pose.
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scene_alloc(scene *sc, int32_t shapes, int64_t vertices, int64_t pairs, int with_angle) {
    memset(sc, 0, sizeof *sc);
    size_t ns = (size_t)(shapes > 0 ? shapes : 1), nv = (size_t)(vertices > 0 ? vertices : 1);
    size_t np = (size_t)(pairs > 0 ? pairs : 1);
    sc->vx = malloc(nv * sizeof(float));
    sc->vy = malloc(nv * sizeof(float));
    sc->vertex_cap = (int64_t)nv;
    sc->first = malloc(ns * sizeof(int32_t));
    sc->count = malloc(ns * sizeof(int32_t));
    sc->radius = malloc(ns * sizeof(float));
    sc->px = malloc(ns * sizeof(float));
    sc->py = malloc(ns * sizeof(float));
    sc->c = malloc(ns * sizeof(float));
    sc->s = malloc(ns * sizeof(float));
    sc->angle = with_angle ? malloc(ns * sizeof(float)) : NULL;
    sc->pa = malloc(np * sizeof(int32_t));
    sc->pb = malloc(np * sizeof(int32_t));
    sc->frame_count = 1;
    if (!sc->vx || !sc->vy || !sc->first || !sc->count || !sc->radius || !sc->px || !sc->py || !sc->c || !sc->s ||
        (with_angle && !sc->angle) || !sc->pa || !sc->pb) {
        scene_free(sc);
        return -1;
    }
    return 0;
}

void scene_free(scene *sc) {
    free(sc->vx);
    free(sc->vy);
    free(sc->first);
    free(sc->count);
    free(sc->radius);
    free(sc->px);
    free(sc->py);
    free(sc->c);
    free(sc->s);
    free(sc->angle);
    free(sc->line);
    free(sc->pa);
    free(sc->pb);
    free(sc->shapes_mem);
    free(sc->problems);
    free(sc->pose_problems);
    free(sc->fpx);
    free(sc->fpy);
    free(sc->fc);
    free(sc->fs);
    free(sc->fangle);
    free(sc->frame_line);
    free(sc->point_shape);
    free(sc->qx);
    free(sc->qy);
    free(sc->ray_shape);
    free(sc->rox);
    free(sc->roy);
    free(sc->rdx);
    free(sc->rdy);
    free(sc->rmax);
    memset(sc, 0, sizeof *sc);
}

gjk2d_geometry scene_geometry(const scene *sc) {
    gjk2d_geometry g = {
        .vx = sc->vx,
        .vy = sc->vy,
        .vertex_count = sc->vertex_count,
        .count = sc->count,
        .first = sc->first,
        .radius = sc->radius,
        .shape_count = sc->shape_count,
    };
    return g;
}

gjk2d_poses scene_poses(const scene *sc) {
    gjk2d_poses p = {
        .px = sc->px,
        .py = sc->py,
        .c = sc->c,
        .s = sc->s,
        .count = sc->shape_count,
        .stride = 0,
        .position_type = GJK2D_FLOAT32,
    };
    return p;
}

gjk2d_poses scene_frame_poses(const scene *sc, int32_t f) {
    gjk2d_poses p = scene_poses(sc);
    if (f > 0) {
        size_t at = (size_t)(f - 1) * (size_t)sc->shape_count;
        p.px = sc->fpx + at;
        p.py = sc->fpy + at;
        p.c = sc->fc + at;
        p.s = sc->fs + at;
    }
    return p;
}

gjk2d_sweep scene_sweep(const scene *sc, int32_t f, int32_t i) {
    gjk2d_poses p0 = scene_frame_poses(sc, f), p1 = scene_frame_poses(sc, f + 1);
    double a0 = atan2(p0.s[i], p0.c[i]), a1 = atan2(p1.s[i], p1.c[i]);
    a1 = a0 + remainder(a1 - a0, 2.0 * 3.14159265358979323846);
    gjk2d_sweep sw = {
        .local_center = {0.0f, 0.0f},
        .c0 = {((const float *)p0.px)[i], ((const float *)p0.py)[i]},
        .c1 = {((const float *)p1.px)[i], ((const float *)p1.py)[i]},
        .a0 = (float)a0,
        .a1 = isfinite(a1) ? (float)a1 : NAN,
    };
    return sw;
}

int scene_alloc_frames(scene *sc, int32_t frames, int with_angle) {
    size_t n = (size_t)(frames > 1 ? frames - 1 : 1) * (size_t)(sc->shape_count > 0 ? sc->shape_count : 1);
    sc->fpx = malloc(n * sizeof(float));
    sc->fpy = malloc(n * sizeof(float));
    sc->fc = malloc(n * sizeof(float));
    sc->fs = malloc(n * sizeof(float));
    sc->fangle = with_angle ? malloc(n * sizeof(float)) : NULL;
    if (!sc->fpx || !sc->fpy || !sc->fc || !sc->fs || (with_angle && !sc->fangle)) return -1;
    sc->frame_count = frames;
    return 0;
}

gjk2d_pairs scene_pairs(const scene *sc) {
    gjk2d_pairs pairs = {.a = sc->pa, .b = sc->pb, .count = sc->pair_count};
    return pairs;
}

gjk2d_shape scene_shape(const scene *sc, int32_t i, gjk2d_vec2 *buf) {
    for (int32_t k = 0; k < sc->count[i]; k++) {
        buf[k].x = sc->vx[sc->first[i] + k];
        buf[k].y = sc->vy[sc->first[i] + k];
    }
    gjk2d_shape shape = {.vertices = buf, .count = sc->count[i], .radius = sc->radius[i]};
    return shape;
}

gjk2d_pose scene_pose(const scene *sc, int32_t i) {
    gjk2d_pose pose = {.px = sc->px[i], .py = sc->py[i], .c = sc->c[i], .s = sc->s[i]};
    return pose;
}

// How many invalid shapes are named one by one before the rest are only counted.
#define REPORT_LIMIT 50

// Reports of the problems of a scene: each named up to REPORT_LIMIT times, then only counted.
typedef struct problem_report {
    const char *label, *what; // "invalid shapes", "bad poses"
    int64_t shown;
} problem_report;

static int report_more(problem_report *rep) { return rep->shown++ < REPORT_LIMIT; }

static void report_summary(const problem_report *rep) {
    if (rep->shown > REPORT_LIMIT)
        fprintf(stderr, "%s: ... and %lld more %s (%lld in all)\n", rep->label, (long long)(rep->shown - REPORT_LIMIT),
                rep->what, (long long)rep->shown);
}

// "FILE:LINE: shape i" when the scene was read from a file, else "LABEL: shape i".
static void shape_prefix(const scene *sc, int32_t i, const problem_report *rep) {
    if (sc->line)
        fprintf(stderr, "%s:%lld: shape %d", rep->label, (long long)sc->line[i], i);
    else
        fprintf(stderr, "%s: shape %d", rep->label, i);
}

// Shape i's geometry problem, with the offending vertex named when the problem is about one
// (the prepared set records the reason; the single-shape check also finds the vertex).
static void report_invalid_shape(const scene *sc, int32_t i, problem_report *rep) {
    if (!report_more(rep)) return;
    shape_prefix(sc, i, rep);
    int32_t vertex = scene_invalid_vertex(sc, i);
    if (vertex >= 0)
        fprintf(stderr, " is invalid (vertex %d)", vertex);
    else
        fprintf(stderr, " is invalid");
    fprintf(stderr, ": %s; its pairs get status invalid\n", gjk2d_problem_message((gjk2d_problem)sc->problems[i]));
}

// A number for a message: a NaN prints as "nan" whatever its sign bit (cos of an infinite angle is -nan).
static double shown(float v) { return isnan(v) ? fabs((double)v) : (double)v; }

static void report_bad_pose(const scene *sc, int32_t i, problem_report *rep) {
    if (!report_more(rep)) return;
    shape_prefix(sc, i, rep);
    // The scene gives an angle; the rotation shown is its (cos, sin) as the library sees it.
    fprintf(stderr,
            " has a bad pose (position (%.9g, %.9g), rotation (%.9g, %.9g)): %s; its pairs get status bad-pose\n",
            shown(sc->px[i]), shown(sc->py[i]), shown(sc->c[i]), shown(sc->s[i]),
            gjk2d_problem_message((gjk2d_problem)sc->pose_problems[i]));
}

int32_t scene_invalid_vertex(const scene *sc, int32_t i) {
    int32_t vertex = -1;
    gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    if (sc->count[i] >= 1 && sc->count[i] <= GJK2D_MAX_VERTICES) {
        gjk2d_shape shape = scene_shape(sc, i, v);
        gjk2d_validate_shape(&shape, NULL, &vertex);
    }
    return vertex;
}

// Build the prepared set in memory of our own. Returns the invalid shape count or -1 after reporting.
static int64_t prepare_shapes(scene *sc, const char *label) {
    gjk2d_geometry g = scene_geometry(sc);
    int64_t size = gjk2d_shapes_size(&g), first_bad = -1;
    if (size < 0) {
        cli_error("%s: %s", label, gjk2d_error_message((int)size));
        return -1;
    }
    size_t n = (size_t)(sc->shape_count > 0 ? sc->shape_count : 1);
    sc->shapes_mem = malloc(size > 0 ? (size_t)size : 1);
    sc->problems = malloc(n);
    if (!sc->shapes_mem || !sc->problems) {
        cli_error("%s: out of memory for the prepared shapes (%lld bytes)", label, (long long)size);
        return -1;
    }
    int64_t bad = gjk2d_shapes_prepare(&g, sc->shapes_mem, size, &sc->shapes, sc->problems, &first_bad);
    if (bad < 0) {
        cli_error("%s: shape %lld: %s", label, (long long)first_bad, gjk2d_error_message((int)bad));
        return -1;
    }
    return bad;
}

// Check every pose. Returns the bad pose count or -1 after reporting.
static int64_t check_poses(scene *sc, const char *label) {
    sc->pose_problems = malloc((size_t)(sc->shape_count > 0 ? sc->shape_count : 1));
    if (!sc->pose_problems) {
        cli_error("%s: out of memory", label);
        return -1;
    }
    gjk2d_poses poses = scene_poses(sc);
    int64_t first_bad = -1, bad = gjk2d_check_poses(&poses, sc->pose_problems, &first_bad);
    if (bad < 0) cli_error("%s: poses: %s", label, gjk2d_error_message((int)bad));
    return bad;
}

static void release_prepared(scene *sc) {
    free(sc->shapes_mem);
    free(sc->problems);
    free(sc->pose_problems);
    sc->shapes_mem = NULL;
    sc->shapes = NULL;
    sc->problems = sc->pose_problems = NULL;
    sc->invalid_count = sc->bad_pose_count = 0;
}

int64_t scene_prepare(scene *sc, const char *label) {
    release_prepared(sc);
    int64_t invalid = prepare_shapes(sc, label), bad_poses = invalid < 0 ? -1 : check_poses(sc, label);
    if (invalid < 0 || bad_poses < 0) {
        release_prepared(sc);
        return -1;
    }
    sc->invalid_count = invalid;
    sc->bad_pose_count = bad_poses;
    problem_report shapes = {label, "invalid shapes", 0}, poses = {label, "bad poses", 0};
    for (int32_t i = 0; i < sc->shape_count; i++) {
        if (sc->problems[i] != GJK2D_PROBLEM_NONE) report_invalid_shape(sc, i, &shapes);
        if (sc->pose_problems[i] != GJK2D_PROBLEM_NONE) report_bad_pose(sc, i, &poses);
    }
    report_summary(&shapes);
    report_summary(&poses);
    return invalid + bad_poses;
}

int64_t scene_check_frame(const scene *sc, int32_t f, const char *label) {
    uint8_t *problems = malloc((size_t)(sc->shape_count > 0 ? sc->shape_count : 1));
    if (!problems) {
        cli_error("%s: out of memory", label);
        return -1;
    }
    gjk2d_poses poses = scene_frame_poses(sc, f);
    int64_t first_bad = -1, bad = gjk2d_check_poses(&poses, problems, &first_bad);
    if (bad < 0) cli_error("%s: frame %d poses: %s", label, f, gjk2d_error_message((int)bad));
    problem_report rep = {label, "bad poses", 0};
    for (int32_t i = 0; bad > 0 && i < sc->shape_count; i++) {
        if (problems[i] == GJK2D_PROBLEM_NONE || !report_more(&rep)) continue;
        if (sc->frame_line)
            fprintf(stderr, "%s:%lld: frame %d, shape %d", label, (long long)sc->frame_line[f], f, i);
        else
            fprintf(stderr, "%s: frame %d, shape %d", label, f, i);
        fprintf(stderr,
                " has a bad pose (position (%.9g, %.9g), rotation (%.9g, %.9g)): %s; its pairs get status bad-pose\n",
                shown(((const float *)poses.px)[i]), shown(((const float *)poses.py)[i]), shown(poses.c[i]),
                shown(poses.s[i]), gjk2d_problem_message((gjk2d_problem)problems[i]));
    }
    report_summary(&rep);
    free(problems);
    return bad;
}
