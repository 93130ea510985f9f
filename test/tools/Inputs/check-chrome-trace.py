#!/usr/bin/env python3
"""Checks a Chrome trace event JSON file against the rules viewers rely on, and summarizes it.

Usage: check-chrome-trace.py FILE

The rules (the Trace Event Format document, and what Perfetto and chrome://tracing need):
- a JSON object whose traceEvents is a list of events, each with a name, a ph and a pid;
- X events have a ts and a dur >= 0; on each thread (pid, tid) they come in ts order and nest:
  one that starts inside another ends inside it;
- i events have a ts and a scope s (t, p or g);
- M events are process_name / thread_name (args.name a string) or process_sort_index /
  thread_sort_index (args.sort_index an integer); every process with events has a
  process_name and every thread a thread_name;
- flow events s and f come in pairs by id, s no later than f, each inside an X event of its
  thread (the f binding to the enclosing slice, bp "e");
- async events b and e come in pairs by (cat, id), with the same name, b no later than e.
Prints the problems and exits 1, or prints a summary (events by phase and category, X events
per thread with their deepest nesting, flows, async pairs) and exits 0.
"""
import collections
import json
import sys
from decimal import Decimal

PHASES = {"X", "i", "M", "s", "f", "b", "e"}
METADATA = {"process_name", "thread_name", "process_sort_index", "thread_sort_index"}


def check(trace):
    problems = []
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        return ["the file is not an object with a traceEvents list"], None
    events = trace["traceEvents"]
    slices = collections.defaultdict(list)  # (pid, tid) -> [(ts, end)] in file order
    process_names, thread_names = set(), set()
    used_pids, used_threads = set(), set()
    flows = collections.defaultdict(dict)  # id -> {ph: event}
    asyncs = collections.defaultdict(dict)  # (cat, id) -> {ph: event}
    phases = collections.Counter()
    categories = collections.Counter()
    for n, event in enumerate(events):
        where = "event {}".format(n)
        if not isinstance(event, dict) or not isinstance(event.get("name"), str):
            problems.append(where + ": no name")
            continue
        ph = event.get("ph")
        if ph not in PHASES:
            problems.append("{}: unexpected ph {!r}".format(where, ph))
            continue
        phases[ph] += 1
        if "cat" in event:
            categories[event["cat"]] += 1
        if not isinstance(event.get("pid"), int):
            problems.append(where + ": no integer pid")
            continue
        pid = event["pid"]
        if ph == "M":
            name, args = event["name"], event.get("args", {})
            if name not in METADATA:
                problems.append("{}: unknown metadata {}".format(where, name))
            elif name.endswith("_name") and not isinstance(args.get("name"), str):
                problems.append(where + ": metadata without args.name")
            elif name.endswith("_index") and not isinstance(args.get("sort_index"), int):
                problems.append(where + ": metadata without args.sort_index")
            if name == "process_name":
                process_names.add(pid)
            elif name == "thread_name":
                thread_names.add((pid, event.get("tid")))
            continue
        tid = event.get("tid")
        if not isinstance(tid, int) or not isinstance(event.get("ts"), Decimal) or event["ts"] < 0:
            problems.append(where + ": no integer tid or no ts >= 0")
            continue
        used_pids.add(pid)
        used_threads.add((pid, tid))
        if ph == "X":
            dur = event.get("dur")
            if not isinstance(dur, Decimal) or dur < 0:
                problems.append(where + ": X without a dur >= 0")
                continue
            slices[(pid, tid)].append((event["ts"], event["ts"] + dur, n))
        elif ph == "i":
            if event.get("s") not in ("t", "p", "g"):
                problems.append(where + ": i without a scope")
        elif ph in ("b", "e"):
            key = (event.get("cat"), event.get("id"))
            if ph in asyncs[key]:
                problems.append("{}: a second {} for async id {}".format(where, ph, key))
            asyncs[key][ph] = event
        else:
            flows[event.get("id")][ph] = event
            if ph == "f" and event.get("bp") != "e":
                problems.append(where + ": f without bp e")

    depths = {}
    for thread, thread_slices in slices.items():
        open_ends = []
        last_ts = None
        depth = 0
        for ts, end, n in thread_slices:
            if last_ts is not None and ts < last_ts:
                problems.append("event {}: X before the previous one of thread {}".format(n, thread))
            last_ts = ts
            while open_ends and open_ends[-1] <= ts:
                open_ends.pop()
            if open_ends and end > open_ends[-1]:
                problems.append("event {}: X ends after the one enclosing it on thread {}".format(
                    n, thread))
            open_ends.append(end)
            depth = max(depth, len(open_ends))
        depths[thread] = depth

    def inside_slice(event):
        thread = (event["pid"], event["tid"])
        return any(ts <= event["ts"] <= end for ts, end, _ in slices.get(thread, []))

    for flow_id, pair in flows.items():
        if set(pair) != {"s", "f"}:
            problems.append("flow {}: not one s and one f".format(flow_id))
            continue
        if pair["s"]["ts"] > pair["f"]["ts"]:
            problems.append("flow {}: ends before it starts".format(flow_id))
        for ph in ("s", "f"):
            if not inside_slice(pair[ph]):
                problems.append("flow {}: {} is outside every slice of its thread".format(flow_id, ph))
    for key, pair in asyncs.items():
        if set(pair) != {"b", "e"}:
            problems.append("async {}: not one b and one e".format(key))
        elif pair["b"]["name"] != pair["e"]["name"]:
            problems.append("async {}: b and e have other names".format(key))
        elif pair["b"]["ts"] > pair["e"]["ts"]:
            problems.append("async {}: ends before it starts".format(key))
    for pid in used_pids - process_names:
        problems.append("process {} has no process_name".format(pid))
    for thread in used_threads - thread_names:
        problems.append("thread {} has no thread_name".format(thread))
    summary = {"phases": phases, "categories": categories, "slices": slices, "depths": depths,
               "flows": len(flows), "asyncs": len(asyncs)}
    return problems, summary


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    with open(argv[1]) as f:
        trace = json.load(f, parse_float=Decimal)
    problems, summary = check(trace)
    if problems:
        for problem in problems:
            print("error: " + problem)
        return 1
    print("valid: {} events".format(len(trace["traceEvents"])))
    for ph in sorted(summary["phases"]):
        print("ph {}: {}".format(ph, summary["phases"][ph]))
    for category in sorted(summary["categories"]):
        print("cat {}: {}".format(category, summary["categories"][category]))
    for thread in sorted(summary["slices"]):
        print("thread {} {}: {} X, depth {}".format(thread[0], thread[1], len(summary["slices"][thread]),
                                                   summary["depths"][thread]))
    print("flows: {}".format(summary["flows"]))
    if summary["asyncs"]:
        print("async pairs: {}".format(summary["asyncs"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
