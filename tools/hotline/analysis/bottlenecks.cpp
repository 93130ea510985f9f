// Ranking functions, loops, lines and regions together by their share.
#include "analysis/bottlenecks.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline::analysis {

const char *bottleneck_kind_name(BottleneckKind kind) {
  switch (kind) {
  case BottleneckKind::Function:
    return "function";
  case BottleneckKind::Loop:
    return "loop";
  case BottleneckKind::Line:
    return "line";
  case BottleneckKind::Region:
    break;
  }
  return "region";
}

std::vector<Bottleneck> compute_bottlenecks(const FunctionTable &functions,
                                            const std::vector<LoopStats> &loops,
                                            const LineTable &lines, const RegionTable &regions,
                                            double min_percent, size_t limit) {
  std::vector<Bottleneck> items;
  for (const FunctionStats &f : functions.functions)
    if (f.timed && f.self_percent >= min_percent)
      items.push_back({BottleneckKind::Function, f.function.name,
                       f.function.line ? fmt::format("{}:{}", f.function.file, f.function.line)
                                       : f.function.file,
                       f.self_ns, f.self_percent, "measured time", "self time"});
  for (const LoopStats &loop : loops) {
    if (loop.time_percent() >= min_percent)
      items.push_back({BottleneckKind::Loop, loop.function, fmt::format("{}:{}", loop.file, loop.line),
                       loop.time_ns(), loop.time_percent(),
                       loop.timed_entries > 0 ? "measured time" : "samples", loop.facts});
  }
  for (const LineStats &line : lines.lines)
    if (line.percent >= min_percent)
      items.push_back({BottleneckKind::Line, line.function, fmt::format("{}:{}", line.file, line.line),
                       line.time_ns, line.percent, "samples",
                       line.counted ? fmt::format("executed {} times", line.count) : ""});
  for (const RegionStats &region : regions.regions)
    if (region.wall_percent >= min_percent)
      items.push_back({BottleneckKind::Region, region.path, "", region.inclusive_ns,
                       region.wall_percent, "wall time", category_name(region.category)});
  std::sort(items.begin(), items.end(), [](const Bottleneck &a, const Bottleneck &b) {
    if (a.percent != b.percent)
      return a.percent > b.percent;
    if (a.kind != b.kind)
      return a.kind < b.kind;
    return a.location + a.name < b.location + b.name;
  });
  if (limit != 0 && items.size() > limit)
    items.resize(limit);
  return items;
}

} // namespace hotline::analysis
