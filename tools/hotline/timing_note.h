// The notes that reports print about how times were measured.
#pragma once

#include "analysis/lines.h"
#include "analysis/timing_cost.h"

#include <string>

namespace hotline {

// Empty when no profile measured its timing cost (older runtimes).
std::string timing_cost_note(const analysis::TimingCostSummary &summary);

// How line times were sampled and how precise they are (lines.cpp).
std::string sampling_note(const analysis::LineTable &table);

} // namespace hotline
