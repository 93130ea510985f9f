// Chooses the count-only= and skip= lines of `hotline filter` from the
// per-function table.
#include "analysis/filter_selection.h"

#include "analysis/functions.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>

namespace hotline::analysis {

namespace {

// What the profiles say about one function (one identity of the catalog).
struct Evidence {
  const FunctionStats *stats = nullptr; // null: registered, never entered
  uint64_t timing_cost_ps = 0;          // caller_ps for each of its timed calls
  uint64_t costed_calls = 0;            // the calls timing_cost_ps is summed over
  uint64_t loop_iterations = 0;         // line mode: all its loops, all entries
};

bool ran(const Evidence &e) { return e.stats != nullptr; }

// Per timed call: its time plus what timing it cost (FilterEntry::mean_ns).
double mean_ns(uint64_t total_ns, uint64_t timing_cost_ps, uint64_t timed_calls) {
  return (double(total_ns) + double(timing_cost_ps) / 1000.0) / double(timed_calls);
}

// The mean below which a function's calls are too short to time (FilterThresholds::min_call_ns).
double line_ns(const Evidence &e, const FilterThresholds &thresholds) {
  if (thresholds.min_call_ns)
    return double(*thresholds.min_call_ns);
  if (e.costed_calls == 0)
    return double(kUnmeasuredMinCallNs);
  double caller_ps = double(e.timing_cost_ps) / double(e.costed_calls);
  return HOTLINE_STOP_TIMING_COST_TIMES * caller_ps / 1000.0;
}

// Whether a function that ran may be counted only, calls aside: its timed calls were too
// short, and no loop of it did most of the work.
bool too_short_to_time(const Evidence &e, const FilterThresholds &thresholds) {
  const FunctionStats &s = *e.stats;
  if (s.timed_calls == 0)
    return false; // never timed (inlined, or too small): nothing to take away
  bool hot_loop = e.loop_iterations > 0 && e.loop_iterations >= s.calls;
  bool too_short = s.timing_stopped ||
                   mean_ns(s.total_ns, e.timing_cost_ps, s.timed_calls) < line_ns(e, thresholds);
  return too_short && !hot_loop;
}

// Whether the plugin's count-only=/skip= accept the name: they refuse blanks and
// '(' (a demangled name by mistake), and a filter file is one option a line.
bool nameable(const std::string &linkage_name) {
  return !linkage_name.empty() &&
         std::none_of(linkage_name.begin(), linkage_name.end(),
                      [](char c) { return c == '(' || (unsigned char)c <= ' ' || c == 0x7f; });
}

} // namespace

std::vector<FilterEntry> select_filter(const std::vector<profile::Profile> &profiles,
                                       const FilterThresholds &thresholds) {
  FunctionCatalog catalog(profiles);
  FunctionTable table = compute_function_table(profiles, catalog);
  std::vector<Evidence> evidence(catalog.functions().size());
  for (const FunctionStats &stats : table.functions)
    evidence[stats.id].stats = &stats;
  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    // The compensated times lack the cost of timing; a timed call costs the
    // program its work plus that.
    if (profile.timing_cost.measured)
      for (const profile::CallNode &node : profile.nodes)
        if (profile.sites[node.site].kind == HOTLINE_SITE_FUNCTION) {
          Evidence &e = evidence[catalog.function_of(p, node.site)];
          e.timing_cost_ps += node.calls * profile.timing_cost.caller_ps;
          e.costed_calls += node.calls;
        }
    for (uint32_t site = 0; site < profile.sites.size(); ++site)
      if (profile.sites[site].kind == HOTLINE_SITE_LOOP_ITERATIONS)
        evidence[catalog.function_of(p, site)].loop_iterations += profile.site_counts[site];
  }

  // The plugin matches linkage names only, so functions sharing one are
  // decided together.
  std::map<std::string, std::vector<FunctionId>> by_linkage_name;
  for (FunctionId id = 0; id < catalog.functions().size(); ++id)
    by_linkage_name[catalog.function(id).linkage_name].push_back(id);

  std::vector<FilterEntry> count_only, skip;
  for (const auto &[linkage_name, ids] : by_linkage_name) {
    if (linkage_name == "main" || !nameable(linkage_name))
      continue;
    const FunctionIdentity &first = catalog.function(ids.front());
    FilterEntry entry;
    entry.linkage_name = linkage_name;
    entry.name = first.name;
    entry.file = first.file;
    entry.line = first.line;
    entry.functions = ids.size();
    uint64_t total_ns = 0, timing_cost_ps = 0;
    bool any_ran = false, all_too_short = true;
    for (FunctionId id : ids) {
      const Evidence &e = evidence[id];
      if (!ran(e))
        continue;
      any_ran = true;
      all_too_short &= too_short_to_time(e, thresholds);
      entry.calls += e.stats->calls;
      entry.timed_calls += e.stats->timed_calls;
      entry.timing_stopped |= e.stats->timing_stopped;
      total_ns += e.stats->total_ns;
      timing_cost_ps += e.timing_cost_ps;
    }
    if (!any_ran) {
      if (!thresholds.keep_unrun) {
        entry.action = FilterAction::Skip;
        skip.push_back(std::move(entry));
      }
      continue;
    }
    if (all_too_short && entry.calls >= thresholds.min_calls) {
      entry.action = FilterAction::CountOnly;
      entry.mean_ns = mean_ns(total_ns, timing_cost_ps, entry.timed_calls);
      count_only.push_back(std::move(entry));
    }
  }
  // by_linkage_name is ordered: both lists are sorted by linkage name.
  count_only.insert(count_only.end(), std::make_move_iterator(skip.begin()),
                    std::make_move_iterator(skip.end()));
  return count_only;
}

} // namespace hotline::analysis
