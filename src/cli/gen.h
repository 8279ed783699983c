// SPDX-License-Identifier: MIT
// Random valid scenes with a chosen fraction of overlapping pairs.
#ifndef GJK2D_CLI_GEN_H
#define GJK2D_CLI_GEN_H

#include <stdint.h>

#include "cli.h"
#include "scene.h"

typedef struct gen_opts {
    int64_t pairs;
    int min_verts, max_verts;
    double overlap; ///< target fraction of overlapping pairs
    double radius;  ///< radius of every shape
    uint64_t seed;
} gen_opts;

void gen_defaults(gen_opts *o);

/// Try to consume the generator option at argv[*i]. Returns 1 if consumed, 0 if argv[*i] is not a
/// generator option, -1 after reporting a bad value.
int gen_option(int argc, char **argv, int *i, gen_opts *o);

/// Check the option values together. Returns 0, or -1 after reporting the problem.
int gen_check(const gen_opts *o);

/// Fill `sc` (allocated here, angles kept) with `pairs` pairs of fresh shapes (two per pair). Pair k is
/// drawn from a random stream seeded by (o->seed, first_index + k), so the result does not depend on
/// `threads` and consecutive chunks continue one another. *overlapping receives how many pairs
/// overlap according to gjk2d_distance. Returns -1 on out of memory.
int gen_scene(const gen_opts *o, int64_t first_index, int64_t pairs, scene *sc, int64_t *overlapping, int threads,
              progress *prog);

/// Give a generated scene (angles kept) `frames` frames in all: every shape drifts with its own constant
/// velocity and spin, uniform up to `motion` units (radians) per frame, seeded from `seed`. frames <= 1
/// does nothing. Returns -1 on out of memory.
int gen_frames(scene *sc, int32_t frames, double motion, uint64_t seed);

/// Give a generated scene `points` query points and `rays` rays (the scene's points and rays sections), each
/// at a random shape: points within 2 of its position, rays from 4 away toward it, scattered. Item k comes
/// from its own stream seeded from `seed`. Returns -1 on out of memory (or items without shapes).
int gen_items(scene *sc, int64_t points, int64_t rays, uint64_t seed);

/// Help text of the generator options other than --pairs (whose meaning and default differ by command).
extern const char gen_options_help[];

#endif
