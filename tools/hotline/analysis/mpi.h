// Time in MPI calls across one or many profiles: by MPI function, and by place in the source
// (the rules are in docs/mpi.md).
#pragma once

#include "analysis/record_place.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

struct MpiCallStats {
  std::string function; // "MPI_Allreduce"
  uint64_t calls = 0;
  uint64_t ns = 0;
  uint64_t bytes = 0;
};

struct MpiPlaceStats {
  RecordPlace place;
  std::string function; // the MPI function called there that took the most time
  uint64_t calls = 0;
  uint64_t ns = 0;
  uint64_t bytes = 0;
};

struct MpiTable {
  uint64_t calls = 0;
  uint64_t ns = 0;
  uint64_t bytes = 0;
  uint64_t wall_ns = 0;                // the profiles' wall times, summed
  std::vector<MpiCallStats> functions; // by time, then name
  std::vector<MpiPlaceStats> places;   // by time, then place
  std::vector<std::string> unreadable_objects;
};

MpiTable compute_mpi_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

} // namespace hotline::analysis
