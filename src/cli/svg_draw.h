// SPDX-License-Identifier: MIT
// The pictures of 'gjk2d svg' (svg_draw.c): one pair per panel, the legend and the style sheet.
#ifndef GJK2D_CLI_SVG_DRAW_H
#define GJK2D_CLI_SVG_DRAW_H

#include <stdint.h>

#include "cli.h"
#include "scene.h"

/// What a panel shows: GJK in world frame, GJK on the Minkowski difference B - A, the contact manifold,
/// or the time of impact of a sweep from one frame to the next.
typedef enum svg_view { SVG_WORLD, SVG_MINKOWSKI, SVG_MANIFOLD, SVG_TOI } svg_view;

/// How a panel is drawn: the view, the manifold's margin, the sweep's first frame (SVG_TOI: from frame
/// `frame` to frame + 1; the scene must have them).
typedef struct svg_params {
    svg_view view;
    float margin;
    int32_t frame;
} svg_params;

/// Pair `pair` of a prepared scene in the square panel at (ox, oy) of `size` pixels, its title above
/// and its numbers below, as `params` say.
void svg_draw_pair(outfile *out, const scene *sc, int64_t pair, const svg_params *params, double ox, double oy,
                   double size);

/// The legend of a view, at (x, y).
void svg_legend(outfile *out, double x, double y, svg_view view);

/// The document's style sheet and arrow marker.
extern const char svg_style[];

#endif
