// gpu-idle: a GPU that waits for the host for much of the time between its
// first and last work, with the longest gaps and what the host launched after
// each.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kMinIdlePercent = 30; // of the time between the device's first and last work
// and, as for every hot thing, at least thresholds.hot_percent of the run's wall time: a GPU
// that worked for 1 ms of a 500 ms run, with gaps, is not what slows the run down.
constexpr size_t kGapsShown = 3;

void check_gpu_idle(const ReportData &data, const Thresholds &thresholds,
                    std::vector<Finding> &findings) {
  if (!data.gpu)
    return;
  for (const analysis::DeviceTimeline &device : data.gpu->devices) {
    double percent = device.span_idle_percent();
    double wall_percent =
        device.wall_ns ? 100.0 * double(device.span_idle_ns) / double(device.wall_ns) : 0;
    if (!device.worked || percent < kMinIdlePercent || wall_percent < thresholds.hot_percent)
      continue;
    Finding f;
    f.rule = "gpu-idle";
    f.finding = fmt::format("GPU {} was idle {} of the {} between its first and last work ({}), "
                            "in {} gaps.",
                            text::device_label(device, data.profiles->size() > 1),
                            text::format_duration(device.span_idle_ns),
                            text::format_duration(device.last_ns - device.first_ns),
                            text::format_percent(percent), text::format_count(device.gap_count));
    for (size_t i = 0; i < device.longest_gaps.size() && i < kGapsShown; ++i) {
      const analysis::IdleGap &gap = device.longest_gaps[i];
      f.evidence.push_back(fmt::format(
          "idle {} from {} to {}, until {} {} was launched {}",
          text::format_duration(gap.length_ns()), text::format_duration(gap.start_ns),
          text::format_duration(gap.end_ns), gap.next_is_kernel ? "kernel" : "a",
          gap.next_is_kernel ? text::printable(gap.next_work) : gap.next_work + " transfer",
          gap.next_site.known ? "from " + text::gpu_call_location(gap.next_site)
                              : "by a CUDA call the runtime did not see"));
    }
    f.suggestion = "overlap the host's work with the GPU's: prepare the next batch while the GPU "
                   "computes this one (two streams and cudaMemcpyAsync from pinned memory, double "
                   "buffering), move host preprocessing to other threads, and queue launches ahead "
                   "instead of synchronizing after each step";
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
