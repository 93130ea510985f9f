#!/usr/bin/env python3
"""Adds made-up GPU kernels to a real traced profile, placed around its main thread's reads.

usage: add_kernels_around_io.py IN OUT VARIANT

  VARIANT idle-while-reading: a kernel runs from the end of each of the main thread's reads
          to the start of the next, and one for 10 ms after the last: the GPU idles during
          every read but the first (which comes before its first work). Prints the expected
          idle time under reads, in ns: the sum of those reads' durations.
  VARIANT busy-while-reading: one kernel from the start of the first read to 10 ms after the
          end of the last: the GPU never idles. Prints 0.

For the io-while-gpu-idle rule, whose real input (CUPTI on a GPU) this machine may lack: the
I/O is the runtime's own trace, only the GPU's side is made up. IN must come from trace mode.
The layout is docs/profile-format.md's; the section kinds and record sizes come from
profile_format.h itself (test/tools/Inputs/profile_sections.py).
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                                "Inputs"))
from profile_sections import KIND, section  # noqa: E402

RUN, STRINGS, THREADS, TRACE_EVENTS = KIND["RUN"], KIND["STRINGS"], KIND["THREADS"], KIND["TRACE_EVENTS"]
READ, CUDA_TRACED, NO = 4, 1, 0xffffffff  # HOTLINE_TRACE_READ, HOTLINE_CUDA_TRACED, no GPU site
AFTER_NS = 10000000


def main(argv):
    if len(argv) != 4 or argv[3] not in ("idle-while-reading", "busy-while-reading"):
        sys.exit(__doc__)
    data = bytearray(open(argv[1], "rb").read())
    header_size, section_count = struct.unpack_from("<II", data, 12)
    offset, found = header_size, {}
    for _ in range(section_count):
        kind, entry_size, size = struct.unpack_from("<IIQ", data, offset)
        found[kind] = (offset, entry_size, size)
        offset += 16 + size
    if TRACE_EVENTS not in found:
        sys.exit("add_kernels_around_io.py: no TRACE_EVENTS in " + argv[1])

    def records(kind):
        at, entry_size, size = found[kind]
        return [data[at + 16 + i * entry_size:at + 16 + (i + 1) * entry_size]
                for i in range(size // entry_size)]

    pid = struct.unpack_from("<Q", records(RUN)[0], 0)[0]
    main_thread = [struct.unpack_from("<Q", t, 0)[0] for t in records(THREADS)].index(pid)
    reads = sorted((start, end) for start, end, value, thread, kind in
                   (struct.unpack_from("<QQQII", e) for e in records(TRACE_EVENTS))
                   if thread == main_thread and kind == READ and value > 0)
    if len(reads) < 2:
        sys.exit("add_kernels_around_io.py: fewer than 2 reads on the main thread")
    if argv[3] == "idle-while-reading":
        kernels = [(reads[i][1], reads[i + 1][0]) for i in range(len(reads) - 1)]
        expected = sum(end - start for start, end in reads[1:])
    else:
        kernels = [(reads[0][0], reads[-1][1])]
        expected = 0
    kernels.append((reads[-1][1], reads[-1][1] + AFTER_NS))

    strings_at, _, strings_size = found[STRINGS]
    name = b"_Z4stepPf\0"
    data[strings_at + 16 + strings_size:strings_at + 16 + strings_size] = name
    struct.pack_into("<Q", data, strings_at + 8, strings_size + len(name))

    added = section("CUDA", "<IIIIQQII", [(CUDA_TRACED, 1, 0, 13000, 0, 0, 26, 0)])
    added += section("GPU_KERNELS", "<QQIIII3I3III",
                     [(start, end, NO, strings_size, 0, 7, 64, 1, 1, 256, 1, 1, 0, 32)
                      for start, end in kernels])
    data += added
    struct.pack_into("<I", data, 16, section_count + 2)
    struct.pack_into("<Q", data, 24, len(data))
    open(argv[2], "wb").write(data)
    print(expected)


if __name__ == "__main__":
    main(sys.argv)
