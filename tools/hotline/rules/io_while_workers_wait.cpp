// io-while-workers-wait: a process's other threads waited (on locks, conditions,
// joins...) while its main thread was blocked reading or writing data: the
// workers wait for their input. Needs trace mode, the only mode that keeps when
// each wait and each I/O call happened.
#include "rules/rules.h"

#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kMinPercent = 10;    // of the workers' lifetimes, added up
constexpr uint64_t kMinNs = 10000000; // less is not worth a loader thread
constexpr size_t kFilesShown = 3;

void check_io_while_workers_wait(const ReportData &data, const Thresholds &,
                                 std::vector<Finding> &findings) {
  if (!data.sync)
    return;
  for (const analysis::WaitsDuringMainIo &process : data.sync->main_io_waits) {
    double percent = process.waited_percent();
    if (percent < kMinPercent || process.waited_ns < kMinNs)
      continue;
    Finding f;
    f.rule = "io-while-workers-wait";
    std::string of = data.profiles->size() > 1 ? " of " + text::printable(process.profile) : "";
    f.finding =
        fmt::format("While the main thread{} was blocked in I/O, {} of its {} other "
                    "threads waited: {} together, {} of their time.",
                    of, process.waiting_workers, process.workers,
                    text::format_duration(process.waited_ns), text::format_percent(percent));
    std::vector<std::string> kinds;
    for (const auto &[kind, ns] : process.kinds)
      kinds.push_back(
          fmt::format("{} {}", analysis::sync_kind_name(kind), text::format_duration(ns)));
    f.evidence.push_back(fmt::format("the main thread's I/O took {}; the other threads' waits "
                                     "during it, by kind: {}",
                                     text::format_duration(process.main_io_ns),
                                     fmt::join(kinds, ", ")));
    f.evidence.push_back(fmt::format("the other threads lived {} together",
                                     text::format_duration(process.workers_ns)));
    for (size_t i = 0; i < process.files.size() && i < kFilesShown; ++i) {
      const analysis::IoDuringIdle &file = process.files[i];
      f.evidence.push_back(fmt::format("{}: {} calls, {}, {} of waiting during them",
                                       text::file_path(file.path), text::format_count(file.calls),
                                       text::format_bytes(file.bytes),
                                       text::format_duration(file.ns)));
    }
    f.suggestion = "read ahead: let a loader thread (or asynchronous reads) fill a queue of a "
                   "few batches, so the other threads take the next batch when they finish one "
                   "instead of waiting while the main thread reads it";
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
