// How a loop shows in a table, the same in `hotline loops` and `hotline report`:
// its time (measured, or ~sampled), its share, and its roofline verdict.
#pragma once

#include "analysis/lines.h"
#include "analysis/roofline.h"
#include "calibration/machine_peaks.h"

#include <optional>
#include <string>

namespace hotline {

// The machine's peaks, when calibrated; otherwise why not.
struct MachineRoofs {
  std::optional<calibration::MachinePeaks> peaks;
  std::string why_not;
  analysis::Roofs roofs;
  const analysis::Roofs *get() const { return peaks ? &roofs : nullptr; }
};

MachineRoofs load_roofs(const std::string &path);

// "1.2 ms" (with " *" when its timing stopped), "~3 ms" sampled, or "-".
std::string loop_time_cell(const analysis::LoopStats &loop);
std::string loop_percent_cell(const analysis::LoopStats &loop);

// "memory-bound", ..., or "- (why not)".
std::string verdict_cell(const analysis::LoopThroughput &throughput);

} // namespace hotline
