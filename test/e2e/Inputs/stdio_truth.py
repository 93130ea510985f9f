"""Prints what io-stdio.c checks, one fact a line with "yes" or "no (figures)": the bytes of the
places at each `// LINE: name` marker against the program's own count ("NAME BYTES" lines of
its report), and the bytes by file against the files' sizes and strace's read and write
system calls on them (`strace -f -o LOG -e trace=openat,read,write,close`).

usage: stdio_truth.py IO_JSON SOURCE REPORT STRACE_LOG TABLE"""
import collections
import json
import os
import re
import sys

io = json.load(open(sys.argv[1]))
source, report_path, strace_path, table = sys.argv[2:6]
counted = dict((name, int(value)) for name, value in
               (line.split() for line in open(report_path) if len(line.split()) == 2))
markers = [(number, match.group(1)) for number, text in enumerate(open(source), start=1)
           for match in [re.search(r"// LINE: ([\w-]+)", text)] if match]


def holds(condition, figures):
    return "yes" if condition else f"no ({figures})"


for line, name in markers:
    rows = [p for p in io["places"] if p["line"] == line and os.path.basename(p["file"]) == os.path.basename(source)]
    writes = sum(r["writes"] for r in rows)
    moved = sum(r["write_bytes"] + r["read_bytes"] for r in rows)
    calls = f"{writes} writes, " if writes else ""
    print(f"{name}: {calls}the bytes the program counted: {holds(moved == counted[name], (moved, counted[name]))}")

# strace: bytes read and written on descriptors opened on TABLE, per process.
opened = {}
moved = collections.Counter()
for text in open(strace_path):
    m = re.match(r'(\d+)\s+openat\([^,]+, "([^"]+)", .*\) = (\d+)$', text)
    if m:
        opened[(m.group(1), m.group(3))] = m.group(2)
        continue
    m = re.match(r'(\d+)\s+(read|write)\((\d+), .*\) = (\d+)$', text)
    if m and opened.get((m.group(1), m.group(3))) == table:
        moved[m.group(2)] += int(m.group(4))
    m = re.match(r'(\d+)\s+close\((\d+)\)', text)
    if m:
        opened.pop((m.group(1), m.group(2)), None)

files = {f["path"]: f for f in io["files"]}
size = os.path.getsize(table)
row = files.get(table, {"write_bytes": 0, "read_bytes": 0})
print(f"table.csv: written, the file's size and strace's: "
      f"{holds(row['write_bytes'] == size == moved['write'], (row['write_bytes'], size, moved['write']))}")
print(f"table.csv: read, 4 times the file's size and strace's: "
      f"{holds(row['read_bytes'] == 4 * size == moved['read'], (row['read_bytes'], 4 * size, moved['read']))}")
out = files.get(report_path, {"write_bytes": 0})
print(f"report.out: written, the file's size: "
      f"{holds(out['write_bytes'] == os.path.getsize(report_path), (out['write_bytes'], os.path.getsize(report_path)))}")
