// Change points of a run history (E-divisive means) and the comparison of runs with a baseline.
#include "history/change_points.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <tuple>
#include <utility>

namespace hotline::history {

namespace {

// Enough resamples that the 2.5% and 97.5% percentiles sit on 25 points each.
constexpr size_t kResamples = 1000;

// splitmix64's finalizer. Each segment and each change point draws from its own stream, so a
// segment's permutations do not depend on which segments were tested before it.
uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The standard fixes mt19937_64's outputs but not what std::uniform_int_distribution or
// std::shuffle make of them; drawing by rejection here gives every library the same answer.
class Random {
public:
  explicit Random(uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound), bound > 0.
  size_t below(size_t bound) {
    uint64_t b = bound;
    // 2^64 mod b: the draws under it would make the small remainders likelier.
    uint64_t threshold = (0 - b) % b;
    for (;;) {
      uint64_t r = engine_();
      if (r >= threshold)
        return size_t(r % b);
    }
  }

  template <class T> void shuffle(std::vector<T> &items) {
    for (size_t i = items.size(); i > 1; --i)
      std::swap(items[i - 1], items[below(i)]);
  }

private:
  std::mt19937_64 engine_;
};

// Reorders `values`.
double median_in_place(std::vector<double> &values) {
  if (values.empty())
    return 0;
  size_t half = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + half, values.end());
  double upper = values[half];
  if (values.size() % 2)
    return upper;
  return (*std::max_element(values.begin(), values.begin() + half) + upper) / 2;
}

double median(std::vector<double> values) { return median_in_place(values); }

double relative_change(double before, double after) { return before == 0 ? 0 : after / before - 1; }

// Linear interpolation between the closest ranks of a sorted, non-empty sample.
double percentile(const std::vector<double> &sorted, double q) {
  double place = q * double(sorted.size() - 1);
  size_t below = size_t(place);
  if (below + 1 >= sorted.size())
    return sorted.back();
  return sorted[below] + (place - double(below)) * (sorted[below + 1] - sorted[below]);
}

// How far from the median, in robust standard deviations, a baseline run is wild.
constexpr double kWildRun = 5;

// The values within kWildRun robust standard deviations (1.4826 * the median absolute
// deviation) of their median; all of them when that deviation is 0 (most values equal) or when
// fewer than 2 would be left.
std::vector<double> without_wild_runs(const std::vector<double> &values) {
  double center = median(values);
  std::vector<double> distances;
  for (double value : values)
    distances.push_back(std::abs(value - center));
  double limit = kWildRun * 1.4826 * median(distances);
  if (limit == 0)
    return values;
  std::vector<double> kept;
  for (double value : values)
    if (std::abs(value - center) <= limit)
      kept.push_back(value);
  return kept.size() >= 2 ? kept : values;
}

// A 95% percentile-bootstrap interval of after's median / before's median - 1, both non-empty.
std::pair<double, double> bootstrap_change(const std::vector<double> &before,
                                           const std::vector<double> &after, uint64_t seed) {
  Random random(seed);
  std::vector<double> changes(kResamples), b(before.size()), a(after.size());
  for (double &change : changes) {
    for (double &x : b)
      x = before[random.below(before.size())];
    for (double &x : a)
      x = after[random.below(after.size())];
    change = relative_change(median_in_place(b), median_in_place(a));
  }
  std::sort(changes.begin(), changes.end());
  return {percentile(changes, 0.025), percentile(changes, 0.975)};
}

// Two-sided p of the Mann-Whitney U test by the normal approximation, its variance corrected
// for ties and with a continuity correction. The energy statistic answers to any difference of
// distribution, a wider spread or one wild run among them; this test only to a shift of level,
// which is what a change point reports.
double rank_test(const std::vector<double> &a, const std::vector<double> &b) {
  if (a.empty() || b.empty())
    return 1;
  std::vector<std::pair<double, bool>> all; // value, whether from a
  all.reserve(a.size() + b.size());
  for (double x : a)
    all.push_back({x, true});
  for (double x : b)
    all.push_back({x, false});
  std::sort(all.begin(), all.end());
  double rank_sum = 0, ties = 0;
  for (size_t i = 0; i < all.size();) {
    size_t j = i;
    while (j < all.size() && all[j].first == all[i].first)
      ++j;
    double rank = double(i + 1 + j) / 2; // the average of ranks i + 1 .. j
    double tied = double(j - i);
    ties += tied * tied * tied - tied;
    for (; i < j; ++i)
      if (all[i].second)
        rank_sum += rank;
  }
  double n1 = double(a.size()), n2 = double(b.size()), n = n1 + n2;
  double u = rank_sum - n1 * (n1 + 1) / 2;
  double variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)));
  if (!(variance > 0))
    return 1; // every value the same
  double z = std::max(0.0, std::abs(u - n1 * n2 / 2) - 0.5) / std::sqrt(variance);
  return std::erfc(z / std::sqrt(2.0));
}

// The continued fraction of the regularized incomplete beta function, by the modified Lentz
// method (Numerical Recipes' betacf).
double beta_continued_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300, kEpsilon = 1e-15;
  double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  if (std::abs(d) < kTiny)
    d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::abs(d) < kTiny)
      d = kTiny;
    c = 1 + aa / c;
    if (std::abs(c) < kTiny)
      c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (std::abs(d) < kTiny)
      d = kTiny;
    c = 1 + aa / c;
    if (std::abs(c) < kTiny)
      c = kTiny;
    d = 1 / d;
    double step = d * c;
    h *= step;
    if (std::abs(step - 1) < kEpsilon)
      break;
  }
  return h;
}

// I_x(a, b). The fraction converges fast only below (a + 1) / (a + b + 2); above it, the
// symmetry I_x(a, b) = 1 - I_{1-x}(b, a).
double incomplete_beta(double a, double b, double x) {
  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) +
                          b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_continued_fraction(a, b, x) / a;
  return 1 - front * beta_continued_fraction(b, a, 1 - x) / b;
}

// P(|T| >= |t|) for Student's t with `dof` degrees of freedom.
double t_two_sided_p(double t, double dof) {
  if (std::isnan(t))
    return 1;
  if (std::isinf(t))
    return 0;
  return incomplete_beta(dof / 2, 0.5, dof / (dof + t * t));
}

// The t with P(|T| >= t) = 0.05, by bisection: it is only needed once per comparison.
double t_quantile_975(double dof) {
  double low = 0, high = 1;
  while (t_two_sided_p(high, dof) > 0.05)
    high *= 2;
  for (int i = 0; i < 100 && high - low > 1e-12 * high; ++i) {
    double middle = (low + high) / 2;
    (t_two_sided_p(middle, dof) > 0.05 ? low : high) = middle;
  }
  return (low + high) / 2;
}

// Counts and sums of the values inserted so far, by rank (a Fenwick tree): the sum of
// |x - y| over the inserted y is then one prefix query, so all splits cost O(n log n).
class RankTree {
public:
  explicit RankTree(size_t size) : count_(size + 1), sum_(size + 1) {}

  void clear() {
    std::fill(count_.begin(), count_.end(), 0);
    std::fill(sum_.begin(), sum_.end(), 0.0);
    inserted_ = 0;
    total_ = 0;
  }

  // The sum of |value - y| over the values y inserted so far; then inserts `value`.
  double distances_then_insert(size_t rank, double value) {
    size_t below = 0;
    double below_sum = 0;
    for (size_t i = rank; i > 0; i -= i & (0 - i)) {
      below += count_[i];
      below_sum += sum_[i];
    }
    size_t above = inserted_ - below;
    double above_sum = total_ - below_sum;
    for (size_t i = rank + 1; i < count_.size(); i += i & (0 - i)) {
      ++count_[i];
      sum_[i] += value;
    }
    ++inserted_;
    total_ += value;
    return (double(below) * value - below_sum) + (above_sum - double(above) * value);
  }

private:
  std::vector<size_t> count_;
  std::vector<double> sum_;
  size_t inserted_ = 0;
  double total_ = 0;
};

struct Split {
  size_t at = 0;  // the first point of the right side
  size_t end = 0; // one past its last (the segment's end, or less: Matteson and James's kappa)
  double q = -std::numeric_limits<double>::infinity();
};

// Segments up to this long are searched over both the split and the right side's end, in
// O(n^2) an arrangement: that finds a level that comes and goes (a regression, then its fix),
// which a split of the whole segment in two does not see. Longer ones, where that would cost
// too much over thousands of permutations, are split in two only, in O(n log n).
constexpr size_t kMaxSegmentForEnds = 400;

// Matteson and James's Q(tau) with alpha = 1 for every split of one arrangement of a segment,
// which is given as each point's rank and the values in rank order (a permutation then only
// moves ranks).
class EnergySplitter {
public:
  EnergySplitter(std::vector<double> sorted, size_t min_segment)
      : sorted_(std::move(sorted)), tree_(sorted_.size()), left_(sorted_.size() + 1),
        right_(sorted_.size() + 1), min_segment_(min_segment) {}

  Split best(const std::vector<size_t> &ranks) {
    size_t n = ranks.size();
    // left_[t]: sum of |x_i - x_j| over the pairs in [0, t); right_[t]: over those in [t, n).
    tree_.clear();
    left_[0] = 0;
    for (size_t t = 0; t < n; ++t)
      left_[t + 1] = left_[t] + tree_.distances_then_insert(ranks[t], sorted_[ranks[t]]);
    if (n <= kMaxSegmentForEnds)
      return best_with_ends(ranks);
    tree_.clear();
    right_[n] = 0;
    for (size_t t = n; t-- > 0;)
      right_[t] = right_[t + 1] + tree_.distances_then_insert(ranks[t], sorted_[ranks[t]]);
    double all = left_[n];
    Split split;
    for (size_t tau = min_segment_; tau + min_segment_ <= n; ++tau) {
      double m = double(tau), k = double(n - tau);
      double between = all - left_[tau] - right_[tau];
      double q = energy(m, k, between, left_[tau], right_[tau]);
      if (q > split.q)
        split = {tau, n, q};
    }
    return split;
  }

private:
  // Q(tau, kappa) over every split tau and every end kappa of the right side [tau, kappa); the
  // left side is [0, tau). prefix_[kappa][t] is the sum of |x_kappa - x_i| over i < t, so that
  // growing the right side by one point updates its pair sum and the sum between the sides in
  // O(1). left_ must hold the left sides' pair sums.
  Split best_with_ends(const std::vector<size_t> &ranks) {
    size_t n = ranks.size();
    prefix_.resize(n * (n + 1) / 2);
    auto row = [&](size_t kappa) { return prefix_.data() + kappa * (kappa + 1) / 2; };
    for (size_t kappa = 0; kappa < n; ++kappa) {
      double x = sorted_[ranks[kappa]];
      double *sums = row(kappa);
      sums[0] = 0;
      for (size_t i = 0; i < kappa; ++i)
        sums[i + 1] = sums[i] + std::abs(x - sorted_[ranks[i]]);
    }
    Split split;
    for (size_t tau = min_segment_; tau + min_segment_ <= n; ++tau) {
      double right_pairs = 0, between = 0;
      for (size_t kappa = tau + 1; kappa <= n; ++kappa) {
        const double *sums = row(kappa - 1); // the point joining the right side
        right_pairs += sums[kappa - 1] - sums[tau];
        between += sums[tau];
        if (kappa - tau < min_segment_)
          continue;
        double q = energy(double(tau), double(kappa - tau), between, left_[tau], right_pairs);
        if (q > split.q)
          split = {tau, kappa, q};
      }
    }
    return split;
  }

  // Matteson and James's statistic of two sides of m and k points, from the sum of distances
  // between them and the pair sums within each.
  static double energy(double m, double k, double between, double left_pairs, double right_pairs) {
    return m * k / (m + k) *
           (2 * between / (m * k) - within(left_pairs, m) - within(right_pairs, k));
  }

  // The mean distance of a side's pairs; none with one point.
  static double within(double pair_sum, double points) {
    return points < 2 ? 0 : pair_sum / (points * (points - 1) / 2);
  }

  std::vector<double> sorted_;
  RankTree tree_;
  std::vector<double> left_, right_;
  std::vector<double> prefix_; // best_with_ends's rows, one of kappa + 1 sums for each kappa
  size_t min_segment_;
};

struct Found {
  size_t index = 0;
  double p_value = 0;
};

// The best split of series[begin, end) when both tests find it significant.
std::optional<Found> test_segment(const std::vector<double> &series, size_t begin, size_t end,
                                  size_t min_segment, const ChangePointOptions &options) {
  size_t n = end - begin;
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t(0));
  // Equal values in series order, so that the ranks (and the permutations) are reproducible.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    double x = series[begin + a], y = series[begin + b];
    return x < y || (x == y && a < b);
  });
  // Centred on the mean, so that the tree's running sums do not cancel away the distances of
  // a series measured far from zero (nanoseconds since the epoch, say).
  double mean = 0;
  for (size_t i = begin; i < end; ++i)
    mean += series[i] / double(n);
  std::vector<double> sorted(n);
  std::vector<size_t> ranks(n);
  for (size_t r = 0; r < n; ++r) {
    sorted[r] = series[begin + order[r]] - mean;
    ranks[order[r]] = r;
  }
  EnergySplitter splitter(std::move(sorted), min_segment);
  Split observed = splitter.best(ranks);

  // The rank test first: it is cheap, and a split must pass both.
  std::vector<double> left(series.begin() + begin, series.begin() + begin + observed.at);
  std::vector<double> right(series.begin() + begin + observed.at,
                            series.begin() + begin + observed.end);
  double rank_p = rank_test(left, right);
  if (rank_p > options.significance)
    return std::nullopt;

  // Sums in another order round differently; an arrangement as extreme as the observed one
  // must count as such.
  double threshold = observed.q - 1e-9 * std::abs(observed.q);
  double permutations = double(options.permutations) + 1;
  size_t exceeded = 0;
  Random random(mix(mix(options.seed, begin), end));
  for (size_t i = 0; i < options.permutations; ++i) {
    random.shuffle(ranks);
    if (splitter.best(ranks).q < threshold)
      continue;
    ++exceeded;
    if (double(exceeded + 1) / permutations > options.significance)
      return std::nullopt; // p can only grow from here
  }
  double permutation_p = double(exceeded + 1) / permutations;
  if (permutation_p > options.significance)
    return std::nullopt; // too few permutations to reach the significance at all
  return Found{begin + observed.at, std::max(permutation_p, rank_p)};
}

double mean_of(const std::vector<double> &values) {
  double sum = 0;
  for (double x : values)
    sum += x;
  return sum / double(values.size());
}

double standard_deviation(const std::vector<double> &values, double mean) {
  double squares = 0;
  for (double x : values)
    squares += (x - mean) * (x - mean);
  return std::sqrt(squares / double(values.size() - 1));
}

} // namespace

std::vector<ChangePoint> find_change_points(const std::vector<double> &series,
                                            const ChangePointOptions &options) {
  for (double x : series)
    if (!std::isfinite(x))
      return {};
  // With one point on a side its spread is unknown and one wild run would be a level.
  size_t min_segment = std::max<size_t>(options.min_segment, 2);
  if (series.size() < 2 * min_segment)
    return {};

  // Each side of a kept split is split again. Segments are independent (each draws from its
  // own stream), so the order they are tested in does not change the answer.
  std::vector<Found> found;
  std::vector<std::pair<size_t, size_t>> pending{{0, series.size()}};
  while (!pending.empty()) {
    auto [begin, end] = pending.back();
    pending.pop_back();
    if (end - begin < 2 * min_segment)
      continue;
    std::optional<Found> split = test_segment(series, begin, end, min_segment, options);
    if (!split)
      continue;
    found.push_back(*split);
    pending.push_back({begin, split->index});
    pending.push_back({split->index, end});
  }
  std::sort(found.begin(), found.end(),
            [](const Found &a, const Found &b) { return a.index < b.index; });

  std::vector<ChangePoint> points;
  for (size_t i = 0; i < found.size(); ++i) {
    size_t begin = i == 0 ? 0 : found[i - 1].index;
    size_t end = i + 1 == found.size() ? series.size() : found[i + 1].index;
    std::vector<double> before(series.begin() + begin, series.begin() + found[i].index);
    std::vector<double> after(series.begin() + found[i].index, series.begin() + end);
    ChangePoint point;
    point.index = found[i].index;
    point.before = median(before);
    point.after = median(after);
    point.change = relative_change(point.before, point.after);
    std::tie(point.change_low, point.change_high) =
        bootstrap_change(before, after, mix(options.seed, ~uint64_t(point.index)));
    point.p_value = found[i].p_value;
    points.push_back(point);
  }
  return points;
}

Comparison compare_runs(const std::vector<double> &all_baseline,
                        const std::vector<double> &all_current, uint64_t seed) {
  // A run that measured nothing (NaN, infinity) would poison the sorts; it is no evidence.
  auto finite = [](const std::vector<double> &runs) {
    std::vector<double> kept;
    std::copy_if(runs.begin(), runs.end(), std::back_inserter(kept),
                 [](double x) { return std::isfinite(x); });
    return kept;
  };
  std::vector<double> baseline = finite(all_baseline), current = finite(all_current);
  Comparison result;
  result.baseline_median = median(baseline);
  if (current.empty())
    return result;
  result.current_median = median(current);
  result.change = relative_change(result.baseline_median, result.current_median);
  result.change_low = result.change_high = result.change;
  // One baseline run says nothing of the noise: no evidence either way.
  if (baseline.size() < 2)
    return result;

  // Timings have a heavy right tail: a run that the machine stopped for a few milliseconds.
  // One such run in the baseline would inflate its standard deviation enough to hide a real
  // change, so the baseline's runs farther than kWildRun robust standard deviations (1.4826 *
  // the median absolute deviation) from its median are left out of its mean and spread. Normal
  // noise has none so far out: there the test is the plain one.
  std::vector<double> kept = without_wild_runs(baseline);
  double base_mean = mean_of(kept), sd = standard_deviation(kept, base_mean);
  if (current.size() >= 5 && baseline.size() >= 5) {
    result.p_value = rank_test(baseline, current);
  } else {
    // Whether the current runs' mean could come from the baseline's distribution, with the
    // baseline's spread standing for both: the variance of the difference of the two means is
    // sd^2 * (1 / n_current + 1 / n_base).
    double difference = mean_of(current) - base_mean;
    if (sd == 0)
      result.p_value = difference == 0 ? 1 : 0;
    else
      result.p_value = t_two_sided_p(
          difference / (sd * std::sqrt(1 / double(current.size()) + 1 / double(kept.size()))),
          double(kept.size() - 1));
  }

  if (current.size() >= 2) {
    std::tie(result.change_low, result.change_high) =
        bootstrap_change(baseline, current, mix(seed, 0));
  } else if (result.baseline_median != 0) {
    // One run cannot be resampled. Its 95% prediction interval from the baseline,
    // t_0.975 * sd * sqrt(1 + 1 / n) either side, is how far its level may be from the one
    // measured; in units of the baseline's median that is the interval around the change.
    double half = t_quantile_975(double(kept.size() - 1)) * sd *
                  std::sqrt(1 + 1 / double(kept.size())) / std::abs(result.baseline_median);
    result.change_low = result.change - half;
    result.change_high = result.change + half;
  }
  return result;
}

} // namespace hotline::history
