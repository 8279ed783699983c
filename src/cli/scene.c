// SPDX-License-Identifier: MIT
// Scene file reader and writer. The reader streams the file through a growable line buffer (no copy of
// the whole text, no allocation per line) and parses numbers in place with strtof/strtod (through the
// exact fast path of numparse.c), which need a terminator: every line handed out ends in '\n' or '\0'
// inside the buffer.
#include "scene.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fmt.h"
#include "numparse.h"

typedef struct reader {
    int fd;
    const char *path;
    char *buf;
    size_t cap, start, end; ///< unread bytes are buf[start, end)
    int eof;
    int64_t line;           ///< number of the line last returned (1-based)
    int64_t consumed;       ///< bytes handed out so far, for progress
    int64_t size;           ///< file size, 0 if unknown
} reader;

#define READ_CHUNK (1u << 20)

static void parse_error(const reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void parse_error(const reader *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%lld: ", r->path, (long long)r->line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

// Next raw line (without its '\n'); NULL at end of file or on a read error (r->eof = -1).
static char *next_raw_line(reader *r, size_t *len) {
    for (;;) {
        char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
        if (nl || (r->eof && r->end > r->start)) {
            char *line = r->buf + r->start;
            if (nl) {
                *len = (size_t)(nl - line);
                r->start += *len + 1;
            } else {
                *len = r->end - r->start;
                r->buf[r->end] = '\0'; // room kept by the read below
                r->start = r->end;
            }
            r->consumed += (int64_t)*len + 1;
            r->line++;
            return line;
        }
        if (r->eof) return NULL;
        if (r->start > 0) {
            memmove(r->buf, r->buf + r->start, r->end - r->start);
            r->end -= r->start;
            r->start = 0;
        }
        if (r->cap - r->end < READ_CHUNK / 2 + 1) { // a line longer than the buffer: grow it
            size_t cap = r->cap * 2;
            char *b = realloc(r->buf, cap);
            if (!b) {
                r->line++;
                parse_error(r, "out of memory for a line of %zu bytes", r->end);
                r->eof = -1;
                return NULL;
            }
            r->buf = b;
            r->cap = cap;
        }
        ssize_t got = read(r->fd, r->buf + r->end, r->cap - r->end - 1);
        if (got < 0) {
            if (errno == EINTR) continue;
            parse_error(r, "read error: %s", strerror(errno));
            r->eof = -1;
            return NULL;
        }
        if (got == 0) r->eof = 1;
        r->end += (size_t)got;
    }
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

// Next line with content (skipping blank and '#' lines). *p points at its first non-blank character.
static char *next_line(reader *r, char **end) {
    size_t len;
    char *line;
    while ((line = next_raw_line(r, &len)) != NULL) {
        char *p = line, *e = line + len;
        while (p < e && is_blank(*p)) p++;
        if (p == e || *p == '#') continue;
        *end = e;
        return p;
    }
    return NULL;
}

// Tokens: *p is advanced past blanks; 0 when the line is exhausted.
static int skip_blanks(char **p, char *end) {
    while (*p < end && is_blank(**p)) (*p)++;
    return *p < end;
}

static int token_len(const char *p, const char *end) {
    int n = 0;
    while (p + n < end && !is_blank(p[n]) && n < 40) n++;
    return n;
}

// A number must end at a blank or the end of the line ("1.5x" is an error, not 1.5).
static int ends_token(const char *q, const char *end) { return q == end || is_blank(*q); }

static int read_i64(reader *r, char **p, char *end, const char *what, int64_t *v) {
    if (!skip_blanks(p, end)) {
        parse_error(r, "missing %s", what);
        return -1;
    }
    char *q;
    errno = 0;
    long long x = strtoll(*p, &q, 10);
    if (q == *p || !ends_token(q, end) || errno == ERANGE) {
        parse_error(r, "bad %s '%.*s' (expected an integer)", what, token_len(*p, end), *p);
        return -1;
    }
    *p = q;
    *v = x;
    return 0;
}

static int read_float(reader *r, char **p, char *end, const char *what, float *v) {
    if (!skip_blanks(p, end)) {
        parse_error(r, "missing %s", what);
        return -1;
    }
    char *q;
    // Overflow (ERANGE to infinity) is left to validation, which reports the shape as non-finite.
    float x = parse_float(*p, &q);
    if (q == *p || !ends_token(q, end)) {
        parse_error(r, "bad %s '%.*s' (expected a number)", what, token_len(*p, end), *p);
        return -1;
    }
    *p = q;
    *v = x;
    return 0;
}

static int read_double(reader *r, char **p, char *end, const char *what, double *v) {
    if (!skip_blanks(p, end)) {
        parse_error(r, "missing %s", what);
        return -1;
    }
    char *q;
    double x = parse_double(*p, &q);
    if (q == *p || !ends_token(q, end)) {
        parse_error(r, "bad %s '%.*s' (expected a number)", what, token_len(*p, end), *p);
        return -1;
    }
    *p = q;
    *v = x;
    return 0;
}

static int expect_end(reader *r, char *p, char *end, const char *what) {
    if (skip_blanks(&p, end)) {
        parse_error(r, "unexpected '%.*s' after %s", token_len(p, end), p, what);
        return -1;
    }
    return 0;
}

// "keyword COUNT" header line.
static int read_header_count(reader *r, const char *keyword, int64_t max, int64_t *n) {
    char *end, *p = next_line(r, &end);
    if (!p) {
        if (r->eof >= 0) {
            r->line++;
            parse_error(r, "unexpected end of file: expected '%s <count>'", keyword);
        }
        return -1;
    }
    size_t k = strlen(keyword);
    if ((size_t)(end - p) < k || strncmp(p, keyword, k) != 0 || !ends_token(p + k, end)) {
        parse_error(r, "expected '%s <count>', found '%.*s'", keyword, token_len(p, end), p);
        return -1;
    }
    p += k;
    if (read_i64(r, &p, end, "count", n) != 0 || expect_end(r, p, end, "the count") != 0) return -1;
    if (*n < 0 || *n > max) {
        parse_error(r, "%s count %lld out of range [0, %lld]", keyword, (long long)*n, (long long)max);
        return -1;
    }
    return 0;
}

int scene_alloc(scene *sc, int32_t shapes, int64_t vertices, int64_t pairs, int with_angle) {
    memset(sc, 0, sizeof *sc);
    size_t ns = (size_t)(shapes > 0 ? shapes : 1), nv = (size_t)(vertices > 0 ? vertices : 1);
    size_t np = (size_t)(pairs > 0 ? pairs : 1);
    sc->vx = malloc(nv * sizeof(float));
    sc->vy = malloc(nv * sizeof(float));
    sc->vertex_cap = (int64_t)nv;
    sc->first = malloc(ns * sizeof(int32_t));
    sc->count = malloc(ns * sizeof(int32_t));
    sc->radius = malloc(ns * sizeof(float));
    sc->px = malloc(ns * sizeof(float));
    sc->py = malloc(ns * sizeof(float));
    sc->c = malloc(ns * sizeof(float));
    sc->s = malloc(ns * sizeof(float));
    sc->angle = with_angle ? malloc(ns * sizeof(float)) : NULL;
    sc->pa = malloc(np * sizeof(int32_t));
    sc->pb = malloc(np * sizeof(int32_t));
    if (!sc->vx || !sc->vy || !sc->first || !sc->count || !sc->radius || !sc->px || !sc->py || !sc->c ||
        !sc->s || (with_angle && !sc->angle) || !sc->pa || !sc->pb) {
        scene_free(sc);
        return -1;
    }
    return 0;
}

void scene_free(scene *sc) {
    free(sc->vx);
    free(sc->vy);
    free(sc->first);
    free(sc->count);
    free(sc->radius);
    free(sc->px);
    free(sc->py);
    free(sc->c);
    free(sc->s);
    free(sc->angle);
    free(sc->pa);
    free(sc->pb);
    free(sc->shapes_mem);
    free(sc->problems);
    free(sc->pose_problems);
    memset(sc, 0, sizeof *sc);
}

static int grow_vertices(scene *sc, int64_t need) {
    if (need <= sc->vertex_cap) return 0;
    // 1.5x growth: large blocks are mremap'ed by the allocator, so growing copies nothing and the
    // untouched tail costs address space only.
    int64_t cap = sc->vertex_cap + sc->vertex_cap / 2;
    if (cap < need) cap = need;
    if (cap > INT32_MAX) cap = INT32_MAX;
    if (need > cap) return -1;
    float *x = realloc(sc->vx, (size_t)cap * sizeof(float));
    if (!x) return -1;
    sc->vx = x;
    float *y = realloc(sc->vy, (size_t)cap * sizeof(float));
    if (!y) return -1;
    sc->vy = y;
    sc->vertex_cap = cap;
    return 0;
}

// Arrays sized from a header count start at most this large and double as lines arrive.
#define INITIAL_ITEMS ((int64_t)1 << 16)

static int grow_array(void *pp, size_t elem, int64_t cap) {
    void *q = realloc(*(void **)pp, (size_t)(cap > 0 ? cap : 1) * elem);
    if (!q) return -1;
    *(void **)pp = q;
    return 0;
}

// Room for the next shapes: double the per-shape arrays, up to the header's count.
static int grow_shapes(scene *sc, int64_t *cap, int64_t max) {
    int64_t n = *cap * 2 > max ? max : *cap * 2;
    if (n < 1) n = 1;
    if (grow_array(&sc->first, sizeof(int32_t), n) || grow_array(&sc->count, sizeof(int32_t), n) ||
        grow_array(&sc->radius, sizeof(float), n) || grow_array(&sc->px, sizeof(float), n) ||
        grow_array(&sc->py, sizeof(float), n) || grow_array(&sc->c, sizeof(float), n) ||
        grow_array(&sc->s, sizeof(float), n))
        return -1;
    *cap = n;
    return 0;
}

// Room for the next pairs: INITIAL_ITEMS first, then doubling, up to the header's count.
static int grow_pairs(scene *sc, int64_t *cap, int64_t max) {
    int64_t n = *cap ? *cap * 2 : INITIAL_ITEMS;
    if (n > max) n = max;
    if (grow_array(&sc->pa, sizeof(int32_t), n) || grow_array(&sc->pb, sizeof(int32_t), n)) return -1;
    *cap = n;
    return 0;
}

static int parse_shape(reader *r, scene *sc, char *p, char *end, int32_t i) {
    float px, py, radius;
    double angle;
    int64_t n;
    if (read_float(r, &p, end, "position x", &px) || read_float(r, &p, end, "position y", &py) ||
        read_double(r, &p, end, "angle", &angle) || read_float(r, &p, end, "radius", &radius) ||
        read_i64(r, &p, end, "vertex count", &n))
        return -1;
    if (n < 1 || n > GJK2D_MAX_VERTICES) {
        parse_error(r, "vertex count %lld out of range [1, %d]", (long long)n, GJK2D_MAX_VERTICES);
        return -1;
    }
    int64_t first = sc->vertex_count;
    if (grow_vertices(sc, first + n) != 0) {
        parse_error(r, "too many vertices (at most %d in a scene) or out of memory", INT32_MAX);
        return -1;
    }
    for (int64_t k = 0; k < n; k++) {
        if (!skip_blanks(&p, end)) {
            parse_error(r, "vertex count %lld does not match the line: only %lld vertices", (long long)n,
                        (long long)k);
            return -1;
        }
        if (read_float(r, &p, end, "vertex x", &sc->vx[first + k])) return -1;
        if (!skip_blanks(&p, end)) {
            parse_error(r, "vertex count %lld does not match the line: vertex %lld has no y", (long long)n,
                        (long long)k);
            return -1;
        }
        if (read_float(r, &p, end, "vertex y", &sc->vy[first + k])) return -1;
    }
    if (skip_blanks(&p, end)) {
        parse_error(r, "vertex count %lld does not match the line: more numbers follow the last vertex",
                    (long long)n);
        return -1;
    }
    gjk2d_pose pose = gjk2d_pose_from_angle(px, py, angle);
    sc->first[i] = (int32_t)first;
    sc->count[i] = (int32_t)n;
    sc->radius[i] = radius;
    sc->px[i] = pose.px;
    sc->py[i] = pose.py;
    sc->c[i] = pose.c;
    sc->s[i] = pose.s;
    sc->vertex_count = first + n;
    return 0;
}

static int parse_pair(reader *r, scene *sc, char *p, char *end, int64_t k) {
    int64_t a, b;
    if (read_i64(r, &p, end, "shape index a", &a) || read_i64(r, &p, end, "shape index b", &b) ||
        expect_end(r, p, end, "the pair"))
        return -1;
    if (a < 0 || a >= sc->shape_count || b < 0 || b >= sc->shape_count) {
        parse_error(r, "pair %lld names shape %lld, outside [0, %d)", (long long)k,
                    (long long)(a < 0 || a >= sc->shape_count ? a : b), sc->shape_count);
        return -1;
    }
    sc->pa[k] = (int32_t)a;
    sc->pb[k] = (int32_t)b;
    return 0;
}

static int parse_scene(reader *r, scene *sc, progress *prog) {
    char *end, *p = next_line(r, &end);
    if (!p) {
        if (r->eof >= 0) {
            r->line++;
            parse_error(r, "empty file: expected 'gjk2d-scene 1'");
        }
        return -1;
    }
    if ((size_t)(end - p) < 11 || strncmp(p, "gjk2d-scene", 11) != 0 || !ends_token(p + 11, end)) {
        parse_error(r, "not a gjk2d scene: expected 'gjk2d-scene 1'");
        return -1;
    }
    p += 11;
    int64_t version;
    if (read_i64(r, &p, end, "version", &version) || expect_end(r, p, end, "the version")) return -1;
    if (version != 1) {
        parse_error(r, "unsupported scene version %lld (this gjk2d reads version 1)", (long long)version);
        return -1;
    }

    int64_t ns;
    if (read_header_count(r, "shapes", INT32_MAX, &ns)) return -1;
    // The header's count is not trusted with memory: the arrays start at no more than INITIAL_ITEMS
    // shapes (vertex arrays at 6 per shape, a 3..8-gon mix) and grow as lines really arrive, so a
    // short file claiming two billion shapes fails on its missing lines, not on a 48 GB allocation.
    int64_t shape_cap = ns < INITIAL_ITEMS ? ns : INITIAL_ITEMS;
    if (scene_alloc(sc, (int32_t)shape_cap, shape_cap * 6, 0, 0) != 0) {
        parse_error(r, "out of memory for %lld shapes", (long long)ns);
        return -1;
    }
    sc->shape_count = (int32_t)ns;
    for (int64_t i = 0; i < ns; i++) {
        if (i == shape_cap && grow_shapes(sc, &shape_cap, ns) != 0) {
            parse_error(r, "out of memory for %lld shapes", (long long)ns);
            return -1;
        }
        p = next_line(r, &end);
        if (!p) {
            if (r->eof >= 0) {
                r->line++;
                parse_error(r, "unexpected end of file: the header says %lld shapes, found %lld", (long long)ns,
                            (long long)i);
            }
            return -1;
        }
        if (end - p >= 5 && strncmp(p, "pairs", 5) == 0 && ends_token(p + 5, end)) {
            parse_error(r, "shape count mismatch: the header says %lld shapes, found %lld", (long long)ns,
                        (long long)i);
            return -1;
        }
        if (parse_shape(r, sc, p, end, (int32_t)i)) return -1;
        if ((i & 0xffff) == 0) progress_update(prog, r->consumed, r->size);
    }

    int64_t np;
    if (read_header_count(r, "pairs", INT64_MAX / 8, &np)) return -1;
    int64_t pair_cap = 0;
    sc->pair_count = np;
    for (int64_t k = 0; k < np; k++) {
        if (k == pair_cap && grow_pairs(sc, &pair_cap, np) != 0) {
            parse_error(r, "out of memory for %lld pairs", (long long)np);
            return -1;
        }
        p = next_line(r, &end);
        if (!p) {
            if (r->eof >= 0) {
                r->line++;
                parse_error(r, "unexpected end of file: the header says %lld pairs, found %lld", (long long)np,
                            (long long)k);
            }
            return -1;
        }
        if (parse_pair(r, sc, p, end, k)) return -1;
        if ((k & 0xffff) == 0) progress_update(prog, r->consumed, r->size);
    }
    p = next_line(r, &end);
    if (p) {
        parse_error(r, "pair count mismatch: more lines after the %lld pairs the header announces", (long long)np);
        return -1;
    }
    if (r->eof < 0) return -1;

    // Give back the unused tail of the vertex arrays.
    if (sc->vertex_count > 0 && sc->vertex_count < sc->vertex_cap) {
        float *x = realloc(sc->vx, (size_t)sc->vertex_count * sizeof(float));
        if (x) sc->vx = x;
        float *y = realloc(sc->vy, (size_t)sc->vertex_count * sizeof(float));
        if (y) sc->vy = y;
        if (x && y) sc->vertex_cap = sc->vertex_count;
    }
    return 0;
}

int scene_load(const char *path, scene *sc) {
    memset(sc, 0, sizeof *sc);
    reader r = {0};
    r.path = path;
    if (strcmp(path, "-") == 0) {
        r.fd = STDIN_FILENO;
        r.path = "<stdin>";
    } else {
        r.fd = open(path, O_RDONLY);
        if (r.fd < 0) {
            fprintf(stderr, "%s:0: cannot open: %s\n", path, strerror(errno));
            return -1;
        }
    }
    struct stat st;
    if (fstat(r.fd, &st) == 0 && S_ISREG(st.st_mode)) {
        r.size = st.st_size;
#ifdef POSIX_FADV_SEQUENTIAL
        posix_fadvise(r.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    }
    r.cap = READ_CHUNK * 4;
    r.buf = malloc(r.cap);
    int rc = -1;
    if (!r.buf) {
        parse_error(&r, "out of memory");
    } else {
        progress prog;
        progress_start(&prog, "parse");
        rc = parse_scene(&r, sc, &prog);
        progress_end(&prog);
    }
    free(r.buf);
    if (r.fd != STDIN_FILENO) close(r.fd);
    if (rc != 0) scene_free(sc);
    return rc;
}

gjk2d_geometry scene_geometry(const scene *sc) {
    gjk2d_geometry g = {
        .vx = sc->vx,
        .vy = sc->vy,
        .vertex_count = sc->vertex_count,
        .count = sc->count,
        .first = sc->first,
        .radius = sc->radius,
        .shape_count = sc->shape_count,
    };
    return g;
}

gjk2d_poses scene_poses(const scene *sc) {
    gjk2d_poses p = {
        .px = sc->px,
        .py = sc->py,
        .c = sc->c,
        .s = sc->s,
        .count = sc->shape_count,
        .stride = 0,
        .position_type = GJK2D_FLOAT32,
    };
    return p;
}

gjk2d_pairs scene_pairs(const scene *sc) {
    gjk2d_pairs pairs = {.a = sc->pa, .b = sc->pb, .count = sc->pair_count};
    return pairs;
}

gjk2d_shape scene_shape(const scene *sc, int32_t i, gjk2d_vec2 *buf) {
    for (int32_t k = 0; k < sc->count[i]; k++) {
        buf[k].x = sc->vx[sc->first[i] + k];
        buf[k].y = sc->vy[sc->first[i] + k];
    }
    gjk2d_shape shape = {.vertices = buf, .count = sc->count[i], .radius = sc->radius[i]};
    return shape;
}

gjk2d_pose scene_pose(const scene *sc, int32_t i) {
    gjk2d_pose pose = {.px = sc->px[i], .py = sc->py[i], .c = sc->c[i], .s = sc->s[i]};
    return pose;
}

// How many invalid shapes are named one by one before the rest are only counted.
#define REPORT_LIMIT 50

// Reports of the problems of a scene: each named up to REPORT_LIMIT times, then only counted.
typedef struct problem_report {
    const char *label, *what; // "invalid shapes", "bad poses"
    int64_t shown;
} problem_report;

static int report_more(problem_report *rep) { return rep->shown++ < REPORT_LIMIT; }

static void report_summary(const problem_report *rep) {
    if (rep->shown > REPORT_LIMIT)
        fprintf(stderr, "%s: ... and %lld more %s (%lld in all)\n", rep->label, (long long)(rep->shown - REPORT_LIMIT),
                rep->what, (long long)rep->shown);
}

// Shape i's geometry problem, with the offending vertex named when the problem is about one
// (the prepared set records the reason; the single-shape check also finds the vertex).
static void report_invalid_shape(const scene *sc, int32_t i, problem_report *rep) {
    if (!report_more(rep)) return;
    int32_t vertex = -1;
    static gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    if (sc->count[i] >= 1 && sc->count[i] <= GJK2D_MAX_VERTICES) {
        gjk2d_shape shape = scene_shape(sc, i, v);
        gjk2d_validate_shape(&shape, NULL, &vertex);
    }
    const char *reason = gjk2d_problem_message((gjk2d_problem)sc->problems[i]);
    if (vertex >= 0)
        fprintf(stderr, "%s: shape %d is invalid (vertex %d): %s; its pairs get status invalid\n", rep->label, i,
                vertex, reason);
    else
        fprintf(stderr, "%s: shape %d is invalid: %s; its pairs get status invalid\n", rep->label, i, reason);
}

// A number for a message: a NaN prints as "nan" whatever its sign bit (cos of an infinite angle is -nan).
static double shown(float v) { return isnan(v) ? fabs((double)v) : (double)v; }

static void report_bad_pose(const scene *sc, int32_t i, problem_report *rep) {
    if (!report_more(rep)) return;
    // The scene gives an angle; the rotation shown is its (cos, sin) as the library sees it.
    fprintf(stderr, "%s: shape %d has a bad pose (position (%.9g, %.9g), rotation (%.9g, %.9g)): %s; its pairs get status bad-pose\n",
            rep->label, i, shown(sc->px[i]), shown(sc->py[i]), shown(sc->c[i]), shown(sc->s[i]),
            gjk2d_problem_message((gjk2d_problem)sc->pose_problems[i]));
}

// Build the prepared set in memory of our own. Returns the invalid shape count or -1 after reporting.
static int64_t prepare_shapes(scene *sc, const char *label) {
    gjk2d_geometry g = scene_geometry(sc);
    int64_t size = gjk2d_shapes_size(&g), first_bad = -1;
    if (size < 0) {
        cli_error("%s: %s", label, gjk2d_error_message((int)size));
        return -1;
    }
    size_t n = (size_t)(sc->shape_count > 0 ? sc->shape_count : 1);
    sc->shapes_mem = malloc(size > 0 ? (size_t)size : 1);
    sc->problems = malloc(n);
    if (!sc->shapes_mem || !sc->problems) {
        cli_error("%s: out of memory for the prepared shapes (%lld bytes)", label, (long long)size);
        return -1;
    }
    int64_t bad = gjk2d_shapes_prepare(&g, sc->shapes_mem, size, &sc->shapes, sc->problems, &first_bad);
    if (bad < 0) {
        cli_error("%s: shape %lld: %s", label, (long long)first_bad, gjk2d_error_message((int)bad));
        return -1;
    }
    return bad;
}

// Check every pose. Returns the bad pose count or -1 after reporting.
static int64_t check_poses(scene *sc, const char *label) {
    sc->pose_problems = malloc((size_t)(sc->shape_count > 0 ? sc->shape_count : 1));
    if (!sc->pose_problems) {
        cli_error("%s: out of memory", label);
        return -1;
    }
    gjk2d_poses poses = scene_poses(sc);
    int64_t first_bad = -1, bad = gjk2d_check_poses(&poses, sc->pose_problems, &first_bad);
    if (bad < 0) cli_error("%s: poses: %s", label, gjk2d_error_message((int)bad));
    return bad;
}

static void release_prepared(scene *sc) {
    free(sc->shapes_mem);
    free(sc->problems);
    free(sc->pose_problems);
    sc->shapes_mem = NULL;
    sc->shapes = NULL;
    sc->problems = sc->pose_problems = NULL;
    sc->invalid_count = sc->bad_pose_count = 0;
}

int64_t scene_prepare(scene *sc, const char *label) {
    release_prepared(sc);
    int64_t invalid = prepare_shapes(sc, label), bad_poses = invalid < 0 ? -1 : check_poses(sc, label);
    if (invalid < 0 || bad_poses < 0) {
        release_prepared(sc);
        return -1;
    }
    sc->invalid_count = invalid;
    sc->bad_pose_count = bad_poses;
    problem_report shapes = {label, "invalid shapes", 0}, poses = {label, "bad poses", 0};
    for (int32_t i = 0; i < sc->shape_count; i++) {
        if (sc->problems[i] != GJK2D_PROBLEM_NONE) report_invalid_shape(sc, i, &shapes);
        if (sc->pose_problems[i] != GJK2D_PROBLEM_NONE) report_bad_pose(sc, i, &poses);
    }
    report_summary(&shapes);
    report_summary(&poses);
    return invalid + bad_poses;
}

void scene_write(const scene *sc, outfile *out, progress *prog) {
    out_printf(out, "gjk2d-scene 1\n");
    out_printf(out, "shapes %d\n", sc->shape_count);
    for (int32_t i = 0; i < sc->shape_count; i++) {
        int32_t n = sc->count[i];
        char *p = out_reserve(out, (size_t)(2 * n + 5) * (FMT_FLOAT_MAX + 1) + 32);
        char *q = p;
        q += fmt_float9(q, sc->px[i]);
        *q++ = ' ';
        q += fmt_float9(q, sc->py[i]);
        *q++ = ' ';
        q += fmt_float9(q, sc->angle ? sc->angle[i] : (float)atan2(sc->s[i], sc->c[i]));
        *q++ = ' ';
        q += fmt_float9(q, sc->radius[i]);
        *q++ = ' ';
        q += fmt_i64(q, n);
        for (int32_t k = 0; k < n; k++) {
            *q++ = ' ';
            q += fmt_float9(q, sc->vx[sc->first[i] + k]);
            *q++ = ' ';
            q += fmt_float9(q, sc->vy[sc->first[i] + k]);
        }
        *q++ = '\n';
        out->len += (size_t)(q - p);
        if (prog && (i & 0xffff) == 0) progress_update(prog, i, sc->shape_count);
    }
    out_printf(out, "pairs %lld\n", (long long)sc->pair_count);
    for (int64_t k = 0; k < sc->pair_count; k++) {
        char *p = out_reserve(out, 48), *q = p;
        q += fmt_i64(q, sc->pa[k]);
        *q++ = ' ';
        q += fmt_i64(q, sc->pb[k]);
        *q++ = '\n';
        out->len += (size_t)(q - p);
    }
}
