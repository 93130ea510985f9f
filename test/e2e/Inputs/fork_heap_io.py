"""Checks fork-heap-io.c: each process's profile (hotline io and memory, as JSON beside it)
against what the program did and against strace's write calls of that process."""
import glob
import json
import os
import re
import sys

directory, strace_path = sys.argv[1], sys.argv[2]
written_by_pid = {}
for line in open(strace_path):
    m = re.match(r"(\d+) +write\(\d+<[^>]*out\.bin>, .*\) = (\d+)$", line.strip())
    if m:
        written_by_pid[int(m.group(1))] = written_by_pid.get(int(m.group(1)), 0) + int(m.group(2))

rows = {}
for path in glob.glob(os.path.join(directory, "*.hotline")):
    pid = int(path.split(".")[-2])
    io = json.load(open(path + ".io.json"))
    heap = json.load(open(path + ".memory.json"))["heap"]
    out = next((f for f in io["files"] if f["path"].endswith("out.bin")), None)
    writes, written, opens = (out["writes"], out["write_bytes"], out["opens"]) if out else (0, 0, 0)
    role = "child" if heap["inherited_blocks"] else "parent"
    rows[role] = (f"{role}: writes {writes}, {written} bytes (strace {written_by_pid.get(pid, 0)}), "
                  f"opens {opens}; allocations {heap['allocations']}, inherited {heap['inherited_blocks']}"
                  + (f" ({heap['inherited_bytes']} bytes)" if heap["inherited_blocks"] else "")
                  + f", frees {heap['frees']}, not freed {heap['not_freed']}")
for role in ("parent", "child"):
    print(rows.get(role, f"{role}: no profile"))
both = json.load(open(os.path.join(directory, "both.memory.json")))["heap"]
print(f"both: allocations {both['allocations']}, not freed {both['not_freed']}")
