// The timed loops behind `hotline calibrate`: peak FMA throughput and STREAM
// triad bandwidth of one thread.
#pragma once

#include <cstdint>

namespace hotline::calibration {

struct FlopPeaks {
  const char *isa = "";     // the variant that ran: "avx512f", "avx2+fma", "sse2"
                            // (or "generic" off x86)
  double flops32_per_s = 0; // FMA counted as 2 FLOPs per lane
  double flops64_per_s = 0;
};

// Runs the widest variant this CPU (and its OS) supports, ~0.6 s.
FlopPeaks measure_flop_peaks();

// Bytes read and written per second by a[i] = b[i] + s * c[i] over arrays far
// larger than the caches (24 bytes per element, as STREAM counts), ~0.2 s.
double measure_triad_bandwidth();

} // namespace hotline::calibration
