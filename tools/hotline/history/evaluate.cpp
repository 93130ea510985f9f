// Change points across a history's measures, and the CI gate.
#include "history/evaluate.h"

#include "history/measures.h"

#include <algorithm>
#include <cmath>

namespace hotline::history {

namespace {

double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double median_wall(const MeasureSet &measures) {
  auto kind = measures.find("wall");
  if (kind == measures.end() || kind->second.empty())
    return 0;
  std::vector<double> values;
  for (const auto &[run, value] : kind->second.begin()->second)
    values.push_back(value);
  return median(values);
}

bool is_time(const std::string &kind) {
  const MeasureKind *known = find_measure_kind(kind);
  return known && known->unit == Unit::Nanoseconds;
}

bool is_gated(const std::string &kind) {
  const MeasureKind *known = find_measure_kind(kind);
  return known && known->gated;
}

} // namespace

std::vector<std::string> names_matching(const std::map<std::string, Series> &names,
                                        const std::string &wanted) {
  if (names.count(wanted))
    return {wanted};
  std::vector<std::string> containing;
  for (const auto &[name, series] : names)
    if (name.find(wanted) != std::string::npos)
      containing.push_back(name);
  return containing;
}

RunSeries series_in_order(const std::vector<Run> &runs, const Series &series) {
  RunSeries ordered;
  for (const Run &run : runs) {
    auto value = series.find(run.id);
    if (value == series.end())
      continue;
    ordered.runs.push_back(run.id);
    ordered.values.push_back(value->second);
  }
  return ordered;
}

std::vector<MeasureChange> changes_of(const std::string &kind, const std::string &name,
                                      const std::vector<Run> &runs, const Series &series,
                                      const ChangePointOptions &options) {
  RunSeries ordered = series_in_order(runs, series);
  std::vector<MeasureChange> changes;
  for (const ChangePoint &point : find_change_points(ordered.values, options))
    changes.push_back({kind, name, ordered.runs[point.index], point.index, point});
  return changes;
}

std::vector<MeasureChange> all_changes(const std::vector<Run> &runs, const MeasureSet &measures,
                                       const std::vector<std::string> &kinds,
                                       const ScanOptions &options) {
  double floor_ns = median_wall(measures) * options.floor_percent / 100;
  std::vector<MeasureChange> changes;
  for (const auto &[kind, names] : measures) {
    if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
      continue;
    for (const auto &[name, series] : names) {
      if (is_time(kind) && kind != "wall") {
        std::vector<double> values;
        for (const auto &[run, value] : series)
          values.push_back(value);
        if (median(values) < floor_ns)
          continue;
      }
      for (MeasureChange &change : changes_of(kind, name, runs, series, options.change_points))
        changes.push_back(std::move(change));
    }
  }
  std::map<int64_t, size_t> order;
  for (size_t i = 0; i < runs.size(); ++i)
    order[runs[i].id] = i;
  std::stable_sort(changes.begin(), changes.end(),
                   [&](const MeasureChange &a, const MeasureChange &b) {
                     if (a.run != b.run)
                       return order[a.run] < order[b.run];
                     return std::fabs(a.change.change) > std::fabs(b.change.change);
                   });
  return changes;
}

std::vector<Moved> moved_with(const std::vector<MeasureChange> &series_changes, size_t which,
                              const std::vector<Run> &runs, const MeasureSet &measures,
                              double floor_percent, double significance) {
  const MeasureChange &change = series_changes[which];
  // The two sides, as positions in `runs`.
  auto position = [&](int64_t run) {
    for (size_t i = 0; i < runs.size(); ++i)
      if (runs[i].id == run)
        return i;
    return runs.size();
  };
  size_t first = which > 0 ? position(series_changes[which - 1].run) : 0;
  size_t middle = position(change.run);
  size_t last =
      which + 1 < series_changes.size() ? position(series_changes[which + 1].run) : runs.size();
  double floor_ns = median_wall(measures) * floor_percent / 100;
  std::vector<Moved> moved;
  for (const auto &[kind, names] : measures) {
    if (!is_gated(kind))
      continue;
    for (const auto &[name, series] : names) {
      if (kind == change.kind && name == change.name)
        continue;
      std::vector<double> before, after;
      for (size_t i = first; i < last; ++i) {
        auto value = series.find(runs[i].id);
        if (value != series.end())
          (i < middle ? before : after).push_back(value->second);
      }
      if (before.size() < 2 || after.empty())
        continue;
      Comparison comparison = compare_runs(before, after);
      if (comparison.p_value > significance ||
          (is_time(kind) &&
           std::fabs(comparison.current_median - comparison.baseline_median) < floor_ns))
        continue;
      moved.push_back({kind, name, comparison});
    }
  }
  std::stable_sort(moved.begin(), moved.end(), [](const Moved &a, const Moved &b) {
    return std::fabs(a.comparison.current_median - a.comparison.baseline_median) >
           std::fabs(b.comparison.current_median - b.comparison.baseline_median);
  });
  return moved;
}

bool GateResult::failed() const {
  for (const GateItem &item : moved)
    if (item.regression)
      return true;
  return false;
}

GateResult
check_runs(const MeasureSet &baseline, size_t baseline_runs,
           const std::map<std::string, std::map<std::string, std::vector<double>>> &current,
           size_t current_runs, const GateOptions &options) {
  GateResult result;
  result.baseline_runs = baseline_runs;
  result.current_runs = current_runs;
  double floor_ns = median_wall(baseline) * options.floor_percent / 100;
  for (const auto &[kind, names] : current) {
    bool asked = options.kinds.empty() ? is_gated(kind)
                                       : std::find(options.kinds.begin(), options.kinds.end(),
                                                   kind) != options.kinds.end();
    auto base_kind = baseline.find(kind);
    if (!asked || base_kind == baseline.end())
      continue;
    for (const auto &[name, values] : names) {
      auto base_series = base_kind->second.find(name);
      if (base_series == base_kind->second.end())
        continue; // new in these runs: nothing to compare with
      std::vector<double> base_values;
      for (const auto &[run, value] : base_series->second)
        base_values.push_back(value);
      // A measure the current runs have but some baseline runs lack (a function that ran in
      // some runs only) is judged over the runs that have it.
      if (is_time(kind) && kind != "wall" &&
          std::max(median(base_values), median(values)) < floor_ns)
        continue;
      GateItem item{kind, name, compare_runs(base_values, values), false, false};
      ++result.judged;
      // A time that moved by less than the floor does not matter to the run, however
      // significant (a write to /dev/null that took 0.2 ms longer).
      double moved_by = std::fabs(item.comparison.current_median - item.comparison.baseline_median);
      item.significant = item.comparison.p_value <= options.significance &&
                         (!is_time(kind) || moved_by >= floor_ns);
      item.regression =
          item.significant && item.comparison.change * 100 > options.fail_above_percent;
      if (item.significant)
        result.moved.push_back(std::move(item));
    }
  }
  std::stable_sort(result.moved.begin(), result.moved.end(),
                   [](const GateItem &a, const GateItem &b) {
                     if (a.regression != b.regression)
                       return a.regression;
                     return a.comparison.change > b.comparison.change;
                   });
  return result;
}

} // namespace hotline::history
