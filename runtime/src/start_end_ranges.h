// Ranges that one call starts and another ends, on any thread (NVTX's nvtxRangeStart/End):
// unlike regions they need not nest, and a loader thread may start one that the main thread
// ends. Kept by name: how many ended, their time, and how many are still open.
#pragma once

#include <stdint.h>

namespace hotline::rt {

constexpr uint32_t kMaxOpenRanges = 4096; // started and not yet ended; later starts are not kept
constexpr uint32_t kMaxRangeNames = 1024; // ranges of later new names are not kept

// Called once from runtime_init: makes the table fork-safe.
void start_end_ranges_init();

// Starts a range named `name` (a region name: interned likewise) and returns its id (never 0),
// for end_range.
uint64_t start_range(const char *name);
// Ends the range `id` started; an id not started, or already ended, is ignored.
void end_range(uint64_t id);

// The ranges of each name, for the profile writer; `open` counts those not ended yet.
struct RangeTotals {
  uint32_t name; // region_name(name)
  uint32_t open;
  uint64_t count;
  uint64_t ticks, min_ticks, max_ticks;
  uint64_t other_thread;
};
// Calls `f` with each name's totals, under the table's lock (f must not start or end ranges).
void for_each_range_name(void (*f)(const RangeTotals &totals, void *context), void *context);

} // namespace hotline::rt
