#!/usr/bin/env bash
# Help texts: every command's --help prints its usage on stdout with exit 0, no printf escape left
# unformatted ('%%' where '%' was meant), the options each command really takes, and the CSV columns
# and feature notation that 'run' writes.
. "$(dirname "$0")/lib.sh"

for cmd in gen run check bench svg info; do
    expect_status 0 "$G" $cmd --help || continue
    mv out.txt $cmd.txt
    grep -q "^usage: gjk2d $cmd" $cmd.txt || fail "$cmd --help: no usage line"
    grep -q '%%' $cmd.txt && fail "$cmd --help: a literal '%%': $(grep -m1 '%%' $cmd.txt)"
    [ -s err.txt ] && fail "$cmd --help wrote to stderr: $(cat err.txt)"
    # Help text lines fit a terminal of 110 columns.
    awk 'length > 110 { bad++ } END { exit bad > 0 }' $cmd.txt || fail "$cmd --help: a line longer than 110 columns"
done
expect_status 0 "$G" --help && grep -q "^usage: gjk2d <command>" out.txt || fail "gjk2d --help"

# run: the float format as printf spells it, every column of every query, the statuses and the
# feature notation.
grep -q "printed with %.9g " run.txt || fail "run --help: no '%.9g': $(grep -m1 printed run.txt)"
grep -q "pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance," run.txt ||
    fail "run --help: distance columns"
grep -q "feature_a,feature_b" run.txt || fail "run --help: feature columns"
grep -q "pair,overlap,iterations,status" run.txt || fail "run --help: overlap columns"
grep -q "pair,overlap,separation,nx,ny,status" run.txt || fail "run --help: sat columns"
grep -q "ok, maxiter, invalid, bad-pose or beyond" run.txt || fail "run --help: statuses"
grep -q "pair,count,nx,ny,reference,x0,y0,separation0,id0,x1,y1,separation1,id1,status" run.txt ||
    fail "run --help: manifold columns"
grep -q "pair,state,fraction,px,py,nx,ny,iterations,status" run.txt || fail "run --help: cast columns"
grep -q "pair,state,t,separation,iterations,status" run.txt || fail "run --help: toi columns"
grep -q "ray,state,fraction,px,py,nx,ny,iterations,status" run.txt || fail "run --help: ray columns"
grep -q "point,inside,distance,cx,cy,nx,ny,status" run.txt || fail "run --help: point columns"
for opt in --frames --cold --max-distance --margin --target --tolerance; do
    grep -q -- "^  $opt" run.txt || fail "run --help: no $opt"
done
grep -q -- "^  --frames F" gen.txt || fail "gen --help: no --frames"
grep -q -- "^  --motion V" gen.txt || fail "gen --help: no --motion"
grep -q "v3 = vertex 3, e2 = the edge from vertex" run.txt || fail "run --help: feature notation"
grep -q -- "- = none" run.txt || fail "run --help: no-feature notation"
grep -q -- "--threads T .*1..4096" run.txt || fail "run --help: thread range"

# check: generated pairs are counted by --soak, and it does not list gen's --pairs (which it rejects).
grep -q -- "--soak N" check.txt || fail "check --help: no --soak"
grep -q -- "--pairs" check.txt && fail "check --help lists --pairs: $(grep -- --pairs check.txt)"
expect_status 2 "$G" check --pairs 5 && grep -q "use --soak N" err.txt || fail "check --pairs: $(cat err.txt)"
for opt in --min-verts --max-verts --overlap --radius --seed --chunk; do
    grep -q -- "$opt" check.txt || fail "check --help: no $opt"
done
# gen and bench take --pairs: gen requires it, bench has a default.
grep -q -- "--pairs M .*(required)" gen.txt || fail "gen --help: --pairs"
grep -q -- "--pairs M .*(default 1000000)" bench.txt || fail "bench --help: --pairs"
# info describes the lines it prints.
for item in "isa:" "isa reason:" "cpu:" "threads:"; do
    grep -q "^  $item" info.txt || fail "info --help: no '$item'"
done
# info names the CPU (src/cpu_name.c): a name, and on x86-64 its family and model.
cpu=$("$G" info | sed -n 's/^cpu: //p')
[ -n "$cpu" ] || fail "info: no cpu line"
if [ "$(uname -m)" = x86_64 ]; then
    grep -q "x86 family [0-9][0-9]*, model [0-9][0-9]*)$" <<<"$cpu" || fail "info: '$cpu' has no family and model"
fi
finish
