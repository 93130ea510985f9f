// The runs the profiles come from: what ran, where, for how long, with which tags.
#pragma once

#include "cli/json_writer.h"
#include "profile/reader.h"

#include <string>
#include <vector>

namespace hotline {

// The text report's head: one profile's facts, line by line, or a table of several.
std::string run_summary(const std::vector<profile::Profile> &profiles);
// The "runs" array of the JSON report and the HTML page's data.
void write_runs_json(json::Writer &json, const std::vector<profile::Profile> &profiles);

} // namespace hotline
