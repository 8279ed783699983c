// libFuzzer target: the batch API fed arbitrary bytes as a shape pool, poses, pairs and a range.
//
// The bytes choose 0..8 shapes of 0..300 vertices (sometimes 1024, or counts and first indices out of
// range), any floats (NaN, infinities, denormals, 1e-30 .. 1e38) or built convex shapes at any scale and
// position, rotations that are not rotations, 0..64 pairs naming shapes in or out of range, and a
// [begin, end) that may be wrong. Every array is a heap block of exactly its documented length, so
// AddressSanitizer catches any read or write outside it. Checked:
// - gjk2d_check_batch and gjk2d_validate_pool return what the header documents for these arguments
//   (a model of the documented rules below), name the right pair / shape, and agree with
//   gjk2d_validate_shape shape by shape;
// - on an argument error every batch call returns the same code and writes nothing;
// - otherwise every implementation this CPU runs (gjk2d_set_isa), with and without the pre-validated
//   `problems`, gives results bit-identical to the scalar reference on every field of every pair of
//   the range, writes nothing outside the range, reports exactly the pairs with an invalid shape as
//   invalid (NaN floats, overlap 0, iterations 0) and finite results for the others;
// - the scalar batch equals the single-pair calls bit for bit;
// - a `problems` array that wrongly calls every shape valid may give wrong answers but must not crash,
//   hang or read outside the arrays.
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "gjk2d.h"

enum { MAX_SHAPES = 8, MAX_PAIRS = 64, MAX_BUILT = 300, SENTINEL = 0xAB };

static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
#define NISA 6

static void fail(const char *what) { fz_fail("fuzz_queries", what); }

/// A heap block of exactly n elements (ASan poisons everything around it); malloc(0) is still a block.
static void *block(size_t n, size_t size)
{
    void *p = malloc(n * size ? n * size : 1);
    if (!p)
        abort();
    return p;
}

/// Output arrays of all three queries, each of exactly `n` elements.
typedef struct outs {
    float *dist, *ax, *ay, *bx, *by, *nx, *ny, *sep, *snx, *sny;
    int32_t *it, *oit;
    uint8_t *st, *ov, *ost, *sov, *sst;
} outs;

#define OUT_FLOATS(o) {(o)->dist, (o)->ax, (o)->ay, (o)->bx, (o)->by, (o)->nx, (o)->ny, (o)->sep, (o)->snx, (o)->sny}

static void outs_alloc(outs *o, size_t n)
{
    float **f[] = {&o->dist, &o->ax, &o->ay, &o->bx, &o->by, &o->nx, &o->ny, &o->sep, &o->snx, &o->sny};
    for (int i = 0; i < 10; i++) {
        *f[i] = block(n, sizeof(float));
        memset(*f[i], SENTINEL, n * sizeof(float));
    }
    o->it = block(n, sizeof(int32_t));
    o->oit = block(n, sizeof(int32_t));
    memset(o->it, SENTINEL, n * sizeof(int32_t));
    memset(o->oit, SENTINEL, n * sizeof(int32_t));
    uint8_t **b[] = {&o->st, &o->ov, &o->ost, &o->sov, &o->sst};
    for (int i = 0; i < 5; i++) {
        *b[i] = block(n, 1);
        memset(*b[i], SENTINEL, n);
    }
}

static void outs_free(outs *o)
{
    void *all[] = {o->dist, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->sep, o->snx, o->sny,
                   o->it, o->oit, o->st, o->ov, o->ost, o->sov, o->sst};
    for (int i = 0; i < 17; i++)
        free(all[i]);
}

/// Run the three queries; every call must return `want`.
static void run_all(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end, outs *o, int want)
{
    gjk2d_distance_out d = {o->dist, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->it, o->st};
    gjk2d_overlap_out v = {o->ov, o->oit, o->ost};
    gjk2d_sat_out s = {o->sov, o->sep, o->snx, o->sny, o->sst};
    if (gjk2d_batch_distance(pool, pairs, begin, end, &d) != want)
        fail("batch_distance return code");
    if (gjk2d_batch_overlap(pool, pairs, begin, end, &v) != want)
        fail("batch_overlap return code");
    if (gjk2d_batch_sat(pool, pairs, begin, end, &s) != want)
        fail("batch_sat return code");
}

/// Whether pair k of o is still the sentinel in every field.
static int untouched(const outs *o, int64_t k)
{
    uint8_t s[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
    float *f[] = OUT_FLOATS(o);
    for (int i = 0; i < 10; i++)
        if (memcmp(&f[i][k], s, 4) != 0)
            return 0;
    return memcmp(&o->it[k], s, 4) == 0 && memcmp(&o->oit[k], s, 4) == 0 && o->st[k] == SENTINEL &&
           o->ov[k] == SENTINEL && o->ost[k] == SENTINEL && o->sov[k] == SENTINEL && o->sst[k] == SENTINEL;
}

static int same_pair(const outs *x, const outs *y, int64_t k)
{
    float *fx[] = OUT_FLOATS(x), *fy[] = OUT_FLOATS(y);
    for (int i = 0; i < 10; i++)
        if (!fz_same(fx[i][k], fy[i][k]))
            return 0;
    return x->it[k] == y->it[k] && x->oit[k] == y->oit[k] && x->st[k] == y->st[k] && x->ov[k] == y->ov[k] &&
           x->ost[k] == y->ost[k] && x->sov[k] == y->sov[k] && x->sst[k] == y->sst[k];
}

static int span_ok(const gjk2d_pool *p, int32_t k)
{
    int32_t n = p->count[k];
    if (n < 1 || n > GJK2D_MAX_VERTICES)
        return 1; // a count out of range is a shape problem, its vertices are never read
    return p->first[k] >= 0 && (int64_t)p->first[k] + n <= p->vertex_count;
}

/// gjk2d_check_batch as the header documents it: pointers, range, then pair by pair the indices and
/// the spans of the shapes they name.
static int expected_check(const gjk2d_pool *p, const gjk2d_pairs *q, int64_t begin, int64_t end, int64_t *bad)
{
    *bad = -1;
    if (!p || !q || !p->vx || !p->vy || !p->first || !p->count || !p->px || !p->py || !p->c || !p->s)
        return GJK2D_ERR_NULL;
    if (p->shape_count < 0 || p->vertex_count < 0 || q->count < 0 || begin < 0 || begin > end || end > q->count)
        return GJK2D_ERR_RANGE;
    if (end > begin && (!q->a || !q->b))
        return GJK2D_ERR_NULL;
    for (int64_t k = begin; k < end; k++) {
        int32_t a = q->a[k], b = q->b[k];
        if (a < 0 || a >= p->shape_count || b < 0 || b >= p->shape_count) {
            *bad = k;
            return GJK2D_ERR_PAIR_INDEX;
        }
        if (!span_ok(p, a) || !span_ok(p, b)) {
            *bad = k;
            return GJK2D_ERR_SHAPE_SPAN;
        }
    }
    return GJK2D_OK;
}

/// Shape k of the pool as a single-pair shape (vertices copied to buf).
static gjk2d_shape shape_of(const gjk2d_pool *p, int32_t k, gjk2d_vec2 *buf, gjk2d_pose *pose)
{
    for (int32_t i = 0; i < p->count[k]; i++) {
        buf[i].x = p->vx[p->first[k] + i];
        buf[i].y = p->vy[p->first[k] + i];
    }
    gjk2d_pose q = {p->px[k], p->py[k], p->c[k], p->s[k]};
    *pose = q;
    gjk2d_shape s = {buf, p->count[k], p->radius ? p->radius[k] : 0.0f};
    return s;
}

static int in_range(int32_t n) { return n >= 1 && n <= GJK2D_MAX_VERTICES; }

/// Whether shape k (whose span is inside the arrays) passes gjk2d_validate_shape.
static int shape_valid(const gjk2d_pool *p, int32_t k)
{
    static gjk2d_vec2 buf[GJK2D_MAX_VERTICES];
    if (!in_range(p->count[k]))
        return 0;
    gjk2d_pose pose;
    gjk2d_shape sh = shape_of(p, k, buf, &pose);
    return gjk2d_validate_shape(&sh, &pose, NULL) == GJK2D_PROBLEM_NONE;
}

/// The single-pair calls on pair k must equal the scalar batch's outputs bit for bit.
static void check_single(const gjk2d_pool *p, int32_t ia, int32_t ib, const outs *o, int64_t k)
{
    static gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_pose pa, pb;
    gjk2d_shape a = shape_of(p, ia, va, &pa), b = shape_of(p, ib, vb, &pb);
    gjk2d_distance_result r;
    gjk2d_overlap_result v;
    gjk2d_sat_result s;
    gjk2d_distance(&a, &pa, &b, &pb, &r, NULL);
    gjk2d_overlap(&a, &pa, &b, &pb, &v);
    gjk2d_sat(&a, &pa, &b, &pb, &s);
    if (!fz_same(r.distance, o->dist[k]) || !fz_same(r.point_a.x, o->ax[k]) || !fz_same(r.point_a.y, o->ay[k]) ||
        !fz_same(r.point_b.x, o->bx[k]) || !fz_same(r.point_b.y, o->by[k]) || !fz_same(r.normal.x, o->nx[k]) ||
        !fz_same(r.normal.y, o->ny[k]) || r.iterations != o->it[k] || (uint8_t)r.status != o->st[k])
        fail("scalar batch distance differs from gjk2d_distance");
    if (v.overlap != o->ov[k] || v.iterations != o->oit[k] || (uint8_t)v.status != o->ost[k])
        fail("scalar batch overlap differs from gjk2d_overlap");
    if (s.overlap != o->sov[k] || !fz_same(s.separation, o->sep[k]) || !fz_same(s.normal.x, o->snx[k]) ||
        !fz_same(s.normal.y, o->sny[k]) || (uint8_t)s.status != o->sst[k])
        fail("scalar batch sat differs from gjk2d_sat");
}

/// Per-pair outcome rules: invalid shapes give `invalid` with NaN floats, overlap 0 and iterations 0;
/// valid ones a finite answer.
static void check_outcome(const outs *o, int64_t k, int valid)
{
    float *f[] = OUT_FLOATS(o);
    if (!valid) {
        for (int i = 0; i < 10; i++)
            if (!isnan(f[i][k]))
                fail("invalid pair: a float output is not NaN");
        if (o->st[k] != GJK2D_STATUS_INVALID || o->ost[k] != GJK2D_STATUS_INVALID || o->sst[k] != GJK2D_STATUS_INVALID)
            fail("invalid shape not reported");
        if (o->ov[k] != 0 || o->sov[k] != 0 || o->it[k] != 0 || o->oit[k] != 0)
            fail("invalid pair: overlap or iterations not 0");
        return;
    }
    if (o->st[k] == GJK2D_STATUS_INVALID || o->ost[k] == GJK2D_STATUS_INVALID || o->sst[k] == GJK2D_STATUS_INVALID)
        fail("valid pair reported invalid");
    if (o->st[k] > GJK2D_STATUS_INVALID || o->ost[k] > GJK2D_STATUS_INVALID || o->sst[k] > GJK2D_STATUS_INVALID)
        fail("status out of range");
    for (int i = 0; i < 10; i++)
        if (!isfinite(f[i][k]) && !(o->dist[k] <= 1e-18f))
            fail("valid pair gave a non-finite result");
    // (NaN closest points of shapes within ~1e-18, where squared lengths are denormal, are an open
    // finding of fuzz_pair, reported; the bit-identity across ISAs is still checked for them.)
    if (!(o->dist[k] >= 0.0f))
        fail("negative distance");
    if (o->ov[k] > 1 || o->sov[k] > 1)
        fail("overlap not 0 or 1");
    if (o->it[k] < 0 || o->oit[k] < 0)
        fail("negative iteration count");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_reader r = {data, size};
    uint8_t flags = fz_byte(&r);
    int32_t ns = fz_byte(&r) % (MAX_SHAPES + 1);

    // Counts: mostly the fast path (1..16), sometimes up to 300 or exactly 1024, sometimes out of range.
    int32_t *count = block((size_t)ns, sizeof(int32_t)), *first = block((size_t)ns, sizeof(int32_t));
    int64_t total = 0;
    for (int32_t k = 0; k < ns; k++) {
        uint8_t m = fz_byte(&r);
        if (m < 170)
            count[k] = 1 + m % 16;
        else if (m < 230)
            count[k] = 17 + fz_u16(&r) % (MAX_BUILT - 16);
        else {
            static const int32_t odd[] = {0, -1, GJK2D_MAX_VERTICES, GJK2D_MAX_VERTICES + 1, 2000, INT32_MAX, INT32_MIN, 3};
            count[k] = odd[m % 8];
        }
        first[k] = (int32_t)total;
        if (count[k] >= 1 && count[k] <= GJK2D_MAX_VERTICES)
            total += count[k];
    }
    // The vertex arrays are exactly vertex_count long; a shape may also claim a span outside them.
    int64_t nv = total;
    if (flags & 1)
        nv -= fz_byte(&r) % 3; // the last shapes' spans may now overflow
    if (nv < 0)
        nv = 0;
    float *vx = block((size_t)nv, sizeof(float)), *vy = block((size_t)nv, sizeof(float));
    float *radius = block((size_t)ns, sizeof(float)), *px = block((size_t)ns, sizeof(float));
    float *py = block((size_t)ns, sizeof(float)), *c = block((size_t)ns, sizeof(float)), *s = block((size_t)ns, sizeof(float));
    static float bx[GJK2D_MAX_VERTICES], by[GJK2D_MAX_VERTICES];
    for (int32_t k = 0; k < ns; k++) {
        int32_t n = count[k] >= 1 && count[k] <= GJK2D_MAX_VERTICES ? count[k] : 0;
        fz_vertices(&r, n, bx, by, 1);
        for (int32_t i = 0; i < n; i++)
            if (first[k] + i < nv) {
                vx[first[k] + i] = bx[i];
                vy[first[k] + i] = by[i];
            }
        radius[k] = fz_radius(&r);
        gjk2d_pose p = fz_pose(&r);
        px[k] = p.px;
        py[k] = p.py;
        c[k] = p.c;
        s[k] = p.s;
        if (fz_byte(&r) >= 244) { // a first index that is not where the shape's vertices are
            static const int32_t odd[] = {-1, INT32_MIN, INT32_MAX, 1, 0, 7, 100, 2};
            int32_t f = odd[fz_byte(&r) % 8];
            first[k] = f == 100 ? (int32_t)(nv - count[k] + 1) : f;
        }
    }

    // The SAT is O(na nb): a pair of 1024-gons costs ~7 ms natively, 47 of them through every ISA under
    // ASan took 12 s and tripped the hang timeout (a slow input, not a hang). With a 1024-gon in the pool
    // a few pairs are enough.
    int big = 0;
    for (int32_t k = 0; k < ns; k++)
        big |= count[k] > MAX_BUILT && count[k] <= GJK2D_MAX_VERTICES;
    int64_t np = fz_byte(&r) % ((big ? 4 : MAX_PAIRS) + 1);
    int32_t *pa = block((size_t)np, sizeof(int32_t)), *pb = block((size_t)np, sizeof(int32_t));
    for (int64_t k = 0; k < np; k++) {
        uint8_t m = fz_byte(&r);
        int32_t span = ns > 0 ? ns : 1;
        pa[k] = m < 250 ? fz_byte(&r) % span : (m < 252 ? ns : (m < 254 ? -1 : (int32_t)fz_u32(&r)));
        m = fz_byte(&r);
        pb[k] = m < 250 ? fz_byte(&r) % span : (m < 252 ? ns : (m < 254 ? -1 : (int32_t)fz_u32(&r)));
    }
    int64_t begin = 0, end = np;
    if (flags & 2) {
        begin = (int64_t)(fz_byte(&r) % (np + 3)) - 1;
        end = (int64_t)(fz_byte(&r) % (np + 3)) - 1;
    }

    gjk2d_pool pool = {vx, vy, nv, first, count, (flags & 4) ? NULL : radius, px, py, c, s, ns, NULL};
    gjk2d_pairs pairs = {pa, pb, np};
    if (flags & 8) // a negative count
        (fz_byte(&r) & 1) ? (void)(pool.shape_count = -1 - fz_byte(&r)) : (void)(pairs.count = -1);
    if (flags & 16) { // one required pointer missing
        const void **ptrs[] = {(const void **)&pool.vx, (const void **)&pool.vy, (const void **)&pool.first,
                               (const void **)&pool.count, (const void **)&pool.px, (const void **)&pool.py,
                               (const void **)&pool.c, (const void **)&pool.s, (const void **)&pairs.a,
                               (const void **)&pairs.b};
        *ptrs[fz_byte(&r) % 10] = NULL;
    }

    // validate_pool against its documentation and against gjk2d_validate_shape.
    uint8_t *problems = block((size_t)ns, 1);
    memset(problems, SENTINEL, (size_t)ns);
    int64_t first_bad = 77;
    int64_t nbad = gjk2d_validate_pool(&pool, problems, &first_bad);
    int pool_ok = 0;
    if (!pool.vx || !pool.vy || !pool.first || !pool.count || !pool.px || !pool.py || !pool.c || !pool.s) {
        if (nbad != GJK2D_ERR_NULL || first_bad != -1)
            fail("validate_pool: NULL array not reported");
    } else if (pool.shape_count < 0) {
        if (nbad != GJK2D_ERR_RANGE)
            fail("validate_pool: negative shape count not reported");
    } else {
        int32_t span_bad = -1;
        for (int32_t k = 0; k < ns && span_bad < 0; k++)
            if (!span_ok(&pool, k))
                span_bad = k;
        if (span_bad >= 0) {
            if (nbad != GJK2D_ERR_SHAPE_SPAN || first_bad != span_bad)
                fail("validate_pool: shape span not reported on the first bad shape");
        } else {
            int64_t invalid = 0, firstk = -1;
            static gjk2d_vec2 buf[GJK2D_MAX_VERTICES];
            for (int32_t k = 0; k < ns; k++) {
                gjk2d_problem want = GJK2D_PROBLEM_COUNT;
                if (count[k] >= 1 && count[k] <= GJK2D_MAX_VERTICES) {
                    gjk2d_pose pose;
                    gjk2d_shape sh = shape_of(&pool, k, buf, &pose);
                    int32_t vertex = -2;
                    want = gjk2d_validate_shape(&sh, &pose, &vertex);
                    if (vertex < -1 || vertex >= count[k])
                        fail("validate_shape: vertex index out of range");
                }
                if (problems[k] != want)
                    fail("validate_pool and validate_shape disagree");
                if (want != GJK2D_PROBLEM_NONE) {
                    invalid++;
                    if (firstk < 0)
                        firstk = k;
                }
            }
            if (nbad != invalid || first_bad != firstk)
                fail("validate_pool: wrong count of invalid shapes");
            pool_ok = 1;
        }
    }

    int64_t bad_pair = 77, want_bad;
    int want = expected_check(&pool, &pairs, begin, end, &want_bad);
    if (gjk2d_check_batch(&pool, &pairs, begin, end, &bad_pair) != want || bad_pair != want_bad)
        fail("check_batch does not match its documentation");

    size_t nout = (size_t)np;
    outs ref, got;
    outs_alloc(&ref, nout);
    outs_alloc(&got, nout);
    if (want != GJK2D_OK) {
        for (int i = 0; i < NISA; i++) {
            if (gjk2d_set_isa(isa_names[i]) != 0)
                continue;
            run_all(&pool, &pairs, begin, end, &got, want);
            for (int64_t k = 0; k < np; k++)
                if (!untouched(&got, k))
                    fail("a batch call that returned an error wrote an output");
        }
        if (gjk2d_batch_distance(&pool, &pairs, begin, end, NULL) != GJK2D_ERR_NULL)
            fail("NULL output struct not reported");
    } else {
        gjk2d_set_isa("scalar");
        run_all(&pool, &pairs, begin, end, &ref, GJK2D_OK);
        for (int64_t k = 0; k < np; k++) {
            if (k < begin || k >= end) {
                if (!untouched(&ref, k))
                    fail("a pair outside [begin, end) was written");
                continue;
            }
            check_outcome(&ref, k, shape_valid(&pool, pa[k]) && shape_valid(&pool, pb[k]));
            if (in_range(count[pa[k]]) && in_range(count[pb[k]]))
                check_single(&pool, pa[k], pb[k], &ref, k);
        }
        if (gjk2d_batch_distance(&pool, &pairs, begin, end, NULL) != GJK2D_ERR_NULL)
            fail("NULL output struct not reported");
        for (int i = 0; i < NISA; i++) {
            if (gjk2d_set_isa(isa_names[i]) != 0)
                continue;
            for (int pre = 0; pre < 2; pre++) {
                if (pre && !pool_ok)
                    continue;
                pool.problems = pre ? problems : NULL;
                outs_free(&got);
                outs_alloc(&got, nout);
                run_all(&pool, &pairs, begin, end, &got, GJK2D_OK);
                for (int64_t k = 0; k < np; k++) {
                    if (k < begin || k >= end) {
                        if (!untouched(&got, k))
                            fail("a pair outside [begin, end) was written");
                    } else if (!same_pair(&got, &ref, k)) {
                        fprintf(stderr, "isa %s, problems %s, pair %lld\n", isa_names[i], pre ? "given" : "NULL",
                                (long long)k);
                        fail("implementation not bit-identical to the scalar reference");
                    }
                }
            }
            // A `problems` array that lies (every shape valid): any answer, but no crash, hang or stray access.
            if (pool_ok) {
                uint8_t *lie = block((size_t)ns, 1);
                memset(lie, GJK2D_PROBLEM_NONE, (size_t)ns);
                pool.problems = lie;
                run_all(&pool, &pairs, begin, end, &got, GJK2D_OK);
                free(lie);
            }
            pool.problems = NULL;
        }
        gjk2d_set_isa("auto");
    }

    outs_free(&ref);
    outs_free(&got);
    free(problems);
    free(pa);
    free(pb);
    free(vx);
    free(vy);
    free(radius);
    free(px);
    free(py);
    free(c);
    free(s);
    free(count);
    free(first);
    return 0;
}
