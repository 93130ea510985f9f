#!/usr/bin/env python3
"""Summarises the stress test's profile for FileCheck: exact calls of its two functions (from
`hotline report --format json` on stdin), and with a trace, the events kept and dropped.

usage: hotline report --format json --top 0 P | stress_summary.py [P]
"""
import json
import struct
import sys

from trace_events import records, sections  # the same directory: the profile's sections


def trace_counts(path):
    data = open(path, "rb").read()
    found = sections(data)
    dropped = struct.unpack_from("<QQQ", records(data, found, 29)[0])[2]
    return len(records(data, found, 30)), dropped


report = json.load(sys.stdin)
for function in sorted(report["functions"], key=lambda f: f["name"]):
    if function["name"] in ("leaf(int)", "worker(void*)"):
        print(f"{function['name']} calls={function['calls']}")
if len(sys.argv) == 2:
    kept, dropped = trace_counts(sys.argv[1])
    print(f"trace kept={kept} dropped={dropped} total={kept + dropped}")
