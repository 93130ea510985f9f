// Regions merged by path across threads and processes, and each thread's
// lifetime split into categories.
#include "analysis/regions.h"

#include "analysis/io.h"
#include "analysis/percent.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace hotline::analysis {

using profile::Profile;

namespace {

std::string normalized(std::string name) {
  std::string out;
  for (char c : name)
    if (c != '_' && c != '-' && c != ' ')
      out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

uint64_t less(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

struct MergedRegion {
  RegionStats stats;
  std::string parent_path; // "" for top-level
  std::map<std::string, uint64_t> counters;
  std::map<std::pair<const Profile *, uint32_t>, bool> threads;
  std::vector<profile::HistogramRange> durations; // its entries' (REGION_HISTOGRAMS)
};

std::vector<CounterStats> counter_list(const std::map<std::string, uint64_t> &counters,
                                       uint64_t ns) {
  std::vector<CounterStats> list;
  for (const auto &[name, value] : counters)
    list.push_back({name, value, ns == 0 ? 0.0 : double(value) * 1e9 / double(ns)});
  return list;
}

// The categories whose time the runtime's hooks measure, whatever region was
// open, and a region's share of each.
constexpr Category kHookedCategories[] = {Category::Io, Category::Synchronization, Category::Memory,
                                          Category::Gpu};
std::array<uint64_t, kCategoryCount> hooked_times(const profile::Region &r) {
  std::array<uint64_t, kCategoryCount> times{};
  times[size_t(Category::Io)] = r.io_ns;
  times[size_t(Category::Synchronization)] = r.sync_ns;
  times[size_t(Category::Memory)] = r.memory_ns;
  times[size_t(Category::Gpu)] = r.gpu_ns;
  return times;
}

} // namespace

const char *category_name(Category category) {
  switch (category) {
  case Category::DataLoading:
    return "data loading";
  case Category::Preprocessing:
    return "preprocessing";
  case Category::Compute:
    return "compute";
  case Category::Gpu:
    return "GPU";
  case Category::Memory:
    return "memory";
  case Category::Io:
    return "I/O";
  case Category::Synchronization:
    return "synchronization";
  case Category::Other:
    break;
  }
  return "other";
}

Category category_of_name(const std::string &name) {
  std::string first = normalized(name.substr(0, name.find('/')));
  if (first == "dataloading" || first == "loading" || first == "load")
    return Category::DataLoading;
  if (first == "preprocessing" || first == "preprocess")
    return Category::Preprocessing;
  if (first == "compute")
    return Category::Compute;
  if (first == "gpu")
    return Category::Gpu;
  if (first == "memory")
    return Category::Memory;
  if (first == "io")
    return Category::Io;
  if (first == "synchronization" || first == "sync")
    return Category::Synchronization;
  return Category::Other;
}

namespace {

// A profile's regions as the table names them: each one's path from its outermost region, its
// category (its own, else its parent's), depth, and the time of the regions inside it.
struct RegionPaths {
  std::vector<std::string> paths;
  std::vector<Category> categories;
  std::vector<uint32_t> depths;
  std::vector<uint64_t> children_ns;
};

RegionPaths region_paths(const Profile &profile) {
  size_t n = profile.regions.size();
  RegionPaths out{std::vector<std::string>(n), std::vector<Category>(n),
                  std::vector<uint32_t>(n, 0), std::vector<uint64_t>(n, 0)};
  for (size_t i = 0; i < n; ++i) {
    const profile::Region &r = profile.regions[i];
    Category own = category_of_name(r.name);
    if (r.parent == profile::kNoRegion) {
      out.paths[i] = r.name;
      out.categories[i] = own;
    } else {
      out.paths[i] = out.paths[r.parent] + " > " + r.name;
      out.categories[i] = own != Category::Other ? own : out.categories[r.parent];
      out.depths[i] = out.depths[r.parent] + 1;
      out.children_ns[r.parent] += r.inclusive_ns;
    }
  }
  return out;
}

using CategoryTimes = std::array<uint64_t, kCategoryCount>;

// Each thread's lifetime, split: the hooked calls' time first, then the time of the innermost
// region, then Other; added to `all_ns`, and for the main thread to `main_ns`.
void split_by_category(const Profile &profile, const RegionPaths &regions, RegionTable &table,
                       CategoryTimes &main_ns, CategoryTimes &all_ns) {
  // `hooked` is each thread's time in the hooked calls, `hooked_in_regions` the part of it
  // regions saw.
  size_t threads = profile.threads.size();
  std::vector<CategoryTimes> hooked(threads, CategoryTimes{}),
      hooked_in_regions(threads, CategoryTimes{});
  for (const profile::IoSite &site : profile.io_sites)
    if (site.thread != profile::kNoThread) {
      IoCounts io;
      io.add(site);
      hooked[site.thread][size_t(Category::Io)] += io.time_ns();
    }
  for (const profile::SyncSite &site : profile.sync_sites)
    if (site.thread != profile::kNoThread)
      hooked[site.thread][size_t(Category::Synchronization)] += site.wait_ns;
  // Inside CUDA calls: waiting for the GPU in the synchronize calls is
  // synchronization, the rest (launches, copies, allocations) is GPU.
  for (const profile::GpuSite &site : profile.gpu_sites)
    if (site.thread != profile::kNoThread)
      hooked[site.thread][size_t(site.api == HOTLINE_GPU_API_SYNCHRONIZE ? Category::Synchronization
                                                                         : Category::Gpu)] +=
          site.host_ns;
  for (uint32_t t = 0; t < threads; ++t)
    hooked[t][size_t(Category::Memory)] += profile.threads[t].memory_ns;

  std::vector<CategoryTimes> split(threads, CategoryTimes{});
  std::vector<uint64_t> in_regions(threads, 0);
  for (size_t i = 0; i < profile.regions.size(); ++i) {
    const profile::Region &r = profile.regions[i];
    CategoryTimes own = hooked_times(r);
    uint64_t own_hooked = 0;
    for (Category c : kHookedCategories) {
      split[r.thread][size_t(c)] += own[size_t(c)];
      hooked_in_regions[r.thread][size_t(c)] += own[size_t(c)];
      own_hooked += own[size_t(c)];
    }
    split[r.thread][size_t(regions.categories[i])] +=
        less(less(r.inclusive_ns, regions.children_ns[i]), own_hooked);
    if (r.parent == profile::kNoRegion)
      in_regions[r.thread] += r.inclusive_ns;
  }
  uint32_t main = main_thread(profile);
  for (uint32_t t = 0; t < threads; ++t) {
    uint64_t lifetime = profile.threads[t].lifetime_ns();
    uint64_t outside_hooked = 0;
    for (Category c : kHookedCategories) {
      uint64_t outside = less(hooked[t][size_t(c)], hooked_in_regions[t][size_t(c)]);
      split[t][size_t(c)] += outside;
      outside_hooked += outside;
    }
    split[t][size_t(Category::Other)] += less(less(lifetime, in_regions[t]), outside_hooked);
    table.all_threads_ns += lifetime;
    if (t == main)
      table.main_threads_ns += lifetime;
    for (size_t c = 0; c < kCategoryCount; ++c) {
      all_ns[c] += split[t][c];
      if (t == main)
        main_ns[c] += split[t][c];
    }
  }
}

// Adds a profile's regions and counters to those of the same path.
void merge_regions(const Profile &profile, const RegionPaths &regions,
                   std::map<std::string, MergedRegion> &merged,
                   std::map<std::string, uint64_t> &outside) {
  for (size_t i = 0; i < profile.regions.size(); ++i) {
    const profile::Region &r = profile.regions[i];
    MergedRegion &m = merged[regions.paths[i]];
    m.stats.path = regions.paths[i];
    m.stats.name = r.name;
    m.stats.category = regions.categories[i];
    m.stats.depth = regions.depths[i];
    m.parent_path = r.parent == profile::kNoRegion ? "" : regions.paths[r.parent];
    m.stats.entries += r.entries;
    m.stats.inclusive_ns += r.inclusive_ns;
    m.stats.exclusive_ns += less(r.inclusive_ns, regions.children_ns[i]);
    m.stats.io_ns += r.io_ns;
    m.stats.sync_ns += r.sync_ns;
    m.stats.memory_ns += r.memory_ns;
    m.stats.gpu_ns += r.gpu_ns;
    m.stats.open_at_write |= r.open_at_write;
    m.threads[{&profile, r.thread}] = true;
  }
  for (const profile::HistogramRange &range : profile.region_histograms)
    merged[regions.paths[range.index]].durations.push_back(range);
  for (const profile::Counter &c : profile.counters) {
    if (c.region == profile::kNoRegion)
      outside[c.name] += c.value;
    else
      merged[regions.paths[c.region]].counters[c.name] += c.value;
  }
}

// Adds a profile's ranges to those of the same name.
void merge_ranges(const Profile &profile, std::map<std::string, profile::Range> &ranges) {
  for (const profile::Range &r : profile.ranges) {
    profile::Range &m = ranges[r.name];
    if (r.count > 0) {
      m.min_ns = m.count == 0 ? r.min_ns : std::min(m.min_ns, r.min_ns);
      m.max_ns = std::max(m.max_ns, r.max_ns);
    }
    m.name = r.name;
    m.count += r.count;
    m.ns += r.ns;
    m.other_thread += r.other_thread;
    m.open += r.open;
  }
}

// The merged regions depth first: each region followed by the regions inside it, siblings by
// time.
std::vector<RegionStats> depth_first(std::map<std::string, MergedRegion> &merged,
                                     uint64_t wall_ns) {
  std::map<std::string, std::vector<const MergedRegion *>> children;
  for (auto &[path, m] : merged) {
    m.stats.threads = uint32_t(m.threads.size());
    m.stats.wall_percent = percent_of(m.stats.inclusive_ns, wall_ns);
    m.stats.counters = counter_list(m.counters, m.stats.inclusive_ns);
    m.stats.durations = duration_stats(std::move(m.durations));
    children[m.parent_path].push_back(&m);
  }
  for (auto &[parent, list] : children)
    std::sort(list.begin(), list.end(), [](const MergedRegion *a, const MergedRegion *b) {
      if (a->stats.inclusive_ns != b->stats.inclusive_ns)
        return a->stats.inclusive_ns > b->stats.inclusive_ns;
      return a->stats.path < b->stats.path;
    });
  std::vector<RegionStats> ordered;
  std::vector<const MergedRegion *> stack(children[""].rbegin(), children[""].rend());
  while (!stack.empty()) {
    const MergedRegion *m = stack.back();
    stack.pop_back();
    ordered.push_back(m->stats);
    auto found = children.find(m->stats.path);
    if (found != children.end())
      stack.insert(stack.end(), found->second.rbegin(), found->second.rend());
  }
  return ordered;
}

} // namespace

RegionTable compute_region_table(const std::vector<Profile> &profiles) {
  RegionTable table;
  std::map<std::string, MergedRegion> merged;
  std::map<std::string, uint64_t> outside;
  std::map<std::string, profile::Range> ranges;
  CategoryTimes main_ns{}, all_ns{};
  for (const Profile &profile : profiles) {
    table.wall_ns += profile.run.wall_ns;
    RegionPaths regions = region_paths(profile);
    split_by_category(profile, regions, table, main_ns, all_ns);
    merge_regions(profile, regions, merged, outside);
    merge_ranges(profile, ranges);
  }
  for (auto &[name, stats] : ranges)
    table.ranges.push_back(stats);
  std::sort(table.ranges.begin(), table.ranges.end(),
            [](const profile::Range &a, const profile::Range &b) {
              return std::tie(b.ns, a.name) < std::tie(a.ns, b.name);
            });
  table.regions = depth_first(merged, table.wall_ns);
  table.outside_counters = counter_list(outside, 0);

  for (size_t c = 0; c < kCategoryCount; ++c) {
    CategoryTime time;
    time.category = Category(c);
    time.main_ns = main_ns[c];
    time.all_ns = all_ns[c];
    time.main_percent = percent_of(main_ns[c], table.main_threads_ns);
    time.all_percent = percent_of(all_ns[c], table.all_threads_ns);
    table.categories.push_back(time);
  }
  std::sort(table.categories.begin(), table.categories.end(),
            [](const CategoryTime &a, const CategoryTime &b) {
              if (a.all_ns != b.all_ns)
                return a.all_ns > b.all_ns;
              return a.category < b.category;
            });
  return table;
}

bool splits_time_by_category(const RegionTable &table) {
  for (const CategoryTime &c : table.categories)
    if (c.category != Category::Other && c.all_ns > 0)
      return true;
  return false;
}

} // namespace hotline::analysis
