"""Prints what system-sampling.cpp checks about the System part of `hotline report --format
json` for one profile, one fact a line, "yes" or "no" (with the figures after "no", to see
why); with no samples, the count and period instead. PROGRAM_OUTPUT holds the program's own
"CPU share N%" (its CPU time over its wall time), which the samples' mean CPU % must match:
100% on an idle machine, less when other tests take turns on its core.

usage: system_samples.py REPORT_JSON BUFFER_BYTES [PROGRAM_OUTPUT]"""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
buffer_bytes = int(sys.argv[2])
profile = report["system"]["profiles"][0]
samples = profile["samples"]


def fact(text, holds, figures):
    print(f"{text}: {'yes' if holds else 'no (' + figures + ')'}")


if not samples:
    print("samples: 0")
    print(f"sample period: {profile['sample_period_ns']}")
else:
    share = float(re.search(r"CPU share ([0-9.]+)%", open(sys.argv[3]).read()).group(1))
    times = [s["time_ns"] for s in samples]
    rss_max = max(s["rss_bytes"] for s in samples)
    cpu_mean = sum(s["cpu_percent"] for s in samples) / len(samples)
    # At most one a period of the run's wall time: a loaded machine stretches the start and
    # the end around the program's 0.4 s of work (604 ms once, with 28 samples).
    most = profile["wall_ns"] // profile["sample_period_ns"] + 1
    fact("samples between 10 and one a period of the run", 10 <= len(samples) <= most,
         f"{len(samples)} for {profile['wall_ns']} ns")
    fact("times increasing", all(a < b for a, b in zip(times, times[1:])), str(times))
    fact("RSS max at least the buffer", rss_max >= buffer_bytes, str(rss_max))
    fact("CPU mean within 15 points of the program's share, at most 110%",
         abs(cpu_mean - share) <= 15 and cpu_mean <= 110, f"{cpu_mean:.1f} vs {share:.1f}")
fact("CPU time", profile["cpu_ns"] > 0, str(profile["cpu_ns"]))
