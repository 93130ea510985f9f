// Regions, their counters, and where each thread's time went by category
// (the rules are in docs/report-rules.md).
#pragma once

#include "analysis/durations.h"
#include "profile/reader.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

// The built-in categories of time. A region's category is its name's first
// part ("preprocessing/resize") when that names one, else its enclosing
// region's, else Other; blocked time in I/O and synchronization calls (CUDA's
// synchronize calls included) is I/O and Synchronization, time inside the heap
// allocator Memory, and time inside other CUDA calls GPU, whatever region it is
// in.
enum class Category {
  DataLoading,
  Preprocessing,
  Compute,
  Gpu,
  Memory,
  Io,
  Synchronization,
  Other
};
inline constexpr size_t kCategoryCount = 8;
const char *category_name(Category category);
// The category a region name names by its first part, or Other.
Category category_of_name(const std::string &name);

// A counter of a region, with its rate over the region's time.
struct CounterStats {
  std::string name;
  uint64_t value = 0;
  double per_second = 0; // value over the region's time (summed over threads)
};

// A region reached through the same enclosing regions, all threads and
// processes together.
struct RegionStats {
  std::string path; // names from the outermost, joined by " > "
  std::string name;
  uint32_t depth = 0; // 0 for top-level regions
  Category category = Category::Other;
  uint64_t entries = 0;
  uint64_t inclusive_ns = 0; // summed over threads
  uint64_t exclusive_ns = 0; // less the regions inside it
  uint64_t io_ns = 0;
  uint64_t sync_ns = 0;
  uint64_t memory_ns = 0;  // inside the heap allocator
  uint64_t gpu_ns = 0;     // inside CUDA calls other than synchronize
  uint32_t threads = 0;    // threads that entered it
  double wall_percent = 0; // inclusive_ns of the processes' wall time
  bool open_at_write = false;
  std::vector<CounterStats> counters; // by name
  // HOTLINE_HISTOGRAMS: how long its entries took (calls 0 without histograms).
  DurationStats durations;
};

// Time of each category, for the main threads and for all threads.
struct CategoryTime {
  Category category = Category::Other;
  uint64_t main_ns = 0;
  uint64_t all_ns = 0;
  double main_percent = 0; // of the main threads' lifetimes
  double all_percent = 0;  // of all threads' lifetimes
};

struct RegionTable {
  std::vector<RegionStats> regions;           // depth-first, each level by time
  std::vector<CounterStats> outside_counters; // counted outside every region
  std::vector<CategoryTime> categories;       // every category, by all threads' time
  // NVTX start/end ranges by name, all processes together, by time then name.
  // They may overlap and cross threads, so they are not split into categories.
  std::vector<profile::Range> ranges;
  uint64_t main_threads_ns = 0; // lifetimes of the processes' main threads
  uint64_t all_threads_ns = 0;  // lifetimes of all threads
  uint64_t wall_ns = 0;         // the processes' wall times, summed (rules judge rates by it)
};

RegionTable compute_region_table(const std::vector<profile::Profile> &profiles);

// Whether any time is in a category other than "other": without a region or blocked time
// there is nothing to split, and the reports show no categories.
bool splits_time_by_category(const RegionTable &table);

} // namespace hotline::analysis
