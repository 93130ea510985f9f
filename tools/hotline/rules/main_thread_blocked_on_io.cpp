// main-thread-blocked-on-io: a process's main thread spends much of its life
// blocked in I/O calls, while nothing else can use that time.
#include "rules/rules.h"

#include "text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kBlockedPercent = 20; // of the main thread's wall time

void check_main_thread_blocked_on_io(const ReportData &data, const Thresholds &,
                                     std::vector<Finding> &findings) {
  if (!data.io)
    return;
  for (const analysis::ThreadIo &thread : data.io->threads) {
    if (!thread.main || thread.blocked_percent < kBlockedPercent)
      continue;
    Finding f;
    f.rule = "main-thread-blocked-on-io";
    f.finding = fmt::format("The main thread of {} was blocked in I/O for {} of its time.",
                            text::printable(thread.profile), text::format_percent(thread.blocked_percent));
    f.evidence.push_back(fmt::format("{} blocked of {} wall time", text::format_duration(thread.io_ns),
                                     text::format_duration(thread.wall_ns)));
    for (size_t i = 0; i < data.io->files.size() && i < 3; ++i) {
      const analysis::IoFileStats &file = data.io->files[i];
      f.evidence.push_back(fmt::format("{}: {} in {}",
                                       file.path.empty() ? "(unnamed descriptor)" : text::printable(file.path),
                                       text::format_bytes(file.io.read_bytes + file.io.write_bytes),
                                       text::format_duration(file.io.time_ns())));
    }
    f.suggestion = "overlap I/O with computing: load the next batch on a separate thread (or "
                   "with asynchronous reads) while this one is processed, and read in large "
                   "blocks";
    f.impact_percent = thread.blocked_percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
