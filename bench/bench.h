// Shared pieces of the benchmark program: workloads, the implementations timed (gjk2d per ISA and the
// peers), the runner, the oracle-based accuracy check, the per-frame API's own measurements and the
// report writers.
#ifndef GJK2D_BENCH_H
#define GJK2D_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "gjk2d.h"
#include "kernels.h"
#include "outputs.h"
#include "pairgen.h"
#include "support.h"
#include "tolerance.h"

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

/// A workload as a per-frame caller holds it: the shapes prepared once, float SoA poses and the pair list.
typedef struct workload {
    char name[16];
    char desc[200];
    pg_set g;     ///< generated vertices, shapes, float poses and pairs (tests/support/pairgen.h)
    test_set set; ///< g's shapes prepared once up front (set.shapes), its geometry (set.geometry: the peers
                  ///< build their own shapes from it) and its poses as float SoA (set.poses: the main path)
    gjk2d_pairs pairs;
    struct coherent_scene *scene; ///< W5's bodies and broadphase pairs (set and pairs point into it), else NULL
} workload;

/// W1, W2, W3, W4, W5, W6, W7, B3 or Vn (the sweep's n-gons, n = 3..64) by name (case-insensitive); `pairs` is
/// ignored by B3 (always 10,000) and is W5's approximate count (a broadphase finds them: about 1.7 per body). 0 or -1.
int workload_make(workload *w, const char *name, int64_t pairs);
/// `pairs` random convex n-gon pairs for the vertex-count sweep (W1's construction, every polygon an n-gon).
int workload_sweep(workload *w, int n, int64_t pairs);
void workload_free(workload *w);

// ---- implementations and the runner (run.c) ----

enum kind {
    K_ISA,       ///< gjk2d batch API with gjk2d_set_isa(name)
    K_AUTO,      ///< gjk2d batch API with gjk2d_set_isa("auto"): each query on the ISA measured fastest for it
    K_TABLE,     ///< a kernel table called directly on checked arguments (impl.table): the pose-check measurement
    K_BOX2D,     ///< b2Distance / b2TestOverlap / b2CollidePolygons
    K_GEOS,      ///< GEOSNearestPoints_r / GEOSIntersects_r
    K_GEOS_DIST, ///< GEOSDistance_r (distance query only)
};

typedef struct impl {
    const char *name;
    int kind;
    const gjk2d_kernel_table *table; ///< K_TABLE only
} impl;

typedef struct ctx {
    workload *w;
    query_outputs o;          ///< every query writes its own arrays (tests/support/outputs.h)
    b2shim *b2;               ///< NULL without Box2D or when a shape does not fit Box2D
    geos_peer *geos;          ///< NULL without GEOS
    int64_t geos_pairs;       ///< GEOS runs on pairs [0, geos_pairs)
    const gjk2d_poses *poses; ///< the poses gjk2d runs on; NULL: w->set.poses (float SoA)
    int all_fields;           ///< distance also writes signed and core distance and the witness features
} ctx;

void *xmalloc(size_t n);
/// gjk2d_batch_manifold's outputs for n pairs in one allocation (`block`, `bytes` long): every field
/// (`all`: what a comparison of two sides checks), or only what a contact solver reads (count, normal,
/// points, separations, ids, status; the anchors and the reference shape stay NULL and unwritten).
typedef struct manifold_arrays {
    void *block;
    size_t bytes;
    gjk2d_manifold_out out;
} manifold_arrays;
void manifold_arrays_alloc(manifold_arrays *m, int64_t n, int all);
double now(void);
/// Whether the implementation answers query q on this context (peer present, query supported).
int impl_has(const ctx *c, const impl *im, int q);
/// Name of the function a peer runs for a query ("b2Distance", ...), or the ISA name.
const char *impl_function(const impl *im, int q);
/// Select the implementation (gjk2d_set_isa for an ISA); 0 or -1.
int impl_select(const impl *im);
/// The distance outputs every timed run writes (all_fields: also signed and core distance, features).
gjk2d_distance_out timed_distance_out(const query_outputs *o, int all_fields);
/// Run query q over [begin, end) with the selected implementation.
void run_range(ctx *c, const impl *im, int q, int64_t begin, int64_t end);
/// The most threads run_split takes.
#define RUN_SPLIT_MAX 64
/// fn(arg, begin, end) over [0, n) split into `threads` (1..RUN_SPLIT_MAX) ranges of consecutive items, one thread each (the
/// calling thread runs the last), as an application splits one batch; returns the first nonzero fn result.
int run_split(int threads, int64_t n, int (*fn)(void *arg, int64_t begin, int64_t end), void *arg);
/// Seconds for `inner` runs over [0, n) split over `threads` threads (1 or 2).
double time_runs(ctx *c, const impl *im, int q, int64_t n, int inner, int threads);
double median(const double *v, int n);
/// The implementations of this build and CPU: ISAs (scalar first), auto, then the peers.
int impl_list(impl *out, int max);
const char *best_isa(void);

/// A timed entry: one implementation, one query, pairs [0, n), `inner` runs per timed repetition.
typedef struct entry {
    const impl *im;
    int q, threads, inner, ref; ///< ref: the entry of the best ISA on the same pairs (ratio base)
    int64_t n;
    const gjk2d_poses *poses; ///< NULL: the workload's float SoA poses
    int all_fields;
    double rate[MAX_REPS]; ///< pairs per second, one per repetition
} entry;

/// Every repetition runs every entry once (in reverse order on odd repetitions when `alternate`, so
/// that no entry always runs right after the same one); rates in pairs per second. Each entry is first
/// calibrated by an untimed run (also its warm-up) so that one timed run lasts at least min_time.
void run_entries(ctx *c, entry *e, int ne, int reps, double min_time, int alternate);
double med_rate(const entry *e, int reps);
/// Median over repetitions of rate(a) / rate(b), both measured in the same repetition.
double med_ratio(const entry *a, const entry *b, int reps);

// ---- accuracy against the exact oracle (accuracy.c) ----

typedef struct truth {
    double *clearance; ///< signed: distance of the rounded shapes, or minus the penetration
    float *scale;      ///< L: max |core coordinate| in A's frame plus both radii
    int64_t n, band;   ///< pairs, and pairs in the touching band |clearance| <= TOL_REL * L (src/tolerance.h)
} truth;

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

// ---- pose layouts (layouts.c) ----

/// b2Transform-like record: position, then rotation.
typedef struct xf_float {
    float px, py, c, s;
} xf_float;

/// A large-world engine's record: double position, float rotation (24 bytes).
typedef struct xf_double {
    double px, py;
    float c, s;
} xf_double;

typedef struct layouts {
    xf_float *rf;
    xf_double *rd;
    double *dx, *dy;
    gjk2d_poses p[4];
} layouts;

enum { L_SOA, L_RECORDS, L_DOUBLE_SOA, L_DOUBLE_RECORDS, NLAYOUT };
extern const char *const layout_name[NLAYOUT];
/// Float SoA poses in every layout (the float SoA ones are soa's own arrays); double positions hold the same
/// (float) values, so every layout must give bit-identical answers.
void layouts_from(layouts *l, const gjk2d_poses *soa);
/// The workload's poses in every layout (layouts_from).
void layouts_make(layouts *l, const workload *w);
void layouts_free(layouts *l);
/// Float SoA poses as records rf[0 .. soa->count) (an engine's transform array, as Box2D's b2Transform).
gjk2d_poses layout_records(const gjk2d_poses *soa, xf_float *rf);

// ---- the per-frame API's own costs (frame.c) ----

/// Sections "posecheck" (distance with and without the per-call pose check, per ISA), "layouts" (float
/// SoA, strided records, double positions) and "prepare" (gjk2d_shapes_prepare throughput), on W1.
/// `reps`: repetitions (at least 9 are run); `pairs`: W1's size; `shapes`: shapes prepared.
void section_posecheck(const impl *impls, int nimpl, int64_t pairs, int reps, double min_time);
void section_layouts(const impl *impls, int nimpl, int64_t pairs, int reps, double min_time);
void section_prepare(int64_t shapes, int reps);

// ---- memory bandwidth (roofline.c) ----

/// Best of `reps` streaming reads of `bytes` by `threads` threads, in bytes per second.
double read_bandwidth(size_t bytes, int threads, int reps);
/// Two threads vs one on pure arithmetic (median of `reps`): the parallelism the machine offers right now, to a
/// chain of dependent operations (`wide` 0) or to eight independent chains (1), which also measures whether the
/// second thread gets execution units of its own (a virtual CPU may share a core with the first).
double spin_speedup(int reps, int wide);

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
/// A headline line written after the others (at report_close), from the sections that run before them.
void headline_later(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
