// SPDX-License-Identifier: MIT
// Command-line options of the gjk2d command.
#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

int parse_i64(const char *s, int64_t *v) {
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end || errno) return -1;
    *v = x;
    return 0;
}

int parse_f64(const char *s, double *v) {
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (end == s || *end || errno) return -1;
    *v = x;
    return 0;
}

int opt_is(const char *arg, const char *name) {
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == 0 || arg[n] == '=');
}

const char *opt_value(int argc, char **argv, int *i, const char *name) {
    const char *eq = strchr(argv[*i], '=');
    if (eq && argv[*i][0] == '-' && argv[*i][1] == '-') return eq + 1;
    if (*i + 1 >= argc) {
        cli_error("option %s needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

int opt_count(int argc, char **argv, int *i, const char *name, int64_t lo, int64_t hi, int64_t *out) {
    const char *v = opt_value(argc, argv, i, name);
    if (!v) return -1;
    int64_t n;
    if (parse_i64(v, &n) || n < lo || n > hi) {
        if (hi == INT64_MAX)
            cli_error("%s needs a count >= %lld, got '%s'", name, (long long)lo, v);
        else
            cli_error("%s needs a count in [%lld, %lld], got '%s'", name, (long long)lo, (long long)hi, v);
        return -1;
    }
    *out = n;
    return 0;
}

static const char *known_isa(const char *name, size_t len) {
    for (int k = 0; k < cli_isa_count; k++)
        if (strlen(cli_isa_names[k]) == len && strncmp(cli_isa_names[k], name, len) == 0) return cli_isa_names[k];
    return NULL;
}

int parse_isa_list(const char *list, const char **names, int max) {
    int n = 0;
    if (!list || strcmp(list, "all") == 0) {
        for (int k = 0; k < cli_isa_count && n < max; k++)
            if (gjk2d_isa_supported(cli_isa_names[k])) names[n++] = cli_isa_names[k];
        return n;
    }
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *name;
        if (len == 4 && strncmp(p, "auto", 4) == 0) {
            if (gjk2d_set_isa("auto") != 0) {
                cli_error("no instruction set available");
                return -1;
            }
            name = known_isa(gjk2d_isa(), strlen(gjk2d_isa()));
        } else {
            name = known_isa(p, len);
            if (!name) {
                cli_error("unknown instruction set '%.*s' (known: scalar, portable, sse41, avx2, avx512, neon, auto)",
                          (int)len, p);
                return -1;
            }
            if (!gjk2d_isa_supported(name)) {
                cli_error("instruction set '%s' is not supported by this CPU or build (see 'gjk2d info')", name);
                return -1;
            }
        }
        int dup = 0;
        for (int k = 0; k < n; k++) dup |= names[k] == name;
        if (!dup) {
            if (n == max) break;
            names[n++] = name;
        }
        if (!comma) break;
        p = comma + 1;
    }
    if (n == 0) {
        cli_error("empty instruction set list");
        return -1;
    }
    return n;
}

int opt_threads(int argc, char **argv, int *i, int64_t *out) {
    return opt_count(argc, argv, i, "--threads", 1, CLI_MAX_THREADS, out);
}

void common_defaults(common_opts *o, const char *command, unsigned accepts) {
    memset(o, 0, sizeof *o);
    o->command = command;
    o->accepts = accepts;
    o->threads = default_threads();
}

int common_option(int argc, char **argv, int *i, common_opts *o) {
    const char *a = argv[*i];
    const char **value = NULL, *name = NULL;
    if ((o->accepts & OPT_ISA) && opt_is(a, "--isa"))
        value = &o->isa, name = "--isa";
    else if ((o->accepts & OPT_QUERY) && opt_is(a, "--query"))
        value = &o->query, name = "--query";
    else if ((o->accepts & OPT_OUTPUT) && (opt_is(a, "-o") || opt_is(a, "--output")))
        value = &o->output, name = "-o";
    if (value) return (*value = opt_value(argc, argv, i, name)) ? 1 : -1;
    if ((o->accepts & OPT_THREADS) && opt_is(a, "--threads")) return opt_threads(argc, argv, i, &o->threads) ? -1 : 1;
    if (a[0] == '-' && a[1] != 0) {
        unknown_option(o->command, a);
        return -1;
    }
    if (!(o->accepts & OPT_SCENE)) {
        cli_error("%s: unexpected argument '%s' (see 'gjk2d %s --help')", o->command, a, o->command);
        return -1;
    }
    if (o->scene) {
        cli_error("%s: one scene file expected, got '%s' and '%s'", o->command, o->scene, a);
        return -1;
    }
    o->scene = a;
    return 1;
}
