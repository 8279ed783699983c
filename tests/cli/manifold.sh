#!/usr/bin/env bash
# run --query manifold (issue 16): the CSV columns on pairs worked out by hand, the margin's boundary,
# properties every manifold has on generated pairs (against the distance query of the same scene), bad
# options, and frames.
. "$(dirname "$0")/lib.sh"

# Two unit squares one apart (and the same pair the other way round), a square resting 0.25 deep in
# another, a circle of radius 0.5 centred 4 above a square's top edge. Every number is exact.
cat > sq.scene <<'SCENE'
gjk2d-scene 1
shapes 4
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 4 0 0 1 0 1 1 0 1
0 0.75 0 0 4 0 0 1 0 1 1 0 1
0 5 0 0.5 1 0 0
pairs 4
0 1
1 0
0 2
0 3
SCENE
expect_status 0 "$G" run --query manifold sq.scene -o m0.csv
cat > want0.csv <<'CSV'
pair,count,nx,ny,reference,x0,y0,separation0,id0,x1,y1,separation1,id1,status
0,0,1,0,0,,,,,,,,,ok
1,0,-1,0,0,,,,,,,,,ok
2,2,0,1,0,0,0.875,-0.25,e2:v0,1,0.875,-0.25,e2:v1,ok
3,0,0,1,0,,,,,,,,,ok
CSV
cmp -s m0.csv want0.csv || fail "margin 0: $(diff m0.csv want0.csv)"
# A margin takes the points within it, the boundary included: the squares' facing edges at distance 1
# give both of B's facing vertices (ids: A's edge 1 against B's vertices 3 and 0), midway at x = 1.5.
expect_status 0 "$G" run --query manifold --margin 0.99 sq.scene -o m099.csv
cmp -s m099.csv want0.csv || fail "margin 0.99: $(diff m099.csv want0.csv)"
expect_status 0 "$G" run --query manifold --margin 1 sq.scene -o m1.csv
sed -n 2,3p m1.csv > got1.txt
printf '0,2,1,0,0,1.5,1,1,e1:v3,1.5,0,1,e1:v0,ok\n1,2,-1,0,0,1.5,0,1,e3:v1,1.5,1,1,e3:v2,ok\n' > want1.txt
cmp -s got1.txt want1.txt || fail "margin 1: $(diff got1.txt want1.txt)"
expect_status 0 "$G" run --query manifold --margin 3.5 sq.scene -o m35.csv
[ "$(sed -n 5p m35.csv)" = "3,1,0,1,0,0,2.75,3.5,e2:v0,,,,,ok" ] || fail "circle over a face: $(sed -n 5p m35.csv)"
expect_status 0 "$G" run --query manifold --margin 3.49 sq.scene -o m349.csv
[ "$(sed -n 5p m349.csv)" = "3,0,0,1,0,,,,,,,,,ok" ] || fail "circle beyond the margin: $(sed -n 5p m349.csv)"

# Generated pairs of every kind (points, segments, polygons, rounded), against the distance query:
# a pair whose rounded shapes overlap has a point at margin 0 and one at or below 0; a pair farther
# apart than the margin has none; every point lies within the margin (up to 1e-5 (1 + |d|): float
# rounding of values of size 10; this checks the CSV plumbing, the library's accuracy is
# tests/test_manifold.c's, against an exact oracle); when the cores are apart (the signed distance is
# then the real gap) no point is nearer than the distance less the manifold's face tolerance
# (GJK2D_MANIFOLD_FACE_TOLERANCE times the pair's size, below 2e-3 for gen's shapes of at most 3.5 across:
# a face contact within it is measured along the face's normal, a little less than the distance); the
# normal is a unit vector (1e-5: float rounding); ids name features.
expect_status 0 "$G" gen --pairs 2000 --seed 5 --min-verts 1 --max-verts 8 --radius 0.1 -o g.scene
expect_status 0 "$G" run g.scene -o d.csv
for margin in 0 0.3; do
    expect_status 0 "$G" run --query manifold --margin $margin g.scene -o g$margin.csv
    [ "$(wc -l < g$margin.csv)" = 2001 ] || fail "margin $margin: row count"
    paste -d, d.csv g$margin.csv | awk -F, -v m=$margin 'function abs(x) { return x < 0 ? -x : x }
        NR > 1 { sd = $11; c = $16; tol = 1e-5 * (1 + abs(sd)); sep_cores = $12 > 0
        if ($28 != "ok" || c < 0 || c > 2) { bad++; next }
        if (sd <= 0 && c < 1) bad++
        if (sd > m + tol && c > 0) bad++
        if (abs($17 * $17 + $18 * $18 - 1) > 1e-5) bad++
        low = 1e30
        for (i = 0; i < c; i++) { s = $(22 + 4 * i); id = $(23 + 4 * i)
            if (s > m + tol || (sep_cores && s < sd - 2e-3) || id !~ /^[ev][0-9]+:[ev][0-9]+$/) bad++
            if (s < low) low = s }
        if (sd <= 0 && low > tol) bad++
        for (i = c; i < 2; i++) if ($(20 + 4 * i) != "" || $(23 + 4 * i) != "") bad++ }
        END { exit bad > 0 }' || fail "margin $margin: manifold properties"
done
awk -F, 'NR > 1 && $2 > 0 { n++ } END { exit n < 300 }' g0.3.csv || fail "margin 0.3: too few pairs with points"
# Every ISA gives the same CSV.
expect_status 0 "$G" run --query manifold --margin 0.3 --isa scalar g.scene -o gs.csv
for isa in $("$G" info | sed -n 's/^isa \([a-z0-9]*\) supported$/\1/p'); do
    expect_status 0 "$G" run --query manifold --margin 0.3 --isa $isa g.scene -o gi.csv
    cmp -s gs.csv gi.csv || fail "manifold on $isa differs from scalar"
done

# A pair with an invalid shape (clockwise) keeps its columns, empty but the status.
printf 'gjk2d-scene 1\nshapes 2\n0 0 0 0 3 0 0 0 1 1 0\n2 0 0 0 1 0 0\npairs 1\n0 1\n' > inv.scene
expect_status 0 "$G" run --query manifold inv.scene -o inv.csv
[ "$(sed -n 2p inv.csv)" = "0,,,,,,,,,,,,,invalid" ] || fail "invalid row: $(sed -n 2p inv.csv)"

# Options: --margin only for the manifold, a number >= 0; the manifold has no cache.
expect_status 2 "$G" run --margin 1 sq.scene
grep -q "for --query manifold" err.txt || fail "--margin with distance: $(cat err.txt)"
for bad in -1 nan inf x; do
    expect_status 2 "$G" run --query manifold --margin $bad sq.scene
done
expect_status 2 "$G" run --query manifold --cold sq.scene
# check takes the manifold (bit for bit against the reference, at margin 0).
expect_status 0 "$G" check --query manifold sq.scene
grep -q "^check manifold scalar .* mismatched_pairs=0 " out.txt || fail "check --query manifold: $(cat out.txt)"

# Frames: one manifold per pair and frame, the frame column last.
expect_status 0 "$G" gen --pairs 100 --frames 3 --seed 8 -o f.scene
expect_status 0 "$G" run --query manifold --margin 0.1 f.scene -o f.csv
head -1 f.csv | grep -q ",id1,status,frame$" || fail "manifold frames header"
[ "$(wc -l < f.csv)" = 301 ] || fail "manifold frames rows"
grep -q "^run: frame 2: 100 pairs, manifold " err.txt || fail "manifold frame lines: $(cat err.txt)"
finish
