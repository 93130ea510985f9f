// Joins line and loop sites, their counters, the loops' call nodes and the
// symbolized samples into the line and loop tables.
#include "analysis/lines.h"
#include "analysis/record_place.h"

#include "analysis/functions.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace hotline::analysis {

using profile::Profile;

namespace {

using LineKey = std::pair<std::string, uint32_t>; // file, line

std::string loop_label(const profile::Site &loop) {
  return fmt::format("{}:{}", normal_path(loop.file), loop.line);
}

} // namespace

LineTable compute_line_table(const std::vector<Profile> &profiles, Symbolizer &symbolizer) {
  LineTable table;
  std::map<LineKey, LineStats> lines;
  auto line_at = [&](const std::string &file, uint32_t line) -> LineStats & {
    LineStats &stats = lines[{file, line}];
    stats.file = file;
    stats.line = line;
    return stats;
  };

  for (const Profile &profile : profiles) {
    // A line's count in one copy of a function is its busiest block's; copies
    // (other translation units, other processes) add up.
    std::map<std::tuple<uint32_t, std::string, uint32_t>, uint32_t> busiest;
    for (uint32_t s = 0; s < profile.sites.size(); ++s) {
      const profile::Site &site = profile.sites[s];
      if (site.kind != HOTLINE_SITE_LINE)
        continue;
      auto key = std::make_tuple(site.function, normal_path(site.file), site.line);
      auto [it, inserted] = busiest.emplace(key, s);
      if (!inserted && profile.site_counts[site.counter] >
                           profile.site_counts[profile.sites[it->second].counter])
        it->second = s;
    }
    for (const auto &[key, s] : busiest) {
      const profile::Site &site = profile.sites[s];
      LineStats &stats = line_at(std::get<1>(key), std::get<2>(key));
      stats.counted = true;
      stats.count += profile.site_counts[site.counter];
      if (stats.function.empty() || stats.function_line == 0) {
        stats.function = profile.sites[site.function].name;
        stats.function_line = profile.sites[site.function].line;
      }
      if (stats.loop.empty() && site.loop != profile::kNoSite)
        stats.loop = loop_label(profile.sites[site.loop]);
    }

    if (!profile.sampling.present)
      continue;
    if (!table.sampled) {
      table.sampled = true;
      table.period_ns = profile.sampling.period_ns;
      table.method = profile.sampling.method;
    }
    table.dropped += profile.sampling.dropped;
    // Objects are opened only when samples fell in them (not the vdso, say).
    enum class Readable { Unknown, Yes, No };
    std::vector<Readable> readable(profile.objects.size(), Readable::Unknown);
    auto can_read = [&](uint32_t o) {
      if (readable[o] == Readable::Unknown) {
        const std::string &path = profile.objects[o].path;
        readable[o] =
            symbolizer.readable(path, profile.objects[o].build_id) ? Readable::Yes : Readable::No;
        if (readable[o] == Readable::No &&
            std::find(table.unreadable_objects.begin(), table.unreadable_objects.end(), path) ==
                table.unreadable_objects.end())
          table.unreadable_objects.push_back(path);
      }
      return readable[o] == Readable::Yes;
    };
    table.samples += profile.profiler_samples;
    table.profiler += profile.profiler_samples;
    for (const profile::Sample &sample : profile.samples) {
      table.samples += sample.count;
      if (made_by_profiler(profile, sample.object)) {
        table.profiler += sample.count;
        continue;
      }
      if (sample.object == profile::kNoObject || !can_read(sample.object)) {
        table.unplaced += sample.count;
        continue;
      }
      SourcePlace place = symbolizer.place(profile.objects[sample.object].path, sample.address);
      if (!place.known) {
        table.unplaced += sample.count;
        continue;
      }
      LineStats &stats = line_at(place.file, place.line);
      stats.samples += sample.count;
      stats.time_ns += sample.count * profile.sampling.period_ns;
      if (stats.function.empty())
        stats.function = place.function;
    }
  }

  for (auto &[key, stats] : lines) {
    stats.percent =
        table.samples == 0 ? 0.0 : 100.0 * double(stats.samples) / double(table.samples);
    table.lines.push_back(std::move(stats));
  }
  std::sort(table.lines.begin(), table.lines.end(), [](const LineStats &a, const LineStats &b) {
    if (a.samples != b.samples)
      return a.samples > b.samples;
    if (a.count != b.count)
      return a.count > b.count;
    return std::tie(a.file, a.line) < std::tie(b.file, b.line);
  });
  return table;
}

std::vector<LoopStats> compute_loop_table(const std::vector<Profile> &profiles,
                                          const LineTable *lines) {
  using LoopKey = std::tuple<std::string, uint32_t, uint32_t, std::string>;
  std::map<LoopKey, LoopStats> loops;
  std::map<const LoopStats *, std::vector<profile::HistogramRange>> entry_durations;
  for (const Profile &profile : profiles) {
    std::vector<LoopStats *> of_site(profile.sites.size(), nullptr);
    for (uint32_t s = 0; s < profile.sites.size(); ++s) {
      const profile::Site &site = profile.sites[s];
      if (site.kind != HOTLINE_SITE_LOOP)
        continue;
      std::string function = profile.sites[site.function].name;
      LoopStats &stats = loops[{normal_path(site.file), site.line, site.column, function}];
      stats.file = normal_path(site.file);
      stats.line = site.line;
      stats.column = site.column;
      stats.function = function;
      if (site.loop != profile::kNoSite && profile.sites[site.loop].kind == HOTLINE_SITE_LOOP)
        stats.parent = fmt::format("{}:{}", normal_path(profile.sites[site.loop].file),
                                   profile.sites[site.loop].line);
      if (stats.facts.empty())
        stats.facts = site.facts;
      stats.entries += profile.site_counts[s];
      of_site[s] = &stats;
    }
    for (uint32_t s = 0; s < profile.sites.size(); ++s) {
      const profile::Site &site = profile.sites[s];
      if (site.loop == profile::kNoSite || !of_site[site.loop])
        continue;
      LoopStats &stats = *of_site[site.loop];
      uint64_t count = profile.site_counts[s];
      if (site.kind == HOTLINE_SITE_LOOP_ITERATIONS)
        stats.iterations += count;
      else if (site.kind == HOTLINE_SITE_LOOP_MAX_TRIPS)
        stats.max_trips = std::max(stats.max_trips, count);
      // A loop's work is its own blocks' and its inner loops'.
      for (uint32_t up = site.loop; up != profile::kNoSite && of_site[up];
           up = profile.sites[up].loop) {
        if (site.kind == HOTLINE_SITE_LOOP_FLOPS32)
          of_site[up]->flops32 += count;
        else if (site.kind == HOTLINE_SITE_LOOP_FLOPS64)
          of_site[up]->flops64 += count;
        else if (site.kind == HOTLINE_SITE_LOOP_BYTES)
          of_site[up]->bytes += count;
        else if (site.kind == HOTLINE_SITE_LOOP_CALLS)
          of_site[up]->calls += count;
      }
    }
    for (uint32_t s : profile.timing_stopped_sites)
      if (of_site[s])
        of_site[s]->timing_stopped = true;
    for (const profile::HistogramRange &range : profile.call_histograms)
      if (LoopStats *stats = of_site[profile.nodes[range.index].site])
        entry_durations[stats].push_back(range);
    // A loop's time is that of its outermost nodes: a node inside another node
    // of the same loop (recursion) is already part of that one's time.
    for (size_t i = 0; i < profile.nodes.size(); ++i) {
      const profile::CallNode &node = profile.nodes[i];
      LoopStats *stats = of_site[node.site];
      if (!stats)
        continue;
      stats->timed_entries += node.calls - node.estimated_calls;
      stats->window_entries += node.window_calls;
      bool nested = false;
      for (uint32_t up = node.parent; up != profile::kNoParent && !nested;
           up = profile.nodes[up].parent)
        nested = of_site[profile.nodes[up].site] == stats;
      if (!nested) {
        stats->inclusive_ns += node.inclusive_ns;
        stats->estimated_ns += node.estimated_ns;
      }
    }
  }
  uint64_t measured = measured_ns(profiles);
  std::vector<LoopStats> table;
  for (auto &[key, stats] : loops) {
    stats.percent = measured == 0 ? 0.0 : 100.0 * double(stats.inclusive_ns) / double(measured);
    if (auto ranges = entry_durations.find(&stats); ranges != entry_durations.end())
      stats.durations = duration_stats(std::move(ranges->second));
    if (lines && stats.timed_entries == 0) {
      std::string label = fmt::format("{}:{}", stats.file, stats.line);
      for (const LineStats &line : lines->lines)
        if (line.loop == label) {
          stats.sampled_ns += line.time_ns;
          stats.sampled_percent += line.percent;
        }
    }
    table.push_back(std::move(stats));
  }
  std::sort(table.begin(), table.end(), [](const LoopStats &a, const LoopStats &b) {
    if (a.time_ns() != b.time_ns())
      return a.time_ns() > b.time_ns();
    if (a.iterations != b.iterations)
      return a.iterations > b.iterations;
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  return table;
}

} // namespace hotline::analysis
