// SPDX-License-Identifier: MIT
// gjk2d svg: a picture of GJK at work, or of a contact manifold, on one pair or a grid of pairs (drawn by
// svg_draw.c).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "scene.h"
#include "svg_draw.h"

static const char svg_help[] =
    "usage: gjk2d svg SCENE --pair K [--minkowski | --manifold [--margin M] | --toi [--frame F]] [-o pair.svg]\n"
    "       gjk2d svg SCENE --pairs K1,K2,... [--cols C] [--minkowski | --manifold [--margin M]] [-o pairs.svg]\n"
    "\n"
    "Draw pair K of SCENE in world frame (+y up): shape A (blue) and B (orange), rounded where they have\n"
    "a radius (offset outline; a circle for a point, a stadium for a segment; the core dashed), vertex\n"
    "numbers, the closest points and the segment between them, the normal from A to B, and the GJK\n"
    "simplex of every iteration (its vertices on A and on B, joined by the iteration's closest-point\n"
    "segment), numbered 1, 2, ... (from gjk2d_distance with a trace; numbers that would overlap are\n"
    "joined, \"2,3\"). An overlapping pair also shows its penetration depth and axis (gjk2d_sat): an\n"
    "arrow that moves B out of A. A pair that cannot be computed says which shape (A or B) is invalid\n"
    "or has a bad pose, and why.\n"
    "\n"
    "options:\n"
    "  --pair K        the pair to draw (0-based)\n"
    "  --pairs LIST    several pairs, comma-separated, drawn as a grid of panels\n"
    "  --cols C        panels per row of the grid (default: about the square root of the count)\n"
    "  --minkowski     draw the Minkowski difference B - A instead (convex hull of every b_j - a_i in\n"
    "                  world frame, rounded by ra + rb), the origin, each iteration's simplex (numbered)\n"
    "                  and the closest point to the origin\n"
    "  --manifold      draw the contact manifold instead (gjk2d_manifold): the reference edge (thick),\n"
    "                  its side planes (the clip lines, dashed), each contact point numbered with its\n"
    "                  separation drawn as the gap between the surfaces along the normal, the normal;\n"
    "                  the caption gives the count, normal, reference shape and each point's separation\n"
    "                  and id (features of A and B, as 'gjk2d run --query manifold' writes them)\n"
    "  --margin M      the manifold's speculative margin, M >= 0 (default 0)\n"
    "  --toi           draw the time of impact of a sweep (a scene with frames): both shapes at frame F\n"
    "                  (faint) and F + 1 (dashed), their origins' paths, the shapes at the time of impact\n"
    "                  (solid), the contact and normal there, as 'gjk2d run --query toi' computes it\n"
    "                  (Box2D 2.4.1's target and tolerance)\n"
    "  --frame F       the sweep's first frame (default 0)\n"
    "  --size PX       panel size in pixels (default 640)\n"
    "  -o FILE         output file ('-' or none: stdout)\n"
    "\n"
    "example:\n"
    "  gjk2d svg w1.scene --pair 3 -o pair3.svg && rsvg-convert pair3.svg -o pair3.png\n";

// "K" or "K1,K2,...": parsed fully before the scene, so a typo costs no parse time. Returns the count
// (*ks allocated here), or -1 after reporting.
static int64_t parse_pair_list(const char *list, int64_t **ks) {
    int64_t n = 1;
    for (const char *p = list; *p; p++) n += *p == ',';
    *ks = malloc(sizeof(int64_t) * (size_t)n);
    if (!*ks) return -1;
    n = 0;
    for (const char *p = list;;) {
        char *end;
        long long k = strtoll(p, &end, 10);
        if (end == p || (*end && *end != ',') || k < 0) {
            cli_error("svg: bad pair list '%s' (expected K or K1,K2,... with K >= 0)", list);
            free(*ks);
            return -1;
        }
        (*ks)[n++] = k;
        if (!*end) break;
        p = end + 1;
    }
    return n;
}

typedef struct svg_layout {
    int64_t cols, size;
    svg_view view;
    double margin; ///< -1: not given
    int64_t frame; ///< the sweep's first frame; -1: not given
} svg_layout;

// The whole document: a grid of panels, cols wide, and the legend to its right.
static int write_document(const char *out_path, const char *scene_path, const char *list, const scene *sc,
                          const int64_t *ks, int64_t npairs, svg_layout lay) {
    int64_t cols = lay.cols ? lay.cols : (int64_t)ceil(sqrt((double)npairs));
    if (cols > npairs) cols = npairs;
    int64_t rows = (npairs + cols - 1) / cols;
    double pad = 20, head = 30, foot = 66, legend_w = 330, size = (double)lay.size;
    double cell_w = size + pad, cell_h = head + size + foot + pad;
    double W = pad + (double)cols * cell_w + legend_w, H = pad + (double)rows * cell_h;
    if (H < 300) H = 300;
    outfile out;
    if (out_open(&out, out_path) != 0) return -1;
    out_printf(&out,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
               W, H, W, H);
    out_printf(&out, "<title>gjk2d: %s, pair%s %s%s</title>\n", scene_path, npairs > 1 ? "s" : "", list,
               lay.view == SVG_MINKOWSKI  ? " (Minkowski difference)"
               : lay.view == SVG_MANIFOLD ? " (contact manifold)"
               : lay.view == SVG_TOI      ? " (time of impact)"
                                          : "");
    out_puts(&out, svg_style);
    out_printf(&out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", W, H);
    for (int64_t j = 0; j < npairs; j++) {
        double ox = pad + (double)(j % cols) * cell_w, oy = pad + head + (double)(j / cols) * cell_h;
        svg_params params = {lay.view, lay.margin > 0 ? (float)lay.margin : 0.0f, (int32_t)lay.frame};
        svg_draw_pair(&out, sc, ks[j], &params, ox, oy, size);
    }
    svg_legend(&out, pad + (double)cols * cell_w + 10, pad + head + 10, lay.view);
    out_puts(&out, "</svg>\n");
    return out_close(&out, 1);
}

// svg's command line: the common options, the pair list, the picture and its layout.
typedef struct svg_args {
    common_opts o;
    const char *list;
    svg_layout lay;
} svg_args;

// Returns 0, 1 after printing the help, or -1 after reporting a bad option.
static int parse_svg_args(int argc, char **argv, svg_args *s) {
    common_opts *o = &s->o;
    svg_layout *lay = &s->lay;
    common_defaults(o, "svg", OPT_SCENE | OPT_OUTPUT);
    const char *list = NULL, *v;
    *lay = (svg_layout){0, 640, SVG_WORLD, -1, -1};
    int minkowski = 0, manifold = 0, toi = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(svg_help, stdout);
            return 1;
        } else if (opt_is(a, "--pair") || opt_is(a, "--pairs")) {
            if (list) {
                cli_error("svg: give --pair or --pairs once");
                return -1;
            }
            if (!(list = opt_value(argc, argv, &i, "--pairs"))) return -1;
        } else if (strcmp(a, "--minkowski") == 0) {
            minkowski = 1;
        } else if (strcmp(a, "--manifold") == 0) {
            manifold = 1;
        } else if (strcmp(a, "--toi") == 0) {
            toi = 1;
        } else if (opt_is(a, "--frame")) {
            if (opt_count(argc, argv, &i, "--frame", 0, INT32_MAX - 1, &lay->frame)) return -1;
        } else if (opt_is(a, "--margin")) {
            if (!(v = opt_value(argc, argv, &i, "--margin"))) return -1;
            if (parse_f64(v, &lay->margin) || !(lay->margin >= 0.0 && lay->margin <= 1e15)) {
                cli_error("--margin needs a number in [0, 1e15], got '%s'", v);
                return -1;
            }
        } else if (opt_is(a, "--cols")) {
            if (opt_count(argc, argv, &i, "--cols", 1, 64, &lay->cols)) return -1;
        } else if (opt_is(a, "--size")) {
            if (!(v = opt_value(argc, argv, &i, "--size"))) return -1;
            if (parse_i64(v, &lay->size) || lay->size < 100 || lay->size > 10000) {
                cli_error("--size needs pixels in [100, 10000], got '%s'", v);
                return -1;
            }
        } else if (common_option(argc, argv, &i, o) < 0) {
            return -1;
        }
    }
    if (minkowski + manifold + toi > 1) {
        cli_error("svg: --minkowski, --manifold and --toi are different pictures; give one");
        return -1;
    }
    if (lay->frame >= 0 && !toi) {
        cli_error("svg: --frame is for --toi");
        return -1;
    }
    if (lay->margin >= 0 && !manifold) {
        cli_error("svg: --margin is for --manifold");
        return -1;
    }
    lay->view = minkowski ? SVG_MINKOWSKI : manifold ? SVG_MANIFOLD : toi ? SVG_TOI : SVG_WORLD;
    if (lay->frame < 0) lay->frame = 0;
    s->list = list;
    return 0;
}

int cmd_svg(int argc, char **argv) {
    svg_args args;
    int parsed = parse_svg_args(argc, argv, &args);
    if (parsed != 0) return parsed > 0 ? EXIT_OK : EXIT_USAGE;
    const char *list = args.list;
    const svg_layout lay = args.lay;
    const int toi = lay.view == SVG_TOI;
    const char *scene_path = args.o.scene, *out_path = args.o.output;
    if (!scene_path || !list) {
        cli_error("svg: need SCENE and --pair K (see 'gjk2d svg --help')");
        return EXIT_USAGE;
    }
    int64_t *ks, npairs = parse_pair_list(list, &ks);
    if (npairs < 0) return EXIT_USAGE;
    scene sc;
    int status = EXIT_USAGE;
    if (scene_load(scene_path, &sc) == 0) {
        int in_range = 1;
        for (int64_t j = 0; j < npairs && in_range; j++)
            if (ks[j] >= sc.pair_count) {
                cli_error("svg: pair %lld out of range: %s has %lld pairs", (long long)ks[j], scene_path,
                          (long long)sc.pair_count);
                in_range = 0;
            }
        int frames = sc.frame_count > 1 ? sc.frame_count : 1;
        if (in_range && toi && lay.frame + 1 >= frames) {
            cli_error("svg: --toi from frame %lld needs frame %lld, but %s has %d frame%s", (long long)lay.frame,
                      (long long)lay.frame + 1, scene_path, frames, plural(frames));
            in_range = 0;
        }
        if (in_range && scene_prepare(&sc, scene_path) >= 0 &&
            write_document(out_path, scene_path, list, &sc, ks, npairs, lay) == 0)
            status = EXIT_OK;
        scene_free(&sc);
    }
    free(ks);
    return status;
}
