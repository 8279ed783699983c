#!/usr/bin/env bash
# Thread counts: the default follows the CPUs this process may run on (its affinity mask: 1 under
# 'taskset -c 0'), --threads accepts 1..4096 and rejects more with a clear message, and no thread
# count changes a result, including counts beyond the old fixed limit of 64 per-thread slots.
. "$(dirname "$0")/lib.sh"

expect_status 0 "$G" gen --pairs 2000 --seed 5 -o s.scene
# The default: nproc counts the affinity mask too.
cpus=$(nproc)
expect_status 0 "$G" run --verbose s.scene -o one.csv
s=$([ "$cpus" = 1 ] || echo s)
grep -q ", $cpus thread$s$" err.txt || fail "default threads: expected $cpus thread$s: $(head -1 err.txt)"
expect_status 0 "$G" info
grep -qx "threads: $cpus" out.txt || fail "info threads: expected $cpus: $(grep threads out.txt)"

if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then
    taskset -c 0 "$G" run --verbose s.scene -o pinned.csv 2>err.txt || fail "run under taskset -c 0"
    grep -q ", 1 thread$" err.txt || fail "taskset -c 0: expected '1 thread': $(head -1 err.txt)"
    cmp -s one.csv pinned.csv || fail "taskset -c 0 changed the results"
    [ "$(taskset -c 0 "$G" info | sed -n 's/^threads: //p')" = 1 ] || fail "taskset -c 0 info: not 1 thread"
    if [ "$cpus" -ge 2 ]; then
        taskset -c 0,1 "$G" run --verbose s.scene -o /dev/null 2>err.txt
        grep -q ", 2 threads$" err.txt || fail "taskset -c 0,1: expected '2 threads': $(head -1 err.txt)"
    fi
else
    echo "SKIP: taskset not found or not permitted (Debian util-linux): the affinity default is not checked"
fi

# Explicit counts: "1 thread" in the singular; 4096 is the largest accepted, 4097 is an error (exit 2)
# that says the range, for every command that takes --threads.
expect_status 0 "$G" run --verbose --threads 1 s.scene -o /dev/null
grep -q ", 1 thread$" err.txt || fail "--threads 1: $(head -1 err.txt)"
for cmd in "run s.scene" "check s.scene" "bench s.scene --repeat 1" "gen --pairs 10"; do
    expect_status 2 "$G" $cmd --threads 4097 || continue
    grep -q "\-\-threads needs a count in \[1, 4096\], got '4097'" err.txt || fail "$cmd --threads 4097: $(cat err.txt)"
    expect_status 2 "$G" $cmd --threads 0
done

# Many threads: more than pairs, chunks or CSV blocks, and more than 64 (the old fixed arrays).
# Large enough that gen (2048 pairs per thread), the batch (16384-pair chunks) and the CSV writer
# (1024-row blocks at this count) each run more than 64 threads' worth of ranges where they can.
expect_status 0 "$G" gen --pairs 140000 --seed 6 --threads 1 -o big1.scene
expect_status 0 "$G" gen --pairs 140000 --seed 6 --threads 4096 -o big2.scene
cmp -s big1.scene big2.scene || fail "gen: --threads 4096 gave a different scene"
for q in distance sat; do
    expect_status 0 "$G" run --query $q --threads 1 big1.scene -o big-$q-1.csv
    expect_status 0 "$G" run --query $q --threads 4096 big1.scene -o big-$q-4096.csv
    cmp -s big-$q-1.csv big-$q-4096.csv || fail "$q: 1 and 4096 threads differ"
done
expect_status 0 "$G" run --threads 4096 s.scene -o many.csv
cmp -s one.csv many.csv || fail "4096 threads on 2000 pairs differ from the default"
expect_status 0 "$G" check s.scene --threads 100 --query distance
grep -q "^check: PASS" out.txt || fail "check --threads 100: $(tail -1 out.txt)"
finish
