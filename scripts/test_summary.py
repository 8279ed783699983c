#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Count test cases across the suite: Criterion's per-executable synthesis lines, pytest's summary line
(the Python tests), plus one case for every other meson test. Prints the totals as 'N passed, N failed'."""
import json
import re
import sys

synthesis = re.compile(r"Synthesis: Tested: (\d+) \| Passing: (\d+) \| Failing: (\d+) \| Crashing: (\d+)")
pytest_summary = re.compile(r"^(?:=+ )?((?:\d+ (?:passed|failed|skipped|errors?|warnings?|deselected)(?:, )?)+) in [\d.]+s", re.M)
passed = failed = 0
with open(sys.argv[1]) as log:
    for line in log:
        test = json.loads(line)
        found = synthesis.findall((test.get("stdout") or "") + (test.get("stderr") or ""))
        summary = pytest_summary.findall(test.get("stdout") or "")
        if summary and not found:
            counts = {kind.rstrip("s"): int(n) for n, kind in re.findall(r"(\d+) (\w+)", summary[-1])}
            passed += counts.get("passed", 0)
            failed += counts.get("failed", 0) + counts.get("error", 0)
            if test["result"] != "OK" and counts.get("failed", 0) + counts.get("error", 0) == 0:
                failed += 1
        elif found:
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
