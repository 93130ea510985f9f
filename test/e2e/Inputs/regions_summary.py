"""Prints the regions, counters, categories and NVTX start/end ranges of a `hotline report --format json`
output one per line, sorted, so that FileCheck can check them whatever their order."""
import json
import sys

report = json.load(open(sys.argv[1]))
regions = report["regions"]
for r in sorted(regions["regions"], key=lambda r: r["path"]):
    counters = ",".join("{}={}".format(c["name"], c["value"]) for c in r["counters"])
    print("region {} | category={} entries={} threads={} open={} counters={}".format(
        r["path"], r["category"], r["entries"], r["threads"], str(r["open_at_write"]).lower(),
        counters or "-"))
for c in regions["outside_counters"]:
    print("outside {}={}".format(c["name"], c["value"]))
for c in sorted(regions["categories"], key=lambda c: c["category"]):
    if c["all_ns"] > 0:
        print("category {}".format(c["category"]))
for r in sorted(regions.get("ranges", []), key=lambda r: r["name"]):
    print("range {} | count={} other_thread={} open={} min_ms={} ordered={}".format(
        r["name"], r["count"], r["other_thread"], r["open"], r["min_ns"] // 1000000,
        str(r["min_ns"] <= r["max_ns"] <= r["ns"]).lower()))
