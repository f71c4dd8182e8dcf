#!/usr/bin/env python3
"""Print "N passed, N failed, N skipped" over every test case meson ran.

meson's own summary counts test programs; each of ours runs many GLib test
cases and reports them as TAP, so count the TAP results in testlog.json.  A
program that crashed or timed out counts as at least one failure.
"""
import json
import re
import sys

passed = failed = skipped = 0
for line in open(sys.argv[1], encoding="utf-8"):
    entry = json.loads(line)
    out = entry.get("stdout") or ""
    ok = len(re.findall(r"^ok \d+(?! # SKIP)", out, re.M))
    skip = len(re.findall(r"^ok \d+ # SKIP", out, re.M))
    bad = len(re.findall(r"^not ok \d+", out, re.M))
    if entry["result"] not in ("OK", "EXPECTEDFAIL", "SKIP") and bad == 0:
        bad = 1
    if ok + skip + bad == 0:
        ok = 1 if entry["result"] == "OK" else 0
    passed += ok
    failed += bad
    skipped += skip
print(f"{passed} passed, {failed} failed, {skipped} skipped")
