"""Prints how the allocator time of a `hotline report --format json` output compares with
the regions' times and the categories, one fact per line, for FileCheck."""
import json
import sys

regions = json.load(open(sys.argv[1]))["regions"]
for r in sorted(regions["regions"], key=lambda r: r["path"]):
    share = r["memory_ns"] / r["inclusive_ns"] if r["inclusive_ns"] else 0
    print("region {}: allocator {}".format(
        r["path"], "none" if r["memory_ns"] == 0 else
        "within its time" if share <= 1 else "MORE than its time"))
categories = {c["category"]: c for c in regions["categories"]}
memory = categories.get("memory", {"main_ns": 0})["main_ns"]
in_regions = sum(r["memory_ns"] for r in regions["regions"])
print("memory category: {}".format(
    "none" if memory == 0 else "at least the regions' allocator time" if memory >= in_regions
    else "LESS than the regions' allocator time"))
print("categories add up: {}".format(
    sum(c["all_ns"] for c in regions["categories"]) == regions["all_threads_ns"]))
