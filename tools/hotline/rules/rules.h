// The report's rule engine: each rule (one per file in this folder) looks at
// what the analysis computed and, when its condition holds, says what it found,
// with the numbers and source places that triggered it and what to change.
// docs/report-rules.md lists every rule and its thresholds.
#pragma once

#include "analysis/functions.h"
#include "analysis/gpu.h"
#include "analysis/io.h"
#include "analysis/lines.h"
#include "analysis/memory.h"
#include "analysis/ranks.h"
#include "analysis/regions.h"
#include "analysis/sync.h"
#include "profile/reader.h"

#include <optional>
#include <string>
#include <vector>

namespace hotline::rules {

// Everything the rules may look at, computed once by the report.
struct ReportData {
  const std::vector<profile::Profile> *profiles = nullptr;
  const analysis::FunctionTable *functions = nullptr;
  const std::vector<analysis::LoopStats> *loops = nullptr;
  const analysis::RegionTable *regions = nullptr;
  const analysis::MemoryTable *memory = nullptr; // null: no HEAP section
  const analysis::IoTable *io = nullptr;         // null: no I/O recorded
  const analysis::SyncTable *sync = nullptr;     // null: no wait recorded
  const analysis::GpuTable *gpu = nullptr;       // null: no CUDA section
  const analysis::RankTable *ranks = nullptr;    // null: not the ranks of a job
};

// What "hot" means: the share of the measured time (or, for regions and
// categories, of the thread time) a loop, function or line must take to count.
struct Thresholds {
  double hot_percent = 5;
};

struct Finding {
  std::string rule;                  // the rule's id
  std::string location;              // "file:line", or "" when the finding is about the whole run
  std::string finding;               // one sentence: what is wrong
  std::vector<std::string> evidence; // the numbers behind it
  std::string suggestion;            // what to change
  double impact_percent = 0;         // the share of time (or of the heap) at stake, for ranking
};

struct Rule {
  const char *id;
  // What it is about: "code", "heap", "I/O", "waits", "GPU" or "ranks". Findings of rules
  // about one thing at one place are one finding (run_rules).
  const char *about;
  const char *summary; // one line, for the docs and `hotline report --rules`
  void (*check)(const ReportData &data, const Thresholds &thresholds,
                std::vector<Finding> &findings);
};

// Every rule, in the order docs/report-rules.md lists them.
const std::vector<Rule> &all_rules();

// The findings of every rule, the largest impact first; where rules about the same thing
// fire at the same place, the larger finding holds the others as evidence.
std::vector<Finding> run_rules(const ReportData &data, const Thresholds &thresholds);

// The rules, each defined in its own file.
void check_loop_not_vectorized(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_allocation_in_hot_loop(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_short_lived_temporaries(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_leak(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_small_reads(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_main_thread_blocked_on_io(const ReportData &, const Thresholds &,
                                     std::vector<Finding> &);
void check_loading_dominates(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_tiny_hot_function(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_synchronization_time(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_pageable_transfers(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_tiny_kernels(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_gpu_idle(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_io_while_gpu_idle(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_io_while_workers_wait(const ReportData &, const Thresholds &, std::vector<Finding> &);
void check_rank_imbalance(const ReportData &, const Thresholds &, std::vector<Finding> &);

} // namespace hotline::rules
