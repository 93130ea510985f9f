"""Prints what cuda-gpu-regions.cu checks of `hotline report --format json`: each region's
category, entries and the GPU and synchronization time inside it, and the categories' totals,
one line each, with "yes" or "no (figures)".

usage: gpu_regions.py REPORT_JSON"""
import json
import sys

regions = json.load(open(sys.argv[1]))["regions"]


def ms(ns):
    return ns // 1000000


def holds(condition, figures):
    return "yes" if condition else f"no ({figures})"


for r in sorted(regions["regions"], key=lambda r: r["path"]):
    head = f"region {r['path']}: category {r['category']}, {r['entries']} entries"
    whole, gpu, sync = r["inclusive_ns"], r["gpu_ns"], r["sync_ns"]
    if r["path"] == "compute/host":
        print(f"{head}, 50 to 150 ms: {holds(50 <= ms(whole) <= 150, ms(whole))}; "
              f"GPU {ms(gpu)} ms, sync {ms(sync)} ms")
    elif r["path"] == "gpu/upload":
        print(f"{head}, GPU time at least 90% of the region's: "
              f"{holds(gpu >= 0.9 * whole and gpu <= whole, f'{gpu} of {whole} ns')}")
    elif r["path"] == "sync/wait-for-kernel":
        print(f"{head}, sync 90 to 200 ms: {holds(90 <= ms(sync) <= 200, ms(sync))}; "
              f"sync at least 90% of the region's: {holds(sync >= 0.9 * whole and sync <= whole, f'{sync} of {whole} ns')}")
    else:
        print(head)
categories = {c["category"]: c["all_ns"] for c in regions["categories"]}
compute, gpu, sync = categories.get("compute", 0), categories.get("GPU", 0), categories.get("synchronization", 0)
print(f"category compute at least 50 ms: {holds(ms(compute) >= 50, ms(compute))}")
print(f"category GPU more than 0 ms: {holds(gpu > 0, gpu)}")
print(f"category synchronization at least 90 ms: {holds(ms(sync) >= 90, ms(sync))}")
