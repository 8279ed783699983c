// SPDX-License-Identifier: MIT
// The pictures of 'gjk2d svg' (svg_draw.c): one pair per panel, the legend and the style sheet.
#ifndef GJK2D_CLI_SVG_DRAW_H
#define GJK2D_CLI_SVG_DRAW_H

#include <stdint.h>

#include "cli.h"
#include "scene.h"

/// Pair `pair` of a prepared scene in the square panel at (ox, oy) of `size` pixels, its title above
/// and its numbers below: in world frame, or (minkowski) as the Minkowski difference B - A.
void svg_draw_pair(outfile *out, const scene *sc, int64_t pair, int minkowski, double ox, double oy, double size);

/// The legend of the world or Minkowski pictures, at (x, y).
void svg_legend(outfile *out, double x, double y, int minkowski);

/// The document's style sheet and arrow marker.
extern const char svg_style[];

#endif
