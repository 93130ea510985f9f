#!/usr/bin/env python3
"""Checks that a `hotline export --format callgrind` file says what `hotline lines` and
`hotline report` say of the same profiles: each line's Sampled_ns is its sampled time, each
counted line's Executions its exact count, each function's ns its self time.

usage: callgrind_agrees.py CALLGRIND LINES_JSON REPORT_JSON

Prints one line per fact compared, then "agree" or what differs (exit status 1).
"""
import collections
import json
import re
import sys


def read_callgrind(path):
    """{(file, line): [ns, sampled_ns, executions]} summed over functions, and the ns of each
    function name, from the file's cost lines (call costs are inclusive: left out)."""
    names = {"file": {}, "function": {}}  # compressed names: id -> name, files apart

    def name(key, value):
        ids = names["function" if key in ("fn", "cfn") else "file"]
        match = re.fullmatch(r"\((\d+)\)(?: (.*))?", value)
        if not match:
            return value
        if match.group(2) is not None:
            ids[match.group(1)] = match.group(2)
        return ids[match.group(1)]

    events, lines, functions = None, collections.defaultdict(lambda: [0, 0, 0]), collections.Counter()
    file = function = current = None
    after_calls = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            text = raw.rstrip("\n")
            if not text or text.startswith("#"):
                continue
            key, _, value = text.partition("=")
            if text.startswith("events:"):
                events = text.split()[1:]
            elif key in ("fl", "fi", "fe", "fn", "cfl", "cfn", "cfi") and "=" in text:
                resolved = name(key, value)
                if key == "fl":
                    file = current = resolved
                elif key in ("fi", "fe"):
                    current = resolved
                elif key == "fn":
                    function, current = resolved, file
            elif key == "calls":
                after_calls = True
            elif text[0].isdigit():
                if after_calls:  # the call's inclusive cost
                    after_calls = False
                    continue
                numbers = [int(n) for n in text.split()]
                costs = dict(zip(events, numbers[1:]))
                cost = lines[(current, numbers[0])]
                cost[0] += costs.get("ns", 0)
                cost[1] += costs.get("Sampled_ns", 0)
                cost[2] += costs.get("Executions", 0)
                functions[function] += costs.get("ns", 0)
    return events, lines, functions


def main():
    events, lines, functions = read_callgrind(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        table = json.load(f)
    with open(sys.argv[3], encoding="utf-8") as f:
        report = json.load(f)
    print("events: " + " ".join(events))
    wrong = []
    sampled = counted = 0
    for line in table["lines"]:
        cost = lines.get((line["file"], line["line"]), [0, 0, 0])
        place = "{}:{}".format(line["file"], line["line"])
        if cost[1] != line["time_ns"]:
            wrong.append("{}: Sampled_ns {} but hotline lines says {}".format(place, cost[1], line["time_ns"]))
        sampled += line["time_ns"] > 0
        if line["counted"]:
            counted += 1
            if cost[2] != line["count"]:
                wrong.append("{}: Executions {} but hotline lines counts {}".format(place, cost[2], line["count"]))
    known = {(line["file"], line["line"]) for line in table["lines"]}
    for position, cost in lines.items():
        if position not in known and cost[1]:
            wrong.append("{}:{}: Sampled_ns {} on no line of hotline lines".format(*position, cost[1]))
    timed = 0
    for function in report["functions"]:
        if function["timed"]:
            timed += 1
            if functions[function["name"]] != function["self_ns"]:
                wrong.append("{}: ns {} but self time {}".format(
                    function["name"], functions[function["name"]], function["self_ns"]))
    print("compared: {} sampled lines, {} counted lines, {} timed functions".format(sampled, counted, timed))
    print("\n".join(wrong) if wrong else "agree")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
