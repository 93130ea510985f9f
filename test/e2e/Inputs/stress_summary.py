#!/usr/bin/env python3
"""Summarises the stress test's profile for FileCheck: exact calls of its two functions (from
`hotline report --format json` on stdin), and with a trace, the events kept and dropped.

usage: hotline report --format json --top 0 P | stress_summary.py [P]
"""
import json
import struct
import sys


def trace_counts(path):
    data = open(path, "rb").read()
    count = struct.unpack_from("<I", data, 16)[0]
    offset, found = 32, {}
    for _ in range(count):
        kind, entry_size, size = struct.unpack_from("<IIQ", data, offset)
        found[kind] = (offset + 16, entry_size, size)
        offset += 16 + size
    start, _, _ = found[29]
    dropped = struct.unpack_from("<QQQ", data, start)[2]
    _, entry_size, size = found[30]
    return size // entry_size, dropped


report = json.load(sys.stdin)
for function in sorted(report["functions"], key=lambda f: f["name"]):
    if function["name"] in ("leaf(int)", "worker(void*)"):
        print(f"{function['name']} calls={function['calls']}")
if len(sys.argv) == 2:
    kept, dropped = trace_counts(sys.argv[1])
    print(f"trace kept={kept} dropped={dropped} total={kept + dropped}")
