// SPDX-License-Identifier: MIT
// The pictures of 'gjk2d svg' (svg_draw.c): one pair per panel, the legend and the style sheet.
#ifndef GJK2D_CLI_SVG_DRAW_H
#define GJK2D_CLI_SVG_DRAW_H

#include <stdint.h>

#include "cli.h"
#include "scene.h"

/// What a panel shows: GJK in world frame, GJK on the Minkowski difference B - A, or the contact manifold.
typedef enum svg_view { SVG_WORLD, SVG_MINKOWSKI, SVG_MANIFOLD } svg_view;

/// Pair `pair` of a prepared scene in the square panel at (ox, oy) of `size` pixels, its title above
/// and its numbers below, as `view` says (margin: the manifold's speculative margin).
void svg_draw_pair(outfile *out, const scene *sc, int64_t pair, svg_view view, float margin, double ox, double oy,
                   double size);

/// The legend of a view, at (x, y).
void svg_legend(outfile *out, double x, double y, svg_view view);

/// The document's style sheet and arrow marker.
extern const char svg_style[];

#endif
