// The lines as JSON: `hotline lines --format json` and the HTML page's Lines section.
#pragma once

#include "analysis/lines.h"
#include "cli/json_writer.h"

#include <vector>

namespace hotline {

// The table's sampling facts and line count, then "lines": the `shown` lines, into the
// object the writer is in.
void write_lines_fields(json::Writer &json, const analysis::LineTable &table,
                        const std::vector<analysis::LineStats> &shown);

} // namespace hotline
