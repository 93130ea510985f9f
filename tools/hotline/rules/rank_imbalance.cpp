// rank-imbalance: one rank of a job works much longer than the mean, so the others wait for it
// (in MPI, or at the end of the job), and the function whose time there exceeds its mean the
// most is what to rebalance.
#include "rules/rules.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline::rules {

namespace {

// The time the others wait for the slowest rank, as a share of the mean wall time.
constexpr double kMinWaitPercent = 10;

std::string duration(double ns) { return text::format_duration(uint64_t(std::llround(ns))); }

} // namespace

void check_rank_imbalance(const ReportData &data, const Thresholds &,
                          std::vector<Finding> &findings) {
  const analysis::RankTable *ranks = data.ranks;
  if (!ranks || !ranks->has_slowest || ranks->mean_wall_ns <= 0)
    return;
  const analysis::RankRow &slowest = ranks->rows[ranks->slowest_row];
  double wait_ns = double(slowest.busy_ns) - ranks->mean_busy_ns;
  double percent = 100.0 * wait_ns / ranks->mean_wall_ns;
  if (percent < kMinWaitPercent)
    return;
  Finding f;
  f.rule = "rank-imbalance";
  f.finding =
      fmt::format("{} works {} outside MPI against a mean of {} over {} ranks: the others wait "
                  "for it, {} of the job's time.",
                  text::printable(slowest.label), text::format_duration(slowest.busy_ns),
                  duration(ranks->mean_busy_ns), ranks->rows.size(), text::format_percent(percent));
  if (!ranks->slowest_function.empty()) {
    for (const analysis::RankSpread &s : ranks->spreads)
      if (s.kind == analysis::RankSpreadKind::Function && s.name == ranks->slowest_function &&
          !s.file.empty()) {
        f.location = fmt::format("{}:{}", text::printable(s.file), s.line);
        break;
      }
    f.evidence.push_back(
        fmt::format("{} takes {} on {}, {} on average", text::display_name(ranks->slowest_function),
                    text::format_duration(ranks->slowest_function_ns),
                    text::printable(slowest.label), duration(ranks->slowest_function_mean_ns)));
  }
  if (ranks->mean_mpi_ns > 0)
    f.evidence.push_back(fmt::format(
        "the ranks spend {} of their wall time in MPI on average, {} {}",
        text::format_percent(100.0 * ranks->mean_mpi_ns / ranks->mean_wall_ns),
        text::printable(slowest.label),
        text::format_percent(
            slowest.wall_ns ? 100.0 * double(slowest.mpi_ns) / double(slowest.wall_ns) : 0)));
  f.suggestion =
      "split the work by its cost rather than its size (weigh the costlier parts of the domain "
      "or data), or hand work out dynamically; the Ranks section lists what differs most "
      "between ranks";
  f.impact_percent = percent;
  findings.push_back(std::move(f));
}

} // namespace hotline::rules
