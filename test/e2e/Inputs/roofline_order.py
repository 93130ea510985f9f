"""Checks lines-roofline.c's loops against each other, measured in the same run under the
same load: the 8 KB daxpy moves bytes at least twice as fast as the 32 MB triad (its data
stays in cache), and the list walk, one dependent load at a time, is slower than both."""
import json
import sys

loops = {loop["function"]: loop["throughput"] for loop in json.load(sys.stdin)["loops"]}
triad, daxpy, chase = (loops[name]["bytes_per_s"] for name in ("triad", "daxpy", "chase"))
problems = []
if not daxpy >= 2 * triad:
    problems.append(f"daxpy {daxpy / 1e9:.2f} GB/s is not twice the triad's {triad / 1e9:.2f} GB/s")
if not chase < min(triad, daxpy):
    problems.append(f"the list walk's {chase / 1e9:.2f} GB/s is not the slowest")
print("\n".join(problems) if problems else "bandwidths in order")
