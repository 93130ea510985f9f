// Adds up HEAP sections and MEMORY_SITES records by place.
#include "analysis/memory.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace hotline::analysis {

using profile::Profile;

namespace {

uint64_t minus(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

uint64_t order_key(const MemoryPlaceStats &place, MemoryOrder order) {
  switch (order) {
  case MemoryOrder::Bytes:
    return place.allocated_bytes;
  case MemoryOrder::Allocations:
    return place.allocations;
  case MemoryOrder::NotFreed:
    return place.not_freed_bytes();
  case MemoryOrder::Temporaries:
    return place.temporaries;
  case MemoryOrder::InLoops:
    break;
  }
  return place.loop_allocations;
}

} // namespace

uint64_t HeapTotals::not_freed() const { return minus(held(), frees); }
uint64_t HeapTotals::not_freed_bytes() const { return minus(held_bytes(), freed_bytes); }
uint64_t MemoryPlaceStats::not_freed() const { return minus(held(), frees); }
uint64_t MemoryPlaceStats::not_freed_bytes() const { return minus(held_bytes(), freed_bytes); }

MemoryTable compute_memory_table(const std::vector<Profile> &profiles, Symbolizer &symbolizer) {
  MemoryTable table;
  HeapTotals &heap = table.heap;
  for (const Profile &profile : profiles) {
    if (!profile.heap.present)
      continue;
    ++heap.profiles;
    if (profile.heap.peak_rss_bytes > heap.peak_rss_bytes || heap.peak_rss_profile.empty()) {
      heap.peak_rss_bytes = profile.heap.peak_rss_bytes;
      heap.peak_rss_profile = profile.display_name;
      heap.runtime_resident_bytes = profile.heap.runtime_resident_bytes;
    }
    if (profile.heap.tracked() && profile.run.heap_not_hooked()) {
      ++heap.not_hooked_profiles;
      continue;
    }
    if (!profile.heap.tracked())
      continue;
    ++heap.tracked_profiles;
    heap.allocations += profile.heap.allocations;
    heap.allocated_bytes += profile.heap.allocated_bytes;
    heap.frees += profile.heap.frees;
    heap.freed_bytes += profile.heap.freed_bytes;
    heap.untracked_frees += profile.heap.untracked_frees;
    heap.inherited_blocks += profile.heap.inherited_blocks;
    heap.inherited_bytes += profile.heap.inherited_bytes;
    if (profile.heap.peak_live_bytes > heap.peak_live_bytes || heap.peak_live_profile.empty()) {
      heap.peak_live_bytes = profile.heap.peak_live_bytes;
      heap.peak_live_profile = profile.display_name;
    }
  }

  RecordPlacer placer(profiles, symbolizer);
  std::map<RecordPlace, MemoryPlaceStats> places;
  std::map<RecordPlace, std::map<std::string, uint64_t>> loop_bytes;
  for (const Profile &profile : profiles) {
    std::map<RecordPlace, uint64_t> not_freed_here;
    for (const profile::MemorySite &site : profile.memory_sites) {
      if (made_by_profiler(profile, site)) {
        heap.profiler_allocations += site.allocations;
        heap.profiler_allocated_bytes += site.allocated_bytes;
        uint64_t held = site.inherited_bytes + site.allocated_bytes;
        heap.profiler_not_freed_bytes += held - std::min(site.freed_bytes, held);
        heap.inherited_blocks -= std::min(heap.inherited_blocks, site.inherited_blocks);
        heap.inherited_bytes -= std::min(heap.inherited_bytes, site.inherited_bytes);
        heap.allocations -= std::min(heap.allocations, site.allocations);
        heap.allocated_bytes -= std::min(heap.allocated_bytes, site.allocated_bytes);
        heap.frees -= std::min(heap.frees, site.frees);
        heap.freed_bytes -= std::min(heap.freed_bytes, site.freed_bytes);
        continue;
      }
      RecordPlace place =
          placer.place(profile, site.node, site.object, site.address, site.via_object);
      not_freed_here[place] += minus(site.inherited_blocks + site.allocations, site.frees);
      MemoryPlaceStats &stats = places[place];
      stats.place = place;
      stats.allocations += site.allocations;
      stats.allocated_bytes += site.allocated_bytes;
      stats.frees += site.frees;
      stats.freed_bytes += site.freed_bytes;
      stats.inherited_blocks += site.inherited_blocks;
      stats.inherited_bytes += site.inherited_bytes;
      stats.temporaries += site.temporaries;
      stats.temporary_bytes += site.temporary_bytes;
      stats.peak_live_bytes = std::max(stats.peak_live_bytes, site.peak_live_bytes);
      std::string loop = enclosing_loop(profile, site.node);
      if (loop.empty())
        continue;
      stats.loop_allocations += site.allocations;
      stats.loop_bytes += site.allocated_bytes;
      loop_bytes[place][loop] += site.allocated_bytes;
    }
    for (const auto &[place, blocks] : not_freed_here) {
      uint64_t &most = places[place].most_not_freed_in_a_profile;
      most = std::max(most, blocks);
    }
  }
  for (auto &[place, stats] : places) {
    // The loop with the most bytes; on a tie, the first by name.
    uint64_t most = 0;
    for (const auto &[loop, bytes] : loop_bytes[place])
      if (stats.loop.empty() || bytes > most) {
        stats.loop = loop;
        most = bytes;
      }
    table.places.push_back(std::move(stats));
  }
  table.places = top_memory_places(table, MemoryOrder::Bytes, 0);
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

std::vector<MemoryPlaceStats> top_memory_places(const MemoryTable &table, MemoryOrder order,
                                                size_t count) {
  std::vector<MemoryPlaceStats> places;
  for (const MemoryPlaceStats &place : table.places)
    if (order == MemoryOrder::Bytes || order == MemoryOrder::Allocations ||
        order_key(place, order) > 0)
      places.push_back(place);
  std::sort(places.begin(), places.end(),
            [&](const MemoryPlaceStats &a, const MemoryPlaceStats &b) {
              auto key = [&](const MemoryPlaceStats &p) {
                return std::make_tuple(order_key(p, order), p.allocated_bytes, p.allocations);
              };
              if (key(a) != key(b))
                return key(a) > key(b);
              return a.place < b.place;
            });
  if (count != 0 && places.size() > count)
    places.resize(count);
  return places;
}

} // namespace hotline::analysis
