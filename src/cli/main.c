// SPDX-License-Identifier: MIT
// gjk2d: the command-line front end of the library (public API only).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "gjk2d.h"

static const char main_help[] =
    "usage: gjk2d <command> [options]     (gjk2d <command> --help for its options)\n"
    "\n"
    "Batch queries on pairs of 2D convex shapes (points, segments, polygons, each optionally rounded) in\n"
    "scene files: distance, overlap, SAT, contact manifolds, shape casts, time of impact, rays, points.\n"
    "\n"
    "commands:\n"
    "  gen     write a random valid scene (gjk2d gen --pairs 1000000 -o w1.scene)\n"
    "  run     run one query over every pair of a scene and write CSV\n"
    "  check   cross-check every ISA against the scalar reference (exit 1 on a mismatch)\n"
    "  bench   measure batch throughput per query and ISA (Mpairs/s)\n"
    "  svg     draw one pair (or several): GJK's simplexes, the manifold (--manifold) or a sweep (--toi)\n"
    "  info    version, the instruction set in use and why, those of this CPU, default threads\n"
    "\n"
    "scene file (text):\n"
    "  gjk2d-scene 1\n"
    "  shapes N\n"
    "  <px> <py> <angle> <radius> <n> <x0> <y0> ... <x(n-1)> <y(n-1)>   N lines: pose, radius, CCW vertices\n"
    "  pairs M\n"
    "  <a> <b>                                                          M lines: 0-based shape indices\n"
    "  Blank lines and lines starting with '#' are ignored; numbers in any form strtod reads; the angle\n"
    "  is in radians (cos and sin computed in double, rounded to float); n = 1 point, 2 segment, 3..1024\n"
    "  polygon; a radius rounds the shape. Optional sections after the pairs: 'points P' and 'rays R'\n"
    "  (for run --query point and ray) and 'frames F' (the poses frame after frame, for run --frames, cast,\n"
    "  toi); docs/cli.md has their lines.\n"
    "\n"
    "exit status: 0 success, 1 check found a mismatch (or SIMD ISAs that are not bit-identical),\n"
    "2 bad option, unsupported ISA, malformed input\n"
    "(reported as FILE:LINE: reason, before any output is written) or I/O error.\n"
    "\n"
    "environment: GJK2D_ISA picks the default instruction set (as --isa would); a name that is unknown or\n"
    "that this CPU cannot run is ignored, with one warning on stderr.\n";

int is_help(const char *arg) { return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0; }

int unknown_option(const char *command, const char *arg) {
    cli_error("%s: unknown option '%s' (see 'gjk2d %s --help')", command, arg, command);
    return EXIT_USAGE;
}

// The library never prints: when it ignored GJK2D_ISA it says so only in gjk2d_isa_reason(), which
// then starts with "GJK2D_ISA" and says "ignored" (it holds static text only, so the value itself
// is added here). The command passes that on once, before any command can change the choice
// (gjk2d_set_isa rewrites the reason).
static void warn_ignored_isa_variable(void) {
    const char *value = getenv("GJK2D_ISA");
    if (!value) return;
    const char *reason = gjk2d_isa_reason();
    if (strncmp(reason, "GJK2D_ISA", 9) == 0 && strstr(reason, "ignored"))
        fprintf(stderr, "gjk2d: warning: GJK2D_ISA='%.64s': %s\n", value, reason);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (is_help(cmd) || strcmp(cmd, "help") == 0) {
        fputs(main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gjk2d %s\n", gjk2d_version());
        return EXIT_OK;
    }
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } commands[] = {
        {"gen", cmd_gen},     {"run", cmd_run}, {"check", cmd_check},
        {"bench", cmd_bench}, {"svg", cmd_svg}, {"info", cmd_info},
    };
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        if (strcmp(cmd, commands[k].name) != 0) continue;
        int help = 0;
        for (int i = 2; i < argc; i++) help |= is_help(argv[i]);
        if (!help) warn_ignored_isa_variable();
        return commands[k].fn(argc - 1, argv + 1);
    }
    cli_error("unknown command '%s' (commands: gen, run, check, bench, svg, info; see 'gjk2d --help')", cmd);
    return EXIT_USAGE;
}
