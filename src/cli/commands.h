// SPDX-License-Identifier: MIT
// The subcommands of gjk2d. Each returns the process exit status.
#ifndef GJK2D_CLI_COMMANDS_H
#define GJK2D_CLI_COMMANDS_H

int cmd_gen(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_svg(int argc, char **argv);
int cmd_info(int argc, char **argv);

/// Whether argv[i] asks for help ("-h" or "--help").
int is_help(const char *arg);

/// Report an option the command does not know (exit status 2 follows).
int unknown_option(const char *command, const char *arg);

#endif
