// How the System section of `hotline report` prints: CPU time, energy and the
// sampler's readings as text, and as JSON with the whole time series.
#pragma once

#include "analysis/system.h"
#include "cli/json_writer.h"
#include "profile/reader.h"

#include <string>
#include <vector>

namespace hotline {

// The section, starting with its blank line; "" when no profile has a SYSTEM
// section.
std::string system_text(const analysis::SystemTable &table);

// The `system` value: `profiles` (one object per profile with a SYSTEM section,
// its samples included) and `total`. `profiles` are those the table was
// computed from.
void write_system_json(json::Writer &json, const analysis::SystemTable &table,
                       const std::vector<profile::Profile> &profiles);

} // namespace hotline
