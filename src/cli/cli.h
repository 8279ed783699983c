// SPDX-License-Identifier: MIT
// Shared pieces of the gjk2d command: exit statuses, output files, timing, progress, random numbers (the
// options are in options.h).
#ifndef GJK2D_CLI_H
#define GJK2D_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gjk2d.h"
#include "options.h"

enum {
    EXIT_OK = 0,
    EXIT_MISMATCH = 1, ///< check found results beyond tolerance
    EXIT_USAGE = 2,    ///< bad option, bad input file, unsupported ISA, I/O error
};

/// Every instruction set name the library knows, lowest first.
extern const char *const cli_isa_names[];
extern const int cli_isa_count;

/// Print "gjk2d: <message>" on stderr.
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/// Buffered output that appears atomically: a file is written under a temporary name in the same
/// directory and renamed only by out_close(ok = 1); stdout ("-" or NULL) is written directly.
typedef struct outfile {
    int fd;
    char *path;     ///< final name, NULL for stdout
    char *tmp_path; ///< temporary name while writing
    char *buf;
    size_t len, cap;
    int failed; ///< a write failed (errno reported once)
    int direct; ///< fd is a device or pipe opened in place: closed, never renamed
} outfile;

int out_open(outfile *out, const char *path);
/// Room for at least n more bytes at out->buf + out->len (flushes as needed).
static inline char *out_reserve(outfile *out, size_t n);
void out_flush(outfile *out);
void out_write(outfile *out, const void *data, size_t n);
void out_puts(outfile *out, const char *s);
void out_printf(outfile *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Finish: ok = 1 flushes and publishes (rename); ok = 0 discards a temporary file. Returns 0 on success.
int out_close(outfile *out, int ok);

static inline char *out_reserve(outfile *out, size_t n) {
    if (out->cap - out->len < n) out_flush(out);
    return out->buf + out->len;
}

/// Seconds on a monotonic clock.
double now_seconds(void);

/// Progress line on stderr, only when stderr is a terminal and the work has run for more than a second.
typedef struct progress {
    const char *what;
    double start, last;
    int shown;
} progress;
void progress_start(progress *p, const char *what);
void progress_update(progress *p, int64_t done, int64_t total);
void progress_end(progress *p);

/// Largest --threads value any command accepts. Threads beyond the CPUs only add overhead; the bound
/// keeps a typo (--threads 100000) from creating that many threads and their buffers.
#define CLI_MAX_THREADS 4096

/// Default thread count: the CPUs this process may run on (CPU_COUNT of its sched_getaffinity mask,
/// so `taskset -c 0 gjk2d ...` gets 1; sysconf's online CPUs where the mask is unavailable), at most
/// CLI_MAX_THREADS.
int default_threads(void);

/// "s" unless n is 1, for counts in messages ("1 thread", "2 threads").
const char *plural(int64_t n);

#endif
