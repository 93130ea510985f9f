// tiny-kernels: a GPU kernel launched very often whose runs are so short that
// launching it costs about as much as running it.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr uint64_t kMinLaunches = 1000;
constexpr uint64_t kTinyKernelNs = 10000; // a mean GPU time per launch below this is tiny

void check_tiny_kernels(const ReportData &data, const Thresholds &,
                        std::vector<Finding> &findings) {
  if (!data.gpu)
    return;
  for (const analysis::KernelStats &kernel : data.gpu->kernels) {
    if (kernel.launches < kMinLaunches || kernel.gpu_ns >= kTinyKernelNs * kernel.launches)
      continue;
    Finding f;
    f.rule = "tiny-kernels";
    if (kernel.site.known)
      f.location = text::place_location(kernel.site.place);
    f.finding = fmt::format("Kernel {} was launched {} times and ran {} each on average.",
                            text::display_name(kernel.name), text::format_count(kernel.launches),
                            text::format_duration(kernel.mean_ns()));
    f.evidence.push_back(fmt::format("{} of GPU time in all, {} of all kernels' time",
                                     text::format_duration(kernel.gpu_ns),
                                     text::format_percent(kernel.percent)));
    std::string from = "launched from " + text::gpu_call_location(kernel.site);
    if (kernel.site_count == 2)
      from += " and 1 more place";
    else if (kernel.site_count > 2)
      from += fmt::format(" and {} more places", kernel.site_count - 1);
    f.evidence.push_back(from);
    f.suggestion = "each launch costs microseconds of the host's and the GPU's time whatever the "
                   "kernel does: fuse it with the kernels around it, give each launch more work (a "
                   "whole batch, a grid-stride loop), or capture the launches in a CUDA graph and "
                   "launch that once";
    f.impact_percent = kernel.percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
