#!/usr/bin/env python3
"""Compares `hotline io --top 0 --format json` with strace's read and write system calls
(`strace -f -o LOG -e trace=openat,read,write,close`) of the same run, file by file, for the
files under DIR: bytes written (exact: stdio's buffered writes all reach the file), the
files' sizes, and bytes read (hotline counts what the program was given; the C library reads
ahead in whole buffers, so the system calls may have read more, never less).

usage: io_agrees.py IO_JSON STRACE_LOG DIR
"""
import collections
import json
import os
import re
import sys


def main():
    io_path, strace_path, directory = sys.argv[1:4]
    directory = os.path.realpath(directory)
    files = {}  # (pid, fd) -> path
    written, read = collections.Counter(), collections.Counter()
    for line in open(strace_path):
        match = re.match(r"(\d+)\s+(openat|read|write|close)\((.*)\)\s+=\s+(-?\d+)", line)
        if not match:
            continue
        pid, call, args, result = match.group(1), match.group(2), match.group(3), int(match.group(4))
        if call == "openat" and result >= 0:
            files[(pid, result)] = os.path.realpath(re.search(r'"([^"]*)"', args).group(1))
        elif call == "close":
            files.pop((pid, int(args.split(",")[0])), None)
        elif call in ("read", "write") and result > 0:
            path = files.get((pid, int(args.split(",")[0])))
            if path:
                (written if call == "write" else read)[path] += result
    hotline = {os.path.realpath(f["path"]): f for f in json.load(open(io_path))["files"]}
    paths = [p for p in sorted(set(written) | set(read) | set(hotline))
             if p.startswith(directory + "/")]
    for path in paths:  # the writes, then the reads
        f = hotline.get(path, {"write_bytes": 0, "read_bytes": 0})
        size = os.path.getsize(path)
        print("{}: written {} bytes, the file's size {}, strace {}: {}".format(
            os.path.relpath(path, directory), f["write_bytes"], size, written[path],
            "same" if f["write_bytes"] == written[path] == size else "differ"))
    for path in paths:
        f = hotline.get(path, {"write_bytes": 0, "read_bytes": 0})
        size = os.path.getsize(path)
        if f["read_bytes"] or read[path]:
            print("{}: read {} bytes, strace {}: {}".format(
                os.path.relpath(path, directory), f["read_bytes"], read[path],
                "same" if f["read_bytes"] == read[path] == size
                else "within" if size <= f["read_bytes"] <= read[path] else "outside"))

if __name__ == "__main__":
    main()
