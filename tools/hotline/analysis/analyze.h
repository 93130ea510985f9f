// The whole analysis of a set of profiles, computed once and in one order: what `hotline
// report` (text, Markdown, JSON), `hotline html`, `hotline export --format json` and
// hotline-advise show. Each command only chooses what to print of it.
#pragma once

#include "analysis/bottlenecks.h"
#include "analysis/call_tree.h"
#include "analysis/durations.h"
#include "analysis/functions.h"
#include "analysis/gpu.h"
#include "analysis/io.h"
#include "analysis/lines.h"
#include "analysis/memory.h"
#include "analysis/mpi.h"
#include "analysis/ranks.h"
#include "analysis/regions.h"
#include "analysis/sync.h"
#include "analysis/system.h"
#include "analysis/timing_cost.h"
#include "profile/reader.h"
#include "rules/rules.h"

#include <memory>
#include <optional>
#include <vector>

namespace hotline::analysis {

struct AnalysisOptions {
  bool compensate = true;       // subtract the measured cost of timing from call times
  double threshold_percent = 5; // the share of the time a bottleneck or finding must take
  size_t bottleneck_rows = 10;  // 0: all
  size_t idle_gaps = 3;         // each GPU's longest idle gaps kept (0: all)
  bool call_tree = false;       // also merge the call tree (html)
};

// The profiles and everything computed from them. Tables of what the profiles did not record
// are absent: no memory table without a HEAP section, no ranks unless the profiles are the
// ranks of a job.
struct Analysis {
  std::vector<profile::Profile> profiles;
  TimingCostSummary timing_cost;
  std::unique_ptr<FunctionCatalog> catalog; // the functions' identities, by profile and site
  FunctionTable functions;                  // in compute_function_table's order
  std::optional<DurationTable> durations;   // when a profile kept histograms
  std::optional<CallTree> tree;             // with AnalysisOptions::call_tree
  LineTable lines;
  std::vector<LoopStats> loops;
  RegionTable regions;
  std::optional<MemoryTable> memory;
  std::optional<IoTable> io;
  std::optional<SystemTable> system;
  std::optional<SyncTable> sync;
  std::optional<GpuTable> gpu;
  std::optional<MpiTable> mpi;
  std::optional<RankTable> ranks;
  double threshold_percent = 0;
  std::vector<Bottleneck> bottlenecks;
  std::vector<rules::Finding> findings;
};

Analysis analyze(std::vector<profile::Profile> profiles, const AnalysisOptions &options);

} // namespace hotline::analysis
