"""python-pybind11-images.test: the `hotline report --format json` of each profile (one JSON
document after another on stdin) as two lines: the interpreter's counts, regions and counter,
and the forked workers' counts summed."""
import json
import sys

decoder = json.JSONDecoder()
text, reports = sys.stdin.read(), []
position = 0
while text[position:].strip():
    while text[position].isspace():
        position += 1
    report, position = decoder.raw_decode(text, position)
    reports.append(report)

NAMES = ("write_png", "load", "resize", "normalize")


def calls(report):
    found = {f["name"].split("(")[0]: f["calls"] for f in report["functions"]}
    return {name: found.get(name, 0) for name in NAMES}


# The interpreter is the process that wrote the images; the workers only load.
interpreter = [r for r in reports if calls(r)["write_png"] > 0]
workers = [r for r in reports if calls(r)["write_png"] == 0]
print("profiles", len(reports))
for r in interpreter:
    regions = " ".join(f"{g['path']}:{g['entries']}" for g in sorted(r["regions"]["regions"], key=lambda g: g["path"]))
    images = sum(c["value"] for g in r["regions"]["regions"] for c in g["counters"] if c["name"] == "images")
    print("interpreter", " ".join(f"{n} {calls(r)[n]}" for n in NAMES), "regions", regions, "images", images)
print("workers", " ".join(f"{n} {sum(calls(r)[n] for r in workers)}" for n in NAMES))
