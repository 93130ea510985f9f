"""Checks stop-timing-estimated.cpp: the loop in row() has every entry counted, the first
timed (and some later ones, in re-timing windows), the rest estimated (the loop is on line
29 of the test); and its time, so estimated, is at least half of the CPU time the
sampler found on its lines and in step(), which it calls (samples are counted independently
of the timers, so the estimate cannot have hidden the loop)."""
import json
import sys

loops = json.load(open(sys.argv[1]))["loops"]
lines = json.load(open(sys.argv[2]))["lines"]
loop = next(l for l in loops if l["function"].startswith("row(") and l["line"] == 29)
# The timed entries are the first 1000, those in re-timing windows, and each calling context's
# longest in windows (left out of the windows' sample, not of the timed entries).
first_timed = loop["timed_entries"] - loop["window_entries"]
if 1000 <= first_timed <= 1000 + 64:
    first_timed = "1000 (and each context's longest in windows)"
print(f"row loop: {loop['entries']:,} entries, {first_timed} timed first, "
      + ("estimated" if loop["timing_stopped"] and loop["estimated_ns"] > 0 else "not estimated"))
sampled = sum(l["time_ns"] for l in lines
              if l["function"].startswith("step(") or l.get("loop", "").endswith(":29"))
if loop["inclusive_ns"] >= sampled / 2:
    print("row loop: estimated time at least half of its sampled time")
else:
    print(f"row loop: {loop['inclusive_ns']} ns estimated, {sampled} ns sampled")
