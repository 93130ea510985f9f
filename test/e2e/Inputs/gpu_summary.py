"""Prints the `hotline gpu --top 0 --format json` figures of one profile as plain lines, sorted, so
that a test can check them exactly. A place in SOURCE on a line marked `// LINE: name` prints as
@name, any other as FILE:LINE (the file's base name); times print in whole milliseconds.

usage: gpu_summary.py GPU_JSON [SOURCE]"""
import json
import os
import re
import sys

report = json.load(open(sys.argv[1]))
source = sys.argv[2] if len(sys.argv) > 2 else None
markers = {}
if source:
    for number, text in enumerate(open(source), start=1):
        match = re.search(r"// LINE: ([\w-]+)", text)
        if match:
            markers[number] = match.group(1)


def place(site):
    if not site["known"]:
        return "unknown"
    name = os.path.basename(site["file"])
    if source and name == os.path.basename(source) and site["line"] in markers:
        return "@" + markers[site["line"]]
    return f"{name}:{site['line']}"


def ms(ns):
    return ns // 1000000


for cuda in report["cuda"]:
    print(f"status: {cuda['status']}")
for k in sorted(report["kernels"], key=lambda k: k["name"]):
    print(f"kernel {k['name']}: {k['launches']} launches, {k['launch_site_count']} launch sites, "
          f"most GPU time at {place(k['launch_site'])}")
for s in sorted(report["launch_sites"], key=place):
    print(f"launch site {place(s)} in {s['function']}: {s['launches']} launches of "
          f"{s['kernels']} kernels")
for t in report["transfers"]:
    print(f"transfer {t['direction']}: {t['count']} transfers, {t['bytes']} bytes, "
          f"{t['pageable_count']} pageable, {t['pageable_bytes']} pageable bytes")
for p in sorted(report["pageable_places"], key=place):
    print(f"pageable {place(p)} in {p['function']}: {p['count']} copies, {p['bytes']} bytes")
waits = report["host_waits"]
print(f"host waits: {waits['sync_calls']} synchronize calls, {ms(waits['sync_host_ns'])} ms; "
      f"{waits['memcpy_calls']} memcpy calls")
for w in sorted(waits["places"], key=lambda w: (place(w), w["call"])):
    print(f"wait {w['call']} at {place(w)} in {w['function']}: {w['calls']} calls, "
          f"{ms(w['host_ns'])} ms")
for c in waits["cupti_waits"]:
    print(f"cupti wait {c['kind']}: {c['count']} waits")
for m in sorted(report["memory"]["places"], key=lambda m: (place(m), m["call"])):
    print(f"memory {m['call']} at {place(m)}: {m['allocations']} allocations, "
          f"{m['allocated_bytes']} bytes, {m['frees']} frees, {m['freed_bytes']} bytes")
for d in report["memory"]["devices"]:
    print(f"device memory {d['device']}: peak {d['peak_live_bytes']} bytes, "
          f"{d['live_at_exit_bytes']} bytes at exit")
for d in report["devices"]:
    if not d["longest_gaps"]:
        print(f"device {d['device']}: no idle gap")
        continue
    gap = d["longest_gaps"][0]
    work = f"kernel {gap['next_work']}" if gap["next_is_kernel"] else f"{gap['next_work']} transfer"
    print(f"device {d['device']}: longest idle gap {ms(gap['length_ns'])} ms, before {work} "
          f"launched at {place(gap['launch_site'])} in {gap['launch_site']['function']}")
