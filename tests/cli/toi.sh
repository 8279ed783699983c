#!/usr/bin/env bash
# run --query toi (issue 17): over a scene with frames, each shape sweeps from its pose at frame f to
# frame f + 1 (turning about its local origin). A hand-worked pair, properties against the distance
# query at both ends of every step (no tunnelling), options and errors.
. "$(dirname "$0")/lib.sh"

# The squares of cast.sh: closing at 3 per step, first at a separation of the target's core distance
# max(target, 4 tolerance) = 0.005 (docs/casts.md), i.e. at t = (1 - 0.005) / 3; a pair passing by; an
# overlapping pair; then a step without motion.
closing_squares_scene cs.scene
expect_status 0 "$G" run --query toi cs.scene -o t.csv
head -1 t.csv | grep -qx "pair,state,t,separation,iterations,status,frame" || fail "toi header: $(head -1 t.csv)"
# Hit: the separation within the tolerance 0.00125 of 0.005, so t within 0.00125 / 3 of 0.995 / 3.
awk -F, 'NR == 2 { d = $3 - 0.995 / 3; e = $4 - 0.005; if (d < 0) d = -d; if (e < 0) e = -e
    exit !($2 == "hit" && d <= 0.00125 / 3 && e <= 0.00125 && $6 == "ok") }' t.csv || fail "pair 0 step 0: $(sed -n 2p t.csv)"
[ "$(sed -n 3p t.csv | cut -d, -f2-4,7)" = "separated,1,2,0" ] || fail "pair 1 step 0: $(sed -n 3p t.csv)"
[ "$(sed -n 4p t.csv | cut -d, -f2,3,7)" = "overlapped,0,0" ] || fail "pair 2 step 0: $(sed -n 4p t.csv)"
[ "$(sed -n 5,7p t.csv | cut -d, -f2,7 | tr '\n' ' ')" = "overlapped,1 separated,1 separated,1 " ] || fail "step 1: $(sed -n 5,7p t.csv)"
# A target of 0.5 is met earlier: (1 - 0.5) / 3.
expect_status 0 "$G" run --query toi --target 0.5 --tolerance 0.001 cs.scene -o t5.csv
awk -F, 'NR == 2 { d = $3 - 0.5 / 3; if (d < 0) d = -d; exit !($2 == "hit" && d <= 0.001 / 3) }' t5.csv ||
    fail "target 0.5: $(sed -n 2p t5.csv)"

# Generated frames with turns: a pair apart at frame f (beyond the band 0.01) that overlaps at f + 1
# is a hit, never separated (no tunnelling); a separated pair is apart at f + 1 by more than the target's
# band (0.005 + 0.00125 less rounding: 0.005); overlapping at f means overlapped; t is in [0, 1].
expect_status 0 "$G" gen --pairs 1000 --frames 4 --motion 0.2 --seed 6 -o g.scene
expect_status 0 "$G" run --query toi g.scene -o g.csv
expect_status 0 "$G" run g.scene -o d.csv
[ "$(wc -l < g.csv)" = 3001 ] || fail "toi rows: 3 steps of 1000 pairs"
awk -F, 'NR == FNR { if (FNR > 1) d[$15 "," $1] = $2; next }
    FNR > 1 { k = $7 "," $1; n = ($7 + 1) "," $1; d0 = d[k]; d1 = d[n]
        if ($6 != "ok" || !($3 >= 0 && $3 <= 1)) bad++
        if (d0 == 0 && $2 != "overlapped") bad++
        if (d0 > 0.01 && d1 == 0 && $2 != "hit") { bad++; print "tunnel " $0 > "/dev/stderr" }
        if ($2 == "separated" && !(d1 > 0.005 && $3 == 1)) bad++
        s[$2]++ }
    END { exit bad > 0 || s["hit"] < 20 || s["separated"] < 20 || s["overlapped"] < 20 }' d.csv g.csv ||
    fail "toi against distance"

# Errors: no frames, options of another query, bad values.
printf 'gjk2d-scene 1\nshapes 2\n0 0 0 0 1 0 0\n2 0 0 0 1 0 0\npairs 1\n0 1\n' > static.scene
expect_status 2 "$G" run --query toi static.scene
grep -q "needs a scene with frames" err.txt || fail "toi on a static scene: $(cat err.txt)"
expect_status 2 "$G" run --target 1 cs.scene
grep -q "for --query toi" err.txt || fail "--target with distance: $(cat err.txt)"
for bad in "--tolerance 0" "--tolerance -1" "--tolerance nan" "--target inf" "--target x"; do
    expect_status 2 "$G" run --query toi $bad cs.scene
done
finish
