// libFuzzer target: the batch queries an engine runs every frame, on every ISA this CPU runs, against the
// scalar reference bit for bit, on arbitrary geometry and poses:
//   the cached distance (a cutoff from the input) and the cached overlap, with cache entries of any bytes,
//   then again warm from the entries the reference wrote; the contact manifold (a margin from the input);
//   the shape cast (translations from the input); the ray cast; the point query.
//
// The bytes choose 1..8 shapes of 1..40 vertices (fz_vertices: raw floats or built convex shapes at any
// scale; more than 16 vertices go to the reference inside the kernels' blocks), radii and poses (fz_pose:
// any position, rotations or not) as float arrays, float {px, py, c, s} records or double positions; 0..80
// pairs, rays and points (now and then 128..260) naming shapes of the set (sometimes one outside it), a range
// [begin, end) (sometimes a wrong one) and which output arrays are NULL (the kernels then skip work). Checked
// for each query:
// - every ISA returns the scalar reference's code; on an error nothing is written;
// - every ISA gives the reference's bits on every output of [begin, end) (NaN payloads aside) and its cache
//   entries byte for byte, and writes nothing outside the range (sentinels; ASan around every array).
// The argument checks and the pose layouts' corner cases are fuzz_queries' subject; the single-pair
// invariants (statuses, finite results, the oracle) fuzz_pair's.
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "gjk2d.h"

enum { MAX_SHAPES = 8, MAX_COUNT = 40, MAX_ITEMS = 80, MAX_FIELDS = 24, SENTINEL = 0xA5 };
/// Long lists: the items byte's top LONG_CHOICES values give LONG_ITEMS, LONG_ITEMS + LONG_STEP, .. 260 items.
enum { LONG_ITEMS = 128, LONG_STEP = 11, LONG_CHOICES = 13 };

static void fail(const char *what) { fz_fail("fuzz_frame", what); }

// ---------------------------------------------------------------------------------------------
// Output arrays: one block of exactly n elements per field, filled with a sentinel
// ---------------------------------------------------------------------------------------------

typedef struct field {
    void *p;     ///< NULL: the field is not asked for
    size_t size; ///< bytes per element
    int is_float;
} field;

typedef struct fields {
    field f[MAX_FIELDS];
    int count;
    size_t n;
    uint32_t skip; ///< bit i: field i is passed as NULL
} fields;

static void fields_init(fields *fs, size_t n, uint32_t skip) {
    memset(fs, 0, sizeof *fs);
    fs->n = n, fs->skip = skip;
}

/// The next field's array, or NULL when the input skips it.
static void *field_add(fields *fs, size_t size, int is_float) {
    if (fs->count >= MAX_FIELDS) fail("too many fields");
    field *f = &fs->f[fs->count];
    f->size = size, f->is_float = is_float;
    if (!(fs->skip >> fs->count & 1)) {
        f->p = fz_block(fs->n, size);
        memset(f->p, SENTINEL, fs->n * size);
    }
    fs->count++;
    return f->p;
}
#define FLOATS(fs) ((float *)field_add(fs, sizeof(float), 1))
#define INTS(fs) ((int32_t *)field_add(fs, sizeof(int32_t), 0))
#define UINTS(fs) ((uint32_t *)field_add(fs, sizeof(uint32_t), 0))
#define BYTES(fs) ((uint8_t *)field_add(fs, 1, 0))

static void fields_free(fields *fs) {
    for (int i = 0; i < fs->count; i++) free(fs->f[i].p);
}

static int all_sentinel(const void *p, size_t bytes) {
    for (size_t i = 0; i < bytes; i++)
        if (((const uint8_t *)p)[i] != SENTINEL) return 0;
    return 1;
}

/// `got` holds `want`'s bits on [begin, end) and the sentinel elsewhere (everywhere if `written` is 0).
static void fields_compare(const fields *got, const fields *want, int64_t begin, int64_t end, int written,
                           const char *isa, const char *query) {
    for (int i = 0; i < got->count; i++) {
        const field *g = &got->f[i], *w = &want->f[i];
        if (!g->p) continue;
        for (size_t k = 0; k < got->n; k++) {
            const uint8_t *gp = (const uint8_t *)g->p + k * g->size, *wp = (const uint8_t *)w->p + k * g->size;
            const int inside = written && (int64_t)k >= begin && (int64_t)k < end;
            int ok;
            if (!inside)
                ok = all_sentinel(gp, g->size);
            else if (g->is_float) {
                float a, b;
                memcpy(&a, gp, 4);
                memcpy(&b, wp, 4);
                ok = fz_same(a, b);
            } else
                ok = memcmp(gp, wp, g->size) == 0;
            if (!ok) {
                fprintf(stderr, "%s on %s: field %d of item %zu (range [%lld, %lld))\n", query, isa, i, k,
                        (long long)begin, (long long)end);
                fail(inside ? "not bit-identical to the scalar reference" : "an item outside the range was written");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The frame: shapes, poses, pairs, rays, points and the queries' parameters
// ---------------------------------------------------------------------------------------------

enum { Q_DISTANCE, Q_OVERLAP, Q_MANIFOLD, Q_CAST, Q_RAY, Q_POINT, NQUERY };

typedef struct frame {
    const gjk2d_shapes *set;
    gjk2d_poses poses;
    gjk2d_pairs pairs;
    gjk2d_translations moves;
    gjk2d_rays rays;
    gjk2d_points points;
    int64_t begin, end; ///< the range of every call (items and pairs alike)
    float max_distance, margin;
    uint32_t skip[NQUERY]; ///< per query: which outputs are NULL
} frame;

static const char *const query_names[NQUERY] = {
    "distance_cached", "overlap_cached", "manifold", "cast", "ray", "point"};

/// Query q of the frame into fresh output arrays (fs) and `cache` (the cached queries); returns its code.
static int run_query(int q, const frame *fr, fields *fs, gjk2d_cache *cache) {
    const int64_t n = q == Q_RAY ? fr->rays.count : q == Q_POINT ? fr->points.count : fr->pairs.count;
    fields_init(fs, (size_t)(n > 0 ? n : 0), fr->skip[q]);
    switch (q) {
    case Q_DISTANCE: {
        gjk2d_distance_out o = {FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs),
                                FLOATS(fs), FLOATS(fs), INTS(fs),   INTS(fs),   INTS(fs),   BYTES(fs)};
        return gjk2d_batch_distance_cached(fr->set, &fr->poses, &fr->pairs, fr->begin, fr->end, cache, fr->max_distance,
                                           &o);
    }
    case Q_OVERLAP: {
        gjk2d_overlap_out o = {BYTES(fs), INTS(fs), BYTES(fs)};
        return gjk2d_batch_overlap_cached(fr->set, &fr->poses, &fr->pairs, fr->begin, fr->end, cache, &o);
    }
    case Q_MANIFOLD: {
        gjk2d_manifold_out o;
        o.count = BYTES(fs);
        o.nx = FLOATS(fs), o.ny = FLOATS(fs);
        o.reference = BYTES(fs);
        for (int i = 0; i < 2; i++) {
            o.px[i] = FLOATS(fs), o.py[i] = FLOATS(fs);
            o.anchor_ax[i] = FLOATS(fs), o.anchor_ay[i] = FLOATS(fs);
            o.anchor_bx[i] = FLOATS(fs), o.anchor_by[i] = FLOATS(fs);
            o.separation[i] = FLOATS(fs);
            o.id[i] = UINTS(fs);
        }
        o.status = BYTES(fs);
        return gjk2d_batch_manifold(fr->set, &fr->poses, &fr->pairs, fr->begin, fr->end, fr->margin, &o);
    }
    case Q_CAST:
    case Q_RAY: {
        gjk2d_cast_out o = {BYTES(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), INTS(fs), BYTES(fs)};
        if (q == Q_CAST) return gjk2d_batch_cast(fr->set, &fr->poses, &fr->pairs, &fr->moves, fr->begin, fr->end, &o);
        return gjk2d_batch_ray(fr->set, &fr->poses, &fr->rays, fr->begin, fr->end, &o);
    }
    default: {
        gjk2d_point_out o = {BYTES(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), FLOATS(fs), BYTES(fs)};
        return gjk2d_batch_point(fr->set, &fr->poses, &fr->points, fr->begin, fr->end, &o);
    }
    }
}

/// A copy of n cache entries in a block of exactly n (NULL stays NULL).
static gjk2d_cache *cache_copy(const gjk2d_cache *c, size_t n) {
    if (!c) return NULL;
    gjk2d_cache *p = fz_block(n, sizeof *p);
    memcpy(p, c, n * sizeof *p);
    return p;
}

/// Query q on every ISA against the scalar reference, from the cache entries `start` (the cached queries;
/// NULL: cold). The reference's entries afterwards go to `after` (n entries) when it is not NULL.
static void check_query(int q, const frame *fr, const gjk2d_cache *start, gjk2d_cache *after) {
    const size_t n = (size_t)(fr->pairs.count > 0 ? fr->pairs.count : 0);
    const int cached = q == Q_DISTANCE || q == Q_OVERLAP;
    fields ref;
    gjk2d_cache *ref_cache = cached ? cache_copy(start, n) : NULL;
    if (gjk2d_set_isa("scalar") != 0) fail("scalar not available");
    const int rc = run_query(q, fr, &ref, ref_cache);
    // Against itself: only that nothing outside the range (or nothing at all, on an error) was written.
    fields_compare(&ref, &ref, fr->begin, fr->end, rc == GJK2D_OK, "scalar", query_names[q]);
    if (rc != GJK2D_OK) {
        if (ref_cache && memcmp(ref_cache, start, n * sizeof *ref_cache) != 0)
            fail("a cached call that returned an error wrote the cache");
    } else if (ref_cache) {
        for (size_t k = 0; k < n; k++) {
            // An entry in the range is rewritten, or left as it was where the bounding circles cut the pair.
            const int rewritten = memcmp(&ref_cache[k], &start[k], sizeof *start) != 0;
            if (!rewritten) continue;
            if ((int64_t)k < fr->begin || (int64_t)k >= fr->end) fail("a cache entry outside the range was written");
            if (ref_cache[k].count > 3 || ref_cache[k].reserved != 0)
                fail("a cache entry rewritten with more than 3 vertices or a reserved word not 0");
        }
    }
    for (int i = 1; i < FZ_NISA; i++) { // every ISA but the scalar reference
        if (gjk2d_set_isa(fz_isa_names[i]) != 0) continue;
        fields got;
        gjk2d_cache *got_cache = cached ? cache_copy(start, n) : NULL;
        if (run_query(q, fr, &got, got_cache) != rc) {
            fprintf(stderr, "%s on %s\n", query_names[q], fz_isa_names[i]);
            fail("return code differs from the scalar reference");
        }
        fields_compare(&got, &ref, fr->begin, fr->end, rc == GJK2D_OK, fz_isa_names[i], query_names[q]);
        if (got_cache && memcmp(got_cache, ref_cache, n * sizeof *got_cache) != 0) {
            fprintf(stderr, "%s on %s\n", query_names[q], fz_isa_names[i]);
            fail("cache entries not byte-identical to the scalar reference's");
        }
        fields_free(&got);
        free(got_cache);
    }
    if (after && ref_cache) memcpy(after, ref_cache, n * sizeof *after);
    fields_free(&ref);
    free(ref_cache);
}

// ---------------------------------------------------------------------------------------------
// The input
// ---------------------------------------------------------------------------------------------

/// A shape index: mostly one of the set's, sometimes one outside it (the call then refuses the batch).
static int32_t read_index(fuzz_reader *r, int32_t ns) {
    uint8_t m = fz_byte(r);
    if (m < 252) return fz_byte(r) % ns;
    return m == 252 ? ns : m == 253 ? -1 : (int32_t)fz_u32(r);
}

/// A cutoff: none, 0, a float of any kind (NaN and negative ones are refused), or a small distance.
static float read_cutoff(fuzz_reader *r) {
    uint8_t m = fz_byte(r);
    if (m < 96) return INFINITY;
    if (m < 112) return 0.0f;
    if (m < 160) return fz_float(r);
    return (float)(fz_scale(r) * fz_byte(r) / 64.0);
}

/// Cache entries: zeros, raw bytes, or plausible entries (0..3 vertices, small indices, a metric of any
/// float), so that both the reuse rule and the warm starts are reached.
static void read_cache(fuzz_reader *r, gjk2d_cache *c, size_t n) {
    const uint8_t mode = fz_byte(r);
    memset(c, 0, n * sizeof *c);
    for (size_t k = 0; k < n && mode >= 64; k++) {
        if (mode < 128) {
            for (size_t b = 0; b < sizeof *c; b++) ((uint8_t *)&c[k])[b] = fz_byte(r);
            continue;
        }
        c[k].count = (uint16_t)(fz_byte(r) % 4);
        for (int i = 0; i < 3; i++) {
            c[k].index_a[i] = (uint16_t)(fz_byte(r) % 20);
            c[k].index_b[i] = (uint16_t)(fz_byte(r) % 20);
        }
        c[k].metric = fz_float(r);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_reader r = {data, size};
    const uint8_t flags = fz_byte(&r);
    const int32_t ns = 1 + fz_byte(&r) % MAX_SHAPES;

    // Shapes: mostly the lanes' sizes (1..16), sometimes more (the reference inside a block).
    int32_t count[MAX_SHAPES], total = 0;
    for (int32_t k = 0; k < ns; k++) {
        const uint8_t m = fz_byte(&r);
        count[k] = m < 200 ? 1 + m % 16 : 17 + m % (MAX_COUNT - 16);
        total += count[k];
    }
    float *vx = fz_block((size_t)total, sizeof(float)), *vy = fz_block((size_t)total, sizeof(float));
    float radius[MAX_SHAPES];
    gjk2d_pose pose[MAX_SHAPES];
    for (int32_t k = 0, at = 0; k < ns; at += count[k++]) {
        fz_vertices(&r, count[k], vx + at, vy + at, 1);
        radius[k] = fz_radius(&r);
        pose[k] = fz_pose(&r);
    }
    const gjk2d_geometry geom = {vx, vy, total, count, NULL, radius, ns};
    const int64_t set_size = gjk2d_shapes_size(&geom);
    if (set_size <= 0) fail("shapes_size refused a geometry of valid counts");
    void *set_mem = fz_block((size_t)set_size, 1);
    frame fr;
    memset(&fr, 0, sizeof fr);
    if (gjk2d_shapes_prepare(&geom, set_mem, set_size, &fr.set, NULL, NULL) < 0) fail("shapes_prepare failed");

    // Poses: float arrays, float records or double positions.
    float *pf[4];
    for (int i = 0; i < 4; i++) pf[i] = fz_block((size_t)ns, sizeof(float));
    float *records = fz_block((size_t)ns * 4, sizeof(float));
    double *pd[2] = {fz_block((size_t)ns, sizeof(double)), fz_block((size_t)ns, sizeof(double))};
    for (int32_t k = 0; k < ns; k++) {
        const float v[4] = {pose[k].px, pose[k].py, pose[k].c, pose[k].s};
        for (int i = 0; i < 4; i++) pf[i][k] = records[4 * k + i] = v[i];
        pd[0][k] = pose[k].px, pd[1][k] = pose[k].py;
    }
    const int layout = (flags >> 1 & 3) % 3;
    if (layout == 0)
        fr.poses = (gjk2d_poses){pf[0], pf[1], pf[2], pf[3], ns, 0, GJK2D_FLOAT32};
    else if (layout == 1)
        fr.poses = (gjk2d_poses){records, records + 1, records + 2, records + 3, ns, 16, GJK2D_FLOAT32};
    else
        fr.poses = (gjk2d_poses){pd[0], pd[1], pf[2], pf[3], ns, 0, GJK2D_FLOAT64};

    // Items: as many pairs, rays and points (each query's arrays are exactly that long); now and then a long
    // list, LONG_ITEMS or more: whole windows of the manifold's blocks on 8 lanes (ordered by kind, when the
    // first block mixes kinds) and on 16, the items past the input's bytes all zeros.
    const uint8_t items = fz_byte(&r);
    const int long_from = 256 - LONG_CHOICES;
    const int64_t n = items < long_from ? items % (MAX_ITEMS + 1) : LONG_ITEMS + (items - long_from) * LONG_STEP;
    int32_t *pa = fz_block((size_t)n, sizeof(int32_t)), *pb = fz_block((size_t)n, sizeof(int32_t));
    int32_t *shape = fz_block((size_t)n, sizeof(int32_t));
    float *item[7];
    for (int i = 0; i < 7; i++) item[i] = fz_block((size_t)n, sizeof(float));
    for (int64_t k = 0; k < n; k++) {
        pa[k] = read_index(&r, ns), pb[k] = read_index(&r, ns), shape[k] = read_index(&r, ns);
        for (int i = 0; i < 7; i++)
            item[i][k] = (flags & 8) ? (float)(fz_scale(&r) * (int8_t)fz_byte(&r) / 64.0) : fz_float(&r);
    }
    fr.pairs = (gjk2d_pairs){pa, pb, n};
    fr.moves = (gjk2d_translations){item[0], item[1]};
    // A ray's origin, translation and maximum fraction (NULL: 1 for every ray); a point's position.
    fr.rays = (gjk2d_rays){shape, item[2], item[3], item[4], item[5], (flags & 16) ? NULL : item[6], n};
    fr.points = (gjk2d_points){shape, item[2], item[3], n};
    fr.begin = 0, fr.end = n;
    if (flags & 32) {
        fr.begin = fz_byte(&r) % (n + 1);
        fr.end = fr.begin + fz_byte(&r) % (n - fr.begin + 1);
        if (fz_byte(&r) >= 250) fr.end = n + 1; // a wrong range: refused, nothing written
    }
    fr.max_distance = read_cutoff(&r);
    fr.margin = (flags & 64) ? fz_float(&r) : (float)(fz_scale(&r) * fz_byte(&r) / 256.0);
    for (int q = 0; q < NQUERY; q++) fr.skip[q] = (flags & 128) ? fz_u32(&r) : 0;

    // The cached queries: from the input's entries, then warm from the reference's, as a next frame does.
    gjk2d_cache *start = fz_block((size_t)n, sizeof(gjk2d_cache)), *warm = fz_block((size_t)n, sizeof(gjk2d_cache));
    read_cache(&r, start, (size_t)n);
    for (int q = Q_DISTANCE; q <= Q_OVERLAP; q++) {
        check_query(q, &fr, start, warm);
        check_query(q, &fr, warm, NULL);
    }
    check_query(Q_DISTANCE, &fr, NULL, NULL); // no cache at all: cold starts
    for (int q = Q_MANIFOLD; q < NQUERY; q++) check_query(q, &fr, NULL, NULL);
    gjk2d_set_isa("auto");

    free(start);
    free(warm);
    for (int i = 0; i < 7; i++) free(item[i]);
    free(shape);
    free(pa);
    free(pb);
    for (int i = 0; i < 4; i++) free(pf[i]);
    free(records);
    free(pd[0]);
    free(pd[1]);
    free(set_mem);
    free(vx);
    free(vy);
    return 0;
}
