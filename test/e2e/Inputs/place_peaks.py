"""Prints, for each `// LINE: name` marker of a test's source, the places of `hotline memory
--format json` at that line, one tuple each: (peak live bytes, allocations, frees), sorted.

usage: place_peaks.py MEMORY_JSON SOURCE"""
import json
import os
import re
import sys

rows = json.load(open(sys.argv[1]))["by_bytes"]
source = sys.argv[2]
for number, text in enumerate(open(source), start=1):
    match = re.search(r"// LINE: ([\w-]+)", text)
    if match:
        places = sorted((r["peak_live_bytes"], r["allocations"], r["frees"]) for r in rows
                        if r["line"] == number and os.path.basename(r["file"]) == os.path.basename(source))
        print(match.group(1), places)
