// Ranking functions, loops, lines, regions and kernels together by their share.
#include "analysis/bottlenecks.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

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

namespace {

// Whether two items took the same time: the smaller is at least kSameTime of the larger.
constexpr double kSameTime = 0.9;
bool same_time(uint64_t a, uint64_t b) {
  return double(std::min(a, b)) >= kSameTime * double(std::max(a, b));
}

// One cause, one item: a loop that took the same time as the loop around it, or as the self
// time of its function, is what they were busy with; they leave the list and are named in its
// detail instead (nested loops and their function were the same 606 ms three times).
void merge_same_time(std::vector<Bottleneck> &items, const std::vector<LoopStats> &loops) {
  std::map<std::string, std::string> parent_of; // a loop's location -> its enclosing loop's
  for (const LoopStats &loop : loops)
    parent_of[fmt::format("{}:{}", loop.file, loop.line)] = loop.parent;
  std::map<std::string, size_t> loop_item, function_item;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind == BottleneckKind::Loop)
      loop_item[items[i].location] = i;
    else if (items[i].kind == BottleneckKind::Function)
      function_item[items[i].name] = i;
  }
  std::vector<bool> merged(items.size(), false);
  // Innermost loops first: a loop that other loops of the list are inside.
  std::vector<size_t> order;
  for (const auto &[location, i] : loop_item)
    order.push_back(i);
  auto depth = [&](size_t i) {
    size_t d = 0;
    for (std::string at = parent_of[items[i].location]; !at.empty(); at = parent_of[at])
      ++d;
    return d;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return depth(a) > depth(b); });
  for (size_t i : order) {
    if (merged[i])
      continue;
    Bottleneck &loop = items[i];
    std::vector<std::string> same;
    for (std::string at = parent_of[loop.location]; !at.empty(); at = parent_of[at]) {
      auto outer = loop_item.find(at);
      if (outer == loop_item.end() || merged[outer->second] ||
          !same_time(loop.time_ns, items[outer->second].time_ns))
        break;
      merged[outer->second] = true;
      same.push_back("the loop around it at " + at);
    }
    auto function = function_item.find(loop.name);
    if (function != function_item.end() && !merged[function->second] &&
        same_time(loop.time_ns, items[function->second].time_ns)) {
      merged[function->second] = true;
      same.push_back("the self time of " + loop.name);
    }
    if (!same.empty())
      loop.detail += fmt::format("{}the same time as {}", loop.detail.empty() ? "" : "; ",
                                 fmt::join(same, " and "));
  }
  std::vector<Bottleneck> kept;
  for (size_t i = 0; i < items.size(); ++i)
    if (!merged[i])
      kept.push_back(std::move(items[i]));
  items = std::move(kept);
}

} // namespace

std::vector<Bottleneck> compute_bottlenecks(const FunctionTable &functions,
                                            const std::vector<LoopStats> &loops,
                                            const LineTable &lines, const RegionTable &regions,
                                            double min_percent, size_t limit, const GpuTable *gpu) {
  std::vector<Bottleneck> items;
  for (const FunctionStats &f : functions.functions)
    if (f.timed && f.self_percent >= min_percent)
      items.push_back({BottleneckKind::Function, f.function.name,
                       f.function.line ? fmt::format("{}:{}", f.function.file, f.function.line)
                                       : f.function.file,
                       f.self_ns, f.self_percent, "measured time", "self time"});
  for (const LoopStats &loop : loops) {
    if (loop.time_percent() >= min_percent)
      items.push_back({BottleneckKind::Loop, loop.function,
                       fmt::format("{}:{}", loop.file, loop.line), loop.time_ns(),
                       loop.time_percent(), loop.timed_entries > 0 ? "measured time" : "samples",
                       loop.facts});
  }
  for (const LineStats &line : lines.lines)
    if (line.percent >= min_percent)
      items.push_back({BottleneckKind::Line, line.function,
                       fmt::format("{}:{}", line.file, line.line), line.time_ns, line.percent,
                       "samples",
                       line.counted ? fmt::format("executed {} times", line.count) : ""});
  for (const RegionStats &region : regions.regions)
    if (region.wall_percent >= min_percent)
      items.push_back({BottleneckKind::Region, region.path, "", region.inclusive_ns,
                       region.wall_percent, "wall time", category_name(region.category)});
  const std::vector<KernelStats> no_kernels;
  for (const KernelStats &kernel : gpu ? gpu->kernels : no_kernels) {
    double percent = regions.wall_ns ? 100.0 * double(kernel.gpu_ns) / double(regions.wall_ns) : 0;
    if (percent < min_percent)
      continue;
    const RecordPlace &site = kernel.site.place;
    bool placed = kernel.site.known && site.source != PlaceSource::None;
    std::string location = placed ? fmt::format("{}:{}", site.file, site.line) : "";
    std::string from = !kernel.site.known      ? "unknown launch site"
                       : site.function.empty() ? "outside timed calls"
                                               : "from " + site.function;
    items.push_back({BottleneckKind::Kernel, kernel.name, location, kernel.gpu_ns, percent,
                     "wall time", fmt::format("{} launches, {}", kernel.launches, from)});
  }
  merge_same_time(items, loops);
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
