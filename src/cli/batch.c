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
        float **fields[] = {&r->distance, &r->ax, &r->ay, &r->bx, &r->by, &r->nx, &r->ny};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) ok &= (*fields[k] = malloc(f)) != NULL;
        ok &= (r->iterations = malloc(m * sizeof(int32_t))) != NULL;
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
    const gjk2d_pool *pool;
    const gjk2d_pairs *pairs;
    results *r;
    int64_t begin, end;
    atomic_int_fast64_t next, done;
    atomic_int error;
    progress *prog; // updated by the first thread only
} job;

static int run_range(const job *j, int64_t b, int64_t e) {
    const results *r = j->r;
    switch (j->kind) {
    case QUERY_DISTANCE: {
        gjk2d_distance_out out = {r->distance, r->ax, r->ay, r->bx, r->by, r->nx, r->ny, r->iterations, r->status};
        return gjk2d_batch_distance(j->pool, j->pairs, b, e, &out);
    }
    case QUERY_OVERLAP: {
        gjk2d_overlap_out out = {r->overlap, r->iterations, r->status};
        return gjk2d_batch_overlap(j->pool, j->pairs, b, e, &out);
    }
    default: {
        gjk2d_sat_out out = {r->overlap, r->separation, r->nx, r->ny, r->status};
        return gjk2d_batch_sat(j->pool, j->pairs, b, e, &out);
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

int run_batch_range(query_kind kind, const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin,
                    int64_t end, results *r, int threads, progress *prog) {
    // Arguments are checked once up front so an error is the same whatever the threading.
    int64_t bad;
    int rc = gjk2d_check_batch(pool, pairs, begin, end, &bad);
    if (rc != 0) return rc;
    job j = {.kind = kind, .pool = pool, .pairs = pairs, .r = r, .begin = begin, .end = end, .prog = prog};
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

int run_batch(query_kind kind, const gjk2d_pool *pool, const gjk2d_pairs *pairs, results *r, int threads,
              progress *prog) {
    return run_batch_range(kind, pool, pairs, 0, pairs->count, r, threads, prog);
}

const char *csv_header(query_kind kind) {
    switch (kind) {
    case QUERY_DISTANCE: return "pair,distance,ax,ay,bx,by,nx,ny,iterations,status\n";
    case QUERY_OVERLAP: return "pair,overlap,iterations,status\n";
    default: return "pair,overlap,separation,nx,ny,status\n";
    }
}

static char *put_float(char *q, float v) {
    *q++ = ',';
    return q + fmt_float9(q, v);
}

static char *put_int(char *q, int64_t v) {
    *q++ = ',';
    return q + fmt_i64(q, v);
}

static char *put_status(char *q, uint8_t status) {
    *q++ = ',';
    const char *name = gjk2d_status_name((gjk2d_status)status);
    size_t n = strlen(name);
    memcpy(q, name, n);
    return q + n;
}

// Invalid pairs keep their columns but leave every numeric field empty.
static char *put_empty(char *q, int fields) {
    for (int k = 0; k < fields; k++) *q++ = ',';
    return q;
}

// Longest row: index, 8 floats, iterations, status, separators.
#define CSV_ROW_MAX (24 + 8 * (FMT_FLOAT_MAX + 1) + 24 + 16)

static char *format_row(char *q, const results *r, int64_t k, int64_t index_offset) {
    q += fmt_i64(q, k + index_offset);
    int invalid = r->status[k] == GJK2D_STATUS_INVALID;
    switch (r->kind) {
    case QUERY_DISTANCE:
        if (invalid) {
            q = put_empty(q, 8);
        } else {
            q = put_float(q, r->distance[k]);
            q = put_float(q, r->ax[k]);
            q = put_float(q, r->ay[k]);
            q = put_float(q, r->bx[k]);
            q = put_float(q, r->by[k]);
            q = put_float(q, r->nx[k]);
            q = put_float(q, r->ny[k]);
            q = put_int(q, r->iterations[k]);
        }
        break;
    case QUERY_OVERLAP:
        if (invalid) {
            q = put_empty(q, 2);
        } else {
            q = put_int(q, r->overlap[k] != 0);
            q = put_int(q, r->iterations[k]);
        }
        break;
    default:
        if (invalid) {
            q = put_empty(q, 4);
        } else {
            q = put_int(q, r->overlap[k] != 0);
            q = put_float(q, r->separation[k]);
            q = put_float(q, r->nx[k]);
            q = put_float(q, r->ny[k]);
        }
        break;
    }
    q = put_status(q, r->status[k]);
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
// the buffers are written in order, so the file is the same as a single thread's.
#define CSV_BLOCK 32768

typedef struct csv_job {
    const results *r;
    int64_t begin, end;
    char *buf;
    size_t len;
} csv_job;

static void *csv_worker(void *arg) {
    csv_job *j = arg;
    char *q = j->buf;
    for (int64_t k = j->begin; k < j->end; k++) q = format_row(q, j->r, k, 0);
    j->len = (size_t)(q - j->buf);
    return NULL;
}

int write_csv(outfile *out, const results *r, int threads, progress *prog) {
    if (threads > 64) threads = 64;
    if (threads < 1) threads = 1;
    csv_job jobs[64];
    pthread_t tid[64];
    for (int t = 0; t < threads; t++) {
        jobs[t].r = r;
        jobs[t].buf = malloc((size_t)CSV_BLOCK * CSV_ROW_MAX);
        if (!jobs[t].buf) {
            for (int u = 0; u < t; u++) free(jobs[u].buf);
            write_csv_rows(out, r, 0, r->n, 0); // no memory for blocks: format inline
            return out->failed ? -1 : 0;
        }
    }
    for (int64_t b = 0; b < r->n; b += (int64_t)CSV_BLOCK * threads) {
        int used = 0, started[64] = {0};
        for (int t = 0; t < threads; t++) {
            int64_t jb = b + (int64_t)t * CSV_BLOCK, je = jb + CSV_BLOCK < r->n ? jb + CSV_BLOCK : r->n;
            if (jb >= r->n) break;
            jobs[t].begin = jb;
            jobs[t].end = je;
            used++;
            if (t > 0) started[t] = pthread_create(&tid[t], NULL, csv_worker, &jobs[t]) == 0;
            if (t > 0 && !started[t]) csv_worker(&jobs[t]); // no thread: format it here
        }
        csv_worker(&jobs[0]);
        for (int t = 1; t < used; t++)
            if (started[t]) pthread_join(tid[t], NULL);
        for (int t = 0; t < used; t++) out_write(out, jobs[t].buf, jobs[t].len);
        if (prog) progress_update(prog, jobs[used - 1].end, r->n);
    }
    for (int t = 0; t < threads; t++) free(jobs[t].buf);
    return out->failed ? -1 : 0;
}
