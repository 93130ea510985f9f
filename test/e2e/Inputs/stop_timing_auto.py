"""stop-timing-auto.cpp: the default run's stops against 16 times its profile's cost of timing a
call, each function's median taken from the run that times every call (--no-compensation: as
recorded, the cost of timing included, as the runtime compares means)."""
import json
import sys

auto, timed = (json.load(open(path)) for path in sys.argv[1:3])
caller_ns = auto["runs"][0]["timing_cost_caller_ps"] / 1000
threshold = 16 * caller_ns
print(f"threshold {threshold:.0f} ns = 16 x {caller_ns:.1f} ns")

SHORT = ("double work<8>(int)", "double work<30>(int)", "double work<60>(int)")


def work(report):
    return {f["name"]: f for f in report["functions"] if f["name"].startswith("double work<")}


stopped, kept = work(auto), work(timed)
if len(stopped) == len(kept) == 9 and all(
        f["calls"] == (20000 if name in SHORT else 3000) for run in (stopped, kept) for name, f in run.items()):
    print("calls exact in both runs")
median = {name: f["durations"]["p50_ns"] for name, f in kept.items()}
below = [name for name in kept if median[name] <= threshold / 4]
above = [name for name in kept if median[name] >= threshold * 4]
for kind, names, want in (("at most a quarter of it stopped", below, True), ("at least 4 times it timed", above, False)):
    wrong = [n for n in names if stopped[n].get("timing_stopped", False) != want]
    print(f"{kind}:", f"all of {len(names)}" if names and not wrong else f"not {wrong} of {names}")
for name in sorted(kept, key=median.get):
    print(f"  {name}: median {median[name]} ns, stopped {stopped[name].get('timing_stopped', False)}")
