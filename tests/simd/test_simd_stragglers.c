// SPDX-License-Identifier: MIT
// Distance stragglers (lanes still running when their block reaches its step cap) move, with their
// geometry and state, into a block of their own and run on there. That block gathers lanes from blocks of
// different widths (rows of 8 columns, and up to 16 for larger shapes) and runs when full or at the end of
// a range; the boolean query restarts its stragglers. Every ISA must still give the reference's bits.
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

static void check_against_reference(const char *what, const pg_set *g, int64_t chunk) {
    gjk2d_geometry geo = pg_geometry(g);
    test_set t;
    cr_assert_geq(test_set_make(&t, &geo, g->px, g->py, g->c, g->s, NULL), 0);
    gjk2d_pairs pairs = pg_pairs(g);
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    query_outputs ref;
    outputs_alloc(&ref, pairs.count);
    xc_run(&gjk2d__scalar_table, t.shapes, &t.poses, &pairs, 0, pairs.count, pairs.count, &ref);
    for (int i = 0; i < nt; i++) {
        query_outputs got;
        outputs_alloc(&got, pairs.count);
        xc_run(tables[i].table, t.shapes, &t.poses, &pairs, 0, pairs.count, chunk, &got);
        int64_t exact = 0;
        const int64_t bad = xc_compare_ref(tables[i].label, &t, &t.poses, &pairs, &ref, &got, &exact);
        const int64_t diff = xc_compare_exact("reference", tables[i].label, &t, &t.poses, &pairs, &ref, &got);
        fprintf(stderr, "%s: %-12s %lld pairs, %lld outside tolerance, %lld not bit-identical to the reference\n", what,
                tables[i].label, (long long)pairs.count, (long long)bad, (long long)diff);
        cr_expect(bad == 0 && diff == 0, "%s: %s differs from the reference on %lld pairs", what, tables[i].label,
                  (long long)diff);
        outputs_free(&got);
    }
    outputs_free(&ref);
    test_set_free(&t);
}

Test(simd_stragglers, blocks_of_mixed_widths_run_on_to_the_reference_answers) {
    // Runs of small polygons (one row of 8 columns) with, between them, a few blocks of 12..16-gons (wider
    // rows, more iterations): waiting stragglers of both widths share a block of stragglers.
    pg_set g;
    memset(&g, 0, sizeof g);
    for (int i = 0; i < 60; i++) {
        pg_workload(&g, 0x57a6000 + (uint64_t)i, 96, 3, 8, 64);
        pg_workload(&g, 0x57a7000 + (uint64_t)i, 16, 12, 16, 16);
    }
    pg_hard_cases(&g, 2);
    check_against_reference("mixed widths", &g, 1 << 20);
    // Ranges that end in the middle of blocks: the stragglers of each range run at its end.
    check_against_reference("mixed widths, ranges of 37", &g, 37);
    pg_free(&g);
}
