// SPDX-License-Identifier: MIT
// Command-line options of the gjk2d command: option values, counts, ISA lists, and the options several
// commands share (SCENE, --isa, --query, --threads, -o), parsed in one place.
#ifndef GJK2D_CLI_OPTIONS_H
#define GJK2D_CLI_OPTIONS_H

#include <stdint.h>

/// Parse a whole decimal integer / floating-point option value. Return 0 on success.
int parse_i64(const char *s, int64_t *v);
int parse_f64(const char *s, double *v);

/// The value of an option at argv[*i] ("--name VALUE" or "--name=VALUE"). Advances *i past a separate
/// value. Returns NULL and reports the error when the value is missing.
const char *opt_value(int argc, char **argv, int *i, const char *name);
/// The whole-number value of option `name` at argv[*i], which must lie in [lo, hi] (hi = INT64_MAX: no
/// upper bound). Returns 0, or -1 after reporting a missing, malformed or out-of-range value.
int opt_count(int argc, char **argv, int *i, const char *name, int64_t lo, int64_t hi, int64_t *out);
/// Whether argv[i] is option `name`, either alone or as "name=...".
int opt_is(const char *arg, const char *name);

/// Parse an ISA list ("auto", "all", or comma-separated names). Fills names (pointers into
/// cli_isa_names) and returns how many, or -1 after reporting an unknown or unsupported name.
/// "all" (and NULL) = every ISA this CPU supports.
int parse_isa_list(const char *list, const char **names, int max);

/// Parse a --threads value at argv[*i] into *out: a whole number in [1, CLI_MAX_THREADS]. Returns 0, or
/// -1 after reporting the error.
int opt_threads(int argc, char **argv, int *i, int64_t *out);

/// The options several commands share. A command sets `command` (for messages) and `accepts` (the
/// OPT_* it takes) and the defaults, then offers every argument it does not handle itself to
/// common_option.
enum {
    OPT_SCENE = 1,   ///< one positional SCENE argument ('-' = stdin)
    OPT_ISA = 2,     ///< --isa LIST
    OPT_QUERY = 4,   ///< --query Q or LIST
    OPT_THREADS = 8, ///< --threads T
    OPT_OUTPUT = 16, ///< -o / --output FILE
};
typedef struct common_opts {
    const char *command;
    unsigned accepts;
    const char *scene, *isa, *query, *output;
    int64_t threads;
} common_opts;

/// Defaults: no scene, isa, query or output; threads = default_threads().
void common_defaults(common_opts *o, const char *command, unsigned accepts);

/// Consume argv[*i] if it is a shared option this command accepts. Returns 1 if consumed, -1 after
/// reporting a bad value, an unknown option or a second SCENE.
int common_option(int argc, char **argv, int *i, common_opts *o);

#endif
