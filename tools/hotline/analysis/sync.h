// Waits on locks, conditions, joins, barriers and semaphores across one or
// many profiles, by place in the source.
#pragma once

#include "analysis/record_place.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

// "mutex", "condition", "join", "barrier", "semaphore", "rwlock" (HOTLINE_SYNC_*).
const char *sync_kind_name(uint32_t kind);

struct SyncPlaceStats {
  RecordPlace place;
  std::string loop; // the loop ("file:line") around the waits, or ""
  uint32_t kind = 0; // of the waits here that took the most time
  uint64_t waits = 0;
  uint64_t wait_ns = 0;
};

struct SyncTable {
  uint64_t waits = 0;
  uint64_t wait_ns = 0;
  uint64_t main_wait_ns = 0; // of the processes' main threads
  std::vector<SyncPlaceStats> places; // by time, then place
  std::vector<std::string> unreadable_objects;
};

SyncTable compute_sync_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

} // namespace hotline::analysis
