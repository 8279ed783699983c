// SPDX-License-Identifier: MIT
// Threaded batch runs. Threads take fixed-size chunks of the pair range from a shared counter, so an
// uneven mix of polygon sizes still keeps every core busy, and the CSV formatting of the results.
#include "batch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

const char *const query_names[QUERY_COUNT] = {"distance", "overlap", "sat"};

int parse_query(const char *name) {
    for (int q = 0; q < QUERY_COUNT; q++)
        if (strcmp(name, query_names[q]) == 0) return q;
    cli_error("unknown query '%s' (known: distance, overlap, sat)", name);
    return -1;
}

int parse_query_list(const char *list, int *queries) {
    int n = 0;
    if (strcmp(list, "all") == 0) list = "distance,overlap,sat";
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        char name[32];
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        snprintf(name, sizeof name, "%.*s", (int)(len < 31 ? len : 31), p);
        int q = parse_query(name);
        if (q < 0) return -1;
        int dup = 0;
        for (int j = 0; j < n; j++) dup |= queries[j] == q;
        if (!dup) queries[n++] = q;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

int results_alloc(results *r, query_kind kind, int64_t n) {
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->n = n;
    size_t m = (size_t)(n > 0 ? n : 1), f = m * sizeof(float);
    int ok = 1;
    r->status = malloc(m);
    ok &= r->status != NULL;
    if (kind == QUERY_DISTANCE) {
        float **fields[] = {&r->distance, &r->signed_distance, &r->core_distance, &r->ax, &r->ay, &r->bx, &r->by,
                            &r->nx, &r->ny};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) ok &= (*fields[k] = malloc(f)) != NULL;
        int32_t **ints[] = {&r->feature_a, &r->feature_b, &r->iterations};
        for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) ok &= (*ints[k] = malloc(m * sizeof(int32_t))) != NULL;
    } else if (kind == QUERY_OVERLAP) {
        ok &= (r->overlap = malloc(m)) != NULL;
        ok &= (r->iterations = malloc(m * sizeof(int32_t))) != NULL;
    } else {
        ok &= (r->overlap = malloc(m)) != NULL;
        ok &= (r->separation = malloc(f)) != NULL;
        ok &= (r->nx = malloc(f)) != NULL;
        ok &= (r->ny = malloc(f)) != NULL;
    }
    if (!ok) {
        results_free(r);
        return -1;
    }
    return 0;
}

void results_free(results *r) {
    free(r->distance);
    free(r->signed_distance);
    free(r->core_distance);
    free(r->feature_a);
    free(r->feature_b);
    free(r->ax);
    free(r->ay);
    free(r->bx);
    free(r->by);
    free(r->nx);
    free(r->ny);
    free(r->separation);
    free(r->iterations);
    free(r->overlap);
    free(r->status);
    memset(r, 0, sizeof *r);
}

// Big enough to amortize the chunk hand-out, small enough to balance threads and report progress.
#define CHUNK 16384

typedef struct job {
    query_kind kind;
    const batch_input *in;
    results *r;
    int64_t begin, end;
    atomic_int_fast64_t next, done;
    atomic_int error;
    progress *prog; // updated by the first thread only
} job;

static int run_range(const job *j, int64_t b, int64_t e) {
    const results *r = j->r;
    const batch_input *in = j->in;
    switch (j->kind) {
    case QUERY_DISTANCE: {
        gjk2d_distance_out out = {
            .distance = r->distance,
            .signed_distance = r->signed_distance,
            .core_distance = r->core_distance,
            .ax = r->ax,
            .ay = r->ay,
            .bx = r->bx,
            .by = r->by,
            .nx = r->nx,
            .ny = r->ny,
            .feature_a = r->feature_a,
            .feature_b = r->feature_b,
            .iterations = r->iterations,
            .status = r->status,
        };
        return gjk2d_batch_distance(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    case QUERY_OVERLAP: {
        gjk2d_overlap_out out = {.overlap = r->overlap, .iterations = r->iterations, .status = r->status};
        return gjk2d_batch_overlap(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    default: {
        gjk2d_sat_out out = {.overlap = r->overlap, .separation = r->separation, .nx = r->nx, .ny = r->ny,
                             .status = r->status};
        return gjk2d_batch_sat(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    }
}

static void work(job *j, int reporter) {
    for (;;) {
        int64_t b = atomic_fetch_add(&j->next, CHUNK);
        if (b >= j->end || atomic_load(&j->error)) break;
        int64_t e = b + CHUNK < j->end ? b + CHUNK : j->end;
        int rc = run_range(j, b, e);
        if (rc != 0) {
            int expected = 0;
            atomic_compare_exchange_strong(&j->error, &expected, rc);
            break;
        }
        int64_t done = atomic_fetch_add(&j->done, e - b) + (e - b);
        if (reporter && j->prog) progress_update(j->prog, done, j->end - j->begin);
    }
}

static void *worker(void *arg) {
    work(arg, 0);
    return NULL;
}

batch_input scene_batch_input(const scene *sc) {
    batch_input in = {.shapes = sc->shapes, .poses = scene_poses(sc), .pairs = scene_pairs(sc)};
    return in;
}

int run_batch_range(query_kind kind, const batch_input *in, int64_t begin, int64_t end, results *r, int threads,
                    progress *prog) {
    // Arguments are checked once up front so an error is the same whatever the threading.
    int64_t bad;
    int rc = gjk2d_check_batch(in->shapes, &in->poses, &in->pairs, begin, end, &bad);
    if (rc != 0) return rc;
    job j = {.kind = kind, .in = in, .r = r, .begin = begin, .end = end, .prog = prog};
    atomic_init(&j.next, begin);
    atomic_init(&j.done, 0);
    atomic_init(&j.error, 0);
    if (threads < 1) threads = 1;
    int64_t chunks = (end - begin + CHUNK - 1) / CHUNK;
    if (threads > chunks) threads = chunks > 0 ? (int)chunks : 1;
    pthread_t *tid = threads > 1 ? malloc((size_t)(threads - 1) * sizeof(pthread_t)) : NULL;
    int started = 0;
    for (int t = 1; t < threads && tid; t++) {
        if (pthread_create(&tid[started], NULL, worker, &j) != 0) break; // fewer threads still finish
        started++;
    }
    work(&j, 1);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    free(tid);
    return atomic_load(&j.error);
}

int run_batch(query_kind kind, const batch_input *in, results *r, int threads, progress *prog) {
    return run_batch_range(kind, in, 0, in->pairs.count, r, threads, prog);
}

void count_statuses(const results *r, int64_t counts[STATUS_KINDS]) {
    for (int k = 0; k < STATUS_KINDS; k++) counts[k] = 0;
    for (int64_t k = 0; k < r->n; k++)
        if (r->status[k] < STATUS_KINDS) counts[r->status[k]]++;
}

const char *csv_header(query_kind kind) {
    // New columns go at the end, so readers that take columns by position keep working.
    switch (kind) {
    case QUERY_DISTANCE:
        return "pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,feature_a,feature_b\n";
    case QUERY_OVERLAP: return "pair,overlap,iterations,status\n";
    default: return "pair,overlap,separation,nx,ny,status\n";
    }
}

// A negative zero prints as "-0", which reads as a sign where there is none (a normal's zero
// component, a zero distance): CSV readers and diffs see 0 instead. Every other value, NaN included,
// is printed as it is.
static char *put_float(char *q, float v) {
    *q++ = ',';
    if (v == 0.0f) v = 0.0f;
    return q + fmt_float9(q, v);
}

static char *put_int(char *q, int64_t v) {
    *q++ = ',';
    return q + fmt_i64(q, v);
}

// Longest status name written; a longer one (not a status of this library version) is cut.
#define STATUS_NAME_MAX 15

static char *put_status(char *q, uint8_t status) {
    *q++ = ',';
    const char *name = gjk2d_status_name((gjk2d_status)status);
    size_t n = strlen(name);
    if (n > STATUS_NAME_MAX) n = STATUS_NAME_MAX;
    memcpy(q, name, n);
    return q + n;
}

int format_feature(char *out, int32_t feature) {
    if (feature < 0) {
        out[0] = '-';
        return 1;
    }
    out[0] = GJK2D_FEATURE_IS_EDGE(feature) ? 'e' : 'v';
    return 1 + fmt_i64(out + 1, GJK2D_FEATURE_INDEX(feature));
}

static char *put_feature(char *q, int32_t feature) {
    *q++ = ',';
    return q + format_feature(q, feature);
}

// Pairs the library did not compute (an invalid shape or a bad pose) keep their columns but leave
// every field but the status empty.
static char *put_empty(char *q, int fields) {
    for (int k = 0; k < fields; k++) *q++ = ',';
    return q;
}

static int computed(uint8_t status) { return status != GJK2D_STATUS_INVALID && status != GJK2D_STATUS_BAD_POSE; }

// Longest row: index, 10 floats, iterations, status, 2 features, separators.
#define CSV_ROW_MAX (24 + 10 * (FMT_FLOAT_MAX + 1) + 24 + (STATUS_NAME_MAX + 1) + 2 * 16 + 1)

static char *format_distance(char *q, const results *r, int64_t k) {
    if (!computed(r->status[k])) {
        q = put_empty(q, 8);
        q = put_status(q, r->status[k]);
        return put_empty(q, 4);
    }
    q = put_float(q, r->distance[k]);
    q = put_float(q, r->ax[k]);
    q = put_float(q, r->ay[k]);
    q = put_float(q, r->bx[k]);
    q = put_float(q, r->by[k]);
    q = put_float(q, r->nx[k]);
    q = put_float(q, r->ny[k]);
    q = put_int(q, r->iterations[k]);
    q = put_status(q, r->status[k]);
    q = put_float(q, r->signed_distance[k]);
    q = put_float(q, r->core_distance[k]);
    q = put_feature(q, r->feature_a[k]);
    return put_feature(q, r->feature_b[k]);
}

static char *format_row(char *q, const results *r, int64_t k, int64_t index_offset) {
    q += fmt_i64(q, k + index_offset);
    int ok = computed(r->status[k]);
    switch (r->kind) {
    case QUERY_DISTANCE: q = format_distance(q, r, k); break;
    case QUERY_OVERLAP:
        if (!ok) {
            q = put_empty(q, 2);
        } else {
            q = put_int(q, r->overlap[k] != 0);
            q = put_int(q, r->iterations[k]);
        }
        q = put_status(q, r->status[k]);
        break;
    default:
        if (!ok) {
            q = put_empty(q, 4);
        } else {
            q = put_int(q, r->overlap[k] != 0);
            q = put_float(q, r->separation[k]);
            q = put_float(q, r->nx[k]);
            q = put_float(q, r->ny[k]);
        }
        q = put_status(q, r->status[k]);
        break;
    }
    *q++ = '\n';
    return q;
}

void write_csv_rows(outfile *out, const results *r, int64_t begin, int64_t end, int64_t index_offset) {
    for (int64_t k = begin; k < end; k++) {
        char *p = out_reserve(out, CSV_ROW_MAX);
        out->len += (size_t)(format_row(p, r, k, index_offset) - p);
    }
}

// Parallel formatting: each round, every thread formats one block of rows into its own buffer, then
// the buffers are written in order, so the file is the same as a single thread's. A block is
// CSV_BLOCK rows, fewer when many threads would otherwise hold more than CSV_BUFFER_BUDGET bytes of
// buffers (at least CSV_MIN_BLOCK rows, so a thread's block still outweighs its hand-off).
#define CSV_BLOCK 32768
#define CSV_MIN_BLOCK 1024
#define CSV_BUFFER_BUDGET ((int64_t)256 << 20)

typedef struct csv_job {
    const results *r;
    int64_t begin, end;
    char *buf;
    size_t len;
    pthread_t tid;
    int started;
} csv_job;

static void *csv_worker(void *arg) {
    csv_job *j = arg;
    char *q = j->buf;
    for (int64_t k = j->begin; k < j->end; k++) q = format_row(q, j->r, k, 0);
    j->len = (size_t)(q - j->buf);
    return NULL;
}

// Rows per block for `threads` formatting threads.
static int64_t csv_block_rows(int threads) {
    int64_t rows = CSV_BUFFER_BUDGET / ((int64_t)threads * CSV_ROW_MAX);
    return rows > CSV_BLOCK ? CSV_BLOCK : rows < CSV_MIN_BLOCK ? CSV_MIN_BLOCK : rows;
}

// One round: blocks of rows [b, ...) to jobs[0..], formatted in parallel and written in order.
// Returns the end of the rows formatted.
static int64_t csv_round(outfile *out, csv_job *jobs, int threads, int64_t block, int64_t b, int64_t n) {
    int used = 0;
    for (int t = 0; t < threads && b + (int64_t)t * block < n; t++) {
        csv_job *j = &jobs[t];
        j->begin = b + (int64_t)t * block;
        j->end = j->begin + block < n ? j->begin + block : n;
        used++;
        j->started = t > 0 && pthread_create(&j->tid, NULL, csv_worker, j) == 0;
        if (t > 0 && !j->started) csv_worker(j); // no thread: format it here
    }
    csv_worker(&jobs[0]);
    for (int t = 1; t < used; t++)
        if (jobs[t].started) pthread_join(jobs[t].tid, NULL);
    for (int t = 0; t < used; t++) out_write(out, jobs[t].buf, jobs[t].len);
    return jobs[used - 1].end;
}

int write_csv(outfile *out, const results *r, int threads, progress *prog) {
    if (threads < 1) threads = 1;
    int64_t block = csv_block_rows(threads), blocks = (r->n + block - 1) / block;
    if (threads > blocks) threads = blocks > 0 ? (int)blocks : 1;
    csv_job *jobs = calloc((size_t)threads, sizeof *jobs);
    int ok = jobs != NULL;
    for (int t = 0; t < threads && ok; t++) {
        jobs[t].r = r;
        ok = (jobs[t].buf = malloc((size_t)(block * CSV_ROW_MAX))) != NULL;
    }
    if (ok) {
        for (int64_t b = 0; b < r->n;) {
            b = csv_round(out, jobs, threads, block, b, r->n);
            if (prog) progress_update(prog, b, r->n);
        }
    } else {
        write_csv_rows(out, r, 0, r->n, 0); // no memory for blocks: format inline
    }
    for (int t = 0; jobs && t < threads; t++) free(jobs[t].buf);
    free(jobs);
    return out->failed ? -1 : 0;
}
