// SPDX-License-Identifier: MIT
// gjk2d run: one query over every pair of a scene, as CSV.
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "commands.h"
#include "csv.h"
#include "runner.h"
#include "scene.h"

static const char run_help[] =
    "usage: gjk2d run [--query distance|overlap|sat] [--isa NAME] [--threads T] SCENE [-o OUT]\n"
    "\n"
    "Run one query over every pair of SCENE ('-' = stdin) and write CSV: a header, then one row per\n"
    "pair in pair order. Floats are printed with %.9g (they read back as the same float; a negative\n"
    "zero is printed as 0), overlap as 0/1, status as ok, maxiter, invalid or bad-pose. Points and\n"
    "normals are in world frame. A pair with an invalid shape has status invalid, a pair with a bad pose\n"
    "(a position or angle that is not finite, or |position| > 1e15) status bad-pose; both have every\n"
    "other field empty, and the shape or pose is reported once on stderr.\n"
    "\n"
    "  distance: pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,\n"
    "            feature_a,feature_b\n"
    "  overlap:  pair,overlap,iterations,status\n"
    "  sat:      pair,overlap,separation,nx,ny,status\n"
    "\n"
    "distance columns: distance = max(0, signed_distance); signed_distance = core_distance - ra - rb,\n"
    "negative when the rounded parts overlap (-(ra + rb) when the cores overlap); core_distance = the\n"
    "distance without the radii; (ax, ay), (bx, by) = closest points; (nx, ny) = unit normal A to B\n"
    "(0, 0 when the cores overlap); feature_a, feature_b = the witness feature on each shape, in the\n"
    "shape's own vertex numbering (0-based, the scene's order): v3 = vertex 3, e2 = the edge from vertex\n"
    "2 to vertex 3 (the last edge wraps to vertex 0; of a run of collinear vertices, the edge that holds\n"
    "the witness point; a segment's e0 and e1 are its two sides, from 0 to 1 and back), - = none (the\n"
    "cores overlap).\n"
    "\n"
    "options:\n"
    "  --query Q     distance (default), overlap (GJK boolean) or sat (separating axis test)\n"
    "  --isa NAME    auto (the best this CPU runs), scalar, portable, sse41, avx2, avx512, neon; default:\n"
    "                the library's choice, i.e. auto unless the GJK2D_ISA environment variable names one\n"
    "  --threads T   worker threads, 1..4096 (default: one per CPU this process may run on, e.g. 1 under\n"
    "                'taskset -c 0'); they share the pair range\n"
    "  -o OUT        output file ('-' or none: stdout); written under a temporary name and renamed\n"
    "                when complete, so a failed run never leaves a partial file\n"
    "  --verbose     sizes, threads, pairs per status, timings (parse, run in Mpairs/s, write in\n"
    "                Mrows/s) and peak memory on stderr\n"
    "\n"
    "exit status: 0 done, 2 bad option, unsupported ISA, malformed scene (FILE:LINE: reason) or I/O error\n"
    "\n"
    "example:\n"
    "  gjk2d run --query distance --threads 2 w1.scene -o w1-distance.csv\n";

/// Set the one ISA named by an --isa value; returns 0 or -1 after reporting.
static int select_isa(const char *name) {
    if (strchr(name, ',')) {
        cli_error("--isa takes one instruction set here, got '%s'", name);
        return -1;
    }
    const char *names[1];
    if (parse_isa_list(name, names, 1) != 1) return -1;
    if (gjk2d_set_isa(names[0]) != 0) {
        cli_error("cannot select instruction set '%s': %s", names[0], gjk2d_error_message(GJK2D_ERR_ISA));
        return -1;
    }
    return 0;
}

// --verbose: sizes, timings, statuses and peak memory on stderr.
static void report_run(const scene *sc, const results *res, int threads, double parse_s, double run_s, double write_s) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    int64_t counts[STATUS_KINDS];
    count_statuses(res, counts);
    double n = (double)sc->pair_count;
    fprintf(stderr, "run: %lld pair%s, %d shape%s, %lld vert%s, isa %s, %d thread%s\n", (long long)sc->pair_count,
            plural(sc->pair_count), sc->shape_count, plural(sc->shape_count), (long long)sc->vertex_count,
            sc->vertex_count == 1 ? "ex" : "ices", gjk2d_isa(), threads, plural(threads));
    fprintf(stderr, "run: statuses:");
    for (int k = 0; k < STATUS_KINDS; k++)
        fprintf(stderr, "%s %s %lld", k ? "," : "", gjk2d_status_name((gjk2d_status)k), (long long)counts[k]);
    fprintf(stderr, "\n");
    fprintf(stderr, "run: parse %.3f s, run %.3f s (%.2f Mpairs/s), write %.3f s (%.2f Mrows/s), peak RSS %.1f MiB\n",
            parse_s, run_s, n / run_s * 1e-6, write_s, n / write_s * 1e-6, (double)ru.ru_maxrss / 1024.0);
}

int cmd_run(int argc, char **argv) {
    common_opts o;
    common_defaults(&o, "run", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS | OPT_OUTPUT);
    o.query = "distance";
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(run_help, stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (common_option(argc, argv, &i, &o) < 0) {
            return EXIT_USAGE;
        }
    }
    if (!o.scene) {
        cli_error("run: missing SCENE (see 'gjk2d run --help')");
        return EXIT_USAGE;
    }
    const char *query = o.query, *isa = o.isa, *scene_path = o.scene, *out_path = o.output;
    int64_t threads = o.threads;
    int kind = parse_query(query);
    // Without --isa the library's own choice stands (the best ISA, or GJK2D_ISA from the environment).
    if (kind < 0 || (isa && select_isa(isa) != 0)) return EXIT_USAGE;

    double t0 = now_seconds();
    scene sc;
    if (scene_load(scene_path, &sc) != 0) return EXIT_USAGE;
    double t1 = now_seconds();
    if (scene_prepare(&sc, scene_path) < 0) {
        scene_free(&sc);
        return EXIT_USAGE;
    }
    results res;
    if (results_alloc(&res, (query_kind)kind, sc.pair_count) != 0) {
        cli_error("out of memory for the results of %lld pairs", (long long)sc.pair_count);
        scene_free(&sc);
        return EXIT_USAGE;
    }
    batch_input in = scene_batch_input(&sc);
    progress prog;
    progress_start(&prog, query);
    double t2 = now_seconds();
    int rc = run_batch((query_kind)kind, &in, &res, (int)threads, &prog);
    double t3 = now_seconds();
    progress_end(&prog);
    if (rc != 0) {
        cli_error("%s batch failed: %s", query, gjk2d_error_message(rc));
        results_free(&res);
        scene_free(&sc);
        return EXIT_USAGE;
    }

    outfile out;
    int status = EXIT_USAGE;
    if (out_open(&out, out_path) == 0) {
        out_puts(&out, csv_header((query_kind)kind));
        progress_start(&prog, "write");
        write_csv(&out, &res, (int)threads, &prog);
        progress_end(&prog);
        status = out_close(&out, 1) == 0 ? EXIT_OK : EXIT_USAGE;
    }
    double t4 = now_seconds();
    if (verbose) report_run(&sc, &res, (int)threads, t1 - t0, t3 - t2, t4 - t3);
    results_free(&res);
    scene_free(&sc);
    return status;
}
