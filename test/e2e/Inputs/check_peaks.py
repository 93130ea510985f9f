"""Checks calibrate.test's outputs: the saved file is the documented format, holds what
`hotline calibrate --format json` printed, and its peaks are plausible for one thread of any
machine (fp32 above fp64 above 0; bandwidth between 0.5 GB/s and 2000 GB/s)."""
import json
import sys

saved, printed = (json.load(open(path)) for path in sys.argv[1:3])
problems = []
if saved.get("format") != "hotline-machine-peaks" or saved.get("version") != 1:
    problems.append(f"not the documented format: {saved}")
for name in ("cpu", "isa", "flops32_per_s", "flops64_per_s", "bytes_per_s", "measured"):
    if saved.get(name) != printed.get(name):
        problems.append(f"{name}: saved {saved.get(name)!r}, printed {printed.get(name)!r}")
fp32, fp64, bandwidth = saved["flops32_per_s"], saved["flops64_per_s"], saved["bytes_per_s"]
if not fp32 > fp64 > 0:
    problems.append(f"FLOP rates implausible: fp32 {fp32}, fp64 {fp64}")
if not 0.5e9 <= bandwidth <= 2000e9:
    problems.append(f"bandwidth implausible: {bandwidth}")
print("\n".join(problems) if problems else "peaks plausible")
