"""Where the time went, by hotline and by perf on the plain build, side by side.

  perf_agrees.py functions PERF_DATA PROGRAM REPORT_JSON
  perf_agrees.py lines     PERF_DATA PROGRAM LINES_JSON LLVM_SYMBOLIZER

PERF_DATA is `perf record -e cpu-clock` of PROGRAM (with `--call-graph dwarf` for
`functions`). Both sides become shares of the program's own time, and every function or line
that has at least 2% on either side is printed with both shares and whether they are within
the tolerance: TOLERANCE_POINTS percentage points, a quarter of the larger share, or four
standard deviations of the difference of two sampled shares, whichever is most (samples are
samples: a share p of n samples is known to about sqrt(p(1-p)/n); hotline's timed shares
count as exact).

functions: hotline's self time of each timed function (a function whose timing stopped counts
with its estimate; a function too small to be timed is part of its caller's self time, and so
are the library functions it calls). perf's samples are placed the same way: on the innermost
frame of the call chain that is a function hotline timed. The shares are of the time in timed
functions on both sides. A function whose timing stopped, and whose estimate is therefore
sampled by hotline as perf samples it (at the same rate, the test makes sure), is printed from
1% on and held to STOPPED_TOLERANCE_POINTS instead of TOLERANCE_POINTS (four standard
deviations of the two samples' difference still, when that is more): its estimate from
re-timing windows read 0.5-0.8% for perf's 2.5-2.8%, which the wider tolerance let pass.

lines: hotline's sampled time per line (line mode) against perf's samples in PROGRAM, each
placed on its line through PROGRAM's debug information (the innermost line of an inline
chain, as hotline places them). Samples on no line (line 0: code the compiler made) and
outside PROGRAM are left out of both sides' shares: on hotline's side, the lines of files that
PROGRAM's debug information does not name (glibc's malloc.c, when its debug information is
installed: under load, free's trimming read 3.6% there, where perf's side had no way to
count it).
"""
import collections
import json
import math
import os
import subprocess
import sys

TOLERANCE_POINTS = 3.0
STOPPED_TOLERANCE_POINTS = 1.0
SHOWN_PERCENT = 2.0
STOPPED_SHOWN_PERCENT = 1.0


def perf_script(data, fields):
    result = subprocess.run(["perf", "script", "-i", data, "-F", fields],
                            capture_output=True, text=True, check=True)
    return result.stdout


def frame_of(line):
    """'ADDR SYM+OFF (DSO)' -> (sym, sym+off, dso)."""
    parts = line.split()
    if len(parts) < 3:
        return None
    dso = parts[-1].strip("()")
    symoff = " ".join(parts[1:-1])
    return symoff.rpartition("+")[0] or symoff, symoff, dso


def perf_functions(data, program, timed):
    shares = collections.Counter()
    for block in perf_script(data, "ip,sym,symoff,dso").split("\n\n"):
        for line in block.strip().splitlines():
            frame = frame_of(line)
            if frame and frame[2] == program and frame[0] in timed:
                shares[frame[0]] += 1
                break
    return shares


def hotline_functions(report):
    shares, stopped = collections.Counter(), set()
    for function in report["functions"]:
        if function.get("timed") and function["self_ns"] > 0:
            shares[function["name"]] += function["self_ns"]
            if function.get("timing_stopped"):
                stopped.add(function["name"])
    return shares, stopped


def perf_lines(data, program, symbolizer):
    by_symoff = collections.Counter()
    for line in perf_script(data, "ip,sym,symoff,dso").splitlines():
        frame = frame_of(line)
        if frame and frame[2] == program and "+" in frame[1]:
            by_symoff[frame[1]] += 1
    places = sorted(by_symoff)
    result = subprocess.run([symbolizer, "--obj=" + program, "--no-inlines", "--output-style=GNU"],
                            input="\n".join(places), capture_output=True, text=True, check=True)
    out = result.stdout.splitlines()
    shares = collections.Counter()
    for index, place in enumerate(places):
        file, _, line = out[2 * index + 1].split(" (")[0].rpartition(":")
        if line.isdigit() and int(line) > 0:
            shares[f"{file}:{line}"] += by_symoff[place]
    return shares


def program_files(program, symbolizer):
    """The source files that PROGRAM's debug information names."""
    dwarfdump = os.path.join(os.path.dirname(symbolizer), "llvm-dwarfdump")
    result = subprocess.run([dwarfdump, "--show-sources", program], capture_output=True,
                            text=True, check=True)
    return set(result.stdout.splitlines())


def hotline_lines(lines, files):
    shares = collections.Counter()
    for entry in lines["lines"]:
        if entry["line"] > 0 and entry.get("samples") and entry["file"] in files:
            shares[f"{entry['file']}:{entry['line']}"] += entry["samples"]
    return shares


def percents(counts):
    total = sum(counts.values())
    return {key: 100.0 * value / total for key, value in counts.items()} if total else {}


def compare(kind, perf, hotline, hotline_sampled, stopped=frozenset()):
    perf_n, hotline_n = sum(perf.values()), sum(hotline.values())
    perf, hotline = percents(perf), percents(hotline)
    print(f"top {kind}: perf {max(perf, key=perf.get)}, hotline {max(hotline, key=hotline.get)}")
    shown = sorted((key for key in set(perf) | set(hotline)
                    if max(perf.get(key, 0), hotline.get(key, 0))
                    >= (STOPPED_SHOWN_PERCENT if key in stopped else SHOWN_PERCENT)),
                   key=lambda key: -perf.get(key, 0))
    for key in shown:
        a, b = perf.get(key, 0.0), hotline.get(key, 0.0)
        p = max(a, b) / 100
        if key in stopped:  # sampled on both sides, at one rate
            variance = p * (1 - p) * 2 / perf_n
            tolerance = max(STOPPED_TOLERANCE_POINTS, max(a, b) / 4, 400 * math.sqrt(variance))
        else:
            variance = p * (1 - p) * (1 / perf_n + (1 / hotline_n if hotline_sampled else 0))
            tolerance = max(TOLERANCE_POINTS, max(a, b) / 4, 400 * math.sqrt(variance))
        verdict = "within" if abs(a - b) <= tolerance else f"outside +-{tolerance:.1f}"
        print(f"{kind[:-1]} {key.rsplit('/', 1)[-1]}: perf {a:.1f}%, hotline {b:.1f}%: {verdict}")


def main():
    kind, data, program, hotline_json = sys.argv[1:5]
    with open(hotline_json) as f:
        hotline = json.load(f)
    if kind == "functions":
        shares, stopped = hotline_functions(hotline)
        compare("functions", perf_functions(data, program, set(shares)), shares, hotline_sampled=False,
                stopped=stopped)
    else:
        symbolizer = sys.argv[5]
        compare("lines", perf_lines(data, program, symbolizer),
                hotline_lines(hotline, program_files(program, symbolizer)), hotline_sampled=True)


main()
