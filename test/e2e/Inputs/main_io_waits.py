#!/usr/bin/env python3
"""Prints, in ns, how long a traced profile's other threads waited while its main thread was
blocked in I/O that moved data: for each other thread, the union of its waits (TRACE_WAITS)
intersected with the main thread's reads, writes, opens, syncs and maps (TRACE_EVENTS) that
moved bytes or opened, synced or mapped, summed over the threads.

usage: main_io_waits.py PROFILE

For the io-while-workers-wait rule's test: the same figure as `hotline report`'s
main_io_waits.waited_ns, computed from the layout of docs/profile-format.md directly.
"""
import struct
import sys

from profile_sections import records, sections

RUN, THREADS, TRACE_EVENTS, TRACE_WAITS = 1, 6, 30, 35
READ, WRITE, OPEN, SYNC, MAP = 4, 5, 6, 7, 8


def main(path):
    data = open(path, "rb").read()
    found = sections(data)
    pid = struct.unpack_from("<Q", records(data, found, RUN)[0], 0)[0]
    main_thread = [struct.unpack_from("<Q", t, 0)[0] for t in records(data, found, THREADS)].index(pid)
    io = [(start, end) for start, end, value, thread, kind, _ in
          (struct.unpack_from("<QQQIII", e) for e in records(data, found, TRACE_EVENTS))
          if thread == main_thread and READ <= kind <= MAP and (value > 0 or kind in (OPEN, SYNC, MAP))]
    waits = {}
    for start, end, _, thread, _, _ in (struct.unpack_from("<QQQIII", e) for e in records(data, found, TRACE_WAITS)):
        if thread != main_thread:
            waits.setdefault(thread, []).append((start, end))
    total = 0
    for spans in waits.values():
        union = []
        for start, end in sorted(spans):
            if union and start <= union[-1][1]:
                union[-1][1] = max(union[-1][1], end)
            else:
                union.append([start, end])
        for io_start, io_end in io:
            for start, end in union:
                total += max(0, min(end, io_end) - max(start, io_start))
    print(total)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
