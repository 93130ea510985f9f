// Regions: named spans of a thread's time that the program marks (hotline.h, NVTX ranges,
// [[hotline::region]] functions), each with the time its thread spent blocked inside it and
// the counters HOTLINE_COUNT added there. Only the owning thread writes its regions; the
// profile writer reads them.
#pragma once

#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

constexpr uint32_t kNoRegion = 0xffffffffu;
constexpr uint32_t kMaxRegionDepth = 64;      // deeper regions are not recorded
constexpr uint32_t kMaxRegionNodes = 4096;    // per thread; later new ones are not recorded
constexpr uint32_t kMaxRegionCounters = 1024; // (region, counter) pairs per thread

// One region reached through its enclosing regions, on one thread.
struct RegionNode {
  uint32_t name;   // region_name(name)
  uint32_t parent; // index in RegionThread::nodes, or kNoRegion
  uint32_t first_child, next_sibling;
  uint64_t entries;
  uint64_t inclusive_ticks;
  uint64_t io_ticks, sync_ticks;       // blocked while it was the innermost open region
  uint64_t memory_ticks;               // inside the heap allocator while it was, likewise
  uint64_t gpu_ticks;                  // inside CUDA calls other than synchronize, likewise
  struct DurationHistogram *histogram; // its entries' durations (duration_histograms.h), or null
};

struct RegionCounter {
  uint32_t node; // kNoRegion: counted outside every region
  uint32_t name;
  uint64_t value;
};

struct RegionThread {
  uint32_t first_top_level; // the newest top-level region (their list, like first_child's)
  uint32_t node_count;
  uint32_t counter_count;
  uint32_t depth;                  // may exceed kMaxRegionDepth
  uint32_t stack[kMaxRegionDepth]; // open regions' nodes, kNoRegion for unrecorded ones
  uint64_t start_ticks[kMaxRegionDepth];
  RegionNode nodes[kMaxRegionNodes];
  RegionCounter counters[kMaxRegionCounters];
};

// The thread's innermost open region, or kNoRegion.
inline uint32_t innermost_region(const RegionThread *r) {
  if (!r || r->depth == 0 || r->depth > kMaxRegionDepth)
    return kNoRegion;
  return r->stack[r->depth - 1];
}

// Called once from runtime_init: makes the region names fork-safe.
void regions_init();

// In a forked child: every thread's regions and counters start from zero, as its calls do
// (runtime.cpp, start_counting_in_child). The regions open on the forking thread go on, their
// time counted from the fork; they were entered in the parent.
void forget_parent_regions();

// Adds time spent inside a hooked call to one of the times of thread t's innermost open
// region: add_region_time(t, &RegionNode::io_ticks, ticks).
void add_region_time(ThreadState *t, uint64_t RegionNode::*time, uint64_t ticks);

// The same as the ABI's begin and end, for the NVTX ranges; begin returns the new depth.
int begin_region(const char *name);
int end_region();

// Interned names of regions and counters: the index of `text`, added on first sight, or
// kNoRegion when there is no room.
uint32_t intern_region_name(const char *text);
const char *region_name(uint32_t name);
// The interned copy of `text`, which lives as long as the process (NVTX's registered strings).
const char *region_name_handle(const char *text);

} // namespace hotline::rt
