// Ranking functions, loops, lines, regions and kernels together by their share.
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
    return "region";
  case BottleneckKind::Kernel:
    break;
  }
  return "kernel";
}

std::vector<Bottleneck> compute_bottlenecks(const FunctionTable &functions,
                                            const std::vector<LoopStats> &loops,
                                            const LineTable &lines, const RegionTable &regions,
                                            double min_percent, size_t limit,
                                            const GpuTable *gpu) {
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
  const std::vector<KernelStats> no_kernels;
  for (const KernelStats &kernel : gpu ? gpu->kernels : no_kernels) {
    double percent =
        regions.wall_ns ? 100.0 * double(kernel.gpu_ns) / double(regions.wall_ns) : 0;
    if (percent < min_percent)
      continue;
    const RecordPlace &site = kernel.site.place;
    bool placed = kernel.site.known && site.source != PlaceSource::None;
    std::string location = placed ? fmt::format("{}:{}", site.file, site.line) : "";
    std::string from = !kernel.site.known ? "unknown launch site"
                       : site.function.empty() ? "outside timed calls"
                                                : "from " + site.function;
    items.push_back({BottleneckKind::Kernel, kernel.name, location, kernel.gpu_ns, percent,
                     "wall time", fmt::format("{} launches, {}", kernel.launches, from)});
  }
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
