#!/usr/bin/env bash
# run --query ray and --query point (issue 17): the scene's optional 'points' and 'rays' sections, rows
# worked out by hand, over frames, and the sections' errors at FILE:LINE.
. "$(dirname "$0")/lib.sh"

# A unit square and a circle of radius 0.5 at (3, 0); points beside, inside and on the square's corner
# and above the circle; a ray into the square's left side, one stopping short of the circle, one from
# inside the square.
cat > it.scene <<'SCENE'
gjk2d-scene 1
shapes 2
0 0 0 0 4 0 0 1 0 1 1 0 1
3 0 0 0.5 1 0 0
pairs 1
0 1
points 4
0 2 0.5
0 0.5 0.25
1 3 2
0 1 1
rays 3
0 -1 0.5 4 0 1
1 0 0 2 0 1
0 0.5 0.5 1 0 1
SCENE
expect_status 0 "$G" run --query point it.scene -o p.csv
cat > want-p.csv <<'CSV'
point,inside,distance,cx,cy,nx,ny,status
0,0,1,1,0.5,1,0,ok
1,1,0,0.5,0.25,0,0,ok
2,0,1.5,3,0.5,0,1,ok
3,1,0,1,1,0,0,ok
CSV
cmp -s p.csv want-p.csv || fail "points: $(diff p.csv want-p.csv)"
expect_status 0 "$G" run --query ray it.scene -o r.csv
cat > want-r.csv <<'CSV'
ray,state,fraction,px,py,nx,ny,iterations,status
0,hit,0.25,0,0.5,-1,0,4,ok
1,miss,1,0,0,0,0,1,ok
2,overlap,0,0.5,0.5,0,0,2,ok
CSV
# (iterations are the library's business: compared without them)
cut -d, -f1-7,9 r.csv | cmp -s - <(cut -d, -f1-7,9 want-r.csv) || fail "rays: $(diff r.csv want-r.csv)"
# The pairs still run as before.
expect_status 0 "$G" run it.scene -o d.csv
[ "$(sed -n 2p d.csv | cut -d, -f1,2)" = "0,1.5" ] || fail "pairs with items: $(cat d.csv)"

# Over frames: the shapes move, the items stay; frame 1 moves the square by +1 in x.
{ cat it.scene; printf 'frames 2\nframe 1\n1 0 0\n3 0 0\n'; } > itf.scene
expect_status 0 "$G" run --query point itf.scene -o pf.csv
[ "$(wc -l < pf.csv)" = 9 ] || fail "points over frames: $(cat pf.csv)"
[ "$(sed -n 6p pf.csv)" = "0,1,0,2,0.5,0,0,ok,1" ] || fail "point 0 in frame 1 is on the moved square's edge: $(sed -n 6p pf.csv)"

# Errors: the section a query needs, and the sections' lines.
printf 'gjk2d-scene 1\nshapes 1\n0 0 0 0 1 0 0\npairs 0\n' > none.scene
expect_status 2 "$G" run --query ray none.scene
grep -q "needs a 'rays' section" err.txt || fail "ray without rays: $(cat err.txt)"
expect_status 2 "$G" run --query point none.scene
bad_items() { # WANT LINES...
    local want="$1"
    shift
    { cat none.scene; printf '%s\n' "$@"; } > bad.scene
    expect_status 2 "$G" run bad.scene -o x.csv && { grep -q "$want" err.txt || fail "want '$want', got: $(cat err.txt)"; }
}
bad_items "^bad.scene:6: shape index 1 outside \[0, 1)" "points 1" "1 0 0"
bad_items "^bad.scene:6: bad point y 'y'" "points 1" "0 0 y"
bad_items "^bad.scene:6: unexpected '4' after the point" "points 1" "0 0 0 4"
bad_items "^bad.scene:7: unexpected end of file: the header says 2 points, found 1" "points 2" "0 0 0"
bad_items "^bad.scene:6: missing max fraction" "rays 1" "0 0 0 1 0"
bad_items "^bad.scene:6: a second rays section" "rays 0" "rays 0"
bad_items "^bad.scene:5: points count -1 out of range" "points -1"

# gen writes the sections (before the frames, as the reader wants them) in the shapes' number format
# (fmt_float9, exactly %.9g: a float reads back as itself); they read back over both frames; frame 0 answers
# as the same scene without its frames; the same seed writes the same file.
expect_status 0 "$G" gen --pairs 6 --points 9 --rays 8 --frames 2 --seed 5 -o g.scene
[ "$(grep -c '^points 9$' g.scene)$(grep -c '^rays 8$' g.scene)" = "11" ] || fail "gen sections: $(cat g.scene)"
[ "$(sed -n '/^points/,/^frames/p' g.scene | wc -l)" = "20" ] || fail "gen: points and rays before the frames"
expect_status 0 "$G" run --query point g.scene -o gp.csv
expect_status 0 "$G" run --query ray g.scene -o gr.csv
[ "$(grep -c ',ok,[01]$' gp.csv) $(grep -c ',ok,[01]$' gr.csv)" = "18 16" ] ||
    fail "gen items over 2 frames: $(cat gp.csv gr.csv)"
sed '/^frames/,$d' g.scene > back.scene
expect_status 0 "$G" run --query point back.scene -o bp.csv
expect_status 0 "$G" run --query ray back.scene -o br.csv
[ "$(grep ',0$' gp.csv | sed 's/,0$//')" = "$(sed 1d bp.csv)" ] || fail "points read back: $(cat gp.csv bp.csv)"
[ "$(grep ',0$' gr.csv | sed 's/,0$//')" = "$(sed 1d br.csv)" ] || fail "rays read back: $(cat gr.csv br.csv)"
expect_status 0 "$G" gen --pairs 6 --points 9 --rays 8 --frames 2 --seed 5 -o g2.scene
cmp -s g.scene g2.scene || fail "gen items not deterministic"
finish
