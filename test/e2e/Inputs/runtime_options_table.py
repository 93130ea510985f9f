# runtime-options-help.c: the runtime's own list of options (HOTLINE_HELP=1, on stderr) against
# the table of docs/runtime-options.md: the same variables, the same defaults, and each count's
# range in the doc's "values" column.
import re
import sys

help_text, doc_text = open(sys.argv[1]).read(), open(sys.argv[2]).read()
runtime = {}
for line in help_text.splitlines():
    m = re.match(r"hotline:   (HOTLINE_\w+) (text|boolean|count) (\S+)(?: (\d+)-(\d+))?$", line)
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
    kind, value, low, high = runtime[name]
    values, default = doc[name]
    if kind != "text" and name != "HOTLINE_HELP" and default != value:  # HELP is on to print
        problems.append(f"{name}: default {default} in the doc, {value} in the runtime")
    if high is not None:
        numbers = re.sub(r"(?<=\d),(?=\d)", "", values)
        if low not in re.findall(r"\d+", numbers) or high not in re.findall(r"\d+", numbers):
            problems.append(f"{name}: values {low} to {high} in the runtime, '{values}' in the doc")
print(f"{len(runtime)} options;", "the doc agrees" if not problems else "\n".join(problems))
