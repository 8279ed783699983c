// Report writers: markdown tables (stdout and tables.md), results.json, the plots' data files and
// headline.md, all in the output directory given with --out.
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "bench.h"

static char dir_path[1024];
static FILE *md_file, *json_file, *headline_file;
static int json_count;
static char later[16][512];
static int nlater;

static FILE *open_in_dir(const char *name, const char *mode) {
    if (!dir_path[0]) return NULL;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir_path, name);
    FILE *f = fopen(path, mode);
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        exit(1);
    }
    return f;
}

void report_open(const char *dir) {
    if (!dir) return;
    snprintf(dir_path, sizeof dir_path, "%s", dir);
    md_file = open_in_dir("tables.md", "w");
    json_file = open_in_dir("results.json", "w");
    headline_file = open_in_dir("headline.md", "w");
    fprintf(json_file, "{\"results\": [");
}

void report_close(void) {
    for (int i = 0; i < nlater; i++) headline("%s", later[i]);
    if (json_file) fprintf(json_file, "\n]}\n"), fclose(json_file);
    if (md_file) fclose(md_file);
    if (headline_file) fclose(headline_file);
    json_file = md_file = headline_file = NULL;
}

void md(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
    if (md_file) {
        va_start(ap, fmt);
        vfprintf(md_file, fmt, ap);
        va_end(ap);
    }
}

void json_record(const char *fmt, ...) {
    if (!json_file) return;
    fprintf(json_file, "%s\n  {", json_count++ ? "," : "");
    va_list ap;
    va_start(ap, fmt);
    vfprintf(json_file, fmt, ap);
    va_end(ap);
    fprintf(json_file, "}");
}

FILE *dat_open(const char *name) { return open_in_dir(name, "w"); }

void headline(const char *fmt, ...) {
    if (!headline_file) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(headline_file, fmt, ap);
    va_end(ap);
}

void headline_later(const char *fmt, ...) {
    if (nlater == (int)(sizeof later / sizeof later[0])) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(later[nlater++], sizeof later[0], fmt, ap);
    va_end(ap);
}
