// SPDX-License-Identifier: MIT
// The pictures of 'gjk2d svg', after the demo of Catto's "Computing Distance": both shapes, every
// iteration's simplex numbered, the closest points, the segment between them and the normal, the depth
// and axis of an overlap; or the Minkowski difference with the origin and the simplexes; or the contact
// manifold as in Catto's "Contact Manifolds": reference edge, its side planes, clipped points, their
// separations and the normal.
//
// World coordinates are mapped to pixels here (y flipped so +y is up), so strokes and text have the
// same size in every panel and the document's viewBox stays axis-aligned.
#include "svg_draw.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "hull.h"
#include "runner.h"

typedef struct view {
    double minx, miny, maxx, maxy; // world window
    double ox, oy, k;              // pixel origin of the panel and pixels per unit
    double size;
} view;

// A pixel coordinate for "%.2f": values that would print as "-0.00" print as "0.00".
static double pix(double v) { return fabs(v) < 0.005 ? 0.0 : v; }
// A value for "%g"-style printing: a negative zero prints as 0.
static double nz(double v) { return v == 0.0 ? 0.0 : v; }

static double vx_(const view *v, double x) { return pix(v->ox + (x - v->minx) * v->k); }
static double vy_(const view *v, double y) { return pix(v->oy + (v->maxy - y) * v->k); }

// Colours of the iterations: a hue ramp so the order reads at a glance.
static void iter_color(int i, int n, char *buf, size_t len) {
    double h = n > 1 ? 150.0 + 210.0 * i / (n - 1) : 150.0;
    snprintf(buf, len, "hsl(%.0f,70%%,38%%)", fmod(h, 360.0));
}

typedef struct shape_world {
    int n;
    double x[GJK2D_MAX_VERTICES], y[GJK2D_MAX_VERTICES];
    double r;
} shape_world;

// Shape i at a pose.
static void to_world_at(const scene *sc, int32_t i, gjk2d_pose pose, shape_world *w) {
    double c = pose.c, s = pose.s;
    w->n = sc->count[i];
    w->r = sc->radius[i];
    for (int k = 0; k < w->n; k++) {
        double x = sc->vx[sc->first[i] + k], y = sc->vy[sc->first[i] + k];
        w->x[k] = c * x - s * y + pose.px;
        w->y[k] = s * x + c * y + pose.py;
    }
}

static void to_world(const scene *sc, int32_t i, shape_world *w) { to_world_at(sc, i, scene_pose(sc, i), w); }

// Rounded outline: each edge pushed out by r along its outward normal, joined by arcs around the
// vertices. A point is a circle; a segment's two opposite edges make a stadium.
static void outline_path(outfile *out, const view *v, const double *x, const double *y, int n, double r,
                         const char *attrs) {
    if (r <= 0.0) {
        if (n == 1) {
            out_printf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" %s/>\n", vx_(v, x[0]), vy_(v, y[0]), attrs);
            return;
        }
        out_printf(out, "<polygon %s points=\"", attrs);
        for (int k = 0; k < n; k++) out_printf(out, "%s%.2f,%.2f", k ? " " : "", vx_(v, x[k]), vy_(v, y[k]));
        out_puts(out, "\"/>\n");
        return;
    }
    // Edge normals; zero-length edges have none and are skipped.
    static double nx[GJK2D_MAX_VERTICES], ny[GJK2D_MAX_VERTICES];
    int edges = 0, first = -1;
    for (int k = 0; k < n; k++) {
        int j = (k + 1) % n;
        double ex = x[j] - x[k], ey = y[j] - y[k], len = hypot(ex, ey);
        nx[k] = ny[k] = 0.0;
        if (len > 0.0 && n > 1) {
            nx[k] = ey / len;
            ny[k] = -ex / len;
            edges++;
            if (first < 0) first = k;
        }
    }
    if (edges == 0) {
        out_printf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" %s/>\n", vx_(v, x[0]), vy_(v, y[0]), r * v->k,
                   attrs);
        return;
    }
    double R = r * v->k;
    out_printf(out, "<path %s d=\"M%.2f,%.2f", attrs, vx_(v, x[first] + r * nx[first]),
               vy_(v, y[first] + r * ny[first]));
    int k = first;
    for (int done = 0; done < edges; done++) {
        int j = (k + 1) % n;
        out_printf(out, " L%.2f,%.2f", vx_(v, x[j] + r * nx[k]), vy_(v, y[j] + r * ny[k]));
        int next = j;
        while (nx[next] == 0.0 && ny[next] == 0.0) next = (next + 1) % n;
        // Counter-clockwise in the world is clockwise on the flipped screen: sweep flag 0. The turn of
        // a convex outline is below half a turn, except a segment's exact half turn.
        out_printf(out, " A%.2f,%.2f 0 0 0 %.2f,%.2f", R, R, vx_(v, x[j] + r * nx[next]), vy_(v, y[j] + r * ny[next]));
        k = next;
    }
    out_puts(out, " Z\"/>\n");
}

static void text(outfile *out, double x, double y, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void text(outfile *out, double x, double y, const char *cls, const char *fmt, ...) {
    char buf[512], esc[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    size_t n = 0;
    for (const char *p = buf; *p && n < sizeof esc - 8; p++) {
        const char *rep = *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '&' ? "&amp;" : NULL;
        if (rep) {
            memcpy(esc + n, rep, strlen(rep));
            n += strlen(rep);
        } else {
            esc[n++] = *p;
        }
    }
    esc[n] = 0;
    out_printf(out, "<text x=\"%.2f\" y=\"%.2f\" class=\"%s\">%s</text>\n", pix(x), pix(y), cls, esc);
}

static double nice_step(double span) {
    double raw = span / 6.0, p = pow(10.0, floor(log10(raw))), m = raw / p;
    return p * (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0);
}

// Fit the world box into a square panel with a margin, and draw the panel's grid and tick labels.
static void setup_view(outfile *out, view *v, double minx, double miny, double maxx, double maxy, double ox, double oy,
                       double size) {
    double w = maxx - minx, h = maxy - miny, span = fmax(fmax(w, h), 1e-6);
    double cx = 0.5 * (minx + maxx), cy = 0.5 * (miny + maxy);
    span *= 1.15;
    v->minx = cx - 0.5 * span;
    v->maxx = cx + 0.5 * span;
    v->miny = cy - 0.5 * span;
    v->maxy = cy + 0.5 * span;
    v->size = size;
    v->ox = ox;
    v->oy = oy;
    v->k = size / span;
    out_printf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" class=\"panel\"/>\n", ox, oy, size,
               size);
    double step = nice_step(span);
    out_puts(out, "<g class=\"grid\">\n");
    for (double gx = ceil(v->minx / step) * step; gx <= v->maxx; gx += step) {
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", vx_(v, gx), oy, vx_(v, gx),
                   oy + size);
        text(out, vx_(v, gx) + 2, oy + size - 4, "tick", "%g", fabs(gx) < 1e-9 * step ? 0.0 : gx);
    }
    for (double gy = ceil(v->miny / step) * step; gy <= v->maxy; gy += step) {
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", ox, vy_(v, gy), ox + size,
                   vy_(v, gy));
        text(out, ox + 3, vy_(v, gy) - 3, "tick", "%g", fabs(gy) < 1e-9 * step ? 0.0 : gy);
    }
    out_puts(out, "</g>\n");
}

static void arrow(outfile *out, const view *v, double x0, double y0, double x1, double y1, const char *cls) {
    out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"%s\" marker-end=\"url(#arrow)\"/>\n",
               vx_(v, x0), vy_(v, y0), vx_(v, x1), vy_(v, y1), cls);
}

static void dot(outfile *out, const view *v, double x, double y, double r, const char *cls) {
    out_printf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.1f\" class=\"%s\"/>\n", vx_(v, x), vy_(v, y), r, cls);
}

// The simplex of one iteration as a point, segment or triangle of world points.
static void simplex_shape(outfile *out, const view *v, const gjk2d_vec2 *p, int count, const char *color) {
    if (count == 1) {
        out_printf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"4\" class=\"simplex\" style=\"stroke:%s\"/>\n",
                   vx_(v, p[0].x), vy_(v, p[0].y), color);
        return;
    }
    out_printf(out, "<polygon class=\"simplex\" style=\"stroke:%s\" points=\"", color);
    for (int j = 0; j < count; j++) out_printf(out, "%s%.2f,%.2f", j ? " " : "", vx_(v, p[j].x), vy_(v, p[j].y));
    out_puts(out, "\"/>\n");
}

// Iteration numbers of one panel. Iterations that share a simplex vertex or repeat a simplex would put
// their numbers on top of each other: labels whose boxes touch are merged into one ("2,3,5").
#define LABEL_CHARS 40
typedef struct iter_label {
    double x, y; // pixel anchor: the text's centre, baseline
    char text[LABEL_CHARS];
    char color[32];
} iter_label;

typedef struct label_set {
    iter_label *items;
    int n, cap;
} label_set;

// The box of a label (12px bold digits, about 7.5 px wide each, and a margin of 2 px).
static void label_box(const iter_label *l, double box[4]) {
    double half = 0.5 * 7.5 * (double)strlen(l->text) + 2.0;
    box[0] = l->x - half;
    box[1] = l->x + half;
    box[2] = l->y - 12.0 - 2.0;
    box[3] = l->y + 2.0;
}

static int labels_touch(const iter_label *p, const iter_label *q) {
    double a[4], b[4];
    label_box(p, a);
    label_box(q, b);
    return a[0] < b[1] && b[0] < a[1] && a[2] < b[3] && b[2] < a[3];
}

static void label_add(label_set *set, const view *v, const gjk2d_vec2 *p, int count, int number, const char *color) {
    if (set->n == set->cap) return;
    double cx = 0, cy = 0;
    for (int j = 0; j < count; j++) {
        cx += (double)p[j].x / count;
        cy += (double)p[j].y / count;
    }
    iter_label *l = &set->items[set->n++];
    l->x = vx_(v, cx);
    l->y = vy_(v, cy) - 6.0;
    snprintf(l->text, sizeof l->text, "%d", number);
    snprintf(l->color, sizeof l->color, "%s", color);
}

// Merge touching labels until none touch (a merged label is wider and may touch another), then write.
static void labels_write(outfile *out, label_set *set) {
    for (int merged = 1; merged;) {
        merged = 0;
        for (int i = 0; i < set->n && !merged; i++)
            for (int j = i + 1; j < set->n && !merged; j++) {
                if (!labels_touch(&set->items[i], &set->items[j])) continue;
                iter_label *l = &set->items[i];
                const char *more = set->items[j].text;
                size_t len = strlen(l->text), m = strlen(more);
                if (len + 1 + m < sizeof l->text) {
                    l->text[len] = ',';
                    memcpy(l->text + len + 1, more, m + 1);
                } else if (len + 4 < sizeof l->text && !(len >= 3 && strcmp(l->text + len - 3, "...") == 0))
                    strcpy(l->text + len, ",..."); // too many to list: the colours still tell them apart
                set->items[j] = set->items[--set->n];
                merged = 1;
            }
    }
    for (int i = 0; i < set->n; i++)
        out_printf(out, "<text x=\"%.2f\" y=\"%.2f\" class=\"iter\" style=\"fill:%s\">%s</text>\n",
                   pix(set->items[i].x), pix(set->items[i].y), set->items[i].color, set->items[i].text);
}

// Why pair (ia, ib) cannot be computed: each invalid shape or bad pose of A and B, as scene_prepare
// found them. Returns 0 when both shapes and poses are fine.
static int pair_problem(const scene *sc, int32_t ia, int32_t ib, char *buf, size_t len) {
    int32_t ids[2] = {ia, ib};
    size_t used = 0;
    buf[0] = 0;
    for (int j = 0; j < 2; j++) {
        int32_t i = ids[j];
        const char *sep = used ? "; " : "";
        char which[48];
        snprintf(which, sizeof which, "shape %s (%d)", j ? "B" : "A", i);
        int n = 0;
        if (sc->problems[i] != GJK2D_PROBLEM_NONE) {
            int32_t vertex = scene_invalid_vertex(sc, i);
            char at[32] = "";
            if (vertex >= 0) snprintf(at, sizeof at, " (vertex %d)", vertex);
            n = snprintf(buf + used, len - used, "%s%s is invalid%s: %s", sep, which, at,
                         gjk2d_problem_message((gjk2d_problem)sc->problems[i]));
        } else if (sc->pose_problems[i] != GJK2D_PROBLEM_NONE) {
            n = snprintf(buf + used, len - used, "%s%s has a bad pose: %s", sep, which,
                         gjk2d_problem_message((gjk2d_problem)sc->pose_problems[i]));
        }
        if (n > 0) used += (size_t)n < len - used ? (size_t)n : len - used - 1;
        if (ia == ib) break;
    }
    return used > 0;
}

// One pair's answers: GJK distance with its trace, and SAT for the depth and axis of an overlap.
typedef struct pair_answer {
    shape_world A, B;
    gjk2d_simplex_record *rec;
    gjk2d_trace trace;
    gjk2d_distance_result res;
    gjk2d_sat_result sat;
    gjk2d_manifold_result manifold;
    int valid, iters;
    char problem[512];
} pair_answer;

static void pair_answer_compute(const scene *sc, int64_t pair, float margin, pair_answer *p) {
    static gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    int32_t ia = sc->pa[pair], ib = sc->pb[pair];
    to_world(sc, ia, &p->A);
    to_world(sc, ib, &p->B);
    gjk2d_shape sa = scene_shape(sc, ia, va), sb = scene_shape(sc, ib, vb);
    gjk2d_pose pa = scene_pose(sc, ia), pb = scene_pose(sc, ib);
    int cap = GJK2D_ITERATION_CAP(sa.count, sb.count);
    p->rec = calloc((size_t)cap, sizeof *p->rec);
    p->trace = (gjk2d_trace){p->rec, p->rec ? cap : 0, 0, 0};
    memset(&p->res, 0, sizeof p->res);
    memset(&p->sat, 0, sizeof p->sat);
    p->valid = !pair_problem(sc, ia, ib, p->problem, sizeof p->problem);
    if (p->valid) {
        gjk2d_distance(&sa, &pa, &sb, &pb, &p->res, &p->trace);
        gjk2d_sat(&sa, &pa, &sb, &pb, &p->sat);
        gjk2d_manifold(&sa, &pa, &sb, &pb, margin, &p->manifold);
    }
    p->iters = p->valid ? p->trace.count : 0;
}

// Whether the pair overlaps with a depth to show: SAT's separation is negative.
static int penetrates(const pair_answer *p) {
    return p->valid && p->sat.separation < 0.0f && (p->sat.normal.x != 0.0f || p->sat.normal.y != 0.0f);
}

static void widen(double *minx, double *miny, double *maxx, double *maxy, const shape_world *w) {
    for (int k = 0; k < w->n; k++) {
        *minx = fmin(*minx, w->x[k] - w->r), *maxx = fmax(*maxx, w->x[k] + w->r);
        *miny = fmin(*miny, w->y[k] - w->r), *maxy = fmax(*maxy, w->y[k] + w->r);
    }
}

// The simplexes of every iteration on A and on B, each joined by its closest-point segment.
static void draw_world_simplexes(outfile *out, const view *v, const pair_answer *p, label_set *labels) {
    char color[64];
    out_puts(out, "<g class=\"simplexes\">\n");
    for (int i = 0; i < p->iters; i++) {
        const gjk2d_simplex_record *s = &p->rec[i];
        iter_color(i, p->iters, color, sizeof color);
        simplex_shape(out, v, s->point_a, s->count, color);
        simplex_shape(out, v, s->point_b, s->count, color);
        // This iteration's closest points on A and B: the simplex weights applied to each side.
        double cax = 0, cay = 0, cbx = 0, cby = 0;
        for (int j = 0; j < s->count; j++) {
            cax += s->weight[j] * s->point_a[j].x;
            cay += s->weight[j] * s->point_a[j].y;
            cbx += s->weight[j] * s->point_b[j].x;
            cby += s->weight[j] * s->point_b[j].y;
        }
        out_printf(out,
                   "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"iter-link\" style=\"stroke:%s\"/>\n",
                   vx_(v, cax), vy_(v, cay), vx_(v, cbx), vy_(v, cby), color);
        label_add(labels, v, s->point_a, s->count, i + 1, color);
        label_add(labels, v, s->point_b, s->count, i + 1, color);
    }
    labels_write(out, labels);
    out_puts(out, "</g>\n");
}

// A view framing both shapes in world frame, and the shapes in it: outlines, cores of rounded shapes,
// vertex numbers.
static void draw_shapes_view(outfile *out, const pair_answer *p, double ox, double oy, double size, view *v) {
    const shape_world *A = &p->A, *B = &p->B;
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    widen(&minx, &miny, &maxx, &maxy, A);
    widen(&minx, &miny, &maxx, &maxy, B);
    setup_view(out, v, minx, miny, maxx, maxy, ox, oy, size);
    outline_path(out, v, A->x, A->y, A->n, A->r, "class=\"shape-a\"");
    outline_path(out, v, B->x, B->y, B->n, B->r, "class=\"shape-b\"");
    if (A->r > 0.0 && A->n > 1) outline_path(out, v, A->x, A->y, A->n, 0.0, "class=\"core-a\"");
    if (B->r > 0.0 && B->n > 1) outline_path(out, v, B->x, B->y, B->n, 0.0, "class=\"core-b\"");
    for (int k = 0; k < A->n; k++) text(out, vx_(v, A->x[k]) + 4, vy_(v, A->y[k]) - 4, "vert-a", "a%d", k);
    for (int k = 0; k < B->n; k++) text(out, vx_(v, B->x[k]) + 4, vy_(v, B->y[k]) - 4, "vert-b", "b%d", k);
}

// Both shapes in world frame, their simplexes, the closest points and normal, or for a penetrating
// pair the minimum translation of B (SAT's depth along its axis).
static void draw_world_view(outfile *out, const pair_answer *p, double ox, double oy, double size, label_set *labels) {
    view v;
    draw_shapes_view(out, p, ox, oy, size, &v);
    draw_world_simplexes(out, &v, p, labels);
    if (!p->valid) return;
    const gjk2d_distance_result *r = &p->res;
    double ax = r->point_a.x, ay = r->point_a.y, bx = r->point_b.x, by = r->point_b.y;
    out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"closest\"/>\n", vx_(&v, ax),
               vy_(&v, ay), vx_(&v, bx), vy_(&v, by));
    dot(out, &v, ax, ay, 4.5, "point-a");
    dot(out, &v, bx, by, 4.5, "point-b");
    if (r->normal.x != 0.0f || r->normal.y != 0.0f) {
        double len = 0.12 * (v.maxx - v.minx);
        arrow(out, &v, ax, ay, ax + len * r->normal.x, ay + len * r->normal.y, "normal");
    }
    if (penetrates(p)) {
        // Moving B by depth along the axis separates the shapes: drawn from B's witness point.
        double d = -(double)p->sat.separation;
        arrow(out, &v, bx, by, bx + d * p->sat.normal.x, by + d * p->sat.normal.y, "depth");
    }
}

// The Minkowski difference B - A of the cores (hull of every b_j - a_i, in world frame), rounded by
// ra + rb, the origin, each iteration's simplex and the closest point to the origin.
static void draw_minkowski_view(outfile *out, const pair_answer *p, double ox, double oy, double size,
                                label_set *labels) {
    const shape_world *A = &p->A, *B = &p->B;
    int n = A->n * B->n;
    double *mx = malloc(sizeof(double) * (size_t)n), *my = malloc(sizeof(double) * (size_t)n);
    int *idx = malloc(sizeof(int) * (size_t)(2 * n + 1)), *tmp = malloc(sizeof(int) * (size_t)n);
    int h = 0;
    if (mx && my && idx && tmp) {
        for (int i = 0; i < A->n; i++)
            for (int j = 0; j < B->n; j++) {
                mx[i * B->n + j] = B->x[j] - A->x[i];
                my[i * B->n + j] = B->y[j] - A->y[i];
            }
        h = convex_hull(mx, my, n, idx, tmp);
    }
    double r = A->r + B->r;
    double minx = -r, miny = -r, maxx = r, maxy = r; // the origin is always in view
    for (int k = 0; k < h; k++) {
        minx = fmin(minx, mx[idx[k]] - r), maxx = fmax(maxx, mx[idx[k]] + r);
        miny = fmin(miny, my[idx[k]] - r), maxy = fmax(maxy, my[idx[k]] + r);
    }
    view v;
    setup_view(out, &v, minx, miny, maxx, maxy, ox, oy, size);
    static double hx[2 * GJK2D_MAX_VERTICES], hy[2 * GJK2D_MAX_VERTICES];
    int hn = h < 2 * GJK2D_MAX_VERTICES ? h : 2 * GJK2D_MAX_VERTICES;
    for (int k = 0; k < hn; k++) {
        hx[k] = mx[idx[k]];
        hy[k] = my[idx[k]];
    }
    free(mx);
    free(my);
    free(idx);
    free(tmp);
    if (hn > 0) {
        outline_path(out, &v, hx, hy, hn, r, "class=\"minkowski\"");
        if (r > 0.0 && hn > 1) outline_path(out, &v, hx, hy, hn, 0.0, "class=\"core-m\"");
    }
    // Axes through the origin, and the origin itself.
    out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"axis\"/>\n", ox, vy_(&v, 0),
               ox + size, vy_(&v, 0));
    out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"axis\"/>\n", vx_(&v, 0), oy,
               vx_(&v, 0), oy + size);
    char color[64];
    out_puts(out, "<g class=\"simplexes\">\n");
    for (int i = 0; i < p->iters; i++) {
        const gjk2d_simplex_record *s = &p->rec[i];
        iter_color(i, p->iters, color, sizeof color);
        simplex_shape(out, &v, s->w, s->count, color);
        out_printf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\" style=\"fill:%s\"/>\n", vx_(&v, s->closest.x),
                   vy_(&v, s->closest.y), color);
        label_add(labels, &v, s->w, s->count, i + 1, color);
    }
    labels_write(out, labels);
    out_puts(out, "</g>\n");
    dot(out, &v, 0, 0, 4.5, "origin");
    text(out, vx_(&v, 0) - 14, vy_(&v, 0) + 16, "label", "O");
    if (!p->valid) return;
    // The closest point of the cores' B - A to the origin: core distance along the normal (the origin
    // itself when the cores overlap).
    if (p->res.core_distance > 0.0f) {
        double cx = (double)p->res.core_distance * p->res.normal.x, cy = (double)p->res.core_distance * p->res.normal.y;
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"closest\"/>\n", vx_(&v, 0),
                   vy_(&v, 0), vx_(&v, cx), vy_(&v, cy));
        dot(out, &v, cx, cy, 4.5, "point-m");
    }
    if (penetrates(p)) {
        // The boundary point of the rounded difference nearest the origin: separation along the axis.
        double s = (double)p->sat.separation;
        arrow(out, &v, 0, 0, s * p->sat.normal.x, s * p->sat.normal.y, "depth");
    }
}

// Whether the manifold is a face contact (clipping against a reference edge): some point's id holds an
// edge. A vertex contact's ids are (vertex, vertex).
static int face_contact(const gjk2d_manifold_result *m) {
    for (int i = 0; i < m->count; i++)
        if (GJK2D_FEATURE_IS_EDGE(GJK2D_CONTACT_FEATURE_A(m->points[i].id)) ||
            GJK2D_FEATURE_IS_EDGE(GJK2D_CONTACT_FEATURE_B(m->points[i].id)))
            return 1;
    return 0;
}

// The reference edge: the edge of the reference shape whose outward normal is the manifold's (A's) or
// its opposite (B's). Returns its first vertex, or -1 (no edge).
static int reference_edge(const shape_world *w, double nx, double ny) {
    int best = -1;
    double best_dot = -INFINITY;
    for (int k = 0; w->n >= 2 && k < w->n; k++) {
        int j = (k + 1) % w->n;
        double ex = w->x[j] - w->x[k], ey = w->y[j] - w->y[k], len = hypot(ex, ey);
        if (len <= 0.0) continue;
        double d = (ey * nx - ex * ny) / len; // outward normal (ey, -ex) of a counter-clockwise outline
        if (d > best_dot) best_dot = d, best = k;
    }
    return best;
}

// The manifold over both shapes: the reference edge (thick) with its side planes (the clip lines,
// dashed, along the normal), each contact point with its separation drawn as the gap along the normal
// between the two surfaces and its number, and the normal from the reference edge's middle.
static void draw_manifold_view(outfile *out, const pair_answer *p, double ox, double oy, double size) {
    view v;
    draw_shapes_view(out, p, ox, oy, size, &v);
    if (!p->valid) return;
    const gjk2d_manifold_result *m = &p->manifold;
    double nx = m->normal.x, ny = m->normal.y, span = v.maxx - v.minx;
    double mx = 0, my = 0; // where the normal starts: the reference edge's middle, else the points' mean
    out_puts(out, "<g class=\"manifold\">\n");
    const shape_world *ref = m->reference ? &p->B : &p->A;
    int e = face_contact(m) ? reference_edge(ref, m->reference ? -nx : nx, m->reference ? -ny : ny) : -1;
    if (e >= 0) {
        int j = (e + 1) % ref->n;
        double x0 = ref->x[e], y0 = ref->y[e], x1 = ref->x[j], y1 = ref->y[j];
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"ref-edge\"/>\n", vx_(&v, x0),
                   vy_(&v, y0), vx_(&v, x1), vy_(&v, y1));
        double c = 0.3 * span;
        for (int k = 0; k < 2; k++) {
            double x = k ? x1 : x0, y = k ? y1 : y0;
            out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"clip\"/>\n",
                       vx_(&v, x - c * nx), vy_(&v, y - c * ny), vx_(&v, x + c * nx), vy_(&v, y + c * ny));
        }
        mx = 0.5 * (x0 + x1), my = 0.5 * (y0 + y1);
    }
    for (int i = 0; i < m->count; i++) {
        const gjk2d_contact_point *cp = &m->points[i];
        double h = 0.5 * cp->separation, x = cp->point.x, y = cp->point.y;
        // The point is midway between the surfaces: they lie half the separation behind and ahead of it.
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"separation\"/>\n",
                   vx_(&v, x - h * nx), vy_(&v, y - h * ny), vx_(&v, x + h * nx), vy_(&v, y + h * ny));
        dot(out, &v, x, y, 4.5, "contact");
        text(out, vx_(&v, x) + 7, vy_(&v, y) + 14, "label", "%d", i + 1);
        if (e < 0) mx += x / m->count, my += y / m->count;
    }
    if (e < 0 && m->count == 0) // nothing within the margin: the normal from the middle of the closest points
        mx = 0.5 * (p->res.point_a.x + p->res.point_b.x), my = 0.5 * (p->res.point_a.y + p->res.point_b.y);
    arrow(out, &v, mx, my, mx + 0.12 * span * nx, my + 0.12 * span * ny, "normal");
    out_puts(out, "</g>\n");
}

// The time of impact of pair k from frame f to f + 1: both shapes at the start (faint) and at the end
// (dashed), the path of each origin, the shapes at the time of impact (solid), the contact there (the
// middle of the closest points) and the normal.
typedef struct toi_answer {
    gjk2d_toi_result toi;
    gjk2d_distance_result at; // the distance query at the time of impact's poses
} toi_answer;

static void toi_compute(const scene *sc, int64_t pair, int32_t f, toi_answer *t, shape_world w[3][2]) {
    static gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    int32_t ids[2] = {sc->pa[pair], sc->pb[pair]};
    gjk2d_sweep sw[2] = {scene_sweep(sc, f, ids[0]), scene_sweep(sc, f, ids[1])};
    gjk2d_shape sa = scene_shape(sc, ids[0], va), sb = scene_shape(sc, ids[1], vb);
    gjk2d_time_of_impact(&sa, &sw[0], &sb, &sw[1], TOI_DEFAULT_TARGET, TOI_DEFAULT_TOLERANCE, &t->toi);
    float tt = isfinite(t->toi.t) ? t->toi.t : 0.0f;
    gjk2d_pose at[2] = {gjk2d_sweep_pose(&sw[0], tt), gjk2d_sweep_pose(&sw[1], tt)};
    gjk2d_distance(&sa, &at[0], &sb, &at[1], &t->at, NULL);
    for (int j = 0; j < 2; j++) {
        to_world_at(sc, ids[j], gjk2d_sweep_pose(&sw[j], 0.0f), &w[0][j]);
        to_world_at(sc, ids[j], gjk2d_sweep_pose(&sw[j], 1.0f), &w[1][j]);
        to_world_at(sc, ids[j], at[j], &w[2][j]);
    }
}

static void draw_toi_view(outfile *out, const scene *sc, int64_t pair, const pair_answer *p, int32_t f, toi_answer *t,
                          double ox, double oy, double size) {
    static shape_world w[3][2]; // start, end, time of impact; A, B
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    if (p->valid)
        toi_compute(sc, pair, f, t, w);
    else
        w[0][0] = p->A, w[0][1] = p->B;
    for (int k = 0; k < (p->valid ? 2 : 1); k++)
        for (int j = 0; j < 2; j++) widen(&minx, &miny, &maxx, &maxy, &w[k][j]);
    view v;
    setup_view(out, &v, minx, miny, maxx, maxy, ox, oy, size);
    const char *start[2] = {"class=\"sweep-start-a\"", "class=\"sweep-start-b\""};
    for (int j = 0; j < 2; j++) outline_path(out, &v, w[0][j].x, w[0][j].y, w[0][j].n, w[0][j].r, start[j]);
    if (!p->valid) return;
    const char *end[2] = {"class=\"sweep-end-a\"", "class=\"sweep-end-b\""};
    const char *hit[2] = {"class=\"shape-a\"", "class=\"shape-b\""};
    for (int j = 0; j < 2; j++) {
        gjk2d_sweep sw = scene_sweep(sc, f, j ? sc->pb[pair] : sc->pa[pair]);
        out_printf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"path\"/>\n", vx_(&v, sw.c0.x),
                   vy_(&v, sw.c0.y), vx_(&v, sw.c1.x), vy_(&v, sw.c1.y));
        outline_path(out, &v, w[1][j].x, w[1][j].y, w[1][j].n, w[1][j].r, end[j]);
        outline_path(out, &v, w[2][j].x, w[2][j].y, w[2][j].n, w[2][j].r, hit[j]);
    }
    const gjk2d_distance_result *d = &t->at;
    if (t->toi.state == GJK2D_TOI_HIT || t->toi.state == GJK2D_TOI_FAILED) {
        double cx = 0.5 * ((double)d->point_a.x + d->point_b.x), cy = 0.5 * ((double)d->point_a.y + d->point_b.y);
        dot(out, &v, cx, cy, 4.5, "contact");
        if (d->normal.x != 0.0f || d->normal.y != 0.0f) {
            double len = 0.12 * (v.maxx - v.minx);
            arrow(out, &v, cx, cy, cx + len * d->normal.x, cy + len * d->normal.y, "normal");
        }
    }
}

static void draw_toi_caption(outfile *out, const toi_answer *t, int32_t f, double x, double y) {
    text(out, x, y, "info", "time of impact, frame %d to %d: %s, t %.6g, separation %.6g, %d iterations, status %s", f,
         f + 1, gjk2d_toi_state_name(t->toi.state), nz(t->toi.t), nz(t->toi.separation), t->toi.iterations,
         gjk2d_status_name(t->toi.status));
    if (t->toi.state == GJK2D_TOI_HIT || t->toi.state == GJK2D_TOI_FAILED)
        text(out, x, y + 18, "info", "contact (%.6g, %.6g), normal (%.4g, %.4g); target %g, tolerance %g (Box2D's)",
             nz(0.5 * ((double)t->at.point_a.x + t->at.point_b.x)),
             nz(0.5 * ((double)t->at.point_a.y + t->at.point_b.y)), nz(t->at.normal.x), nz(t->at.normal.y),
             (double)TOI_DEFAULT_TARGET, (double)TOI_DEFAULT_TOLERANCE);
}

// The manifold's numbers under the panel.
static void draw_manifold_caption(outfile *out, const pair_answer *p, double x, double y) {
    const gjk2d_manifold_result *m = &p->manifold;
    text(out, x, y, "info", "manifold: %d point%s, normal (%.4g, %.4g), %s, status %s", m->count,
         m->count == 1 ? "" : "s", nz(m->normal.x), nz(m->normal.y),
         m->count == 0     ? "nothing within the margin"
         : face_contact(m) ? (m->reference ? "reference face on B" : "reference face on A")
                           : "vertex contact",
         gjk2d_status_name(m->status));
    for (int i = 0; i < m->count; i++) {
        const gjk2d_contact_point *cp = &m->points[i];
        char fa[16], fb[16];
        fa[format_feature(fa, GJK2D_CONTACT_FEATURE_A(cp->id))] = 0;
        fb[format_feature(fb, GJK2D_CONTACT_FEATURE_B(cp->id))] = 0;
        text(out, x, y + 18 * (i + 1), "info", "%d: (%.6g, %.6g), separation %.6g, id %s:%s", i + 1, nz(cp->point.x),
             nz(cp->point.y), nz(cp->separation), fa, fb);
    }
}

// The numbers under the panel.
static void draw_caption(outfile *out, const pair_answer *p, svg_view view, double x, double y) {
    if (!p->valid) {
        text(out, x, y, "info", "not computed: %s", p->problem);
        return;
    }
    if (view == SVG_MANIFOLD) {
        draw_manifold_caption(out, p, x, y);
        return;
    }
    const gjk2d_distance_result *r = &p->res;
    char fa[16], fb[16];
    fa[format_feature(fa, r->feature_a)] = 0;
    fb[format_feature(fb, r->feature_b)] = 0;
    text(out, x, y, "info",
         "distance %.6g (signed %.6g), core %.6g, features %s / %s, %d iterations, end %s, status %s", nz(r->distance),
         nz(r->signed_distance), nz(r->core_distance), fa, fb, r->iterations, gjk2d_end_name(r->end),
         gjk2d_status_name(r->status));
    text(out, x, y + 18, "info", "pA (%.6g, %.6g)  pB (%.6g, %.6g)  n (%.4g, %.4g)%s", nz(r->point_a.x),
         nz(r->point_a.y), nz(r->point_b.x), nz(r->point_b.y), nz(r->normal.x), nz(r->normal.y),
         p->trace.total > p->trace.count ? " (trace truncated)" : "");
    if (penetrates(p))
        text(out, x, y + 36, "info", "overlap: penetration depth %.6g along the SAT axis (%.4g, %.4g), A to B",
             -(double)p->sat.separation, nz(p->sat.normal.x), nz(p->sat.normal.y));
}

void svg_draw_pair(outfile *out, const scene *sc, int64_t pair, const svg_params *params, double ox, double oy,
                   double size) {
    svg_view view = params->view;
    int minkowski = view == SVG_MINKOWSKI;
    toi_answer toi;
    memset(&toi, 0, sizeof toi);
    pair_answer *p = calloc(1, sizeof *p);
    if (!p) {
        out->failed = 1;
        return;
    }
    pair_answer_compute(sc, pair, params->margin, p);
    label_set labels = {calloc((size_t)(2 * p->iters + 1), sizeof(iter_label)), 0, 2 * p->iters};
    out_printf(out, "<g id=\"pair-%lld\">\n", (long long)pair);
    text(out, ox + 6, oy - 8, "title", "pair %lld: shapes %d (A) and %d (B)%s", (long long)pair, sc->pa[pair],
         sc->pb[pair],
         minkowski              ? ", Minkowski difference B - A"
         : view == SVG_MANIFOLD ? ", contact manifold"
         : view == SVG_TOI      ? ", time of impact"
                                : "");
    if (view == SVG_TOI)
        draw_toi_view(out, sc, pair, p, params->frame, &toi, ox, oy, size);
    else if (minkowski)
        draw_minkowski_view(out, p, ox, oy, size, &labels);
    else if (view == SVG_MANIFOLD)
        draw_manifold_view(out, p, ox, oy, size);
    else
        draw_world_view(out, p, ox, oy, size, &labels);
    if (view == SVG_TOI && p->valid)
        draw_toi_caption(out, &toi, params->frame, ox + 6, oy + size + 18);
    else
        draw_caption(out, p, view, ox + 6, oy + size + 18);
    out_puts(out, "</g>\n");
    free(labels.items);
    free(p->rec);
    free(p);
}

// Legend rows: a swatch at x 0..22 and its label at x 30, on the baseline yy.
static void legend_box(outfile *out, double yy, const char *cls, const char *label) {
    out_printf(out, "<rect x=\"0\" y=\"%.0f\" width=\"22\" height=\"14\" class=\"%s\"/>\n", yy - 11, cls);
    text(out, 30, yy, "label", "%s", label);
}

static void legend_line(outfile *out, double yy, const char *cls, int arrow, const char *label) {
    out_printf(out, "<line x1=\"0\" y1=\"%.0f\" x2=\"22\" y2=\"%.0f\" class=\"%s\"%s/>\n", yy - 4, yy - 4, cls,
               arrow ? " marker-end=\"url(#arrow)\"" : "");
    text(out, 30, yy, "label", "%s", label);
}

static void legend_dot(outfile *out, double yy, const char *cls, const char *label) {
    out_printf(out, "<circle cx=\"11\" cy=\"%.0f\" r=\"4\" class=\"%s\"/>\n", yy - 4, cls);
    text(out, 30, yy, "label", "%s", label);
}

static void legend_simplex(outfile *out, double yy, const char *label) {
    out_printf(out,
               "<polygon points=\"0,%.0f 22,%.0f 11,%.0f\" class=\"simplex\" style=\"stroke:hsl(150,70%%,38%%)\"/>\n",
               yy, yy, yy - 14);
    text(out, 30, yy, "label", "%s", label);
}

// The manifold view's legend rows, from yy.
static void manifold_legend(outfile *out, double yy, double row) {
    legend_box(out, yy, "shape-a", "shape A (a0, a1, ... its vertices)");
    legend_box(out, yy += row, "shape-b", "shape B (b0, b1, ...)");
    legend_line(out, yy += row, "ref-edge", 0, "reference edge");
    legend_line(out, yy += row, "clip", 0, "its side planes (clip lines)");
    legend_dot(out, yy += row, "contact", "contact point k, midway between");
    text(out, 30, yy += 18, "label", "the surfaces, numbered");
    legend_line(out, yy += row, "separation", 0, "separation: the gap along the normal");
    legend_line(out, yy += row, "normal", 1, "normal, A to B");
}

// The time of impact view's legend rows, from yy.
static void toi_legend(outfile *out, double yy, double row) {
    legend_box(out, yy, "sweep-start-a", "A, B at the start (frame f)");
    legend_box(out, yy += row, "sweep-end-a", "at the end (frame f + 1)");
    legend_box(out, yy += row, "shape-a", "at the time of impact");
    legend_line(out, yy += row, "path", 0, "path of each shape's origin");
    legend_dot(out, yy += row, "contact", "contact at the time of impact");
    legend_line(out, yy += row, "normal", 1, "normal, A to B");
}

// The world view's legend rows, from yy.
static void world_legend(outfile *out, double yy, double row) {
    legend_box(out, yy, "shape-a", "shape A (a0, a1, ... its vertices)");
    legend_box(out, yy += row, "shape-b", "shape B (b0, b1, ...)");
    legend_line(out, yy += row, "core-a", 0, "core (when rounded by a radius)");
    yy += row;
    out_printf(out, "<line x1=\"0\" y1=\"%.0f\" x2=\"22\" y2=\"%.0f\" class=\"closest\"/>\n", yy - 4, yy - 4);
    out_printf(out, "<circle cx=\"0\" cy=\"%.0f\" r=\"4\" class=\"point-a\"/>\n", yy - 4);
    out_printf(out, "<circle cx=\"22\" cy=\"%.0f\" r=\"4\" class=\"point-b\"/>\n", yy - 4);
    text(out, 30, yy, "label", "closest points pA, pB and their segment");
    legend_line(out, yy += row, "normal", 1, "normal, A to B");
    legend_line(out, yy += row, "depth", 1, "overlap: B moved by the depth (SAT)");
    legend_simplex(out, yy += row, "GJK simplex of iteration k (on A and");
    text(out, 30, yy += 18, "label", "on B), numbered, first green to last");
    text(out, 30, yy += 18, "label", "purple; thin line: its closest points");
}

// The Minkowski view's legend rows, from yy.
static void minkowski_legend(outfile *out, double yy, double row) {
    legend_box(out, yy, "minkowski", "Minkowski difference B - A");
    text(out, 30, yy += 18, "label", "(hull of b_j - a_i, rounded by ra + rb)");
    legend_dot(out, yy += row, "origin", "origin O (overlap when inside)");
    legend_line(out, yy += row, "closest", 0, "closest point to O (= pB - pA)");
    legend_line(out, yy += row, "depth", 1, "overlap: nearest boundary point (SAT)");
    legend_simplex(out, yy += row, "simplex of iteration k, numbered;");
    text(out, 30, yy += 18, "label", "dot: its closest point to O");
}

void svg_legend(outfile *out, double x, double y, svg_view view) {
    out_printf(out, "<g class=\"legend\" transform=\"translate(%.2f,%.2f)\">\n", x, y);
    text(out, 0, 0, "title", "legend");
    const double row = 24, yy = 22;
    if (view == SVG_TOI)
        toi_legend(out, yy, row);
    else if (view == SVG_MANIFOLD)
        manifold_legend(out, yy, row);
    else if (view == SVG_WORLD)
        world_legend(out, yy, row);
    else
        minkowski_legend(out, yy, row);
    out_puts(out, "</g>\n");
}

const char svg_style[] =
    "<style>\n"
    "text { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; font-size: 13px; fill: #222; }\n"
    ".title { font-size: 15px; font-weight: bold; }\n"
    ".tick { font-size: 10px; fill: #888; }\n"
    ".info { font-size: 12px; fill: #333; }\n"
    ".iter { font-size: 12px; font-weight: bold; }\n"
    ".vert-a { font-size: 10px; fill: #2f5f9f; }\n"
    ".vert-b { font-size: 10px; fill: #a35a12; }\n"
    ".panel { fill: #fcfcfa; stroke: #bbb; stroke-width: 1; }\n"
    ".grid line { stroke: #e6e6e6; stroke-width: 1; }\n"
    ".axis { stroke: #999; stroke-width: 1; }\n"
    ".shape-a { fill: #aecbf0; fill-opacity: 0.6; stroke: #3a6fb5; stroke-width: 2; }\n"
    ".shape-b { fill: #f7c99b; fill-opacity: 0.6; stroke: #c06a1b; stroke-width: 2; }\n"
    ".core-a { fill: none; stroke: #3a6fb5; stroke-width: 1; stroke-dasharray: 4 3; }\n"
    ".core-b { fill: none; stroke: #c06a1b; stroke-width: 1; stroke-dasharray: 4 3; }\n"
    ".minkowski { fill: #c9e7c3; fill-opacity: 0.7; stroke: #3f8a3a; stroke-width: 2; }\n"
    ".core-m { fill: none; stroke: #3f8a3a; stroke-width: 1; stroke-dasharray: 4 3; }\n"
    ".simplex { fill: none; stroke-width: 1.6; stroke-dasharray: 6 3; }\n"
    ".iter-link { stroke-width: 0.8; stroke-opacity: 0.7; }\n"
    ".closest { stroke: #c01f4f; stroke-width: 2.5; }\n"
    ".point-a, .point-b, .point-m { fill: #c01f4f; stroke: #fff; stroke-width: 1; }\n"
    ".origin { fill: #111; }\n"
    ".normal { stroke: #6a2ea0; stroke-width: 2; }\n"
    ".depth { stroke: #0f7a6c; stroke-width: 2.5; stroke-dasharray: 5 2; }\n"
    ".sweep-start-a { fill: #aecbf0; fill-opacity: 0.25; stroke: #3a6fb5; stroke-width: 1; stroke-opacity: 0.5; }\n"
    ".sweep-start-b { fill: #f7c99b; fill-opacity: 0.25; stroke: #c06a1b; stroke-width: 1; stroke-opacity: 0.5; }\n"
    ".sweep-end-a { fill: none; stroke: #3a6fb5; stroke-width: 1.2; stroke-dasharray: 5 3; }\n"
    ".sweep-end-b { fill: none; stroke: #c06a1b; stroke-width: 1.2; stroke-dasharray: 5 3; }\n"
    ".path { stroke: #777; stroke-width: 1; stroke-dasharray: 2 3; }\n"
    ".ref-edge { stroke: #1d3f73; stroke-width: 5; stroke-linecap: round; }\n"
    ".clip { stroke: #555; stroke-width: 1; stroke-dasharray: 6 4; }\n"
    ".contact { fill: #d62728; stroke: #fff; stroke-width: 1; }\n"
    ".separation { stroke: #d62728; stroke-width: 2; }\n"
    "</style>\n"
    "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
    "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#6a2ea0\"/></marker></defs>\n";
