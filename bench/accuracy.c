// Accuracy of every implementation against the exact oracle of the test suite (tests/support/oracle.c: brute
// force in double on the float inputs). The truth is computed once per workload, on two threads.
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "oracle.h"
#include "tolerance.h"

typedef struct truth_job {
    truth *t;
    const workload *w;
    int64_t begin, end;
} truth_job;

static void *truth_main(void *arg) {
    truth_job *j = arg;
    const test_set *set = &j->w->set;
    // The oracle's polygons hold GJK2D_MAX_VERTICES points each: too large for a thread's stack.
    oracle_poly *wa = xmalloc(sizeof *wa), *wb = xmalloc(sizeof *wb);
    gjk2d_vec2 *va = xmalloc(GJK2D_MAX_VERTICES * sizeof *va), *vb = xmalloc(GJK2D_MAX_VERTICES * sizeof *vb);
    for (int64_t k = j->begin; k < j->end; k++) {
        gjk2d_shape sa, sb;
        gjk2d_pose pa, pb;
        test_set_shape(set, NULL, j->w->pairs.a[k], va, &sa, &pa);
        test_set_shape(set, NULL, j->w->pairs.b[k], vb, &sb, &pb);
        oracle_world(&sa, &pa, wa);
        oracle_world(&sb, &pb, wb);
        j->t->clearance[k] = oracle_clearance(wa, wb);
        j->t->scale[k] = (float)oracle_scale(&sa, &pa, &sb, &pb);
    }
    free(wa), free(wb), free(va), free(vb);
    return NULL;
}

int truth_compute(truth *t, const workload *w, int64_t n, int threads) {
    memset(t, 0, sizeof *t);
    t->n = n;
    t->clearance = xmalloc((size_t)n * sizeof *t->clearance);
    t->scale = xmalloc((size_t)n * sizeof *t->scale);
    truth_job jobs[2] = {{t, w, 0, threads > 1 ? n / 2 : n}, {t, w, n / 2, n}};
    pthread_t th;
    if (threads > 1) pthread_create(&th, NULL, truth_main, &jobs[1]);
    truth_main(&jobs[0]);
    if (threads > 1) pthread_join(th, NULL);
    for (int64_t k = 0; k < n; k++) t->band += fabs(t->clearance[k]) <= TOL_REL * t->scale[k];
    return 0;
}

void truth_free(truth *t) {
    free(t->clearance), free(t->scale);
    memset(t, 0, sizeof *t);
}

accuracy accuracy_of(ctx *c, const impl *im, int q, const truth *t, int64_t n) {
    accuracy a;
    memset(&a, 0, sizeof a);
    if (impl_select(im) != 0) return a;
    run_range(c, im, q, 0, n);
    const query_outputs *o = &c->o;
    a.pairs = n;
    // The distance query has an error to measure; so has gjk2d's SAT separation (the signed clearance).
    a.has_error = q == Q_DISTANCE || (q == Q_SAT && im->kind == K_ISA);
    for (int64_t k = 0; k < n; k++) {
        const double exact = t->clearance[k], eps_l = FLT_EPSILON * t->scale[k];
        int said;
        double err = 0.0;
        if (q == Q_DISTANCE) {
            err = fabs((double)o->dist[k] - (exact > 0.0 ? exact : 0.0));
            said = o->dist[k] == 0.0f;
        } else {
            if (q == Q_SAT && im->kind == K_ISA) err = fabs((double)o->sep[k] - exact);
            said = (q == Q_SAT ? o->sov[k] : o->ov[k]) != 0;
        }
        a.mean_error += err;
        if (!(err <= a.max_error)) a.max_error = err; // NaN counts as the worst
        if (!(err / eps_l <= a.max_error_eps)) a.max_error_eps = err / eps_l;
        if (fabs(exact) > TOL_REL * t->scale[k] && said != (exact <= 0.0)) a.misclassified++;
    }
    a.mean_error /= (double)(n ? n : 1);
    return a;
}
