// What a history says: the change points of its measures across runs, what moved with a
// change, and the CI gate's verdict on new runs against a baseline's. Computed here, printed
// by commands/history.cpp.
#pragma once

#include "history/change_points.h"
#include "history/store.h"

#include <map>
#include <string>
#include <vector>

namespace hotline::history {

// Every measure of some runs: [kind][name] -> values by run id.
using MeasureSet = std::map<std::string, std::map<std::string, Series>>;

// One measure's values in the runs' order (runs without it are left out).
struct RunSeries {
  std::vector<int64_t> runs;
  std::vector<double> values;
};
RunSeries series_in_order(const std::vector<Run> &runs, const Series &series);

struct MeasureChange {
  std::string kind;
  std::string name;
  int64_t run = 0;     // the first run of the new level
  size_t position = 0; // its index among the runs the series has
  ChangePoint change;
};

// Which measures are scanned for changes: times below floor_percent of the runs' median wall
// time are noise around nothing, and left out.
struct ScanOptions {
  double floor_percent = 1;
  ChangePointOptions change_points;
};

std::vector<MeasureChange> changes_of(const std::string &kind, const std::string &name,
                                      const std::vector<Run> &runs, const Series &series,
                                      const ChangePointOptions &options);
// The change points of every measure (kinds empty) or of the given kinds, by run then by size.
std::vector<MeasureChange> all_changes(const std::vector<Run> &runs, const MeasureSet &measures,
                                       const std::vector<std::string> &kinds,
                                       const ScanOptions &options);
// The names of a kind that `wanted` names: itself alone when it is one, else those that
// contain it ("parse" for "parse(Buffer const&)"). One is the measure; several or none are an
// error the command words.
std::vector<std::string> names_matching(const std::map<std::string, Series> &names,
                                        const std::string &wanted);

// What moved with a change, as `history trend` and the page show it: the measures that differ
// across the change's split at this p-value, by more than this share of the median wall time.
constexpr double kMovedSignificance = 0.01;
constexpr double kMovedFloorPercent = 1;

// What moved with a change of (kind, name): the measures of the gated kinds (measures.h) whose
// runs on the two sides of the change (back to the series' previous change point, up to its
// next one) differ significantly, by more than floor_percent of the median wall time. Biggest
// move first.
struct Moved {
  std::string kind;
  std::string name;
  Comparison comparison; // the runs after the change against those before
};
std::vector<Moved> moved_with(const std::vector<MeasureChange> &series_changes, size_t which,
                              const std::vector<Run> &runs, const MeasureSet &measures,
                              double floor_percent, double significance);

struct GateOptions {
  double fail_above_percent = 5;
  // One run against a baseline's 20 with 5% noise: a 15% change is about 3 standard
  // deviations, whose p-value is about 0.01 -- too strict a default would let it pass. The
  // threshold guards against flagging small significant changes.
  double significance = 0.05;
  double floor_percent = 1;       // of the baseline's median wall time, for times
  std::vector<std::string> kinds; // empty: the gated kinds
};

struct GateItem {
  std::string kind;
  std::string name;
  Comparison comparison;
  bool significant = false;
  bool regression = false; // significant and grew by more than fail_above_percent
};

struct GateResult {
  size_t baseline_runs = 0;
  size_t current_runs = 0;
  size_t judged = 0;           // measures compared
  std::vector<GateItem> moved; // the significant ones, regressions first, then by change
  bool failed() const;
};

// `current`: [kind][name] -> the current runs' values (one per run).
GateResult
check_runs(const MeasureSet &baseline, size_t baseline_runs,
           const std::map<std::string, std::map<std::string, std::vector<double>>> &current,
           size_t current_runs, const GateOptions &options);

} // namespace hotline::history
