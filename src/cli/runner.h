// SPDX-License-Identifier: MIT
// Running the library's batch queries over a whole scene on several threads, and their result arrays.
#ifndef GJK2D_CLI_RUNNER_H
#define GJK2D_CLI_RUNNER_H

#include <stdint.h>

#include "cli.h"
#include "gjk2d.h"
#include "scene.h"

/// QUERY_COUNT counts the queries over a scene's pairs alone, those bench takes; run and check also take
/// the casts (over frames) and the items (the scene's rays and points).
typedef enum query_kind {
    QUERY_DISTANCE = 0,
    QUERY_OVERLAP = 1,
    QUERY_SAT = 2,
    QUERY_MANIFOLD = 3,
    QUERY_COUNT = 4,
    QUERY_CAST = QUERY_COUNT,
    QUERY_TOI,
    QUERY_RAY,   ///< over the scene's rays, not its pairs
    QUERY_POINT, ///< over the scene's points
    QUERY_KINDS
} query_kind;

extern const char *const query_names[QUERY_KINDS];

/// "distance", "overlap", "sat", "manifold", "cast", "toi", "ray" or "point" -> kind; -1 after reporting an unknown name.
int parse_query(const char *name);
/// "all" or a comma-separated list of query names -> distinct kinds below `kinds` (QUERY_COUNT: the queries
/// over pairs alone; QUERY_KINDS: every query) in `queries` (room for `kinds`). Returns how many, or -1
/// after reporting an unknown name or one at or past `kinds`.
int parse_query_list(const char *list, int *queries, int kinds);

/// The time of impact's defaults, Box2D 2.4.1's: target + ra + rb = ra + rb - 3 linearSlop, tolerance
/// linearSlop / 4 (linearSlop = 0.005; docs/casts.md).
#define TOI_DEFAULT_TARGET (-0.015f)
#define TOI_DEFAULT_TOLERANCE 0.00125f

/// Result arrays of one query over n pairs (only the fields that query fills are allocated).
typedef struct results {
    query_kind kind;
    int64_t n;
    float *distance, *signed_distance, *core_distance, *ax, *ay, *bx, *by, *nx, *ny, *separation;
    int32_t *feature_a, *feature_b, *iterations;
    uint8_t *overlap, *status;
    // The manifold's (nx, ny above are its normal):
    uint8_t *count, *reference;
    float *px[2], *py[2], *msep[2];
    uint32_t *id[2];
    // The shape cast's (nx, ny and iterations above are its normal and support searches):
    uint8_t *state;
    float *fraction, *hx, *hy; ///< fraction of the translation at first contact, the contact point
    // The time of impact's: state above, t in fraction, separation, iterations. The ray cast's: the
    // cast's fields. The point query's: overlap (inside), distance, hx, hy (closest point), nx, ny.
    int64_t frame; ///< the frame these results are of, written as the last CSV column when with_frame
    int with_frame;
} results;

int results_alloc(results *r, query_kind kind, int64_t n);
void results_free(results *r);

/// What a batch call reads: the prepared shapes, their poses and the pair list.
typedef struct batch_input {
    const gjk2d_shapes *shapes;
    gjk2d_poses poses;
    gjk2d_pairs pairs;
    /// Distance and overlap: cached = 1 runs the _cached calls with `cache` (one entry per pair, carried
    /// from frame to frame; NULL: cold starts) and, for distance, the cutoff max_distance (INFINITY: none).
    int cached;
    gjk2d_cache *cache;
    float max_distance;
    float margin;                    ///< the manifold's speculative margin
    gjk2d_translations translations; ///< the shape cast's: B's translation relative to A, per pair
    gjk2d_sweeps sweeps;             ///< the time of impact's, one per shape
    float target, tolerance;         ///< the time of impact's
    gjk2d_rays rays;                 ///< the ray cast's items
    gjk2d_points points;             ///< the point query's items
} batch_input;

/// A prepared scene's input (scene_prepare must have run): frame 0's poses, no cache, no cutoff, margin 0.
batch_input scene_batch_input(const scene *sc);

/// A query's input over a prepared scene, step by step: scene_batch_input with the scene's rays and points,
/// the time of impact's default target and tolerance, and for the shape cast and the time of impact the
/// arrays of one step's translations or sweeps (`mem`, owned). A step is a frame, or for the shape cast
/// and the time of impact a pair of consecutive frames.
typedef struct query_input {
    batch_input in;
    float *mem;
} query_input;

/// Returns -1 when out of memory (nothing left to free).
int query_input_init(query_input *q, const scene *sc, query_kind kind);
/// Step f's input: frame f's poses; the shape cast's translations (B's motion relative to A's from frame f to
/// f + 1, in double, rounded once; a non-finite one gives the pair status bad-pose) or the time of impact's
/// sweeps (scene_sweep) of frames f and f + 1.
void query_input_step(query_input *q, const scene *sc, query_kind kind, int32_t f);
void query_input_free(query_input *q);
/// Steps of a query over a scene of `frames` frames (frames - 1 for the shape cast and the time of impact).
int32_t query_steps(query_kind kind, int32_t frames);

/// Run the query over all pairs with the current ISA on `threads` threads (each takes chunks of the
/// pair range [begin, end) in turn). Returns 0 or the library's negative error code. prog may be NULL.
int run_batch(query_kind kind, const batch_input *in, results *r, int threads, progress *prog);

/// Same, over pairs [begin, end) only (results at the same indices).
int run_batch_range(query_kind kind, const batch_input *in, int64_t begin, int64_t end, results *r, int threads,
                    progress *prog);

/// How many of the n results have each gjk2d_status (counts[GJK2D_STATUS_BEYOND + 1]; other values
/// are not counted).
#define STATUS_KINDS (GJK2D_STATUS_BEYOND + 1)
void count_statuses(const results *r, int64_t counts[STATUS_KINDS]);

#endif
