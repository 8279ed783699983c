// SPDX-License-Identifier: MIT
// Scene file reader. It streams the file through a growable line buffer (no copy of
// the whole text, no allocation per line) and parses numbers in place with strtof/strtod (through the
// exact fast path of numparse.c), which need a terminator: every line handed out ends in '\n' or '\0'
// inside the buffer.
#include "scene.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "numparse.h"

typedef struct reader {
    int fd;
    const char *path;
    char *buf;
    size_t cap, start, end; ///< unread bytes are buf[start, end)
    int eof;
    int64_t line;     ///< number of the line last returned (1-based)
    int64_t consumed; ///< bytes handed out so far, for progress
    int64_t size;     ///< file size, 0 if unknown
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

// A NUL byte ends the numbers strtof reads early and would be reported as a strange number: name it.
static int reject_nul(reader *r, const char *line, size_t len) {
    const char *nul = memchr(line, '\0', len);
    if (!nul) return 0;
    parse_error(r, "a NUL byte at column %lld (not a text file?)", (long long)(nul - line) + 1);
    r->eof = -1;
    return -1;
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }

// Next line with content (skipping blank and '#' lines). *p points at its first non-blank character.
static char *next_line(reader *r, char **end) {
    size_t len;
    char *line;
    while ((line = next_raw_line(r, &len)) != NULL) {
        if (reject_nul(r, line, len)) return NULL;
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

// A finite decimal that rounds to infinity ("1e39" for a float) is beyond the type's range; "inf" and
// "nan" spelled out are values the file asks for, left to validation like any non-finite number.
static int out_of_range(reader *r, const char *p, const char *end, const char *what, double x, double max) {
    if (!isinf(x)) return 0;
    int n = token_len(p, end);
    for (int k = 0; k < n; k++)
        if (p[k] == 'n' || p[k] == 'N') return 0;
    parse_error(r, "%s '%.*s' is beyond the %s range (largest %.9g)", what, n, p, max == FLT_MAX ? "float" : "double",
                max);
    return 1;
}

static int read_float(reader *r, char **p, char *end, const char *what, float *v) {
    if (!skip_blanks(p, end)) {
        parse_error(r, "missing %s", what);
        return -1;
    }
    char *q;
    float x = parse_float(*p, &q);
    if (q == *p || !ends_token(q, end)) {
        parse_error(r, "bad %s '%.*s' (expected a number)", what, token_len(*p, end), *p);
        return -1;
    }
    if (out_of_range(r, *p, end, what, x, FLT_MAX)) return -1;
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
    if (out_of_range(r, *p, end, what, x, DBL_MAX)) return -1;
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
    if (grow_array(&sc->line, sizeof(int64_t), n) || grow_array(&sc->first, sizeof(int32_t), n) ||
        grow_array(&sc->count, sizeof(int32_t), n) || grow_array(&sc->radius, sizeof(float), n) ||
        grow_array(&sc->px, sizeof(float), n) || grow_array(&sc->py, sizeof(float), n) ||
        grow_array(&sc->c, sizeof(float), n) || grow_array(&sc->s, sizeof(float), n))
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
            parse_error(r, "vertex count %lld does not match the line: only %lld vertices", (long long)n, (long long)k);
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
        parse_error(r, "vertex count %lld does not match the line: more numbers follow the last vertex", (long long)n);
        return -1;
    }
    gjk2d_pose pose = gjk2d_pose_from_angle(px, py, angle);
    sc->line[i] = r->line;
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

// The first line: "gjk2d-scene 1".
static int parse_magic(reader *r) {
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
    return 0;
}

// The next content line of a section of `count` items of which `done` are read; NULL after reporting
// the file's end.
static char *section_line(reader *r, const char *items, int64_t count, int64_t done, char **end) {
    char *p = next_line(r, end);
    if (!p && r->eof >= 0) {
        r->line++;
        parse_error(r, "unexpected end of file: the header says %lld %s, found %lld", (long long)count, items,
                    (long long)done);
    }
    return p;
}

static int parse_shapes(reader *r, scene *sc, progress *prog) {
    int64_t ns;
    if (read_header_count(r, "shapes", INT32_MAX, &ns)) return -1;
    // The header's count is not trusted with memory: the arrays start at no more than INITIAL_ITEMS
    // shapes (vertex arrays at 6 per shape, a 3..8-gon mix) and grow as lines really arrive, so a
    // short file claiming two billion shapes fails on its missing lines, not on a 48 GB allocation.
    int64_t shape_cap = ns < INITIAL_ITEMS ? ns : INITIAL_ITEMS;
    if (scene_alloc(sc, (int32_t)shape_cap, shape_cap * 6, 0, 0) != 0 ||
        grow_array(&sc->line, sizeof(int64_t), shape_cap) != 0) {
        parse_error(r, "out of memory for %lld shapes", (long long)ns);
        return -1;
    }
    sc->shape_count = (int32_t)ns;
    sc->frame_count = 1;
    for (int64_t i = 0; i < ns; i++) {
        if (i == shape_cap && grow_shapes(sc, &shape_cap, ns) != 0) {
            parse_error(r, "out of memory for %lld shapes", (long long)ns);
            return -1;
        }
        char *end, *p = section_line(r, "shapes", ns, i, &end);
        if (!p) return -1;
        if (end - p >= 5 && strncmp(p, "pairs", 5) == 0 && ends_token(p + 5, end)) {
            parse_error(r, "shape count mismatch: the header says %lld shapes, found %lld", (long long)ns,
                        (long long)i);
            return -1;
        }
        if (parse_shape(r, sc, p, end, (int32_t)i)) return -1;
        if ((i & 0xffff) == 0) progress_update(prog, r->consumed, r->size);
    }
    return 0;
}

static int parse_pairs(reader *r, scene *sc, progress *prog) {
    int64_t np;
    if (read_header_count(r, "pairs", INT64_MAX / 8, &np)) return -1;
    int64_t pair_cap = 0;
    sc->pair_count = np;
    for (int64_t k = 0; k < np; k++) {
        if (k == pair_cap && grow_pairs(sc, &pair_cap, np) != 0) {
            parse_error(r, "out of memory for %lld pairs", (long long)np);
            return -1;
        }
        char *end, *p = section_line(r, "pairs", np, k, &end);
        if (!p || parse_pair(r, sc, p, end, k)) return -1;
        if ((k & 0xffff) == 0) progress_update(prog, r->consumed, r->size);
    }
    return 0;
}

// Whether the content line p starts with `keyword` as a whole token.
static int starts_with(const char *p, const char *end, const char *keyword) {
    size_t k = strlen(keyword);
    return (size_t)(end - p) >= k && strncmp(p, keyword, k) == 0 && ends_token(p + k, end);
}

// "frame k" and the shape count's pose lines "<px> <py> <angle>" of frame k.
static int parse_frame(reader *r, scene *sc, int32_t f) {
    char *end, *p = next_line(r, &end);
    if (!p) {
        if (r->eof >= 0) {
            r->line++;
            parse_error(r, "unexpected end of file: the header says %d frames, found %d", sc->frame_count, f);
        }
        return -1;
    }
    int64_t k;
    if (!starts_with(p, end, "frame")) {
        parse_error(r, "expected 'frame %d', found '%.*s'", f, token_len(p, end), p);
        return -1;
    }
    p += 5;
    if (read_i64(r, &p, end, "frame number", &k) || expect_end(r, p, end, "the frame number")) return -1;
    if (k != f) {
        parse_error(r, "frame %lld out of order: expected frame %d", (long long)k, f);
        return -1;
    }
    sc->frame_line[f] = r->line;
    size_t at = (size_t)(f - 1) * (size_t)sc->shape_count;
    for (int32_t i = 0; i < sc->shape_count; i++) {
        if (!(p = next_line(r, &end))) {
            if (r->eof >= 0) {
                r->line++;
                parse_error(r, "unexpected end of file: frame %d has %d poses, expected %d", f, i, sc->shape_count);
            }
            return -1;
        }
        if (starts_with(p, end, "frame")) {
            parse_error(r, "frame %d has %d poses, expected %d (one per shape)", f, i, sc->shape_count);
            return -1;
        }
        float px, py;
        double angle;
        if (read_float(r, &p, end, "position x", &px) || read_float(r, &p, end, "position y", &py) ||
            read_double(r, &p, end, "angle", &angle) || expect_end(r, p, end, "the pose"))
            return -1;
        gjk2d_pose pose = gjk2d_pose_from_angle(px, py, angle);
        sc->fpx[at + (size_t)i] = pose.px;
        sc->fpy[at + (size_t)i] = pose.py;
        sc->fc[at + (size_t)i] = pose.c;
        sc->fs[at + (size_t)i] = pose.s;
    }
    return 0;
}

// Frames cap: the pose arrays are allocated from the header, so the count is bounded against the shapes.
#define MAX_FRAME_POSES ((int64_t)1 << 31)

// An item's shape index, which must name a shape.
static int read_shape_index(reader *r, scene *sc, char **p, char *end, int32_t *out) {
    int64_t i;
    if (read_i64(r, p, end, "shape index", &i)) return -1;
    if (i < 0 || i >= sc->shape_count) {
        parse_error(r, "shape index %lld outside [0, %d)", (long long)i, sc->shape_count);
        return -1;
    }
    *out = (int32_t)i;
    return 0;
}

// "points P" (p at the line after the keyword) and its P lines "<shape> <x> <y>", or with rays = 1
// "rays R" and "<shape> <ox> <oy> <dx> <dy> <max_fraction>".
static int parse_item_section(reader *r, scene *sc, char *p, char *end, int rays) {
    const char *what = rays ? "rays" : "points";
    int64_t n, cap = 0;
    if (read_i64(r, &p, end, "count", &n) || expect_end(r, p, end, "the count")) return -1;
    if (n < 0 || n > INT64_MAX / 32) {
        parse_error(r, "%s count %lld out of range", what, (long long)n);
        return -1;
    }
    if ((rays ? sc->ray_shape : sc->point_shape) != NULL) {
        parse_error(r, "a second %s section", what);
        return -1;
    }
    for (int64_t k = 0; k < n || k == 0; k++) {
        if (k == cap) { // the header's count is not trusted with memory: grow as lines arrive
            cap = cap ? (cap * 2 > n ? n : cap * 2) : (n < INITIAL_ITEMS ? n : INITIAL_ITEMS);
            int bad = rays ? grow_array(&sc->ray_shape, sizeof(int32_t), cap) ||
                                 grow_array(&sc->rox, sizeof(float), cap) || grow_array(&sc->roy, sizeof(float), cap) ||
                                 grow_array(&sc->rdx, sizeof(float), cap) || grow_array(&sc->rdy, sizeof(float), cap) ||
                                 grow_array(&sc->rmax, sizeof(float), cap)
                           : grow_array(&sc->point_shape, sizeof(int32_t), cap) ||
                                 grow_array(&sc->qx, sizeof(float), cap) || grow_array(&sc->qy, sizeof(float), cap);
            if (bad) {
                parse_error(r, "out of memory for %lld %s", (long long)n, what);
                return -1;
            }
        }
        if (k >= n) break;
        if (!(p = section_line(r, what, n, k, &end))) return -1;
        int fail = rays ? read_shape_index(r, sc, &p, end, &sc->ray_shape[k]) ||
                              read_float(r, &p, end, "origin x", &sc->rox[k]) ||
                              read_float(r, &p, end, "origin y", &sc->roy[k]) ||
                              read_float(r, &p, end, "translation x", &sc->rdx[k]) ||
                              read_float(r, &p, end, "translation y", &sc->rdy[k]) ||
                              read_float(r, &p, end, "max fraction", &sc->rmax[k])
                        : read_shape_index(r, sc, &p, end, &sc->point_shape[k]) ||
                              read_float(r, &p, end, "point x", &sc->qx[k]) ||
                              read_float(r, &p, end, "point y", &sc->qy[k]);
        if (fail || expect_end(r, p, end, rays ? "the ray" : "the point")) return -1;
    }
    *(rays ? &sc->ray_count : &sc->point_count) = n;
    return 0;
}

// The optional sections after the pairs: "points P" and "rays R" (each at most once, either order),
// then "frames F" and frames 1 .. F-1.
static int parse_frames(reader *r, scene *sc, progress *prog) {
    char *end, *p = next_line(r, &end);
    for (;;) {
        if (!p) return r->eof < 0 ? -1 : 0;
        int rays = starts_with(p, end, "rays");
        if (!rays && !starts_with(p, end, "points")) break;
        if (parse_item_section(r, sc, p + (rays ? 4 : 6), end, rays)) return -1;
        p = next_line(r, &end);
    }
    if (!starts_with(p, end, "frames")) {
        parse_error(r, "pair count mismatch: more lines after the %lld pairs the header announces",
                    (long long)sc->pair_count);
        return -1;
    }
    p += 6;
    int64_t nf;
    if (read_i64(r, &p, end, "count", &nf) || expect_end(r, p, end, "the count")) return -1;
    int64_t most = MAX_FRAME_POSES / (sc->shape_count > 0 ? sc->shape_count : 1);
    if (nf < 1 || nf > most || nf > INT32_MAX) {
        parse_error(r, "frames count %lld out of range [1, %lld]", (long long)nf,
                    (long long)(most < INT32_MAX ? most : INT32_MAX));
        return -1;
    }
    if (scene_alloc_frames(sc, (int32_t)nf, 0) != 0 || !(sc->frame_line = calloc((size_t)nf, sizeof(int64_t)))) {
        parse_error(r, "out of memory for %lld frames", (long long)nf);
        return -1;
    }
    for (int32_t f = 1; f < sc->frame_count; f++) {
        if (parse_frame(r, sc, f)) return -1;
        progress_update(prog, r->consumed, r->size);
    }
    if (next_line(r, &end)) {
        parse_error(r, "frame count mismatch: more lines after the %d frames the header announces", sc->frame_count);
        return -1;
    }
    return r->eof < 0 ? -1 : 0;
}

// Give back the unused tail of the vertex arrays.
static void trim_vertices(scene *sc) {
    if (sc->vertex_count == 0 || sc->vertex_count >= sc->vertex_cap) return;
    float *x = realloc(sc->vx, (size_t)sc->vertex_count * sizeof(float));
    if (x) sc->vx = x;
    float *y = realloc(sc->vy, (size_t)sc->vertex_count * sizeof(float));
    if (y) sc->vy = y;
    if (x && y) sc->vertex_cap = sc->vertex_count;
}

static int parse_scene(reader *r, scene *sc, progress *prog) {
    if (parse_magic(r) || parse_shapes(r, sc, prog) || parse_pairs(r, sc, prog) || parse_frames(r, sc, prog)) return -1;
    trim_vertices(sc);
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
        // Not a line of the file: the error is the command's, without a FILE:LINE prefix.
        r.fd = open(path, O_RDONLY);
        if (r.fd < 0) {
            cli_error("cannot open %s: %s", path, strerror(errno));
            return -1;
        }
    }
    struct stat st;
    int have_stat = fstat(r.fd, &st) == 0;
    if (have_stat && S_ISDIR(st.st_mode)) {
        cli_error("cannot read %s: a directory, not a scene file", path);
        if (r.fd != STDIN_FILENO) close(r.fd);
        return -1;
    }
    if (have_stat && S_ISREG(st.st_mode)) {
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
