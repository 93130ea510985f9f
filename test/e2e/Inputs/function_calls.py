"""Prints `NAME CALLS` for each function of a `hotline report --format json` file, one a
line, in the report's order: tests check exact counts without depending on that order."""
import json
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)
for function in report["functions"]:
    print(f"{function['name']} {function['calls']}")
