// Places in the source and devices as the reports, the rules' findings and the tables write
// them: one spelling everywhere.
#pragma once

#include "analysis/gpu.h"
#include "analysis/record_place.h"

#include <cstdint>
#include <string>

namespace hotline::text {

// "file:line"; the file alone without a line; "-" without a file.
std::string file_line(const std::string &file, uint32_t line);
// A record's place as file_line, followed by "(function)" when it was found by its timed
// call; "" when it has no place.
std::string place_location(const analysis::RecordPlace &place);
// place_location of a CUDA call; "unknown launch site" when the runtime did not see the call,
// "(outside timed calls)" when it has no place.
std::string gpu_call_location(const analysis::GpuCallPlace &site);
// "device 0 (its name)", after "app.hotline: " when `with_profile`.
std::string device_label(const analysis::DeviceTimeline &device, bool with_profile);

} // namespace hotline::text
