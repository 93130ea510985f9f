"""Prints the MPI calls of a `hotline report --format json` output by place, naming their lines
by the source's `// LINE: name` markers: "<MPI function> calls=N bytes=B at=<name>", ordered by
MPI function and line, then the total of the calls."""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
names = {}
for number, text in enumerate(open(sys.argv[2]), start=1):
    marker = re.search(r"// LINE: (\S+)", text)
    if marker:
        names[number] = marker.group(1)
places = {}
for place in report["mpi"]["top_places"]:
    key = (place["mpi_function"], place["line"])
    calls, nbytes = places.get(key, (0, 0))
    places[key] = (calls + place["calls"], nbytes + place["bytes"])
for (function, line), (calls, nbytes) in sorted(places.items()):
    print("{} calls={} bytes={} at={}".format(function, calls, nbytes, names.get(line, line)))
print("total calls={}".format(report["mpi"]["calls"]))
