#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Count test cases across the suite: Criterion's per-executable synthesis lines, plus one case for
every meson test that is not a Criterion executable. Prints the totals as 'N passed, N failed'."""
import json
import re
import sys

synthesis = re.compile(r"Synthesis: Tested: (\d+) \| Passing: (\d+) \| Failing: (\d+) \| Crashing: (\d+)")
passed = failed = 0
with open(sys.argv[1]) as log:
    for line in log:
        test = json.loads(line)
        found = synthesis.findall((test.get("stdout") or "") + (test.get("stderr") or ""))
        if found:
            tested, ok, fail, crash = map(int, found[-1])
            passed += ok
            failed += fail + crash
            if test["result"] != "OK" and fail + crash == 0:
                failed += 1  # the executable itself failed (timeout, crash outside a test)
        elif test["result"] in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif test["result"] != "SKIP":
            failed += 1
print(f"{passed} passed, {failed} failed")
