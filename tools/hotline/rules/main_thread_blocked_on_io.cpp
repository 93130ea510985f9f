// main-thread-blocked-on-io: a process's main thread spends much of its life
// blocked in I/O calls that moved data, while nothing else can use that time.
// Reads that only ever got nothing (a child's pipe reaching its end), and short
// messages on a pipe or socket (a child's status byte), were waits for another
// process, which reading ahead cannot hide.
#include "rules/rules.h"

#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kBlockedPercent = 20;       // of the main thread's wall time
constexpr uint64_t kMinBlockedNs = 10000000; // less is not worth overlapping

void check_main_thread_blocked_on_io(const ReportData &data, const Thresholds &,
                                     std::vector<Finding> &findings) {
  if (!data.io)
    return;
  for (const analysis::ThreadIo &thread : data.io->threads) {
    if (!thread.main || thread.data_blocked_percent < kBlockedPercent ||
        thread.data_io_ns < kMinBlockedNs)
      continue;
    Finding f;
    f.rule = "main-thread-blocked-on-io";
    f.finding = fmt::format("The main thread of {} was blocked in I/O for {} of its time.",
                            text::printable(thread.profile),
                            text::format_percent(thread.data_blocked_percent));
    f.evidence.push_back(fmt::format("{} blocked of {} wall time",
                                     text::format_duration(thread.data_io_ns),
                                     text::format_duration(thread.wall_ns)));
    size_t listed = 0;
    for (const analysis::IoFileStats &file : thread.files) {
      if (!analysis::moved_data(file.path, file.io))
        continue;
      if (listed++ == 3)
        break;
      f.evidence.push_back(fmt::format("{}: {} in {}", text::file_path(file.path),
                                       text::format_bytes(file.io.read_bytes + file.io.write_bytes),
                                       text::format_duration(file.io.time_ns())));
    }
    f.suggestion = "overlap I/O with computing: load the next batch on a separate thread (or "
                   "with asynchronous reads) while this one is processed, and read in large "
                   "blocks";
    f.impact_percent = thread.data_blocked_percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
