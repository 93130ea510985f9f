"""What recording-control.c's checks read from its profiles, one line per profile:

  recording_summary.py HOTLINE SOURCE PROFILE...

prints, for each, whether it is a dump, its windows (count, and whether they lie in order
within the run), the calls of work() and in_thread(), the entries of the region "batch" and
the counter "items", and whether the wait on a condition in SOURCE's wait_5_ms (which always
blocks, and does so while the recording is stopped) is in it."""
import json
import subprocess
import sys

hotline, source = sys.argv[1], sys.argv[2]
timed_wait = next(n for n, text in enumerate(open(source), 1) if "pthread_cond_timedwait(" in text)
for path in sys.argv[3:]:
    report = json.loads(subprocess.check_output([hotline, "report", "--format", "json", "--top", "0", path]))
    run = report["runs"][0]
    calls = {f["name"]: f["calls"] for f in report["functions"]}
    regions = {r["name"]: r for r in report["regions"]["regions"]}
    batch = regions.get("batch", {"entries": 0, "counters": []})
    items = sum(c["value"] for c in batch["counters"] if c["name"] == "items")
    windows = run.get("windows")
    ordered = windows is not None and all(
        w["start_ns"] <= w["end_ns"] <= run["wall_ns"] for w in windows) and all(
        a["end_ns"] <= b["start_ns"] for a, b in zip(windows, windows[1:]))
    timed = any(p["line"] == timed_wait and p["waits"] > 0
                for p in report.get("synchronization", {}).get("top_places", []))
    print("dump" if run["dump"] else "profile",
          "windows", "none" if windows is None else len(windows), "ordered" if ordered else "-",
          "work", calls.get("work", 0), "in_thread", calls.get("in_thread", 0),
          "batch", batch["entries"], "items", items, "timed wait", "in" if timed else "out")
