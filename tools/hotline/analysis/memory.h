// The heap across one or many profiles: the process totals, and allocations,
// frees and leftovers by place in the source.
#pragma once

#include "analysis/record_place.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

// The HEAP sections added up.
struct HeapTotals {
  size_t profiles = 0;            // profiles with a HEAP section
  size_t tracked_profiles = 0;    // of those, the ones that tracked allocations
  size_t not_hooked_profiles = 0; // of those, the ones whose malloc was not the runtime's
  // Sums over the tracked profiles.
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0;
  uint64_t frees = 0;
  uint64_t freed_bytes = 0;
  uint64_t untracked_frees = 0;
  // Live at a fork in forked children's profiles: the parent's blocks, not in allocations
  // (frees counts the children's frees of them).
  uint64_t inherited_blocks = 0;
  uint64_t inherited_bytes = 0;
  // Peaks do not add up across processes: the largest one profile had, and
  // that profile's display name.
  uint64_t peak_live_bytes = 0;
  std::string peak_live_profile;
  uint64_t peak_rss_bytes = 0; // of every profile with a HEAP section
  std::string peak_rss_profile;
  // hotline's own memory resident at the end, in the profile with the peak RSS above (where
  // it weighs the most); 0 when that profile's runtime did not record it.
  uint64_t runtime_resident_bytes = 0;
  // Made from the code of the libraries hotline's runtime loaded for itself (CUPTI, NVML):
  // the profiler's own, left out of the sums above (not of the peaks) and of the places.
  uint64_t profiler_allocations = 0;
  uint64_t profiler_allocated_bytes = 0;
  uint64_t profiler_not_freed_bytes = 0;

  // Allocated or inherited: the blocks the profiles account for.
  uint64_t held() const { return inherited_blocks + allocations; }
  uint64_t held_bytes() const { return inherited_bytes + allocated_bytes; }
  // Of those, not freed when the profiles were written.
  uint64_t not_freed() const;
  uint64_t not_freed_bytes() const;
};

// The allocations made at one place, all threads and profiles together.
struct MemoryPlaceStats {
  RecordPlace place;
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0;
  uint64_t frees = 0; // of the blocks allocated here
  uint64_t freed_bytes = 0;
  uint64_t inherited_blocks = 0; // as in HeapTotals, of this place's blocks
  uint64_t inherited_bytes = 0;
  uint64_t temporaries = 0; // freed before their timed call returned
  uint64_t temporary_bytes = 0;
  // The largest peak of one calling context (thread, timed call, instruction):
  // not the place's peak, which the runtime does not record.
  uint64_t peak_live_bytes = 0;
  // Allocations made inside a loop (a LOOP call node around them), and the
  // loop ("file:line") that took the most of these bytes; "" for none.
  uint64_t loop_allocations = 0;
  uint64_t loop_bytes = 0;
  std::string loop;
  // The most blocks from here that one profile (process) did not free.
  uint64_t most_not_freed_in_a_profile = 0;

  uint64_t held() const { return inherited_blocks + allocations; } // as in HeapTotals
  uint64_t held_bytes() const { return inherited_bytes + allocated_bytes; }
  uint64_t not_freed() const;
  uint64_t not_freed_bytes() const;
};

struct MemoryTable {
  HeapTotals heap;
  std::vector<MemoryPlaceStats> places;        // by allocated bytes (see below)
  std::vector<std::string> unreadable_objects; // their records' places are
                                               // their timed calls
};

MemoryTable compute_memory_table(const std::vector<profile::Profile> &profiles,
                                 Symbolizer &symbolizer);

enum class MemoryOrder {
  Bytes,       // allocated bytes
  Allocations, // allocation count
  NotFreed,    // bytes not freed; places that freed everything are left out
  Temporaries, // temporary blocks; places without any are left out
  InLoops,     // allocations inside loops; places without any are left out
};

// The first `count` places in `order` (0: all), biggest first; ties are broken
// by the other counts and then the place, so the order is stable.
std::vector<MemoryPlaceStats> top_memory_places(const MemoryTable &table, MemoryOrder order,
                                                size_t count);

} // namespace hotline::analysis
