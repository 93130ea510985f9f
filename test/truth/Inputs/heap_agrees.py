#!/usr/bin/env python3
"""Compares `hotline memory --top 0 --format json` of an instrumented run with an LD_PRELOAD
allocation counter's counts (Inputs/alloc_counter.c) of a plain run of the same program:
allocations per source line of the program, the line being where the allocating call
returns to, as llvm-symbolizer says (the innermost frame of its inline chain outside the
system's headers, as hotline places them), and for an allocation made inside a library,
where the program's call into that library returns to, with the library's name. A return
address whose inline chain is all system headers (std::vector's _M_realloc_insert, compiled
into the program) is passed over for the next one up the counter's chain.

usage: heap_agrees.py COUNTS MEMORY_JSON PROGRAM LLVM_SYMBOLIZER

Prints "line FILE:LINE: N allocations, B bytes: same" (or what differs) for each line of the
program ("line FILE:LINE via LIB: ..." for those made inside the library LIB), then the
allocations made inside libraries with no call of the program's below them, by either count.
"""
import collections
import json
import os
import subprocess
import sys


SYSTEM = ("/usr/include/", "/usr/lib/", "/usr/local/include/", "/usr/local/lib/")


def symbolize(symbolizer, obj, chains):
    """file:line of each chain of return addresses (offsets into obj, innermost first), the
    call being just before each: the innermost frame of the first inline chain that is the
    program's own source, not a system header's (std::allocator's operator new call, inlined
    into the line that made a vector); the innermost frame of the first address when none is."""
    offsets = sorted({o for chain in chains for o in chain})
    query = "".join("0x{:x}\n".format(o - 1) for o in offsets)
    out = subprocess.run([symbolizer, "--obj=" + obj, "--relative-address"], input=query,
                         capture_output=True, text=True, check=True).stdout
    frames_at = {}
    for offset, block in zip(offsets, out.strip().split("\n\n")):
        frames_at[offset] = [line.rsplit(":", 2) for line in block.splitlines()[1::2]]
    places = []
    for chain in chains:
        own = [f for o in chain for f in frames_at[o] if not f[0].startswith(SYSTEM)]
        frame = own[0] if own else frames_at[chain[0]][0]
        places.append((os.path.basename(frame[0]), int(frame[1])))
    return places


def main():
    counts_path, memory_path, program, symbolizer = sys.argv[1:5]
    preload = collections.defaultdict(lambda: [0, 0])
    in_libraries = 0
    by_object = collections.defaultdict(list)
    for line in open(counts_path):
        obj, offsets, count, size, via = line.split()
        via = "" if via == "-" else os.path.basename(via)
        chain = [int(o, 16) for o in offsets.split(",")]
        by_object[obj].append((chain, int(count), int(size), via))
    for obj, rows in by_object.items():
        if os.path.realpath(obj) != os.path.realpath(program):
            in_libraries += sum(r[1] for r in rows)
            continue
        for (chain, count, size, via), place in zip(rows, symbolize(symbolizer, obj, [r[0] for r in rows])):
            preload[place + (via,)][0] += count
            preload[place + (via,)][1] += size
    hotline = collections.defaultdict(lambda: [0, 0])
    hotline_in_libraries = 0
    for place in json.load(open(memory_path))["by_allocations"]:
        if place["placed_by"] == "line":
            key = (os.path.basename(place["file"]), place["line"], place["via"])
            hotline[key][0] += place["allocations"]
            hotline[key][1] += place["allocated_bytes"]
        else:
            hotline_in_libraries += place["allocations"]
    for key in sorted(set(preload) | set(hotline)):
        want, got = preload.get(key, [0, 0]), hotline.get(key, [0, 0])
        verdict = "same" if want == got else "hotline says {} allocations, {} bytes".format(*got)
        print("line {}:{}{}: {} allocations, {} bytes: {}".format(
            key[0], key[1], " via " + key[2] if key[2] else "", want[0], want[1], verdict))
    print("inside libraries: {} allocations: {}".format(
        in_libraries, "same" if in_libraries == hotline_in_libraries
        else "hotline says {}".format(hotline_in_libraries)))


if __name__ == "__main__":
    main()
