// loading-dominates: the main threads spend much of their time in data loading
// and preprocessing regions (and the I/O inside them), which could overlap
// with the compute.
#include "rules/rules.h"

#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr double kLoadingPercent = 30; // of the main threads' time

void check_loading_dominates(const ReportData &data, const Thresholds &,
                             std::vector<Finding> &findings) {
  const analysis::RegionTable &regions = *data.regions;
  uint64_t loading = 0, preprocessing = 0, io = 0, compute = 0;
  for (const analysis::CategoryTime &c : regions.categories) {
    if (c.category == analysis::Category::DataLoading)
      loading = c.main_ns;
    else if (c.category == analysis::Category::Preprocessing)
      preprocessing = c.main_ns;
    else if (c.category == analysis::Category::Io)
      io = c.main_ns;
    else if (c.category == analysis::Category::Compute || c.category == analysis::Category::Gpu)
      compute += c.main_ns;
  }
  if (loading + preprocessing == 0 || regions.main_threads_ns == 0)
    return; // no loading regions: the I/O rules speak for plain I/O
  double percent = 100.0 * double(loading + preprocessing + io) / double(regions.main_threads_ns);
  if (percent < kLoadingPercent)
    return;
  auto share = [&](uint64_t ns) {
    return fmt::format("{} ({})", text::format_duration(ns),
                       text::format_percent(100.0 * double(ns) / double(regions.main_threads_ns)));
  };
  Finding f;
  f.rule = "loading-dominates";
  f.finding = fmt::format("Data loading and preprocessing take {} of the main thread's time.",
                          text::format_percent(percent));
  f.evidence.push_back("data loading " + share(loading) + ", preprocessing " +
                       share(preprocessing) + ", I/O " + share(io) + ", compute " + share(compute));
  for (const analysis::RegionStats &region : regions.regions)
    if (region.depth == 0 && (region.category == analysis::Category::DataLoading ||
                              region.category == analysis::Category::Preprocessing))
      f.evidence.push_back(fmt::format("region {}: {} in {} entries", text::printable(region.name),
                                       text::format_duration(region.inclusive_ns),
                                       text::format_count(region.entries)));
  f.suggestion = "overlap loading with compute: prefetch the next batch on other threads (a "
                 "bounded queue of ready batches), parallelize preprocessing across cores, and "
                 "cache decoded data between runs";
  f.impact_percent = percent;
  findings.push_back(std::move(f));
}

} // namespace hotline::rules
