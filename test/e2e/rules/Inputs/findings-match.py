"""Compares what `hotline report --format json` and `hotline html` found in the same profiles.

usage: findings-match.py HOTLINE OUT_DIR PROFILE...

Prints the rules that fired (in the report's order), the bottlenecks, the sections the page
has beyond every program's, and whether the page's suggestions and bottlenecks are the
report's, field by field; exits 1 when they differ.
"""
import json
import subprocess
import sys

hotline, out_dir, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
report = json.loads(subprocess.run([hotline, "report", "--format", "json", *profiles],
                                   check=True, capture_output=True, text=True).stdout)
page_path = f"{out_dir}/page.html"
subprocess.run([hotline, "html", *profiles, "-o", page_path], check=True, capture_output=True)
page = open(page_path).read()
start = page.index('<script type="application/json" id="hotline-data">')
start = page.index(">", start) + 1
data = json.loads(page[start:page.index("</script>", start)])

print("rules:", " ".join(s["rule"] for s in report["suggestions"]) or "none")
print("bottlenecks:", " ".join(b["name"] for b in report["bottlenecks"]) or "none")
print("page sections:", " ".join(k for k in ("regions", "synchronization", "mpi", "ranks") if k in data) or "none")
same = True
for key in ("suggestions", "bottlenecks", "threshold_percent"):
    if report[key] != data[key]:
        same = False
        print(f"differ: {key}\n  report: {json.dumps(report[key])}\n  page:   {json.dumps(data[key])}")
for key in ("mpi", "ranks", "synchronization"):
    if (key in report) != (key in data):
        same = False
        print(f"differ: {key} in the report {key in report}, in the page {key in data}")
print("same findings" if same else "different findings")
sys.exit(0 if same else 1)
