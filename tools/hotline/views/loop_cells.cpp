// How a loop shows in a table.
#include "views/loop_cells.h"

#include "cli/text_format.h"

namespace hotline {

MachineRoofs load_roofs(const std::string &path) {
  MachineRoofs result;
  result.peaks = calibration::load_machine_peaks(path, &result.why_not);
  if (result.peaks)
    result.roofs = {result.peaks->flops32_per_s, result.peaks->flops64_per_s,
                    result.peaks->bytes_per_s};
  return result;
}

std::string loop_time_cell(const analysis::LoopStats &loop) {
  if (loop.timed_entries > 0)
    return text::format_duration(loop.inclusive_ns) + (loop.timing_stopped ? " *" : "");
  if (loop.sampled_ns > 0)
    return "~" + text::format_duration(loop.sampled_ns);
  return "-";
}

std::string loop_percent_cell(const analysis::LoopStats &loop) {
  if (loop.timed_entries > 0)
    return text::format_percent(loop.percent);
  if (loop.sampled_ns > 0)
    return "~" + text::format_percent(loop.sampled_percent);
  return "-";
}

std::string verdict_cell(const analysis::LoopThroughput &throughput) {
  if (throughput.bound == analysis::LoopBound::Unjudged)
    return "- (" + throughput.unjudged + ")";
  return analysis::bound_name(throughput.bound);
}

} // namespace hotline
