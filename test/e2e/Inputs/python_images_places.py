# Prints the places in python_images.cpp of a `hotline memory --format json` report where the
# extension allocated itself (line, function, the library it was called in, allocations,
# bytes, frees), sorted, whether the images' reads were seen, and the allocations of liblzma,
# which the interpreter opened after the import: what the process did, to compare between two
# runs. Places called in libraries (the C library's, NumPy's, the dynamic
# linker's) are left out: some of their calls that a preloaded runtime sees, a runtime loaded
# by the import does not (docs/python.md).
import json
import sys

memory = json.load(open(sys.argv[1]))
io = json.load(open(sys.argv[2]))
print("hooked", memory["heap"]["not_hooked_profiles"] == 0 and io["not_hooked_profiles"] == 0)


def own(place):
    via = place.get("via") or ""
    return via == "" or via.startswith("hotline_images")


places = sorted(
    (p["line"], p.get("short_function") or p["function"], p.get("via") or "", p["allocations"],
     p["allocated_bytes"], p["frees"])
    for p in memory["by_allocations"] if p["file"].endswith("python_images.cpp") and own(p))
for place in places:
    print("place", *place)
print("on their lines", sum(p[3] for p in places) >= 16)
print("reads of the images", sum(1 for f in io["files"] if "image" in json.dumps(f)) >= 8)
later = [p for p in memory["by_allocations"] if "liblzma" in (p.get("via") or "")]
print("opened later: liblzma", sum(p["allocations"] for p in later), sum(p["allocated_bytes"] for p in later))
