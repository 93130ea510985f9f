# call-paths-limit.c: counts the call paths (nodes) of two speedscope exports, one without a
# limit and one with, compares the two reports' exact counts, and checks from the two folded
# exports of calls that the entries into the paths beyond the limit are exactly the calls, in
# the run without a limit, of the paths first left out from a kept one.
import json
import sys

all_speedscope, cut_speedscope, all_report, cut_report = (json.load(open(p)) for p in sys.argv[1:5])
all_folded, cut_folded = ({line.rsplit(" ", 1)[0]: int(line.rsplit(" ", 1)[1])
                           for line in open(p).read().splitlines()} for p in sys.argv[5:7])


def paths_and_after(speedscope):
    frames = [f["name"] for f in speedscope["shared"]["frames"]]
    stack, opened, after_parents = [], 0, []
    for event in speedscope["profiles"][0]["events"]:
        name = frames[event["frame"]]
        if event["type"] == "O":
            opened += 1
            if name == "after":
                after_parents.append(stack[-1] if stack else None)
            stack.append(name)
        else:
            stack.pop()
    return opened, after_parents


def run_facts(report):
    run = report["runs"][0]
    return run["max_call_paths"], run["call_paths_limit_reached"]


def counts(report):
    return {f["name"]: f["calls"] for f in report["functions"]}


all_paths, all_after = paths_and_after(all_speedscope)
cut_paths, cut_after = paths_and_after(cut_speedscope)
limit, reached = run_facts(all_report)
print(f"all: {all_paths} call paths, limit {limit}, reached {reached}")
limit, reached = run_facts(cut_report)
print(f"cut: {'between 1000 and 2000' if 1000 < cut_paths <= 2000 else cut_paths} call paths, "
      f"limit {limit}, reached {reached}")
all_counts, cut_counts = counts(all_report), counts(cut_report)
same = [n for n in sorted(all_counts) if all_counts[n] == cut_counts.get(n)]
print("same exact counts:", " ".join(same))
print(f"after: {cut_counts.get('after')} calls, under {', '.join(str(p) for p in cut_after)}")

OTHER = "(other call paths)"
entries = sum(calls for path, calls in cut_folded.items() if path.endswith(";" + OTHER))
left_out = sum(calls for path, calls in all_folded.items()
               if path not in cut_folded and path.rsplit(";", 1)[0] in cut_folded)
print("entries into the other paths:", "as the calls first left out" if entries == left_out
      else f"{entries}, but {left_out} calls first left out")
