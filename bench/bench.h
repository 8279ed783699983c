// Shared pieces of the benchmark program: workloads, the implementations timed (gjk2d per ISA and the
// peers), the runner, the oracle-based accuracy check and the report writers.
#ifndef GJK2D_BENCH_H
#define GJK2D_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "gjk2d.h"
#include "pairgen.h"

#ifdef GJK2D_BENCH_BOX2D
#include "box2d_shim.h"
#else
typedef struct b2shim b2shim;
#endif
#ifdef GJK2D_BENCH_GEOS
#include "geos_peer.h"
#else
typedef struct geos_peer geos_peer;
#endif

enum { Q_DISTANCE, Q_OVERLAP, Q_SAT, NQ };
extern const char *const qname[NQ];

#define MAX_REPS 64

// ---- workloads (workloads.c) ----

typedef struct workload {
    char name[16];
    char desc[200];
    pg_set g;
    gjk2d_pool pool;
    gjk2d_pairs pairs;
    uint8_t *problems;
} workload;

/// W1, W2, W3, W4 or B3 by name (case-insensitive); `pairs` is ignored by B3 (always 10,000). 0 or -1.
int workload_make(workload *w, const char *name, int64_t pairs);
/// `pairs` random convex n-gon pairs for the vertex-count sweep (W1's construction, every polygon an n-gon).
int workload_sweep(workload *w, int n, int64_t pairs);
void workload_free(workload *w);

// ---- implementations and the runner (run.c) ----

enum kind {
    K_ISA,        ///< gjk2d batch API with gjk2d_set_isa(name)
    K_BOX2D,      ///< b2Distance / b2TestOverlap / b2CollidePolygons
    K_GEOS,       ///< GEOSNearestPoints_r / GEOSIntersects_r
    K_GEOS_DIST,  ///< GEOSDistance_r (distance query only)
};

typedef struct impl {
    const char *name;
    int kind;
} impl;

typedef struct outputs {
    float *dist, *ax, *ay, *bx, *by, *nx, *ny, *sep;
    int32_t *iter;
    uint8_t *st, *ov;
} outputs;

typedef struct ctx {
    workload *w;
    outputs o;
    b2shim *b2;          ///< NULL without Box2D or when a shape does not fit Box2D
    geos_peer *geos;     ///< NULL without GEOS
    int64_t geos_pairs;  ///< GEOS runs on pairs [0, geos_pairs)
} ctx;

void *xmalloc(size_t n);
void outputs_alloc(outputs *o, int64_t n);
void outputs_free(outputs *o);
double now(void);
/// Whether the implementation answers query q on this context (peer present, query supported).
int impl_has(const ctx *c, const impl *im, int q);
/// Name of the function a peer runs for a query ("b2Distance", ...), or the ISA name.
const char *impl_function(const impl *im, int q);
/// Select the implementation (gjk2d_set_isa for an ISA); 0 or -1.
int impl_select(const impl *im);
/// Run query q over [begin, end) with the selected implementation.
void run_range(ctx *c, const impl *im, int q, int64_t begin, int64_t end);
/// Seconds for `inner` runs over [0, n) split over `threads` threads (1 or 2).
double time_runs(ctx *c, const impl *im, int q, int64_t n, int inner, int threads);
double median(const double *v, int n);
/// The implementations of this build and CPU: ISAs (scalar first), then the peers.
int impl_list(impl *out, int max);
const char *best_isa(void);

// ---- accuracy against the exact oracle (accuracy.c) ----

typedef struct truth {
    double *clearance; ///< signed: distance of the rounded shapes, or minus the penetration
    float *scale;      ///< L: max |core coordinate| in A's frame plus both radii
    int64_t n, band;   ///< pairs, and pairs in the touching band |clearance| <= TOUCH_BAND * eps * L
} truth;
#define TOUCH_BAND 32.0

typedef struct accuracy {
    int64_t pairs, misclassified;
    double max_error, max_error_eps; ///< max |distance (or separation) - exact|, and in units of eps * L
    double mean_error;
    int has_error;
} accuracy;

int truth_compute(truth *t, const workload *w, int64_t n, int threads);
void truth_free(truth *t);
/// Accuracy of implementation `im` on query q over pairs [0, n) (an untimed run).
accuracy accuracy_of(ctx *c, const impl *im, int q, const truth *t, int64_t n);

// ---- memory bandwidth (roofline.c) ----

/// Best of `reps` streaming reads of `bytes` by `threads` threads, in bytes per second.
double read_bandwidth(size_t bytes, int threads, int reps);
/// Two threads vs one on pure arithmetic (median of `reps`): the parallelism the machine offers right now.
double spin_speedup(int reps);

// ---- reports (report.c) ----

/// Markdown goes to stdout and, if open, to the tables file; JSON records to the JSON file.
void report_open(const char *dir);
void report_close(void);
void md(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/// One JSON object (without braces) appended to the "results" array.
void json_record(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/// A data file for the plots in the output directory, or NULL when there is none.
FILE *dat_open(const char *name);
/// headline.md: lines the README quotes.
void headline(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
