#!/usr/bin/env python3
"""Prints what a ctest run did, from its JUnit file (ctest --output-junit FILE):

    ctest summary: 1234 tests, 1200 passed, 0 failed, 34 skipped
    34 skipped:
      shared corpus not found at /x/corpus (set GENOKIT_SHARED_DIR); test skipped (33)
      running as root: directory permissions do not stop writes; test skipped (1)

A skipped GoogleTest prints "<file>:<line>: Skipped" and then its reason; tests that skip with
the same reason are counted together."""
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter


def skip_reason(output: str) -> str:
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if re.search(r": Skipped$", line):
            rest = [l.strip() for l in lines[i + 1:] if l.strip()]
            if rest and not rest[0].startswith("["):
                return rest[0]
            break
    return "no reason given"


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: ctest-summary.py JUNIT.xml", file=sys.stderr)
        return 2
    suite = ET.parse(sys.argv[1]).getroot()
    cases = suite.iter("testcase")
    total = failed = 0
    reasons = Counter()
    for case in cases:
        total += 1
        if case.find("failure") is not None:
            failed += 1
        elif case.find("skipped") is not None or case.get("status") == "notrun":
            # ctest's own reason (e.g. a missing program) unless the test printed one.
            note = case.find("skipped")
            own = note.get("message", "") if note is not None else ""
            reason = skip_reason(case.findtext("system-out") or "")
            if reason == "no reason given" and own and own != "SKIP_REGULAR_EXPRESSION_MATCHED":
                reason = own
            reasons[reason] += 1
    skipped = sum(reasons.values())
    print(f"ctest summary: {total} tests, {total - failed - skipped} passed, {failed} failed, "
          f"{skipped} skipped")
    if skipped:
        print(f"{skipped} skipped:")
        for reason, n in reasons.most_common():
            print(f"  {reason} ({n})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
