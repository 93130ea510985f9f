// The list of rules and the engine that runs them.
#include "rules/rules.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline::rules {

const std::vector<Rule> &all_rules() {
  static const std::vector<Rule> rules = {
      {"loop-not-vectorized", "code",
       "a hot loop that the compiler did not vectorize, with its reason",
       check_loop_not_vectorized},
      {"allocation-in-hot-loop", "heap",
       "heap allocations inside a loop that takes much of the time", check_allocation_in_hot_loop},
      {"short-lived-temporaries", "heap",
       "many blocks freed before the call that allocated them returns",
       check_short_lived_temporaries},
      {"leak", "heap", "heap blocks still allocated when the program ended", check_leak},
      {"small-reads", "I/O", "input read in many small chunks", check_small_reads},
      {"main-thread-blocked-on-io", "I/O", "the main thread waits on I/O for much of its time",
       check_main_thread_blocked_on_io},
      {"loading-dominates", "I/O",
       "data loading and preprocessing take much of the main thread's time",
       check_loading_dominates},
      {"tiny-hot-function", "code", "a function called very often whose calls are very short",
       check_tiny_hot_function},
      {"synchronization-time", "waits",
       "threads wait on locks, conditions or joins for much of their time",
       check_synchronization_time},
      {"pageable-transfers", "GPU", "copies between host and GPU from or to pageable host memory",
       check_pageable_transfers},
      {"tiny-kernels", "GPU", "a GPU kernel launched very often whose runs are very short",
       check_tiny_kernels},
      {"gpu-idle", "GPU", "the GPU idles for much of the time between its first and last work",
       check_gpu_idle},
      {"io-while-gpu-idle", "I/O",
       "the GPU idles while the main thread is blocked in I/O (trace mode)",
       check_io_while_gpu_idle},
      {"io-while-workers-wait", "I/O",
       "other threads wait while the main thread is blocked in I/O (trace mode)",
       check_io_while_workers_wait},
      {"rank-imbalance", "ranks",
       "one rank of a job works much longer than the others, which wait for it",
       check_rank_imbalance},
  };
  return rules;
}

std::vector<Finding> run_rules(const ReportData &data, const Thresholds &thresholds) {
  std::vector<Finding> findings;
  for (const Rule &rule : all_rules())
    rule.check(data, thresholds, findings);
  // Largest impact first; equal impacts keep the rules' order.
  std::vector<size_t> order(findings.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (findings[a].impact_percent != findings[b].impact_percent)
      return findings[a].impact_percent > findings[b].impact_percent;
    return a < b;
  });
  // One finding per cause: a rule about the same thing (the heap, say) that fires at a place
  // a larger finding already names describes that cause from another side: its evidence.
  auto about = [](const Finding &finding) -> std::string_view {
    for (const Rule &rule : all_rules())
      if (finding.rule == rule.id)
        return rule.about;
    return "";
  };
  std::vector<Finding> sorted;
  for (size_t i : order) {
    Finding &finding = findings[i];
    auto same_place = std::find_if(sorted.begin(), sorted.end(), [&](const Finding &kept) {
      return !finding.location.empty() && kept.location == finding.location &&
             about(kept) == about(finding);
    });
    if (same_place == sorted.end()) {
      sorted.push_back(std::move(finding));
      continue;
    }
    std::string_view what = finding.finding;
    if (!what.empty() && what.back() == '.')
      what.remove_suffix(1);
    same_place->evidence.push_back(fmt::format("[{}] at the same place: {}; it suggests: {}",
                                               finding.rule, what, finding.suggestion));
  }
  return sorted;
}

} // namespace hotline::rules
