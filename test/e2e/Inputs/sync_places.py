"""Prints the synchronization places of a `hotline report --format json` output, naming
their lines by the source's `// LINE: name` markers: "<kind> waits=N line=<name> min_ms=M",
where M is the wait time rounded down to whole milliseconds (at most 15, to stay a bound)."""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
names = {}
for number, text in enumerate(open(sys.argv[2]), start=1):
    marker = re.search(r"// LINE: (\S+)", text)
    if marker:
        names[number] = marker.group(1)
for place in sorted(report["synchronization"]["top_places"], key=lambda p: (p["kind"], p["line"])):
    if place["line"] not in names:
        continue
    print("{} waits={} line={} min_ms={}".format(place["kind"], place["waits"],
                                                  names[place["line"]],
                                                  min(15, place["wait_ns"] // 1000000)))
