"""What call-histograms.c's checks read from its profiles:

  histogram_summary.py HOTLINE PROFILE...

prints, for each profile with histograms, one line per function of the test with a histogram
(its timed calls, the calls its histogram counted, whether shortest <= p50 <= p90 <= p99 <=
longest, whether the median is under a millisecond, whether p99 and the longest are at least
2 ms), then whether every timed function's histogram counted exactly its timed calls, and
the call paths without one, each region with durations (as for functions, with its
entries), and each loop with durations (its line, timed entries and the
entries its histogram counted); for a profile without, "no histograms"."""
import json
import subprocess
import sys

hotline = sys.argv[1]
ours = ("work", "in_thread", "in_child", "leave", "deep")
for path in sys.argv[2:]:
    report = json.loads(subprocess.check_output([hotline, "report", "--format", "json", "--top", "0", path]))
    if "paths_without_histogram" not in report:
        print("no histograms")
        continue
    exact = True
    for f in report["functions"]:
        d = f.get("durations")
        if f["timed"] and f["timed_calls"] != (d["calls"] if d else 0) and report["paths_without_histogram"] == 0:
            exact = False
            print("inexact:", f["name"], f["timed_calls"], d)
        if f["name"] not in ours or not d:
            continue
        ordered = d["shortest_ns"] <= d["p50_ns"] <= d["p90_ns"] <= d["p99_ns"] <= d["longest_ns"]
        words = [f"{f['name']}: calls {f['timed_calls']} histogram {d['calls']}", "ordered" if ordered else "unordered"]
        if f["name"] != "leave" and f["name"] != "deep":
            words.append("short-median" if d["p50_ns"] < 1000000 else "long-median")
        if d["p99_ns"] >= 2000000 and d["longest_ns"] >= 2000000:
            words.append("tail>=2ms")
        print(" ".join(words))
    for region in report["regions"]["regions"]:
        d = region.get("durations")
        if d:
            ordered = d["shortest_ns"] <= d["p50_ns"] <= d["p90_ns"] <= d["p99_ns"] <= d["longest_ns"]
            words = [f"region {region['name']}: entries {region['entries']} histogram {d['calls']}",
                     "ordered" if ordered else "unordered",
                     "short-median" if d["p50_ns"] < 1000000 else "long-median"]
            if d["p99_ns"] >= 2000000 and d["longest_ns"] >= 2000000:
                words.append("tail>=2ms")
            print(" ".join(words))
    for loop in report["loops"]:
        if "durations" in loop:
            print(f"loop {loop['line']}: timed entries {loop.get('timed_entries', '?')} "
                  f"histogram {loop['durations']['calls']}")
    print("every timed function:", "histogram = timed calls;" if exact else "histogram != timed calls;",
          "paths without histogram", report["paths_without_histogram"])
