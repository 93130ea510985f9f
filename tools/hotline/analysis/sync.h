// Waits on locks, conditions, joins, barriers and semaphores across one or
// many profiles, by place in the source.
#pragma once

#include "analysis/io.h"
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
  std::string loop;  // the loop ("file:line") around the waits, or ""
  uint32_t kind = 0; // of the waits here that took the most time
  uint64_t waits = 0;
  uint64_t wait_ns = 0;
};

// Trace mode: how long a process's other threads waited for each other (on
// locks, conditions, joins...) while its main thread was blocked in I/O that
// moved data. Waits and I/O calls shorter than the trace's min_ns are not in
// the timeline, so not counted.
struct WaitsDuringMainIo {
  std::string profile;          // its display name
  uint32_t workers = 0;         // threads other than the main one
  uint32_t waiting_workers = 0; // of them, those that waited during the main thread's I/O
  uint64_t workers_ns = 0;      // their lifetimes, added up
  uint64_t main_io_ns = 0;      // the main thread's traced I/O calls that moved data
  uint64_t waited_ns = 0;       // the workers' waits during those calls, added up
  std::vector<std::pair<uint32_t, uint64_t>> kinds; // waited_ns by hotline_sync_kind; most first
  std::vector<IoDuringIdle> files;                  // the I/O calls they waited during, by file

  double waited_percent() const; // of workers_ns
};

struct SyncTable {
  uint64_t waits = 0;
  uint64_t wait_ns = 0;
  uint64_t main_wait_ns = 0;                    // of the processes' main threads
  std::vector<SyncPlaceStats> places;           // by time, then place
  std::vector<WaitsDuringMainIo> main_io_waits; // of each traced profile with other threads
  std::vector<std::string> unreadable_objects;
};

SyncTable compute_sync_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

} // namespace hotline::analysis
