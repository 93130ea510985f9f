// The MPI and Ranks sections, as text and JSON: shared by `hotline report` and `hotline ranks`.
#pragma once

#include "analysis/mpi.h"
#include "analysis/ranks.h"
#include "cli/json_writer.h"

#include <string>

namespace hotline {

// The MPI functions by time and the top `rows` places (0: all, in JSON); empty when no MPI call
// was recorded.
std::string mpi_text(const analysis::MpiTable &table, size_t rows);
void write_mpi_json(json::Writer &json, const analysis::MpiTable &table, size_t rows);

// The slowest rank and why, each rank's time in MPI (at most `rank_rows` rows, 0: all), and the
// `spread_rows` most imbalanced functions, MPI functions and regions (0: all).
std::string ranks_text(const analysis::RankTable &table, size_t rank_rows, size_t spread_rows);
void write_ranks_json(json::Writer &json, const analysis::RankTable &table, size_t spread_rows);

// "rank 3 is the slowest: ..."; "" without a slowest rank.
std::string slowest_rank_sentence(const analysis::RankTable &table);

} // namespace hotline
