#!/usr/bin/env bash
# The SVG is well-formed XML and holds both shapes, the closest-point segment, the numbered simplexes
# and a legend, for plain, rounded and Minkowski pictures and for a grid of pairs.
. "$(dirname "$0")/lib.sh"

XMLLINT="${XMLLINT:-$(command -v xmllint)}"
[ -n "$XMLLINT" ] || { echo "xmllint not found (Debian libxml2-utils)"; exit 77; }

expect_status 0 "$G" gen --pairs 20 --seed 6 -o s.scene
expect_status 0 "$G" gen --pairs 20 --seed 6 --min-verts 1 --max-verts 3 --radius 0.2 -o r.scene
check_svg() {
    local f="$1"
    "$XMLLINT" --noout "$f" || fail "$f is not well-formed XML"
    grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$f" || fail "$f: no svg root"
    grep -Eq 'viewBox="0 0 [0-9]+ [0-9]+"' "$f" || fail "$f: no viewBox"
    grep -q 'class="legend"' "$f" || fail "$f: no legend"
    grep -q 'class="simplex"' "$f" || fail "$f: no simplex"
    grep -q 'class="iter"[^>]*>1<' "$f" || fail "$f: simplexes not numbered"
}
expect_status 0 "$G" svg s.scene --pair 3 -o pair.svg
check_svg pair.svg
grep -Eq '<polygon class="shape-a" points="[0-9., -]+"' pair.svg || fail "polygon A missing"
grep -Eq '<polygon class="shape-b" points="[0-9., -]+"' pair.svg || fail "polygon B missing"
grep -q '<line [^>]*class="closest"' pair.svg || fail "closest-point segment missing"
grep -q 'class="point-a"' pair.svg && grep -q 'class="point-b"' pair.svg || fail "closest points missing"
[ -s out.txt ] && fail "svg -o wrote to stdout"

expect_status 0 "$G" svg r.scene --pair 2 && mv out.txt rounded.svg
check_svg rounded.svg
grep -Eq '<(path|circle) [^>]*class="shape-a"' rounded.svg || fail "rounded outline of A missing"

expect_status 0 "$G" svg s.scene --pair 3 --minkowski -o mink.svg
check_svg mink.svg
grep -q 'class="minkowski"' mink.svg || fail "Minkowski difference missing"
grep -q 'class="origin"' mink.svg || fail "origin missing"

expect_status 0 "$G" svg s.scene --pairs 0,1,2,5 --cols 2 -o grid.svg
check_svg grid.svg
[ "$(grep -c '<g id="pair-' grid.svg)" = 4 ] || fail "grid does not hold 4 pairs"
expect_status 2 "$G" svg s.scene --pairs 1,x -o bad.svg
[ -e bad.svg ] && fail "bad pair list left a file"
# The Minkowski picture of a pair with an invalid shape (NaN or infinite vertex): found by valgrind,
# the hull kept every point of a NaN difference on both chains and wrote past its index array (the
# ASan build of this test and tests/memcheck catch a regression). Now drawn from the finite points.
printf 'gjk2d-scene 1\nshapes 3\n0 0 0 0 4 0 0 1 0 1 1 0 1\n2 0 0 0 3 nan 0 1 0 0 1\n0 2 0 0 3 inf 0 1 0 0 1\npairs 2\n0 1\n1 2\n' > nan.scene
expect_status 0 "$G" svg nan.scene --pairs 0,1 --minkowski -o nan.svg && { "${XMLLINT}" --noout nan.svg || fail "nan.svg is not well-formed XML"; }
# No negative zero in any number: a coordinate that rounds to zero pixels is "0.00", a zero normal or
# distance "0" (points and segments give many zero components, so the raw values hold -0).
expect_status 0 "$G" gen --pairs 40 --seed 3 --min-verts 1 --max-verts 4 -o small.scene
for m in "" --minkowski; do
    expect_status 0 "$G" svg small.scene --pairs "$(seq -s, 0 39)" $m -o small.svg || continue
    # (A number's minus follows no letter: "pair-0" is a name.)
    neg0='(^|[^0-9.a-z])-0(\.0+)?([^0-9.e]|$)'
    grep -Eq "$neg0" small.svg && fail "small.svg $m: a negative zero: $(grep -Em3 "$neg0" small.svg)"
done
# The panel's numbers name the new distance outputs.
grep -Eq 'distance [^<]*\(signed [^<]*\), core [^<]*, features (v|e)[0-9]+ / (v|e)[0-9]+' pair.svg ||
    fail "pair.svg: no signed distance or features: $(grep -o 'distance [^<]*' pair.svg | head -1)"
# A pair with a bad pose (position beyond 1e15, a NaN angle) or an invalid shape is drawn without
# simplexes and says why.
printf 'gjk2d-scene 1\nshapes 4\n0 0 0 0 4 0 0 1 0 1 1 0 1\n2e15 0 0 0 3 0 0 1 0 0 1\n0 2 nan 0 3 0 0 1 0 0 1\n3 0 0 0 3 0 0 0 1 1 0\npairs 3\n0 1\n2 0\n0 3\n' > pose.scene
expect_status 0 "$G" svg pose.scene --pairs 0,1,2 -o pose.svg && { "$XMLLINT" --noout pose.svg || fail "pose.svg is not well-formed XML"; }
grep -q "not computed: shape B (1) has a bad pose: .*1e15" pose.svg || fail "pose.svg: pair 0 does not name the bad pose of shape 1"
grep -q "not computed: shape A (2) has a bad pose: .*NaN" pose.svg || fail "pose.svg: pair 1 does not name the bad pose of shape 2"
grep -q "not computed: shape B (3) is invalid: .*clockwise" pose.svg || fail "pose.svg: pair 2 does not name invalid shape 3"
awk '/<g class="simplexes">/ { inside = 1; next } /<\/g>/ { inside = 0 } inside { n++ } END { exit n > 0 }' pose.svg ||
    fail "pose.svg: simplexes drawn for pairs that were not computed"
grep -q "shape 1 has a bad pose" err.txt || fail "svg: the bad pose is not reported on stderr: $(cat err.txt)"
# Iteration numbers never overlap: iterations that share a simplex vertex or repeat a simplex used to
# pile their numbers on one spot; touching labels are now joined ("2,3"). A label's box: 7.5 px a
# character (12 px bold digits), 14 px high, 2 px margin. Every iteration is still named in its panel.
labels_overlap() { # FILE: prints the first pair of overlapping labels of a panel
    awk '/<g id="pair-/ { n = 0 }
         /class="iter"/ {
             x = $0; sub(/.*<text x="/, "", x); sub(/".*/, "", x)
             y = $0; sub(/.* y="/, "", y); sub(/".*/, "", y)
             t = $0; sub(/.*">/, "", t); sub(/<.*/, "", t)
             for (i = 0; i < n; i++) {
                 w = 3.75 * (length(t) + length(T[i])) + 4
                 if ((x - X[i]) ^ 2 < w * w && (y - Y[i]) ^ 2 < 16 * 16) { print "\"" T[i] "\" and \"" t "\" at " x "," y; exit }
             }
             X[n] = x; Y[n] = y; T[n] = t; n++
         }' "$1"
}
expect_status 0 "$G" gen --pairs 200 --seed 11 --min-verts 1 --max-verts 12 -o many.scene
for m in "" --minkowski; do
    expect_status 0 "$G" svg many.scene --pairs "$(seq -s, 0 199)" $m -o many.svg || continue
    bad=$(labels_overlap many.svg)
    [ -n "$bad" ] && fail "many.svg $m: iteration numbers overlap: $bad"
done
expect_status 0 "$G" svg many.scene --pair 0 -o one.svg
iters=$(grep -o '[0-9]* iterations' one.svg | cut -d' ' -f1)
for k in $(seq 1 "$iters"); do
    grep -Eq "class=\"iter\"[^>]*>([0-9,]*,)?$k(,[0-9,]*)?<" one.svg || fail "one.svg: iteration $k has no number"
done

# A pair that cannot be computed names the shape (A or B) and the reason; an overlapping pair shows
# its penetration depth and axis.
printf 'gjk2d-scene 1\nshapes 3\n0 0 0 0 4 0 0 2 0 2 2 0 2\n1.5 0 0 0 4 0 0 2 0 2 2 0 2\n0 0 0 0 3 nan 0 1 0 0 1\npairs 3\n0 2\n2 0\n0 1\n' > pen.scene
expect_status 0 "$G" svg pen.scene --pairs 0,1,2 -o pen.svg
grep -q "not computed: shape B (2) is invalid (vertex 0): " pen.svg || fail "pen.svg: invalid B not named: $(grep -o 'not computed[^<]*' pen.svg)"
grep -q "not computed: shape A (2) is invalid (vertex 0): " pen.svg || fail "pen.svg: invalid A not named: $(grep -o 'not computed[^<]*' pen.svg)"
grep -q "overlap: penetration depth 0.5 along the SAT axis (1, 0)" pen.svg || fail "pen.svg: no depth: $(grep -o 'overlap:[^<]*' pen.svg)"
grep -q '<line [^>]*class="depth"' pen.svg || fail "pen.svg: no depth arrow"
expect_status 0 "$G" svg pen.scene --pair 2 --minkowski -o penm.svg
grep -q '<line [^>]*class="depth"' penm.svg || fail "penm.svg: no depth arrow"

# The manifold picture (issue 16): the reference edge drawn on the reference face's vertices, its two
# side planes, one numbered contact point per manifold point with its separation, the normal, and the
# numbers of 'run --query manifold' in the caption. Two unit squares one apart (margin 1: B's facing
# corners against A's edge 1), two circles (a vertex contact: no reference edge), and the squares with
# no margin (nothing within it).
cat > man.scene <<'SCENE'
gjk2d-scene 1
shapes 4
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 4 0 0 1 0 1 1 0 1
0 3 0 0.5 1 0 0
2 3 0 0.5 1 0 0
pairs 2
0 1
2 3
SCENE
expect_status 0 "$G" svg man.scene --pair 0 --manifold --margin 1 -o man0.svg
"$XMLLINT" --noout man0.svg || fail "man0.svg is not well-formed XML"
grep -q 'class="legend"' man0.svg && grep -q "reference edge" man0.svg || fail "man0.svg: no manifold legend"
grep -q "manifold: 2 points, normal (1, 0), reference face on A, status ok" man0.svg || fail "man0.svg: caption: $(grep -o 'manifold:[^<]*' man0.svg)"
grep -q "1: (1.5, 1), separation 1, id e1:v3" man0.svg && grep -q "2: (1.5, 0), separation 1, id e1:v0" man0.svg ||
    fail "man0.svg: points: $(grep -o '[12]: ([^<]*' man0.svg)"
# The panel's manifold group (the legend and the style sheet name the same classes).
in_manifold() { awk '/<g class="manifold">/ { on = 1; next } on && /<\/g>/ { on = 0 } on' "$1"; }
in_manifold man0.svg > man0.txt
[ "$(grep -c 'class="contact"' man0.txt)" = 2 ] || fail "man0.svg: 2 contact points expected"
[ "$(grep -c 'class="separation"' man0.txt)" = 2 ] || fail "man0.svg: 2 separations expected"
[ "$(grep -c 'class="clip"' man0.txt)" = 2 ] || fail "man0.svg: 2 clip lines expected"
grep -q 'class="normal" marker-end' man0.svg || fail "man0.svg: no normal"
# The reference edge runs from A's vertex 1 to vertex 2 (A's outline lists its vertices in order).
awk '/<polygon class="shape-a"/ { sub(/.*points="/, ""); sub(/".*/, ""); split($0, v, " "); a1 = v[2]; a2 = v[3] }
     /<g class="manifold">/ { on = 1 } on && /class="ref-edge"/ { split($0, q, "\""); e = q[2] "," q[4] " " q[6] "," q[8]; on = 0 }
     END { exit e != a1 " " a2 }' man0.svg || fail "man0.svg: the reference edge is not A's edge 1"
# Each separation spans the gap between the surfaces along the normal: from x = 1 to x = 2 in world
# frame, i.e. as long in pixels as the squares' side.
awk '/<polygon class="shape-a"/ { sub(/.*points="/, ""); sub(/".*/, ""); split($0, v, " "); split(v[1], p, ","); split(v[2], q, ","); side = q[1] - p[1] }
     /<g class="manifold">/ { on = 1 } on && /<\/g>/ { on = 0 }
     on && /<line [^>]*class="separation"/ { split($0, s, "\""); d = s[6] - s[2]; if (d - side > 0.02 || side - d > 0.02) bad++; n++ }
     END { exit bad > 0 || n != 2 }' man0.svg || fail "man0.svg: separations do not span the gap"
expect_status 0 "$G" svg man.scene --pair 1 --manifold --margin 2 -o man1.svg
grep -q "manifold: 1 point, normal (1, 0), vertex contact, status ok" man1.svg || fail "man1.svg: $(grep -o 'manifold:[^<]*' man1.svg)"
grep -q "1: (1, 3), separation 1, id v0:v0" man1.svg || fail "man1.svg: point: $(grep -o '1: ([^<]*' man1.svg)"
in_manifold man1.svg | grep -q 'class="ref-edge"' && fail "man1.svg: a vertex contact has no reference edge"
[ "$(in_manifold man1.svg | grep -c 'class="contact"')" = 1 ] || fail "man1.svg: 1 contact point expected"
expect_status 0 "$G" svg man.scene --pairs 0,1 --manifold -o man2.svg
grep -c "nothing within the margin" man2.svg | grep -qx 2 || fail "man2.svg: margin 0 should leave both pairs without points"
in_manifold man2.svg | grep -q 'class="contact"' && fail "man2.svg: contact points drawn"
expect_status 2 "$G" svg man.scene --pair 0 --margin 1
expect_status 2 "$G" svg man.scene --pair 0 --manifold --minkowski
expect_status 2 "$G" svg man.scene --pair 0 --manifold --margin -1
# Generated pairs of every kind and a pair that cannot be computed draw as well-formed XML.
expect_status 0 "$G" svg r.scene --pairs "$(seq -s, 0 19)" --manifold --margin 0.5 -o manr.svg
"$XMLLINT" --noout manr.svg || fail "manr.svg is not well-formed XML"
expect_status 0 "$G" svg pen.scene --pairs 0,2 --manifold -o manp.svg
grep -q "not computed: shape B (2) is invalid" manp.svg || fail "manp.svg: invalid pair not named"
grep -q "manifold: 2 points, normal (1, 0), reference face on A" manp.svg || fail "manp.svg: $(grep -o 'manifold:[^<]*' manp.svg)"

# The sweep picture (issue 17): the squares of tests/cli/toi.sh closing at 3 per step. The caption has
# run --query toi's numbers; the shapes are drawn at the start, the end and the time of impact: A's
# outline at the time of impact is its start moved by t (A moves +1 in x per step).
cat > sweep.scene <<'SCENE'
gjk2d-scene 1
shapes 3
0 0 0 0 4 0 0 1 0 1 1 0 1
2 0 0 0 4 0 0 1 0 1 1 0 1
0 0.5 0 0 4 0 0 1 0 1 1 0 1
pairs 2
0 1
0 2
frames 2
frame 1
1 0 0
0 0 0
0 3 0
SCENE
expect_status 0 "$G" svg sweep.scene --pairs 0,1 --toi -o sweep.svg
"$XMLLINT" --noout sweep.svg || fail "sweep.svg is not well-formed XML"
"$G" run --query toi sweep.scene 2>/dev/null | sed -n 2p > toi0.txt
t=$(cut -d, -f3 toi0.txt)
grep -q "time of impact, frame 0 to 1: hit, t $(printf %.6g "$t"), separation 0.005, 1 iterations, status ok" sweep.svg ||
    fail "sweep.svg: caption: $(grep -o 'time of impact, frame[^<]*' sweep.svg | head -1) (run: $(cat toi0.txt))"
grep -q "time of impact, frame 0 to 1: overlapped, t 0" sweep.svg || fail "sweep.svg: the overlapping pair"
for c in sweep-start-a sweep-start-b sweep-end-a sweep-end-b; do
    grep -q "<polygon class=\"$c\"" sweep.svg || fail "sweep.svg: no $c outline"
done
grep -q '<circle [^>]*class="contact"' sweep.svg && grep -q '<line [^>]*class="normal"' sweep.svg || fail "sweep.svg: no contact or normal"
awk -v t="$t" 'BEGIN { FS = "\"" } /<g id="pair-0">/ { on = 1 } /<g id="pair-1">/ { on = 0 }
     on && /<polygon class="sweep-start-a"/ { split($4, p, "[ ,]"); x0 = p[1]; x1 = p[3] }
     on && /<polygon class="shape-a"/ { split($4, q, "[ ,]"); xt = q[1] }
     END { k = x1 - x0; d = xt - (x0 + t * k); exit !(k > 0 && d < 0.02 && d > -0.02) }' sweep.svg ||
    fail "sweep.svg: A at the time of impact is not its start moved by t"
expect_status 2 "$G" svg sweep.scene --pair 0 --toi --frame 1
grep -q "needs frame 2" err.txt || fail "--toi past the last frame: $(cat err.txt)"
expect_status 2 "$G" svg sweep.scene --pair 0 --frame 0
expect_status 2 "$G" svg sweep.scene --pair 0 --toi --manifold
expect_status 2 "$G" svg man.scene --pair 0 --toi
finish
