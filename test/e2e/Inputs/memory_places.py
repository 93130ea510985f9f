"""Prints one line per `// LINE: name` marker of a test's source: the `hotline memory --format
json` figures of the places at that line (summed), so the test can check them exactly, and the
libraries the allocations were made inside ("via libc.so.6"), when any were.

usage: memory_places.py MEMORY_JSON SOURCE"""
import json
import os
import re
import sys

report = json.load(open(sys.argv[1]))
source = sys.argv[2]
markers = [(number, match.group(1))
           for number, text in enumerate(open(source), start=1)
           for match in [re.search(r"// LINE: ([\w-]+)", text)] if match]
places = report["by_bytes"]
for line, name in markers:
    rows = [p for p in places
            if p["line"] == line and os.path.basename(p["file"]) == os.path.basename(source)]
    if not rows:
        print(f"{name}: no place")
        continue
    total = {key: sum(row[key] for row in rows)
             for key in ("allocations", "allocated_bytes", "frees", "not_freed", "not_freed_bytes",
                         "temporaries")}
    print(f"{name}: allocations {total['allocations']}, bytes {total['allocated_bytes']}, "
          f"frees {total['frees']}, not freed {total['not_freed']} ({total['not_freed_bytes']} bytes), "
          f"temporaries {total['temporaries']}"
          + "".join(sorted({f", via {row['via']}" for row in rows if row["via"]})))
