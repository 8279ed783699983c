// gjk2d: the command-line front end of the library (public API only).
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "gjk2d.h"

static const char main_help[] =
    "usage: gjk2d <command> [options]     (gjk2d <command> --help for its options)\n"
    "\n"
    "Batch 2D convex polygon queries (GJK distance, GJK boolean overlap, SAT) on scene files.\n"
    "\n"
    "commands:\n"
    "  gen     write a random valid scene (gjk2d gen --pairs 1000000 -o w1.scene)\n"
    "  run     run one query over every pair of a scene and write CSV\n"
    "  check   cross-check every ISA against the scalar reference (exit 1 on a mismatch)\n"
    "  bench   measure batch throughput per query and ISA (Mpairs/s)\n"
    "  svg     draw one pair (or several) with the GJK simplexes of every iteration\n"
    "  info    version, instruction sets of this CPU, the one auto picks\n"
    "\n"
    "scene file (text):\n"
    "  gjk2d-scene 1\n"
    "  shapes N\n"
    "  <px> <py> <angle> <radius> <n> <x0> <y0> ... <x(n-1)> <y(n-1)>   N lines: pose, radius, CCW vertices\n"
    "  pairs M\n"
    "  <a> <b>                                                          M lines: 0-based shape indices\n"
    "  Blank lines and lines starting with '#' are ignored; numbers in any form strtod reads; the angle\n"
    "  is in radians (cos and sin computed in double, rounded to float); n = 1 point, 2 segment, 3..1024\n"
    "  polygon; a radius rounds the shape.\n"
    "\n"
    "exit status: 0 success, 1 check found a mismatch (or SIMD ISAs that are not bit-identical),\n"
    "2 bad option, unsupported ISA, malformed input\n"
    "(reported as FILE:LINE: reason, before any output is written) or I/O error.\n"
    "\n"
    "environment: GJK2D_ISA picks the default instruction set (as --isa would).\n";

int is_help(const char *arg) { return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0; }

int unknown_option(const char *command, const char *arg) {
    cli_error("%s: unknown option '%s' (see 'gjk2d %s --help')", command, arg, command);
    return EXIT_USAGE;
}

static const char info_help[] =
    "usage: gjk2d info\n"
    "\n"
    "Print the library version, the instruction sets this CPU and build support, the one 'auto' picks\n"
    "with its lane width (pairs per SIMD block), then one 'isa <name> supported|unsupported' line per ISA.\n";

int cmd_info(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(info_help, stdout);
            return EXIT_OK;
        }
        return unknown_option("info", argv[i]);
    }
    printf("gjk2d %s\n", GJK2D_VERSION_STRING);
    printf("cpu isas:");
    for (int k = 0; k < cli_isa_count; k++)
        if (gjk2d_isa_supported(cli_isa_names[k])) printf(" %s", cli_isa_names[k]);
    printf("\n");
    if (gjk2d_set_isa("auto") == 0) printf("auto: %s, lane width %d\n", gjk2d_isa(), gjk2d_lane_width());
    for (int k = 0; k < cli_isa_count; k++)
        printf("isa %s %s\n", cli_isa_names[k], gjk2d_isa_supported(cli_isa_names[k]) ? "supported" : "unsupported");
    return EXIT_OK;
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
        printf("gjk2d %s\n", GJK2D_VERSION_STRING);
        return EXIT_OK;
    }
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } commands[] = {
        {"gen", cmd_gen}, {"run", cmd_run}, {"check", cmd_check}, {"bench", cmd_bench}, {"svg", cmd_svg},
        {"info", cmd_info},
    };
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(cmd, commands[k].name) == 0) return commands[k].fn(argc - 1, argv + 1);
    cli_error("unknown command '%s' (commands: gen, run, check, bench, svg, info; see 'gjk2d --help')", cmd);
    return EXIT_USAGE;
}
