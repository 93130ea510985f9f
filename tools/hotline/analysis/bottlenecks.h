// The report's Bottlenecks: the functions, loops, lines, regions and GPU
// kernels that take at least a given share of the time, ranked together.
#pragma once

#include "analysis/functions.h"
#include "analysis/gpu.h"
#include "analysis/lines.h"
#include "analysis/regions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

enum class BottleneckKind { Function, Loop, Line, Region, Kernel };
const char *bottleneck_kind_name(BottleneckKind kind);

struct Bottleneck {
  BottleneckKind kind = BottleneckKind::Function;
  std::string name;     // function, enclosing function, region path, or kernel
  std::string location; // "file:line" (a kernel's main launch site), or "" for regions
  uint64_t time_ns = 0; // a kernel's: its GPU time
  double percent = 0;   // of `of`
  const char *of = "";  // "measured time" (functions, loops), "samples" (lines), "wall time"
                        // (regions, kernels)
  std::string detail;   // what else to know at a glance ("self time", the optimizer's account)
};

// Items at or above `min_percent`, largest share first; at most `limit` (0: all).
// `gpu` (null: no CUDA section) adds the kernels, by their GPU time's share of
// the processes' wall time.
std::vector<Bottleneck> compute_bottlenecks(const FunctionTable &functions,
                                            const std::vector<LoopStats> &loops,
                                            const LineTable &lines, const RegionTable &regions,
                                            double min_percent, size_t limit,
                                            const GpuTable *gpu = nullptr);

} // namespace hotline::analysis
