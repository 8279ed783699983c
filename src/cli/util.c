// SPDX-License-Identifier: MIT
// Output files, option values, timing, progress and random numbers for the gjk2d command.
#define _GNU_SOURCE // sched_getaffinity and the CPU_* macros
#include "cli.h"

#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *const cli_isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
const int cli_isa_count = (int)(sizeof cli_isa_names / sizeof cli_isa_names[0]);

void cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gjk2d: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

// Large writes amortize the system calls; 4 MiB keeps the buffer far below the arrays it formats.
#define OUT_BUFFER (4u << 20)

int out_open(outfile *out, const char *path) {
    memset(out, 0, sizeof *out);
    out->fd = STDOUT_FILENO;
    struct stat st;
    if (path && strcmp(path, "-") != 0 && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        // A device or pipe (/dev/null, /dev/stdout, a FIFO): write it in place. Renaming a temporary
        // file over it would replace the device node itself.
        out->fd = open(path, O_WRONLY);
        if (out->fd < 0) {
            cli_error("cannot open %s: %s", path, strerror(errno));
            return -1;
        }
        out->direct = 1;
        out->path = strdup(path); // for messages only: a device is never renamed
    } else if (path && strcmp(path, "-") != 0) {
        size_t n = strlen(path);
        out->path = malloc(n + 1);
        out->tmp_path = malloc(n + 16);
        if (!out->path || !out->tmp_path) {
            cli_error("out of memory");
            return -1;
        }
        memcpy(out->path, path, n + 1);
        // Same directory as the target, so rename() is atomic and never crosses file systems.
        snprintf(out->tmp_path, n + 16, "%s.tmp.XXXXXX", path);
        out->fd = mkstemp(out->tmp_path);
        if (out->fd < 0) {
            // The temporary name is ours, not the user's: the message names the file asked for.
            cli_error("cannot create %s: %s", path, strerror(errno));
            free(out->path);
            free(out->tmp_path);
            out->path = out->tmp_path = NULL;
            return -1;
        }
        // mkstemp creates 0600; give the file the permissions a plain create would.
        mode_t mask = umask(0);
        umask(mask);
        fchmod(out->fd, 0666 & ~mask);
    }
    out->cap = OUT_BUFFER;
    out->buf = malloc(out->cap);
    if (!out->buf) {
        cli_error("out of memory");
        out_close(out, 0);
        return -1;
    }
    return 0;
}

void out_flush(outfile *out) {
    size_t done = 0;
    while (done < out->len && !out->failed) {
        ssize_t w = write(out->fd, out->buf + done, out->len - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            cli_error("write to %s failed: %s", out->path ? out->path : "stdout", strerror(errno));
            out->failed = 1;
            break;
        }
        done += (size_t)w;
    }
    out->len = 0;
}

void out_write(outfile *out, const void *data, size_t n) {
    const char *p = data;
    while (n) {
        if (out->len == out->cap) out_flush(out);
        size_t k = out->cap - out->len < n ? out->cap - out->len : n;
        memcpy(out->buf + out->len, p, k);
        out->len += k;
        p += k;
        n -= k;
    }
}

void out_puts(outfile *out, const char *s) { out_write(out, s, strlen(s)); }

void out_printf(outfile *out, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        out_write(out, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        out->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_write(out, big, (size_t)n);
    free(big);
}

int out_close(outfile *out, int ok) {
    if (ok && out->buf) out_flush(out);
    int bad = out->failed || !ok;
    if (out->direct) {
        if (close(out->fd) != 0 && !bad) {
            cli_error("cannot write %s: %s", out->path, strerror(errno));
            bad = 1;
        }
    } else if (out->path) {
        if (!bad && fsync(out->fd) != 0 && errno != EINVAL) {
            cli_error("cannot write %s: %s", out->path, strerror(errno));
            bad = 1;
        }
        if (close(out->fd) != 0 && !bad) {
            cli_error("cannot write %s: %s", out->path, strerror(errno));
            bad = 1;
        }
        if (!bad && rename(out->tmp_path, out->path) != 0) {
            cli_error("cannot write %s: %s", out->path, strerror(errno));
            bad = 1;
        }
        if (bad) unlink(out->tmp_path);
    }
    free(out->buf);
    free(out->path);
    free(out->tmp_path);
    memset(out, 0, sizeof *out);
    out->fd = -1;
    return bad ? -1 : 0;
}

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void progress_start(progress *p, const char *what) {
    p->what = what;
    p->start = p->last = now_seconds();
    p->shown = 0;
}

void progress_update(progress *p, int64_t done, int64_t total) {
    double t = now_seconds();
    if (t - p->start < 1.0 || t - p->last < 0.25 || !isatty(STDERR_FILENO)) return;
    p->last = t;
    p->shown = 1;
    if (total > 0)
        fprintf(stderr, "\r%s: %lld / %lld (%.0f%%), %.1f s ", p->what, (long long)done, (long long)total,
                100.0 * (double)done / (double)total, t - p->start);
    else
        fprintf(stderr, "\r%s: %lld, %.1f s ", p->what, (long long)done, t - p->start);
    fflush(stderr);
}

void progress_end(progress *p) {
    if (p->shown) fprintf(stderr, "\r%s: done in %.1f s%20s\n", p->what, now_seconds() - p->start, "");
    p->shown = 0;
}

// CPUs in this process's affinity mask, or 0 when it cannot be read. The mask is allocated for the
// kernel's CPU count: a fixed cpu_set_t holds 1024 CPUs and sched_getaffinity fails with EINVAL on a
// machine with more, so the set doubles until it fits.
static int affinity_cpus(void) {
    for (int ncpu = 1024; ncpu <= (1 << 20); ncpu *= 2) {
        cpu_set_t *set = CPU_ALLOC((size_t)ncpu);
        if (!set) return 0;
        size_t size = CPU_ALLOC_SIZE((size_t)ncpu);
        CPU_ZERO_S(size, set);
        int rc = sched_getaffinity(0, size, set), err = errno;
        int n = rc == 0 ? CPU_COUNT_S(size, set) : 0;
        CPU_FREE(set);
        if (rc == 0) return n;
        if (err != EINVAL) return 0;
    }
    return 0;
}

int default_threads(void) {
    long n = affinity_cpus();
    if (n < 1) n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1) n = 1;
    return n > CLI_MAX_THREADS ? CLI_MAX_THREADS : (int)n;
}

const char *plural(int64_t n) { return n == 1 ? "" : "s"; }
