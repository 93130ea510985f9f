"""Prints what cuda-gpu-system-samples.cu checks of the GPU readings in `hotline report --format
json` (docs/system.md), one fact a line, "yes" or "no (figures)".

usage: gpu_samples.py REPORT_JSON"""
import json
import sys

profile = json.load(open(sys.argv[1]))["system"]["profiles"][0]
samples = [s for s in profile["samples"] if "gpu_utilization_percent" in s]


def fact(text, holds, figures):
    print(f"{text}: {'yes' if holds else 'no (' + str(figures) + ')'}")


fact("GPUs read", profile.get("gpu_measured") and profile.get("gpu_count", 0) >= 1,
     {k: profile.get(k) for k in ("gpu_measured", "gpu_count")})
fact("GPU samples at least 25", len(samples) >= 25, len(samples))
fact("GPU utilization at least 50% in some sample",
     any(s["gpu_utilization_percent"] >= 50 for s in samples), [s["gpu_utilization_percent"] for s in samples])
fact("GPU memory at least 1 GiB in some sample", any(s["gpu_memory_bytes"] >= 1 << 30 for s in samples),
     max((s["gpu_memory_bytes"] for s in samples), default=0))
fact("GPU temperature above 0 C", any(s["gpu_temperature_c"] > 0 for s in samples),
     max((s["gpu_temperature_c"] for s in samples), default=0))
fact("GPU power above 0 W", any(s["gpu_power_mw"] > 0 for s in samples),
     max((s["gpu_power_mw"] for s in samples), default=0))
fact("GPU energy above 0 J", profile.get("gpu_energy_j", 0) > 0, profile.get("gpu_energy_j"))
