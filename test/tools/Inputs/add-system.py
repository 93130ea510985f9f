#!/usr/bin/env python3
"""Adds SYSTEM and SYSTEM_SAMPLES sections to a profile, for the System tests.

usage: add-system.py IN OUT [VARIANT]

  VARIANT full (the default): SYSTEM with energy and two GPUs measured, and the five
          samples below, one every millisecond
  VARIANT plain: SYSTEM with only the CPU time (no energy, no GPU, no sampler) and an
          empty SYSTEM_SAMPLES, as the runtime writes without HOTLINE_SAMPLE_MS where
          powercap is not readable

The readings are made up, with round numbers, so the tests can check exact figures; IN is
meant to be two-threads.hotline (5.89 ms of wall time). The new sections follow the last
one. The layout is docs/profile-format.md's (version 1).
"""
import struct
import sys

from profile_sections import KIND, section

ENERGY, GPU = 1, 2

# cpu_ns, energy_uj, sample_period_ns, flags, gpu_count
FULL = (9000000, 150000, 1000000, ENERGY | GPU, 2)
PLAIN = (5000000, 0, 0, 0, 0)

# time_ns, rss_bytes, energy_uj, gpu_memory_bytes, cpu_percent_x100,
# gpu_utilization_percent, gpu_temperature_c, gpu_power_mw
SAMPLES = [
    (1000000, 2000000, 25000, 1000000000, 10000, 0, 40, 100000),
    (2000000, 4000000, 50000, 2000000000, 20000, 50, 45, 200000),
    (3000000, 6000000, 75000, 2000000000, 20000, 100, 50, 300000),
    (4000000, 8000000, 100000, 2000000000, 15000, 100, 55, 300000),
    (5000000, 8000000, 125000, 1000000000, 5000, 50, 60, 100000),
]


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    variant = argv[3] if len(argv) == 4 else "full"
    if variant not in ("full", "plain"):
        sys.exit("add-system.py: unknown variant " + variant)
    with open(argv[1], "rb") as f:
        data = bytearray(f.read())

    system = FULL if variant == "full" else PLAIN
    samples = SAMPLES if variant == "full" else []
    data += section("SYSTEM", "<3QII", [system])
    data += section("SYSTEM_SAMPLES", "<4Q4I", samples)
    section_count = struct.unpack_from("<I", data, 16)[0]
    struct.pack_into("<I", data, 16, section_count + 2)
    struct.pack_into("<Q", data, 24, len(data))
    with open(argv[2], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
