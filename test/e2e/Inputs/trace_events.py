#!/usr/bin/env python3
"""Prints a profile's timeline (TRACE_EVENTS, TRACE_WAITS and TRACE_RANGES), one event per line, for
FileCheck.

usage: trace_events.py PROFILE

  First line: "trace min_ns=N allocation_min_bytes=N dropped=N capacity=N".
  Then per thread ("main" is the thread whose tid is the pid, the others "other"), in start
  order: "<thread> <kind> <what> [bytes=N]" where <what> is the function of a call, the name
  of a region, the file's base name for I/O, "-" for an allocation, the kind of wait
  ("mutex", "condition", ...) for a wait, and for an NVTX start/end range its name and
  "other_thread=0|1" (whether another thread started it).
Reads the layout of docs/profile-format.md directly, so it checks the runtime's writer
independently of the hotline tool.
"""
import os
import struct
import sys

from profile_sections import records, sections

KINDS = {1: "call", 2: "region", 3: "allocation", 4: "read", 5: "write", 6: "open", 7: "sync", 8: "map",
         9: "wait", 10: "range"}
WAIT_KINDS = {1: "mutex", 2: "condition", 3: "join", 4: "barrier", 5: "semaphore", 6: "rwlock", 7: "futex"}


def main(path):
    data = open(path, "rb").read()
    found = sections(data)
    start, _, size = found[2]
    strings = data[start:start + size]

    def string(offset):
        return strings[offset:strings.index(b"\0", offset)].decode()

    pid = struct.unpack_from("<Q", data, found[1][0])[0]
    sites = [string(struct.unpack_from("<I", r, 0)[0]) for r in records(data, found, 4)]
    threads = [struct.unpack_from("<QQQII", r) for r in records(data, found, 6)]
    nodes = [struct.unpack_from("<II", r) for r in records(data, found, 7)]
    files = [string(struct.unpack_from("<I", r, 0)[0]) for r in records(data, found, 15)]
    trace = records(data, found, 29)
    if not trace:
        print("no trace")
        return
    print("trace min_ns={} allocation_min_bytes={} dropped={} capacity={}".format(
        *struct.unpack_from("<QQQI", trace[0])))
    events = [struct.unpack_from("<QQQIII", r) for r in records(data, found, 30) + records(data, found, 35)
              + records(data, found, 36)]
    for start_ns, end_ns, value, thread, kind, ident in sorted(events, key=lambda e: (e[3], e[0], -e[1])):
        who = "main" if threads[thread][0] == pid else "other"
        if kind == 1:
            what = sites[nodes[threads[thread][3] + ident][0]]
        elif kind in (2, 10):
            what = string(ident)
        elif kind == 3:
            what = "-"
        elif kind == 9:
            what = WAIT_KINDS[ident]
        else:
            what = os.path.basename(files[ident]) if ident != 0xffffffff else "?"
        extra = f" bytes={value}" if 3 <= kind <= 8 else f" other_thread={value}" if kind == 10 else ""
        print(f"{who} {KINDS[kind]} {what}{extra}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
