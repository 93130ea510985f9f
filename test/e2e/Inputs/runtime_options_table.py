# runtime-options-help.c: the runtime's own list of options (HOTLINE_HELP=1, on stderr) against
# the table of docs/runtime-options.md: the same variables, the same defaults, and in the doc's
# "values" column each count's range (or "≥ 0") and each boolean's values.
import re
import sys

help_text, doc_text = open(sys.argv[1]).read(), open(sys.argv[2]).read()
runtime = {}
for line in help_text.splitlines():
    m = re.match(r"hotline:   (HOTLINE_\w+) (text|boolean|count), default (.*?), values (\S+)(?:, now .*?)?: \S", line)
    if m:
        runtime[m.group(1)] = m.groups()[1:]
doc = {}
for line in doc_text.splitlines():
    m = re.match(r"\| `(HOTLINE_\w+)` \| ([^|]*) \| ([^|]*) \|", line)
    if m:
        doc[m.group(1)] = (m.group(2), m.group(3).strip("` "))

problems = []
for name in sorted(set(runtime) | set(doc)):
    if name not in doc:
        problems.append(f"{name}: read by the runtime, not in the doc's table")
        continue
    if name not in runtime:
        problems.append(f"{name}: in the doc's table, not read by the runtime")
        continue
    kind, default, values = runtime[name]
    doc_values, doc_default = doc[name]
    if kind != "text" and doc_default != default:  # a text's default is described in words
        problems.append(f"{name}: default {doc_default} in the doc, {default} in the runtime")
    numbers = re.findall(r"\d+", re.sub(r"(?<=\d),(?=\d)", "", doc_values))
    if kind == "boolean" and "boolean" not in doc_values and "`1`/`0`" not in doc_values:
        problems.append(f"{name}: a boolean in the runtime, '{doc_values}' in the doc")
    if kind == "count" and values.startswith(">="):
        if f"≥ {values[2:]}" not in doc_values:
            problems.append(f"{name}: values {values} in the runtime, '{doc_values}' in the doc")
    elif kind == "count":
        low, high = values.split("-")
        if low not in numbers or high not in numbers:
            problems.append(f"{name}: values {low} to {high} in the runtime, '{doc_values}' in the doc")
print(f"{len(runtime)} options;", "the doc agrees" if not problems else "\n".join(problems))
