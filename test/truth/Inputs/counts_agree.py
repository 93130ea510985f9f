#!/usr/bin/env python3
"""Compares each function's exact calls in `hotline report --top 0 --format json` with its
entry count in an -fprofile-instr-generate build's profile (`llvm-profdata show
--all-functions`), function by function, by linkage name (a static function's file prefix
dropped). Both count every entry, inlined ones included.

usage: counts_agree.py REPORT_JSON PROFDATA_SHOW

Prints how many functions were compared and ran, then each that differs, or "all the same",
then how many functions hotline counted that clang's profile does not have.
"""
import json
import re
import sys


def main():
    hotline = {}
    for f in json.load(open(sys.argv[1]))["functions"]:
        hotline[f["linkage_name"]] = hotline.get(f["linkage_name"], 0) + f["calls"]
    clang, name = {}, None
    for line in open(sys.argv[2]):
        match = re.match(r"^  (\S.*):$", line.rstrip("\n"))
        if match:
            name = match.group(1).split(";")[-1].split(":")[-1]
            continue
        match = re.match(r"^\s+Function count: (\d+)", line)
        if match and name:
            clang[name] = clang.get(name, 0) + int(match.group(1))
    ran = sum(1 for n in clang if clang[n] > 0)
    print("functions: {} in clang's profile, {} of them ran".format(len(clang), ran))
    wrong = ["{}: clang counts {}, hotline {}".format(n, clang[n], hotline.get(n, 0))
             for n in sorted(clang) if clang[n] != hotline.get(n, 0)]
    print("\n".join(wrong) if wrong else "all the same")
    # clang does not count what the compiler writes itself (implicit constructors, copies,
    # destructors) nor functions in system headers; hotline counts those with a loop.
    print("counted by hotline only: {} functions".format(
        sum(1 for n in hotline if hotline[n] and n not in clang)))


if __name__ == "__main__":
    main()
