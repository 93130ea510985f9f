// The statistics of a run history: where a series of runs changed level (change points) and
// whether some runs differ from a baseline's runs by more than their noise (the CI gate).
// Pure functions of numbers; deterministic (the permutations and resamples come from a fixed
// seed), so the same history gives the same answer on every machine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hotline::history {

struct ChangePointOptions {
  // A split is kept when both its permutation test (E-divisive means) and the rank test of the
  // two sides (Mann-Whitney) give a p-value at most this.
  double significance = 0.001;
  size_t permutations = 9999;
  size_t min_segment = 3; // points on each side of a change, at least (2 if less is asked)
  uint64_t seed = 1;
};

// A level change in a series: the points from `index` on differ from those before.
struct ChangePoint {
  size_t index = 0;  // the first point of the new level
  double before = 0; // median of the segment before (back to the previous change point)
  double after = 0;  // median of the segment after (up to the next change point)
  double change = 0; // after / before - 1 (0 when before is 0)
  // A 95% confidence interval of `change` (bootstrap of the two segments' medians).
  double change_low = 0;
  double change_high = 0;
  double p_value = 0; // the larger of the permutation test's and the rank test's
};

// The change points of a series in the order of its points, found by E-divisive means
// (Matteson and James 2014, as MongoDB's performance CI uses it, Daly et al. ICPE 2020):
// the split that maximizes the energy statistic between the points before it and those after
// it up to some end (so that a level that comes and goes, a regression and its fix, is found;
// segments over 400 points are split in two only), kept when a permutation test and a rank
// test of those two sides both find it significant; then each side of the split is split again.
// A series shorter than 2 * min_segment, or with a NaN or an infinity, has none.
std::vector<ChangePoint> find_change_points(const std::vector<double> &series,
                                            const ChangePointOptions &options = {});

// Current runs (one or several) against a baseline's runs.
struct Comparison {
  double baseline_median = 0;
  double current_median = 0;
  double change = 0; // current_median / baseline_median - 1 (0 when the baseline's is 0)
  // A 95% confidence interval of `change`: a bootstrap of the two medians; with one current run,
  // the baseline's 95% t prediction interval around it, in units of the baseline's median; with
  // fewer than 2 baseline runs, `change` itself (and p_value 1).
  double change_low = 0;
  double change_high = 0;
  // Of the hypothesis that the current runs come from the baseline's distribution, two-sided:
  // with 5 or more current runs and baseline runs a Mann-Whitney U test; with fewer, a
  // prediction-interval t test of the current runs' mean against the baseline's mean and
  // standard deviation, without the baseline's wild runs (farther than 5 robust standard
  // deviations from its median: a run the machine stopped for a while). 1 when the baseline
  // has fewer than 2 runs.
  double p_value = 1;
};

// Runs that are NaN or infinite are left out.
Comparison compare_runs(const std::vector<double> &baseline, const std::vector<double> &current,
                        uint64_t seed = 1);

} // namespace hotline::history
