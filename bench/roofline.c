// Memory bandwidth of this machine as the batch sees it: a streaming read of a buffer far larger than the
// caches, summed as integers (the sum keeps the loads alive; four sums keep them independent).
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct read_job {
    const uint64_t *p;
    size_t n;
    uint64_t sum;
} read_job;

static void *read_main(void *arg) {
    read_job *j = arg;
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (size_t i = 0; i + 4 <= j->n; i += 4) s0 += j->p[i], s1 += j->p[i + 1], s2 += j->p[i + 2], s3 += j->p[i + 3];
    j->sum = s0 + s1 + s2 + s3;
    return NULL;
}

double read_bandwidth(size_t bytes, int threads, int reps) {
    size_t n = bytes / sizeof(uint64_t);
    uint64_t *buf = xmalloc(n * sizeof *buf);
    for (size_t i = 0; i < n; i++) buf[i] = i;
    double best = 0.0;
    volatile uint64_t sink = 0;
    for (int r = 0; r < reps; r++) {
        read_job jobs[2] = {{buf, threads > 1 ? n / 2 : n, 0}, {buf + n / 2, n - n / 2, 0}};
        pthread_t th;
        double t0 = now();
        if (threads > 1) pthread_create(&th, NULL, read_main, &jobs[1]);
        read_main(&jobs[0]);
        if (threads > 1) pthread_join(th, NULL);
        double t = now() - t0;
        sink += jobs[0].sum + jobs[1].sum;
        if ((double)(n * sizeof *buf) / t > best) best = (double)(n * sizeof *buf) / t;
    }
    (void)sink;
    free(buf);
    return best;
}

typedef struct spin_job {
    uint64_t n, x;
    int wide;
} spin_job;

/// A xorshift: one chain of dependent operations (latency-bound), or with `wide` eight independent chains
/// (throughput-bound: it needs the core's integer units, as the kernels' independent lanes need its vector units).
static void *spin_main(void *arg) {
    spin_job *j = arg;
    if (!j->wide) {
        uint64_t x = j->x;
        for (uint64_t i = 0; i < j->n; i++) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        j->x = x;
        return NULL;
    }
    uint64_t x[8];
    for (int k = 0; k < 8; k++) x[k] = j->x + (uint64_t)k * 0x9e3779b97f4a7c15ull;
    for (uint64_t i = 0; i < j->n / 8; i++)
        for (int k = 0; k < 8; k++) x[k] ^= x[k] << 13, x[k] ^= x[k] >> 7, x[k] ^= x[k] << 17;
    j->x = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];
    return NULL;
}

double spin_speedup(int reps, int wide) {
    // Pure register arithmetic: how much of a second core this machine gives right now (1.0 to 2.0).
    const uint64_t n = wide ? 800000000 : 200000000;
    double v[MAX_REPS];
    volatile uint64_t sink = 0;
    for (int r = 0; r < reps; r++) {
        spin_job one = {n, 88172645463325252ull, wide}, two[2] = {{n / 2, 1, wide}, {n / 2, 2, wide}};
        double t0 = now();
        spin_main(&one);
        double t1 = now() - t0;
        pthread_t th;
        t0 = now();
        pthread_create(&th, NULL, spin_main, &two[1]);
        spin_main(&two[0]);
        pthread_join(th, NULL);
        double t2 = now() - t0;
        sink += one.x + two[0].x + two[1].x;
        v[r] = t1 / t2;
    }
    (void)sink;
    return median(v, reps);
}
