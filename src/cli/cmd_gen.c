// SPDX-License-Identifier: MIT
// gjk2d gen: a random valid scene (gen.c) written as a scene file.
#include <stdio.h>

#include "cli.h"
#include "commands.h"
#include "gen.h"
#include "scene.h"

static const char gen_help[] =
    "usage: gjk2d gen --pairs M [options] [-o FILE]\n"
    "\n"
    "Write a random valid scene: M pairs, each of two fresh random convex shapes, positions in the\n"
    "20 x 20 box [-10, 10]^2, B placed from A along a random direction so that about the fraction F\n"
    "of the pairs overlap. The fraction achieved (by gjk2d_distance) is printed on stderr.\n"
    "\n"
    "options:\n"
    "  --pairs M         number of pairs (required); each pair gets two shapes of its own\n"
    "%s"
    "  --threads T       generator threads, 1..4096 (default: one per CPU this process may run on); the\n"
    "                    scene does not depend on it\n"
    "  --frames F        write F frames (default 1): after the pairs, a pose block per frame 1 .. F-1 in\n"
    "                    which every shape has drifted with its own constant velocity and spin\n"
    "  --motion V        most speed and spin of a shape, units and radians per frame (default 0.01)\n"
    "  --points P        write P query points (default 0), each at a random shape, within 2 of its position\n"
    "  --rays R          write R rays (default 0), each at a random shape, from 4 away toward it\n"
    "  -o FILE           output file ('-' or none: stdout); written under a temporary name, then renamed\n"
    "\n"
    "examples:\n"
    "  gjk2d gen --pairs 1000000 --seed 1 -o w1.scene                 # W1: 3..8-gons, half overlapping\n"
    "  gjk2d gen --pairs 1000000 --min-verts 8 --max-verts 8 -o w2.scene  # W2: all 8-gons\n"
    "  gjk2d gen --pairs 100000 --frames 60 -o moving.scene          # 60 frames of drifting bodies\n"
    "  gjk2d gen --pairs 1000 --points 5000 --rays 5000 -o items.scene  # for run --query point / ray\n";

int cmd_gen(int argc, char **argv) {
    gen_opts o;
    gen_defaults(&o);
    common_opts c;
    common_defaults(&c, "gen", OPT_THREADS | OPT_OUTPUT);
    int64_t frames = 1, points = 0, rays = 0;
    double motion = 0.01;
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            printf(gen_help, gen_options_help);
            return EXIT_OK;
        }
        if (opt_is(argv[i], "--frames")) {
            if (opt_count(argc, argv, &i, "--frames", 1, 100000, &frames)) return EXIT_USAGE;
            continue;
        }
        if (opt_is(argv[i], "--points")) {
            if (opt_count(argc, argv, &i, "--points", 0, 100000000, &points)) return EXIT_USAGE;
            continue;
        }
        if (opt_is(argv[i], "--rays")) {
            if (opt_count(argc, argv, &i, "--rays", 0, 100000000, &rays)) return EXIT_USAGE;
            continue;
        }
        if (opt_is(argv[i], "--motion")) {
            const char *v = opt_value(argc, argv, &i, "--motion");
            if (!v) return EXIT_USAGE;
            if (parse_f64(v, &motion) || !(motion >= 0.0 && motion <= 1.0)) {
                cli_error("--motion needs a value in [0, 1], got '%s'", v);
                return EXIT_USAGE;
            }
            continue;
        }
        int g = gen_option(argc, argv, &i, &o);
        if (g < 0 || (g == 0 && common_option(argc, argv, &i, &c) < 0)) return EXIT_USAGE;
    }
    const char *out_path = c.output;
    int64_t threads = c.threads;
    if (gen_check(&o) != 0) return EXIT_USAGE;

    scene sc;
    int64_t overlapping = 0;
    progress prog;
    progress_start(&prog, "gen");
    if (gen_scene(&o, 0, o.pairs, &sc, &overlapping, (int)threads, &prog) != 0) {
        progress_end(&prog);
        cli_error("out of memory for %lld pairs", (long long)o.pairs);
        return EXIT_USAGE;
    }
    progress_end(&prog);
    if (gen_frames(&sc, (int32_t)frames, motion, o.seed) != 0) {
        scene_free(&sc);
        cli_error("out of memory for %lld frames", (long long)frames);
        return EXIT_USAGE;
    }
    if (gen_items(&sc, points, rays, o.seed) != 0) {
        scene_free(&sc);
        cli_error("out of memory for %lld points and %lld rays", (long long)points, (long long)rays);
        return EXIT_USAGE;
    }
    outfile out;
    if (out_open(&out, out_path) != 0) {
        scene_free(&sc);
        return EXIT_USAGE;
    }
    progress_start(&prog, "write");
    scene_write(&sc, &out, &prog);
    int rc = out_close(&out, 1);
    progress_end(&prog);
    fprintf(stderr, "gen: %lld pairs, %d shapes, %lld vertices, %d frame%s; overlapping %lld = %.4f (target %.4f)\n",
            (long long)sc.pair_count, sc.shape_count, (long long)sc.vertex_count, sc.frame_count,
            plural(sc.frame_count), (long long)overlapping,
            sc.pair_count ? (double)overlapping / (double)sc.pair_count : 0.0, o.overlap);
    scene_free(&sc);
    return rc == 0 ? EXIT_OK : EXIT_USAGE;
}
