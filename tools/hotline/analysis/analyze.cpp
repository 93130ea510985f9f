// analyze: the order in which a set of profiles is analyzed. Call times are settled first
// (every table after them reads the compensated times), lines before loops (a loop's time
// comes from its lines' samples), and the rules last, over everything.
#include "analysis/analyze.h"

#include "analysis/symbolizer.h"

#include <algorithm>

namespace hotline::analysis {

Analysis analyze(std::vector<profile::Profile> profiles, const AnalysisOptions &options) {
  Analysis a;
  a.profiles = std::move(profiles);
  a.timing_cost = settle_call_times(a.profiles, options.compensate);
  a.catalog = std::make_unique<FunctionCatalog>(a.profiles);
  a.functions = compute_function_table(a.profiles, *a.catalog);
  a.durations = compute_durations(a.profiles, *a.catalog);
  if (options.call_tree)
    a.tree = build_call_tree(a.profiles, *a.catalog);
  Symbolizer symbolizer;
  a.lines = compute_line_table(a.profiles, symbolizer);
  a.loops = compute_loop_table(a.profiles, &a.lines);
  // A table for what the profiles recorded, and none for what they did not.
  for (const profile::Profile &profile : a.profiles) {
    if (!profile.mpi_sites.empty() && !a.mpi)
      a.mpi = compute_mpi_table(a.profiles, symbolizer);
    if (profile.heap.present && !a.memory)
      a.memory = compute_memory_table(a.profiles, symbolizer);
    if ((!profile.io_sites.empty() || profile.run.io_not_hooked()) && !a.io)
      a.io = compute_io_table(a.profiles, symbolizer);
    if (profile.system.present && !a.system)
      a.system = compute_system_table(a.profiles);
    if (!profile.sync_sites.empty() && !a.sync)
      a.sync = compute_sync_table(a.profiles, symbolizer);
    if (profile.cuda.present && !a.gpu)
      a.gpu = compute_gpu_table(a.profiles, symbolizer, options.idle_gaps);
  }
  a.regions = compute_region_table(a.profiles);
  // Ranks are compared when the profiles are those of a job's ranks.
  if (a.profiles.size() > 1 &&
      std::any_of(a.profiles.begin(), a.profiles.end(),
                  [](const profile::Profile &p) { return p.job.present; })) {
    RankAnalysis rank_analysis;
    for (const profile::Profile &profile : a.profiles)
      rank_analysis.add(profile);
    a.ranks = rank_analysis.finish();
  }
  a.threshold_percent = options.threshold_percent;
  a.bottlenecks =
      compute_bottlenecks(a.functions, a.loops, a.lines, a.regions, options.threshold_percent,
                          options.bottleneck_rows, a.gpu ? &*a.gpu : nullptr);
  rules::ReportData data;
  data.profiles = &a.profiles;
  data.functions = &a.functions;
  data.loops = &a.loops;
  data.regions = &a.regions;
  data.memory = a.memory ? &*a.memory : nullptr;
  data.io = a.io ? &*a.io : nullptr;
  data.sync = a.sync ? &*a.sync : nullptr;
  data.gpu = a.gpu ? &*a.gpu : nullptr;
  data.ranks = a.ranks ? &*a.ranks : nullptr;
  a.findings = rules::run_rules(data, rules::Thresholds{options.threshold_percent});
  return a;
}

} // namespace hotline::analysis
