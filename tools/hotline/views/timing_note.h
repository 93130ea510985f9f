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

// Empty unless a profile reached its limit of call paths (HOTLINE_MAX_CALL_PATHS): then says
// what the "(other call paths)" entries hold.
std::string call_paths_note(const std::vector<profile::Profile> &profiles);

} // namespace hotline
