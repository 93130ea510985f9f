#!/usr/bin/env python3
"""Compares the vectorizer's facts in `hotline loops --format json` with the remarks of the
plain build (clang -Rpass=loop-vectorize -Rpass-missed=loop-vectorize
-Rpass-analysis=loop-vectorize, its stderr in PLAIN_REMARKS), loop by loop: the remarks at the
loop's line, less a bare "loop not vectorized" said better by another.

usage: plain_remarks.py PLAIN_REMARKS LOOPS_JSON

Prints "loop LINE: same" or "loop LINE: plain says ... but hotline says ...", then the facts
that say what hotline's counters changed ("loop LINE: with hotline's counters: ...").
"""
import collections
import json
import re
import sys

VECTORIZER = ("vectorized loop", "loop not vectorized", "the cost-model")


def main():
    plain = collections.defaultdict(list)
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            match = re.match(r".*?:(\d+):\d+: remark: (.*) \[-Rpass.*=loop-vectorize\]$", line.strip())
            if match and match.group(2) not in plain[int(match.group(1))]:
                plain[int(match.group(1))].append(match.group(2))
    with open(sys.argv[2], encoding="utf-8") as f:
        loops = json.load(f)["loops"]
    for loop in sorted(loops, key=lambda l: l["line"]):
        said = plain[loop["line"]]
        expected = sorted(m for m in said
                          if not any(o != m and o.startswith(m) for o in said))
        facts = [f.strip() for f in loop["optimizer"].split(";")]
        # "loop not vectorized: a; b" is said "loop not vectorized: a; b" by hotline too, but
        # a clause without the topic continues the one before it.
        shown, topic = [], ""
        for fact in facts:
            if fact.startswith(VECTORIZER):
                shown.append(fact)
                topic = fact.split(": ")[0] + ": " if ": " in fact else ""
            elif topic and not fact.startswith(("unrolled", "completely unrolled", "calls ", "with hotline")):
                shown.append(topic + fact)
        changed = [f for f in facts if f.startswith("with hotline's counters")]
        if sorted(shown) == expected:
            print("loop {}: same".format(loop["line"]))
        else:
            print("loop {}: plain says {} but hotline says {}".format(loop["line"], expected, sorted(shown)))
        for fact in changed:
            print("loop {}: {}".format(loop["line"], fact))


if __name__ == "__main__":
    main()
