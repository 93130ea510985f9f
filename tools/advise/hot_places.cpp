// Finds the hot places of a run in the analysis that `hotline report` and `hotline html` show
// (analysis/analyze.h), so advise and those reports always agree on the numbers.
#include "hot_places.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>

namespace hotline::advise {

std::string HotLoop::label() const { return fmt::format("{}:{}", file, line); }

std::optional<uint64_t> HotPlaces::line_count(const std::string &file, uint32_t line) const {
  auto found = line_counts.find({analysis::normal_path(file), line});
  if (found == line_counts.end())
    return std::nullopt;
  return found->second;
}

HotPlaces find_hot_places(const analysis::Analysis &analysis, const Thresholds &thresholds) {
  HotPlaces hot;
  hot.thresholds = thresholds;
  const analysis::FunctionTable &table = analysis.functions;
  hot.measured_ns = table.measured_ns;
  hot.function_count = table.functions.size();

  std::set<analysis::FunctionId> hot_ids;
  std::map<std::string, double> self_percent_by_name; // for loops that have no time of their own
  for (const analysis::FunctionStats &stats : table.functions) {
    self_percent_by_name[stats.function.name] =
        std::max(self_percent_by_name[stats.function.name], stats.self_percent);
    if (stats.self_percent < thresholds.min_percent && stats.total_percent < thresholds.min_percent)
      continue;
    hot_ids.insert(stats.id);
    HotFunction function;
    function.name = stats.function.name;
    function.linkage_name = stats.function.linkage_name;
    function.file = analysis::normal_path(stats.function.file);
    function.line = stats.function.line;
    function.calls = stats.calls;
    function.self_ns = stats.self_ns;
    function.total_ns = stats.total_ns;
    function.self_percent = stats.self_percent;
    function.total_percent = stats.total_percent;
    hot.functions.push_back(std::move(function));
  }

  for (const analysis::LineStats &line : analysis.lines.lines)
    if (line.counted)
      hot.line_counts[{line.file, line.line}] += line.count;
  const std::vector<analysis::LoopStats> &loops = analysis.loops;
  hot.loop_count = loops.size();
  hot.line_mode = !loops.empty() || !hot.line_counts.empty();

  // A loop's share of the run: its own timed entries when it was timed, else its lines'
  // samples, else (no samples landed in it) its function's self time, which holds its time.
  for (const analysis::LoopStats &stats : loops) {
    HotLoop loop;
    loop.file = stats.file;
    loop.line = stats.line;
    loop.column = stats.column;
    loop.function = stats.function;
    loop.entries = stats.entries;
    loop.iterations = stats.iterations;
    if (stats.timed_entries > 0) {
      loop.time_source = "timed";
      loop.time_ns = stats.inclusive_ns;
      loop.percent = stats.percent;
    } else if (stats.sampled_ns > 0) {
      loop.time_source = "sampled";
      loop.time_ns = stats.sampled_ns;
      loop.percent = stats.sampled_percent;
    } else {
      loop.time_source = "function";
      loop.percent = self_percent_by_name[stats.function];
    }
    if (loop.percent >= thresholds.min_percent && loop.entries > 0)
      hot.loops.push_back(std::move(loop));
  }
  auto hottest =
      std::max_element(hot.loops.begin(), hot.loops.end(),
                       [](const HotLoop &a, const HotLoop &b) { return a.percent < b.percent; });
  if (hottest != hot.loops.end())
    hottest->hottest = true;

  for (const profile::Profile &profile : analysis.profiles)
    hot.memory_tracked = hot.memory_tracked || (profile.heap.present && profile.heap.tracked());
  if (hot.memory_tracked && analysis.memory) {
    for (const analysis::MemoryPlaceStats &place : analysis.memory->places) {
      // A place that is not a line of the program's own (an allocation by library code with
      // no call of the program's below it) is still inside its loop: it is advised at the loop.
      if (place.place.source == analysis::PlaceSource::None || place.loop.empty())
        continue;
      for (const HotLoop &loop : hot.loops)
        if (loop.label() == place.loop) {
          bool line = place.place.source == analysis::PlaceSource::Line;
          std::string file = line ? place.place.file : loop.file;
          uint32_t at = line ? place.place.line : 0;
          // One per line of the loop: a line's own allocations and those of the library
          // calls it makes are added together.
          auto same = std::find_if(hot.allocations.begin(), hot.allocations.end(),
                                   [&](const LoopAllocation &a) {
                                     return a.loop == &loop && a.file == file && a.line == at;
                                   });
          LoopAllocation &allocation =
              same != hot.allocations.end() ? *same : hot.allocations.emplace_back();
          allocation.file = file;
          allocation.line = at;
          allocation.function = place.place.function;
          allocation.loop = &loop;
          allocation.allocations += place.loop_allocations;
          allocation.bytes += place.loop_bytes;
          if (line && !place.place.via.empty()) {
            allocation.via = place.place.via;
            allocation.via_allocations += place.loop_allocations;
          }
          break;
        }
    }
  }

  // The translation units to parse: the modules that hold a hot function or a hot loop.
  for (size_t p = 0; p < analysis.profiles.size(); ++p) {
    const profile::Profile &profile = analysis.profiles[p];
    for (uint32_t s = 0; s < profile.sites.size(); ++s) {
      const profile::Site &site = profile.sites[s];
      bool wanted = false;
      if (site.kind == HOTLINE_SITE_FUNCTION)
        wanted = hot_ids.count(analysis.catalog->function_of(p, s)) != 0;
      else if (site.kind == HOTLINE_SITE_LOOP)
        for (const HotLoop &loop : hot.loops)
          wanted = wanted || (loop.line == site.line && loop.column == site.column &&
                              loop.file == analysis::normal_path(site.file));
      if (wanted && site.module < profile.modules.size() &&
          !profile.modules[site.module].source_file.empty())
        hot.source_files.insert(profile.modules[site.module].source_file);
    }
  }
  return hot;
}

} // namespace hotline::advise
