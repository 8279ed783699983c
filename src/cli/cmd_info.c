// SPDX-License-Identifier: MIT
// gjk2d info: the library's version, the instruction set in use and why, those of this CPU, threads.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "cpu_name.h"
#include "gjk2d.h"

static const char info_help[] =
    "usage: gjk2d info\n"
    "\n"
    "Print, one item per line:\n"
    "  gjk2d <version>            the library's version (gjk2d_version()), and the header's if it differs\n"
    "  isa: <name>, lane width N  the instruction set batch calls use now, pairs per SIMD block\n"
    "  isa reason: <text>         why it was chosen (gjk2d_isa_reason(): auto, or the GJK2D_ISA variable,\n"
    "                             or why GJK2D_ISA was ignored)\n"
    "  cpu: <name>                this CPU: the model name the OS shows and, on x86, its family and model\n"
    "                             (and AMD's core generation, which virtual machines' names may not give)\n"
    "  cpu isas: <names>          the instruction sets this CPU and build support\n"
    "  auto: <name>, lane width N the one 'auto' picks\n"
    "  threads: N                 the default --threads: CPUs this process may run on\n"
    "  isa <name> supported|unsupported, one line per instruction set the library knows\n";

int cmd_info(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(info_help, stdout);
            return EXIT_OK;
        }
        return unknown_option("info", argv[i]);
    }
    const char *version = gjk2d_version();
    if (strcmp(version, GJK2D_VERSION_STRING) == 0)
        printf("gjk2d %s\n", version);
    else
        printf("gjk2d %s (built with the header of %s)\n", version, GJK2D_VERSION_STRING);
    // The ISA in use and its reason come first: selecting 'auto' below changes both.
    printf("isa: %s, lane width %d\n", gjk2d_isa(), gjk2d_lane_width());
    printf("isa reason: %s\n", gjk2d_isa_reason());
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("cpu: %s\n", cpu);
    printf("cpu isas:");
    for (int k = 0; k < cli_isa_count; k++)
        if (gjk2d_isa_supported(cli_isa_names[k])) printf(" %s", cli_isa_names[k]);
    printf("\n");
    if (gjk2d_set_isa("auto") == 0) printf("auto: %s, lane width %d\n", gjk2d_isa(), gjk2d_lane_width());
    int threads = default_threads();
    printf("threads: %d\n", threads);
    for (int k = 0; k < cli_isa_count; k++)
        printf("isa %s %s\n", cli_isa_names[k], gjk2d_isa_supported(cli_isa_names[k]) ? "supported" : "unsupported");
    return EXIT_OK;
}
