"""Compares programs' counts of relative relocations (the loader's work at start) with the
first program's: prints, for each other one, whether it has at most 8 more.

usage: relative_relocations.py BASE PROGRAM...
"""
import os
import subprocess
import sys


def relative_relocations(path):
    out = subprocess.run(["llvm-readelf", "--relocs", path], check=True, capture_output=True,
                         text=True).stdout
    return sum(1 for line in out.splitlines() if "_RELATIVE" in line)


base, *programs = sys.argv[1:]
base_count = relative_relocations(base)
for program in programs:
    count = relative_relocations(program)
    name = os.path.basename(program)
    verdict = "at most 8 more than" if count <= base_count + 8 else "%d more than" % (count - base_count)
    print("%s: %s %s (%d, %d)" % (name, verdict, os.path.basename(base), count, base_count))
