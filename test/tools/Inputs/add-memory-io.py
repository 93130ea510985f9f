#!/usr/bin/env python3
"""Adds heap, memory and I/O records to two-threads.hotline, for the memory and I/O tests.

usage: add-memory-io.py IN OUT [VARIANT]

  VARIANT full (the default): OBJECTS, HEAP (tracked), MEMORY_SITES, FILES and IO_SITES
          with the records below
  VARIANT untracked: only a HEAP section without HOTLINE_HEAP_TRACKED (HOTLINE_MEMORY=0)

The records are made up, with round numbers, until the runtime writes real ones: IN must be
two-threads.hotline (its thread 0 is the helper, tid 2865; thread 1 is the main thread, tid
2864 = the pid; nodes 0-2 are helper > worker(int) > work(int), nodes 3-5 main >
worker(int) > work(int)). The objects do not exist, so no place symbolizes: every record is
placed at its timed call, "via" the library it names. Strings are appended to STRINGS;
the new sections follow the last one. The layout is docs/profile-format.md's (version 1).
"""
import struct
import sys

from profile_sections import KIND, section

NO = 0xffffffff
HELPER, MAIN = 0, 1
WORK_IN_HELPER, MAIN_NODE, WORK_IN_MAIN = 2, 0, 2  # node indices within their thread
EXECUTABLE, LIBSTDCXX, LIBC = 0, 1, 2

OBJECTS = ["/tmp/hotline-inputs/two-threads",
           "/nonexistent/hotline-inputs/libstdc++.so.6",
           "/nonexistent/hotline-inputs/libc.so.6"]
FILES = ["/data/train.bin", "/tmp/out.csv"]

HEAP = dict(allocations=4015, allocated_bytes=13440720, frees=4004, freed_bytes=12752000,
            peak_live_bytes=1100000, peak_rss_bytes=25165824, untracked_frees=2)

# thread, node, object, address, allocations, bytes, frees, freed bytes, peak live,
# temporaries, temporary bytes
MEMORY_SITES = [
    (HELPER, WORK_IN_HELPER, LIBSTDCXX, 0x9a10, 3000, 12288000, 3000, 12288000, 4096, 3000,
     12288000),
    (MAIN, MAIN_NODE, NO, 0, 10, 1000000, 4, 400000, 1000000, 0, 0),
    (MAIN, WORK_IN_MAIN, LIBSTDCXX, 0x9a10, 1000, 64000, 1000, 64000, 64, 1000, 64000),
    (NO, NO, LIBC, 0x2f00, 5, 88720, 0, 0, 88720, 0, 0),
]

# thread, node, object, address, file, reads, read bytes, read ns, writes, write bytes,
# write ns, opens, open ns, syncs, sync ns, maps, mapped bytes, map ns
IO_SITES = [
    (HELPER, WORK_IN_HELPER, LIBC, 0x4100, 0, 3000, 3072000, 3000000, 0, 0, 0, 1, 20000,
     0, 0, 0, 0, 0),
    (HELPER, MAIN_NODE, LIBC, 0x4200, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1073741824, 5000),
    (MAIN, MAIN_NODE, LIBC, 0x4300, 1, 0, 0, 0, 10, 40960, 500000, 2, 20000, 1, 100000, 0, 0,
     0),
    (MAIN, NO, LIBC, 0x4400, NO, 1, 5, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (NO, NO, LIBC, 0x4500, NO, 0, 0, 0, 0, 0, 0, 1, 3000, 0, 0, 0, 0, 0),
]

HOTLINE_HEAP_TRACKED = 1
# The records as the first runtimes wrote them (readers still accept them): HEAP before
# runtime_resident_bytes, MEMORY_SITES and IO_SITES before via_object.
HEAP_V1, MEMORY_SITE_V1, IO_SITE_V1 = 64, 80, 128


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    variant = argv[3] if len(argv) == 4 else "full"
    with open(argv[1], "rb") as f:
        data = bytearray(f.read())

    header_size, section_count = struct.unpack_from("<II", data, 12)
    offset, strings_at = header_size, None
    for _ in range(section_count):
        kind, _, size = struct.unpack_from("<IIQ", data, offset)
        if kind == KIND["STRINGS"]:
            strings_at = offset
        offset += 16 + size
    _, _, strings_size = struct.unpack_from("<IIQ", data, strings_at)
    added = bytearray()

    def string(text):
        at = strings_size + len(added)
        added.extend(text.encode() + b"\0")
        return at

    sections = b""
    if variant == "untracked":
        heap = dict(HEAP, allocations=0, allocated_bytes=0, frees=0, freed_bytes=0,
                    peak_live_bytes=0, untracked_frees=0)
        sections += section("HEAP", "<7QII", [(*heap.values(), 0, 0)], older_size=HEAP_V1)
    elif variant == "full":
        sections += section("OBJECTS", "<QII", [(0, string(path), 0) for path in OBJECTS])
        sections += section("HEAP", "<7QII", [(*HEAP.values(), HOTLINE_HEAP_TRACKED, 0)],
                            older_size=HEAP_V1)
        sections += section("MEMORY_SITES", "<IIQII7Q",
                            [(r[0], r[1], r[3], r[2], 0, *r[4:]) for r in MEMORY_SITES],
                            older_size=MEMORY_SITE_V1)
        sections += section("FILES", "<II", [(string(path), 0) for path in FILES])
        sections += section("IO_SITES", "<IIQII13Q",
                            [(r[0], r[1], r[3], r[2], r[4], *r[5:]) for r in IO_SITES],
                            older_size=IO_SITE_V1)
    else:
        sys.exit("add-memory-io.py: unknown variant " + variant)

    payload_end = strings_at + 16 + strings_size
    data[payload_end:payload_end] = added
    struct.pack_into("<Q", data, strings_at + 8, strings_size + len(added))
    data += sections
    new_sections = 5 if variant == "full" else 1
    struct.pack_into("<I", data, 16, section_count + new_sections)
    struct.pack_into("<Q", data, 24, len(data))
    with open(argv[2], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
