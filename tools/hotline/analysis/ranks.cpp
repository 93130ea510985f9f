// Ranks compared, one profile at a time.
#include "analysis/ranks.h"

#include "analysis/functions.h"
#include "analysis/regions.h"

#include <algorithm>

namespace hotline::analysis {

const char *rank_spread_kind_name(RankSpreadKind kind) {
  switch (kind) {
  case RankSpreadKind::Function:
    return "function";
  case RankSpreadKind::Mpi:
    return "MPI";
  case RankSpreadKind::Region:
    return "region";
  }
  return "unknown";
}

void RankAnalysis::note(const Key &key, uint64_t ns) {
  size_t row = rows_.size() - 1;
  auto [it, added] = running_.try_emplace(key);
  Running &s = it->second;
  if (added) {
    s.kind = RankSpreadKind(std::get<0>(key));
    s.name = std::get<1>(key);
    s.file = std::get<2>(key);
    s.line = std::get<3>(key);
    if (row > 0) { // absent from every row before this one
      s.absent_somewhere = true;
      s.an_absent_row = 0;
    }
  } else if (row > s.last_row + 1 && !s.absent_somewhere) {
    s.absent_somewhere = true;
    s.an_absent_row = s.last_row + 1;
  }
  if (s.rows_with == 0 || ns < s.min) {
    s.min = ns;
    s.min_row = row;
  }
  if (s.rows_with == 0 || ns > s.max) {
    s.max = ns;
    s.max_row = row;
  }
  s.sum += ns;
  ++s.rows_with;
  s.last_row = row;
}

void RankAnalysis::add(profile::Profile profile) {
  RankRow row;
  row.has_rank = profile.job.present;
  row.rank = profile.job.rank;
  row.label = row.has_rank ? "rank " + std::to_string(profile.job.rank) : profile.display_name;
  row.wall_ns = profile.run.wall_ns;
  std::vector<profile::Profile> one;
  one.push_back(std::move(profile));
  const profile::Profile &p = one.front();

  // A function's own time is its self time less the MPI calls made from it, which are
  // items of their own: a function that waits in MPI_Recv did not work while it waited.
  FunctionCatalog catalog(one);
  std::map<std::string, uint64_t> mpi_ns;
  std::map<FunctionId, uint64_t> mpi_ns_in_function;
  for (const profile::MpiSite &site : p.mpi_sites) {
    mpi_ns[site.function] += site.ns;
    row.mpi_ns += site.ns;
    if (site.node != profile::kNoParent)
      mpi_ns_in_function[catalog.function_of(0, p.nodes[site.node].site)] += site.ns;
  }
  // Each item once per row, even when two of its sites share a key.
  std::map<Key, uint64_t> items;
  FunctionTable functions = compute_function_table(one, catalog);
  for (const FunctionStats &f : functions.functions) {
    auto in_mpi = mpi_ns_in_function.find(f.id);
    uint64_t own_ns =
        f.self_ns - std::min(f.self_ns, in_mpi == mpi_ns_in_function.end() ? 0 : in_mpi->second);
    if (f.timed && own_ns > 0)
      items[{int(RankSpreadKind::Function), f.function.name, f.function.file, f.function.line}] +=
          own_ns;
  }
  uint64_t top_mpi_ns = 0;
  for (const auto &[name, ns] : mpi_ns) {
    items[{int(RankSpreadKind::Mpi), name, "", 0}] += ns;
    if (ns > top_mpi_ns) {
      top_mpi_ns = ns;
      row.top_mpi_function = name;
    }
  }
  for (const RegionStats &region : compute_region_table(one).regions)
    items[{int(RankSpreadKind::Region), region.path, "", 0}] += region.inclusive_ns;
  row.busy_ns = row.wall_ns - std::min(row.wall_ns, row.mpi_ns);

  rows_.push_back(std::move(row));
  RowFunctions top;
  for (const auto &[key, ns] : items) {
    note(key, ns);
    if (std::get<0>(key) == int(RankSpreadKind::Function))
      top.top.emplace_back(key, ns);
  }
  std::sort(top.top.begin(), top.top.end(), [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  if (top.top.size() > kTopPerRow)
    top.top.resize(kTopPerRow);
  row_functions_.push_back(std::move(top));
}

RankTable RankAnalysis::finish() const {
  RankTable table;
  table.rows = rows_;
  size_t n = rows_.size();
  if (n == 0)
    return table;
  for (const RankRow &row : rows_) {
    table.mean_wall_ns += double(row.wall_ns) / double(n);
    table.mean_mpi_ns += double(row.mpi_ns) / double(n);
    table.mean_busy_ns += double(row.busy_ns) / double(n);
  }
  for (const auto &[key, s] : running_) {
    if (double(s.max) < kSignificantShareOfWall * table.mean_wall_ns || s.max == 0)
      continue;
    RankSpread spread;
    spread.kind = s.kind;
    spread.name = s.name;
    spread.file = s.file;
    spread.line = s.line;
    spread.min_ns = s.min;
    spread.min_row = s.min_row;
    if (s.rows_with < n) { // absent from some row: 0 there
      spread.min_ns = 0;
      spread.min_row = s.absent_somewhere ? s.an_absent_row : s.last_row + 1;
    }
    spread.max_ns = s.max;
    spread.max_row = s.max_row;
    spread.mean_ns = double(s.sum) / double(n);
    table.spreads.push_back(std::move(spread));
  }
  // Work first: time in MPI is how the others waited for it, and follows where the work is.
  std::sort(
      table.spreads.begin(), table.spreads.end(), [](const RankSpread &a, const RankSpread &b) {
        bool a_waits = a.kind == RankSpreadKind::Mpi, b_waits = b.kind == RankSpreadKind::Mpi;
        if (a_waits != b_waits)
          return b_waits;
        if (a.excess_ns() != b.excess_ns())
          return a.excess_ns() > b.excess_ns();
        return std::tie(a.kind, a.name, a.file, a.line) < std::tie(b.kind, b.name, b.file, b.line);
      });

  if (n < 2)
    return table;
  table.has_slowest = true;
  for (size_t i = 1; i < n; ++i)
    if (rows_[i].busy_ns > rows_[table.slowest_row].busy_ns)
      table.slowest_row = i;
  double best_excess = 0;
  for (const auto &[key, ns] : row_functions_[table.slowest_row].top) {
    double mean = double(running_.at(key).sum) / double(n);
    if (double(ns) - mean > best_excess) {
      best_excess = double(ns) - mean;
      table.slowest_function = std::get<1>(key);
      table.slowest_function_ns = ns;
      table.slowest_function_mean_ns = mean;
    }
  }
  return table;
}

} // namespace hotline::analysis
