"""Prints one line per `// LINE: name` marker of a test's source, with the `hotline io
--format json` figures of the places at that line (the kinds of calls made there), then one
line per file of the test's own directory.

usage: io_places.py IO_JSON SOURCE"""
import json
import os
import re
import sys

report = json.load(open(sys.argv[1]))
source = sys.argv[2]
markers = [(number, match.group(1))
           for number, text in enumerate(open(source), start=1)
           for match in [re.search(r"// LINE: ([\w-]+)", text)] if match]


def figures(row):
    parts = []
    if row["opens"]:
        parts.append(f"opens {row['opens']}")
    if row["reads"]:
        parts.append(f"reads {row['reads']}, read bytes {row['read_bytes']}")
    if row["writes"]:
        parts.append(f"writes {row['writes']}, write bytes {row['write_bytes']}")
    if row["syncs"]:
        parts.append(f"syncs {row['syncs']}")
    if row["maps"]:
        parts.append(f"maps {row['maps']}, mapped bytes {row['mapped_bytes']}")
    return ", ".join(parts) or "nothing"


keys = ("opens", "reads", "read_bytes", "writes", "write_bytes", "syncs", "maps", "mapped_bytes")
for line, name in markers:
    rows = [p for p in report["places"]
            if p["line"] == line and os.path.basename(p["file"]) == os.path.basename(source)]
    total = {key: sum(row[key] for row in rows) for key in keys}
    print(f"{name}: {figures(total) if rows else 'no place'}")
for f in report["files"]:
    if f["path"].startswith("/") and not f["path"].startswith(("/dev/", "/proc/")):
        print(f"file {os.path.basename(f['path'])}: {figures(f)}")
