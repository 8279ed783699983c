// SPDX-License-Identifier: MIT
// The CSV of a query's results: one row per pair, numbers in the shortest form that reads back exactly,
// formatted by several threads in blocks and written in order.
#include "csv.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

const char *csv_header(query_kind kind, int with_frame) {
    // New columns go at the end, so readers that take columns by position keep working; so does the
    // frame column of a run over frames.
    switch (kind) {
    case QUERY_DISTANCE:
        return with_frame ? "pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,feature_a,"
                            "feature_b,frame\n"
                          : "pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,feature_a,"
                            "feature_b\n";
    case QUERY_OVERLAP:
        return with_frame ? "pair,overlap,iterations,status,frame\n" : "pair,overlap,iterations,status\n";
    case QUERY_CAST:
        return with_frame ? "pair,state,fraction,px,py,nx,ny,iterations,status,frame\n"
                          : "pair,state,fraction,px,py,nx,ny,iterations,status\n";
    case QUERY_RAY:
        return with_frame ? "ray,state,fraction,px,py,nx,ny,iterations,status,frame\n"
                          : "ray,state,fraction,px,py,nx,ny,iterations,status\n";
    case QUERY_POINT:
        return with_frame ? "point,inside,distance,cx,cy,nx,ny,status,frame\n"
                          : "point,inside,distance,cx,cy,nx,ny,status\n";
    case QUERY_TOI:
        return with_frame ? "pair,state,t,separation,iterations,status,frame\n"
                          : "pair,state,t,separation,iterations,status\n";
    case QUERY_MANIFOLD:
        return with_frame ? "pair,count,nx,ny,reference,x0,y0,separation0,id0,x1,y1,separation1,id1,status,frame\n"
                          : "pair,count,nx,ny,reference,x0,y0,separation0,id0,x1,y1,separation1,id1,status\n";
    default:
        return with_frame ? "pair,overlap,separation,nx,ny,status,frame\n" : "pair,overlap,separation,nx,ny,status\n";
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

/// ",name", the name cut to STATUS_NAME_MAX characters (what a row's buffer is sized for).
static char *put_name(char *q, const char *name) {
    *q++ = ',';
    size_t n = strlen(name);
    if (n > STATUS_NAME_MAX) n = STATUS_NAME_MAX;
    memcpy(q, name, n);
    return q + n;
}

static char *put_status(char *q, uint8_t status) { return put_name(q, gjk2d_status_name((gjk2d_status)status)); }

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

// Longest row: index, 10 floats, iterations, status, 2 features (a manifold row: 8 floats and 2 ids of
// two features each), the frame, separators.
#define CSV_ROW_MAX (24 + 10 * (FMT_FLOAT_MAX + 1) + 24 + (STATUS_NAME_MAX + 1) + 4 * 16 + 24 + 1)

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

// A contact id as its two features, "e1:v3" (A's edge 1 against B's vertex 3).
static char *put_contact_id(char *q, uint32_t id) {
    *q++ = ',';
    q += format_feature(q, GJK2D_CONTACT_FEATURE_A(id));
    *q++ = ':';
    return q + format_feature(q, GJK2D_CONTACT_FEATURE_B(id));
}

// count,nx,ny,reference, then x, y, separation, id of both point slots (empty past count), status.
static char *format_manifold(char *q, const results *r, int64_t k) {
    if (!computed(r->status[k])) {
        q = put_empty(q, 12);
        return put_status(q, r->status[k]);
    }
    q = put_int(q, r->count[k]);
    q = put_float(q, r->nx[k]);
    q = put_float(q, r->ny[k]);
    q = put_int(q, r->reference[k]);
    for (int i = 0; i < 2; i++) {
        if (i >= r->count[k]) {
            q = put_empty(q, 4);
            continue;
        }
        q = put_float(q, r->px[i][k]);
        q = put_float(q, r->py[i][k]);
        q = put_float(q, r->msep[i][k]);
        q = put_contact_id(q, r->id[i][k]);
    }
    return put_status(q, r->status[k]);
}

// state,fraction,px,py,nx,ny,iterations,status.
static char *format_cast(char *q, const results *r, int64_t k) {
    if (!computed(r->status[k])) {
        q = put_empty(q, 7);
        return put_status(q, r->status[k]);
    }
    q = put_name(q, gjk2d_cast_state_name((gjk2d_cast_state)r->state[k]));
    q = put_float(q, r->fraction[k]);
    q = put_float(q, r->hx[k]);
    q = put_float(q, r->hy[k]);
    q = put_float(q, r->nx[k]);
    q = put_float(q, r->ny[k]);
    q = put_int(q, r->iterations[k]);
    return put_status(q, r->status[k]);
}

// state,t,separation,iterations,status.
static char *format_toi(char *q, const results *r, int64_t k) {
    if (!computed(r->status[k])) {
        q = put_empty(q, 4);
        return put_status(q, r->status[k]);
    }
    q = put_name(q, gjk2d_toi_state_name((gjk2d_toi_state)r->state[k]));
    q = put_float(q, r->fraction[k]);
    q = put_float(q, r->separation[k]);
    q = put_int(q, r->iterations[k]);
    return put_status(q, r->status[k]);
}

// inside,distance,cx,cy,nx,ny,status.
static char *format_point(char *q, const results *r, int64_t k) {
    if (!computed(r->status[k])) {
        q = put_empty(q, 6);
        return put_status(q, r->status[k]);
    }
    q = put_int(q, r->overlap[k] != 0);
    q = put_float(q, r->distance[k]);
    q = put_float(q, r->hx[k]);
    q = put_float(q, r->hy[k]);
    q = put_float(q, r->nx[k]);
    q = put_float(q, r->ny[k]);
    return put_status(q, r->status[k]);
}

static char *format_row(char *q, const results *r, int64_t k, int64_t index_offset) {
    q += fmt_i64(q, k + index_offset);
    int ok = computed(r->status[k]);
    switch (r->kind) {
    case QUERY_DISTANCE: q = format_distance(q, r, k); break;
    case QUERY_MANIFOLD: q = format_manifold(q, r, k); break;
    case QUERY_RAY:
    case QUERY_CAST: q = format_cast(q, r, k); break;
    case QUERY_POINT: q = format_point(q, r, k); break;
    case QUERY_TOI: q = format_toi(q, r, k); break;
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
    if (r->with_frame) q = put_int(q, r->frame);
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
