// gjk2d run: one query over every pair of a scene, as CSV.
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "scene.h"

static const char run_help[] =
    "usage: gjk2d run [--query distance|overlap|sat] [--isa NAME] [--threads T] SCENE [-o OUT]\n"
    "\n"
    "Run one query over every pair of SCENE ('-' = stdin) and write CSV: a header, then one row per\n"
    "pair in pair order. Floats are printed with %%.9g (they read back as the same float), overlap as\n"
    "0/1, status as ok, maxiter or invalid. Points and normals are in world frame. A pair with an\n"
    "invalid shape has status invalid and empty numeric fields; the shape is reported once on stderr.\n"
    "\n"
    "  distance: pair,distance,ax,ay,bx,by,nx,ny,iterations,status\n"
    "  overlap:  pair,overlap,iterations,status\n"
    "  sat:      pair,overlap,separation,nx,ny,status\n"
    "\n"
    "options:\n"
    "  --query Q     distance (default), overlap (GJK boolean) or sat (separating axis test)\n"
    "  --isa NAME    auto (the best this CPU runs), scalar, portable, sse41, avx2, avx512, neon; default:\n"
    "                the library's choice, i.e. auto unless the GJK2D_ISA environment variable names one\n"
    "  --threads T   worker threads (default: one per online CPU); they share the pair range\n"
    "  -o OUT        output file ('-' or none: stdout); written under a temporary name and renamed\n"
    "                when complete, so a failed run never leaves a partial file\n"
    "  --verbose     timings (parse MB/s, pairs/s, rows/s) and peak memory on stderr\n"
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

int cmd_run(int argc, char **argv) {
    const char *query = "distance", *isa = NULL, *scene_path = NULL, *out_path = NULL;
    int64_t threads = default_threads();
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(run_help, stdout);
            return EXIT_OK;
        } else if (opt_is(a, "--query")) {
            if (!(query = opt_value(argc, argv, &i, "--query"))) return EXIT_USAGE;
        } else if (opt_is(a, "--isa")) {
            if (!(isa = opt_value(argc, argv, &i, "--isa"))) return EXIT_USAGE;
        } else if (opt_is(a, "--threads")) {
            if (opt_count(argc, argv, &i, "--threads", 1, 1024, &threads)) return EXIT_USAGE;
        } else if (opt_is(a, "-o") || opt_is(a, "--output")) {
            if (!(out_path = opt_value(argc, argv, &i, "-o"))) return EXIT_USAGE;
        } else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
            verbose = 1;
        } else if (a[0] == '-' && a[1] != 0) {
            return unknown_option("run", a);
        } else if (!scene_path) {
            scene_path = a;
        } else {
            cli_error("run: one scene file expected, got '%s' and '%s'", scene_path, a);
            return EXIT_USAGE;
        }
    }
    if (!scene_path) {
        cli_error("run: missing SCENE (see 'gjk2d run --help')");
        return EXIT_USAGE;
    }
    int kind = parse_query(query);
    // Without --isa the library's own choice stands (the best ISA, or GJK2D_ISA from the environment).
    if (kind < 0 || (isa && select_isa(isa) != 0)) return EXIT_USAGE;

    double t0 = now_seconds();
    scene sc;
    if (scene_load(scene_path, &sc) != 0) return EXIT_USAGE;
    double t1 = now_seconds();
    if (scene_validate(&sc, scene_path) < 0) {
        scene_free(&sc);
        return EXIT_USAGE;
    }
    results res;
    if (results_alloc(&res, (query_kind)kind, sc.pair_count) != 0) {
        cli_error("out of memory for the results of %lld pairs", (long long)sc.pair_count);
        scene_free(&sc);
        return EXIT_USAGE;
    }
    gjk2d_pool pool = scene_pool(&sc);
    gjk2d_pairs pairs = scene_pairs(&sc);
    progress prog;
    progress_start(&prog, query);
    double t2 = now_seconds();
    int rc = run_batch((query_kind)kind, &pool, &pairs, &res, (int)threads, &prog);
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
    if (verbose) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        fprintf(stderr,
                "run: %lld pairs, %d shapes, %lld vertices, isa %s, %lld threads\n"
                "run: parse %.3f s, run %.3f s (%.2f Mpairs/s), write %.3f s (%.2f Mrows/s), peak RSS %.1f MiB\n",
                (long long)sc.pair_count, sc.shape_count, (long long)sc.vertex_count, gjk2d_isa(), (long long)threads,
                t1 - t0, t3 - t2, (double)sc.pair_count / (t3 - t2) * 1e-6, t4 - t3,
                (double)sc.pair_count / (t4 - t3) * 1e-6, (double)ru.ru_maxrss / 1024.0);
    }
    results_free(&res);
    scene_free(&sc);
    return status;
}
