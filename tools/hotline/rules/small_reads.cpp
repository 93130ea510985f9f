// small-reads: input read in many small chunks from one place.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr uint64_t kMinReads = 1000;
constexpr uint64_t kSmallReadBytes = 4096; // mean bytes per read below this is small

void check_small_reads(const ReportData &data, const Thresholds &, std::vector<Finding> &findings) {
  if (!data.io)
    return;
  uint64_t wall_ns = data.regions->wall_ns;
  for (const analysis::IoPlaceStats &place : data.io->places) {
    const analysis::IoCounts &io = place.io;
    if (io.reads < kMinReads || io.read_bytes >= kSmallReadBytes * io.reads)
      continue;
    double share = wall_ns ? 100.0 * double(io.read_ns) / double(wall_ns) : 0;
    Finding f;
    f.rule = "small-reads";
    f.location = text::place_location(place.place);
    f.finding =
        fmt::format("Input is read here in {} small reads of {} bytes on average.",
                    text::format_count(io.reads), (io.read_bytes + io.reads / 2) / io.reads);
    f.evidence.push_back(fmt::format(
        "{} read in {} blocked ({} of the wall time)", text::format_bytes(io.read_bytes),
        text::format_duration(io.read_ns), text::format_percent(share)));
    if (!place.loop.empty())
      f.evidence.push_back("inside the loop at " + text::printable(place.loop));
    f.suggestion = "read in large blocks (64 KiB to a few MiB) into a buffer and parse from "
                   "memory, or mmap the file: each read call costs a system call (or a stdio "
                   "lock and copy) whatever its size";
    f.impact_percent = share;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
