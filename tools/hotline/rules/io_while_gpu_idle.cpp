// io-while-gpu-idle: the GPU had nothing to run while the main thread was
// blocked reading or writing data: the GPU waits for its input. Needs trace
// mode, the only mode that keeps when each I/O call happened.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kMinPercent = 10;    // of the time between the device's first and last work
constexpr uint64_t kMinNs = 10000000; // less is not worth a loader thread
constexpr size_t kFilesShown = 3;

void check_io_while_gpu_idle(const ReportData &data, const Thresholds &,
                             std::vector<Finding> &findings) {
  if (!data.gpu)
    return;
  for (const analysis::DeviceTimeline &device : data.gpu->devices) {
    double percent = device.main_io_in_gaps_percent();
    if (!device.worked || percent < kMinPercent || device.main_io_in_gaps_ns < kMinNs)
      continue;
    Finding f;
    f.rule = "io-while-gpu-idle";
    f.finding =
        fmt::format("GPU {} was idle while the main thread was blocked in I/O for {}, "
                    "{} of the {} between its first and last work.",
                    text::device_label(device, data.profiles->size() > 1),
                    text::format_duration(device.main_io_in_gaps_ns), text::format_percent(percent),
                    text::format_duration(device.last_ns - device.first_ns));
    f.evidence.push_back(
        fmt::format("the GPU was idle {} in all between its first and last "
                    "work; the main thread's I/O covered {} of that",
                    text::format_duration(device.span_idle_ns),
                    text::format_percent(100.0 * double(device.main_io_in_gaps_ns) /
                                         double(device.span_idle_ns))));
    for (size_t i = 0; i < device.main_io_in_gaps.size() && i < kFilesShown; ++i) {
      const analysis::IoDuringIdle &file = device.main_io_in_gaps[i];
      f.evidence.push_back(fmt::format("{}: {} calls, {}, {} of them while the GPU idled",
                                       text::file_path(file.path), text::format_count(file.calls),
                                       text::format_bytes(file.bytes),
                                       text::format_duration(file.ns)));
    }
    f.suggestion = "load the next batch while the GPU computes this one: read it on a loader "
                   "thread (or with asynchronous reads) into a small queue of pinned buffers, "
                   "and copy each to the GPU with cudaMemcpyAsync on its own stream";
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
