// The line that `report` and `tree` print about the cost of timing.
#pragma once

#include "analysis/timing_cost.h"

#include <string>

namespace hotline {

// Empty when no profile measured its timing cost (older runtimes).
std::string timing_cost_note(const analysis::TimingCostSummary &summary);

} // namespace hotline
