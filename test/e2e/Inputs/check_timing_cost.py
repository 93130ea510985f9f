"""Checks timing-cost.cpp's reports: the measured cost is plausible, and each compensated total
is exactly the recorded total minus what the runtime measured (see analysis/timing_cost.h)."""
import json
import sys

compensated, raw = (json.load(open(path)) for path in sys.argv[1:3])
run = raw["runs"][0]
self_ps, caller_ps = run["timing_cost_self_ps"], run["timing_cost_caller_ps"]
# A timed call costs two clock reads and some bookkeeping: nanoseconds, not microseconds.
print("cost plausible" if 0 < self_ps <= caller_ps < 1000000 else f"cost implausible: {self_ps} {caller_ps}")

totals = {f["name"]: f["total_ns"] for f in compensated["functions"]}
raw_totals = {f["name"]: f["total_ns"] for f in raw["functions"]}
expected_loss = {
    # one call of its own, 200,000 timed calls below it
    "phase_many()": (1 * self_ps + 200000 * caller_ps + 500) // 1000,
    # 200,000 calls of its own, nothing timed below it
    "small(int)": (200000 * self_ps + 500) // 1000,
}
for name, loss in expected_loss.items():
    got = raw_totals[name] - totals[name]
    print(f"{name} exact" if got == loss else f"{name}: lost {got} ns, expected {loss} ns")
