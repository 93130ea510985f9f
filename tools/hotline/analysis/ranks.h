// How the ranks of a parallel job compare (or the processes of any set of profiles): per
// function, MPI function and region, the least, mean and most time across them and on which
// rank; the imbalance (most over mean); each rank's time in MPI; and the slowest rank with what
// made it slow (the rules are in docs/mpi.md).
//
// Built one profile at a time and keeping nothing of a profile once added but a row of a few
// numbers, so that memory grows with the distinct functions and regions, not with the ranks.
#pragma once

#include "profile/reader.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace hotline::analysis {

// One profile: a rank, or a process outside a job.
struct RankRow {
  std::string label; // "rank 3", or the profile's name outside a job
  bool has_rank = false;
  uint32_t rank = 0;
  uint64_t wall_ns = 0;
  uint64_t mpi_ns = 0;          // inside MPI calls, all threads
  uint64_t busy_ns = 0;         // wall time less time in MPI: what the rank did itself
  std::string top_mpi_function; // where it spent the most MPI time, or ""
};

// Below this share of a rank's wall time, an item is too small for its imbalance to matter.
inline constexpr double kSignificantShareOfWall = 0.01;

enum class RankSpreadKind { Function, Mpi, Region };
const char *rank_spread_kind_name(RankSpreadKind kind); // "function", "MPI", "region"

// One function (self time less its MPI calls), MPI function or region (time inside it)
// across the rows.
struct RankSpread {
  RankSpreadKind kind = RankSpreadKind::Function;
  std::string name; // the function's, the MPI function's, or the region's path
  std::string file; // functions only
  uint32_t line = 0;
  uint64_t min_ns = 0;
  size_t min_row = 0; // index into RankTable::rows
  uint64_t max_ns = 0;
  size_t max_row = 0;
  double mean_ns = 0; // over all rows, 0 where absent
  double imbalance() const { return mean_ns > 0 ? double(max_ns) / mean_ns : 1; }
  // What the other rows wait for, on average: the most less the mean.
  double excess_ns() const { return double(max_ns) - mean_ns; }
};

struct RankTable {
  std::vector<RankRow> rows; // in the order added
  // Functions and regions, then MPI functions; each by excess time, most first, then name.
  // Only those that take at least kSignificantShareOfWall of the mean wall time on some rank.
  std::vector<RankSpread> spreads;
  double mean_wall_ns = 0;
  double mean_mpi_ns = 0;
  // The rank that did the most outside MPI, and the function that made it slow: the one whose
  // time there exceeds its mean across the rows the most. No slowest row with fewer than 2 rows.
  bool has_slowest = false;
  size_t slowest_row = 0;
  double mean_busy_ns = 0;
  std::string slowest_function; // "" when no function stands out
  uint64_t slowest_function_ns = 0;
  double slowest_function_mean_ns = 0;
};

class RankAnalysis {
public:
  // Adds one profile as the next row; the profile is not kept.
  void add(profile::Profile profile);
  RankTable finish() const;

private:
  // Streaming statistics of one spread: rows are added in order, and a row that does not
  // have the item counts as 0 in it.
  struct Running {
    RankSpreadKind kind;
    std::string name, file;
    uint32_t line = 0;
    uint64_t sum = 0;
    uint64_t min = 0, max = 0;
    size_t min_row = 0, max_row = 0;
    size_t rows_with = 0;
    size_t last_row = 0;
    bool absent_somewhere = false;
    size_t an_absent_row = 0;
  };
  using Key = std::tuple<int, std::string, std::string, uint32_t>; // kind, name, file, line
  void note(const Key &key, uint64_t ns);

  // Each row's biggest functions, for explaining the slowest rank once it is known.
  static constexpr size_t kTopPerRow = 8;
  struct RowFunctions {
    std::vector<std::pair<Key, uint64_t>> top; // most first
  };

  std::vector<RankRow> rows_;
  std::vector<RowFunctions> row_functions_;
  std::map<Key, Running> running_;
};

} // namespace hotline::analysis
