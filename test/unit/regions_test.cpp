// Regions, counters and waits: read back exactly, refused when they name what is not there,
// merged by path, split into categories; and the rules that read them.
#include "analysis/regions.h"
#include "profile/reader.h"
#include "profile_builder.h"
#include "rules/rules.h"

#include <hotline/profile_format.h>

#include <gtest/gtest.h>

#include <set>

namespace hotline::test {
namespace {

using analysis::Category;
using profile::Profile;

// Two threads (main 4242 = the pid, worker 4243), 10 ms each: main spends 6 ms in
// data_loading (2 ms of it blocked in I/O) and 1 ms in compute > matmul, the worker 8 ms in
// compute of which 3 ms waiting on a lock.
ProfileBuilder region_builder() {
  ProfileBuilder b;
  b.run().pid = 4242;
  b.run().wall_ns = 10000000;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  b.add_thread(4242, "main");
  b.add_node(main_site, HOTLINE_NO_PARENT, 1, 10000000);
  b.add_thread(4243, "worker");
  uint32_t loading = b.add_region(0, HOTLINE_NO_REGION, "data_loading", 4, 6000000, 2000000);
  uint32_t compute = b.add_region(0, HOTLINE_NO_REGION, "compute", 1, 1000000);
  b.add_region(0, compute, "matmul", 2, 800000);
  uint32_t worker_compute = b.add_region(1, HOTLINE_NO_REGION, "compute", 3, 8000000, 0, 3000000);
  b.add_counter(0, loading, "samples", 64);
  b.add_counter(1, worker_compute, "steps", 30);
  b.add_counter(0, HOTLINE_NO_REGION, "outside", 5);
  hotline_sync_site_record wait{};
  wait.thread = 1;
  wait.node = HOTLINE_NO_PARENT;
  wait.object = HOTLINE_NO_OBJECT;
  wait.via_object = HOTLINE_NO_OBJECT;
  wait.kind = HOTLINE_SYNC_MUTEX;
  wait.waits = 12;
  wait.wait_ns = 3000000;
  b.add_sync_site(wait);
  return b;
}

analysis::CategoryTime category_time(const analysis::RegionTable &table, Category category) {
  for (const analysis::CategoryTime &t : table.categories)
    if (t.category == category)
      return t;
  return analysis::CategoryTime{};
}

std::string format_error(const Bytes &bytes) {
  try {
    profile::parse_profile(bytes, "app.hotline");
  } catch (const profile::ProfileFormatError &e) {
    return e.what();
  }
  return "";
}

TEST(Regions, ReadBackExactly) {
  Profile p = profile::parse_profile(region_builder().build(), "app.hotline");
  ASSERT_EQ(p.regions.size(), 4u);
  EXPECT_EQ(p.regions[0].name, "data_loading");
  EXPECT_EQ(p.regions[0].entries, 4u);
  EXPECT_EQ(p.regions[0].inclusive_ns, 6000000u);
  EXPECT_EQ(p.regions[0].io_ns, 2000000u);
  EXPECT_EQ(p.regions[2].parent, 1u);
  EXPECT_EQ(p.regions[3].thread, 1u);
  EXPECT_EQ(p.regions[3].sync_ns, 3000000u);
  ASSERT_EQ(p.counters.size(), 3u);
  EXPECT_EQ(p.counters[0].name, "samples");
  EXPECT_EQ(p.counters[0].value, 64u);
  EXPECT_EQ(p.counters[2].region, profile::kNoRegion);
  ASSERT_EQ(p.sync_sites.size(), 1u);
  EXPECT_EQ(p.sync_sites[0].kind, uint32_t(HOTLINE_SYNC_MUTEX));
  EXPECT_EQ(p.sync_sites[0].waits, 12u);
}

TEST(Regions, RefusedWhenTheyNameWhatIsNotThere) {
  ProfileBuilder later_parent = region_builder();
  later_parent.region(1).parent = 2;
  EXPECT_NE(format_error(later_parent.build()).find("region 1 at offset"), std::string::npos);
  EXPECT_NE(format_error(later_parent.build())
                .find("names parent 2, which is not an earlier region of the same thread"),
            std::string::npos);

  ProfileBuilder other_thread = region_builder();
  other_thread.region(3).parent = 0; // a region of thread 0
  EXPECT_NE(format_error(other_thread.build()).find("not an earlier region of the same thread"),
            std::string::npos);

  ProfileBuilder bad_thread = region_builder();
  bad_thread.region(0).thread = 7;
  EXPECT_NE(format_error(bad_thread.build()).find("names thread 7, out of range (2 threads)"),
            std::string::npos);

  ProfileBuilder counter = region_builder();
  counter.add_counter(1, 0, "misplaced", 1); // region 0 belongs to thread 0
  EXPECT_NE(format_error(counter.build()).find("counter 3 at offset"), std::string::npos);

  ProfileBuilder sync = region_builder();
  hotline_sync_site_record wait{};
  wait.thread = 9;
  wait.node = HOTLINE_NO_PARENT;
  wait.object = HOTLINE_NO_OBJECT;
  wait.via_object = HOTLINE_NO_OBJECT;
  sync.add_sync_site(wait);
  EXPECT_NE(format_error(sync.build()).find("sync site 1 at offset"), std::string::npos);
}

TEST(Regions, MergedByPathWithCategoriesAndRates) {
  std::vector<Profile> profiles = {profile::parse_profile(region_builder().build(), "app.hotline")};
  analysis::RegionTable table = analysis::compute_region_table(profiles);
  ASSERT_EQ(table.regions.size(), 3u);
  // Depth first, siblings by time: compute (1 + 8 ms), then matmul inside it, then data_loading.
  EXPECT_EQ(table.regions[0].path, "compute");
  EXPECT_EQ(table.regions[0].inclusive_ns, 9000000u);
  EXPECT_EQ(table.regions[0].entries, 4u);
  EXPECT_EQ(table.regions[0].threads, 2u);
  EXPECT_EQ(table.regions[0].exclusive_ns, 8200000u);
  EXPECT_EQ(table.regions[1].path, "compute > matmul");
  EXPECT_EQ(table.regions[1].category, Category::Compute); // inherited
  EXPECT_EQ(table.regions[1].depth, 1u);
  EXPECT_EQ(table.regions[2].path, "data_loading");
  EXPECT_EQ(table.regions[2].category, Category::DataLoading);
  EXPECT_DOUBLE_EQ(table.regions[2].wall_percent, 60.0);
  ASSERT_EQ(table.regions[2].counters.size(), 1u);
  EXPECT_DOUBLE_EQ(table.regions[2].counters[0].per_second, 64 / 0.006);
  ASSERT_EQ(table.outside_counters.size(), 1u);
  EXPECT_EQ(table.outside_counters[0].value, 5u);

  auto time_of = [&](Category c) { return category_time(table, c); };
  EXPECT_EQ(table.main_threads_ns, 10000000u);
  EXPECT_EQ(table.all_threads_ns, 20000000u);
  EXPECT_EQ(time_of(Category::DataLoading).main_ns, 4000000u); // 6 ms less 2 ms of I/O
  EXPECT_EQ(time_of(Category::Io).main_ns, 2000000u);
  EXPECT_EQ(time_of(Category::Compute).main_ns, 1000000u);
  EXPECT_EQ(time_of(Category::Compute).all_ns, 6000000u); // the worker's 8 ms less 3 ms waiting
  EXPECT_EQ(time_of(Category::Synchronization).all_ns, 3000000u);
  EXPECT_EQ(time_of(Category::Other).main_ns, 3000000u);
  EXPECT_EQ(time_of(Category::Other).all_ns, 5000000u);
  EXPECT_DOUBLE_EQ(time_of(Category::DataLoading).main_percent, 40.0);
}

// A region's entries' durations, from every thread's node of its path: compute's one entry on
// main and three on the worker make one distribution; regions without histograms have none.
TEST(Regions, EntryDurationsMergedByPath) {
  ProfileBuilder b = region_builder();
  b.add_region_histogram_range(1, 1, 1000000, 1000000); // main's compute
  b.add_region_histogram_range(3, 2, 2000000, 2200000); // the worker's
  b.add_region_histogram_range(3, 1, 3600000, 3800000);
  std::vector<Profile> profiles = {profile::parse_profile(b.build(), "app.hotline")};
  EXPECT_TRUE(profiles[0].histograms);
  analysis::RegionTable table = analysis::compute_region_table(profiles);
  const analysis::DurationStats &compute = table.regions[0].durations;
  EXPECT_EQ(compute.calls, 4u);
  EXPECT_EQ(compute.shortest_ns, 1000000u);
  EXPECT_EQ(compute.p50_ns, 2100000u); // the second of four: the first of the worker's two
  EXPECT_EQ(compute.longest_ns, 3800000u);
  EXPECT_EQ(table.regions[1].durations.calls, 0u); // matmul
}

TEST(Regions, EntryDurationsNameARegion) {
  ProfileBuilder b = region_builder();
  b.add_region_histogram_range(4, 1, 10, 20);
  EXPECT_NE(format_error(b.build()).find("names region 4, out of range (4 regions)"),
            std::string::npos);
}

// Time inside the heap allocator is memory, whatever region it was in: main spends 1 ms of
// data_loading and 0.5 ms outside every region in the allocator, the worker 2 ms of compute.
TEST(Regions, AllocatorTimeIsMemory) {
  ProfileBuilder b = region_builder();
  b.region(0).memory_ns = 1000000;
  b.thread(0).memory_ns = 1500000;
  b.region(3).memory_ns = 2000000;
  b.thread(1).memory_ns = 2000000;
  std::vector<Profile> profiles = {profile::parse_profile(b.build(), "app.hotline")};
  EXPECT_EQ(profiles[0].threads[0].memory_ns, 1500000u);
  EXPECT_EQ(profiles[0].regions[0].memory_ns, 1000000u);
  analysis::RegionTable table = analysis::compute_region_table(profiles);
  auto time_of = [&](Category c) { return category_time(table, c); };
  EXPECT_EQ(time_of(Category::Memory).main_ns, 1500000u);
  EXPECT_EQ(time_of(Category::Memory).all_ns, 3500000u);
  EXPECT_EQ(time_of(Category::DataLoading).main_ns,
            3000000u);                                    // 6 ms less 2 of I/O, 1 in the allocator
  EXPECT_EQ(time_of(Category::Other).main_ns, 2500000u);  // 3 ms less 0.5 in the allocator
  EXPECT_EQ(time_of(Category::Compute).all_ns, 4000000u); // 1 ms, and the worker's 8 less 3 and 2
  EXPECT_EQ(table.regions[2].path, "data_loading");
  EXPECT_EQ(table.regions[2].memory_ns, 1000000u);
  uint64_t sum = 0;
  for (const analysis::CategoryTime &t : table.categories)
    sum += t.all_ns;
  EXPECT_EQ(sum, table.all_threads_ns); // every nanosecond once
}

// Time inside CUDA calls: waiting in a synchronize call is synchronization, the rest GPU,
// in whichever region it was. The worker's launches take 1.5 ms, 1 of it in its compute
// region; main synchronizes for 0.7 ms outside every region.
TEST(Regions, CudaCallTimeIsGpuOrSynchronization) {
  ProfileBuilder b = region_builder();
  b.region(3).gpu_ns = 1000000;
  hotline_cuda_record &cuda = b.cuda();
  cuda.state = HOTLINE_CUDA_TRACED;
  cuda.device_count = 1;
  b.add_gpu_site(gpu_site(1, HOTLINE_NO_PARENT, HOTLINE_GPU_API_LAUNCH,
                          b.string("cudaLaunchKernel"), 10, 1500000));
  b.add_gpu_site(gpu_site(0, HOTLINE_NO_PARENT, HOTLINE_GPU_API_SYNCHRONIZE,
                          b.string("cudaDeviceSynchronize"), 10, 700000));
  std::vector<Profile> profiles = {profile::parse_profile(b.build(), "app.hotline")};
  EXPECT_EQ(profiles[0].regions[3].gpu_ns, 1000000u);
  analysis::RegionTable table = analysis::compute_region_table(profiles);
  auto time_of = [&](Category c) { return category_time(table, c); };
  EXPECT_EQ(time_of(Category::Gpu).main_ns, 0u);
  EXPECT_EQ(time_of(Category::Gpu).all_ns, 1500000u);
  EXPECT_EQ(time_of(Category::Synchronization).main_ns, 700000u);
  EXPECT_EQ(time_of(Category::Synchronization).all_ns, 3700000u);
  EXPECT_EQ(time_of(Category::Other).main_ns, 2300000u);  // 3 ms less 0.7 synchronizing
  EXPECT_EQ(time_of(Category::Compute).all_ns, 5000000u); // 1 ms, and the worker's 8 less 3 and 1
  EXPECT_EQ(time_of(Category::Other).all_ns, 3800000u);   // main's 2.3, the worker's 2 less 0.5
  EXPECT_EQ(table.regions[0].gpu_ns, 1000000u);           // compute, both threads
}

// Profiles written before memory_ns (and gpu_ns) were appended to thread and region records
// still read, with no allocator or CUDA time.
TEST(Regions, OlderRecordsWithoutAllocatorTime) {
  ProfileBuilder b = region_builder();
  b.region(0).memory_ns = 1000000;
  b.region(0).gpu_ns = 1000000;
  b.thread(0).memory_ns = 1500000;
  b.set_first_record_versions();
  Profile p = profile::parse_profile(b.build(), "app.hotline");
  ASSERT_EQ(p.threads.size(), 2u);
  EXPECT_EQ(p.threads[1].tid, 4243u);
  EXPECT_EQ(p.threads[0].memory_ns, 0u);
  ASSERT_EQ(p.regions.size(), 4u);
  EXPECT_EQ(p.regions[3].sync_ns, 3000000u);
  EXPECT_EQ(p.regions[0].memory_ns, 0u);
  EXPECT_EQ(p.regions[0].gpu_ns, 0u);
}

// Start/end ranges: read back, refused when their times cannot be, and added up
// by name over profiles (the shortest and longest of those that ended).
TEST(Regions, StartEndRangesByName) {
  ProfileBuilder a = region_builder();
  a.add_range("batch", 3, 9000, 2000, 4000).other_thread = 2;
  a.add_range("never ended", 0, 0, 0, 0).open = 1;
  ProfileBuilder b = region_builder();
  b.add_range("batch", 2, 3000, 1000, 2000).open = 1;
  std::vector<Profile> profiles = {profile::parse_profile(a.build(), "a.hotline"),
                                   profile::parse_profile(b.build(), "b.hotline")};
  ASSERT_EQ(profiles[0].ranges.size(), 2u);
  EXPECT_EQ(profiles[0].ranges[0].name, "batch");
  EXPECT_EQ(profiles[0].ranges[0].count, 3u);
  EXPECT_EQ(profiles[0].ranges[0].other_thread, 2u);
  EXPECT_EQ(profiles[0].ranges[1].open, 1u);

  analysis::RegionTable table = analysis::compute_region_table(profiles);
  ASSERT_EQ(table.ranges.size(), 2u);
  const profile::Range &batch = table.ranges[0];
  EXPECT_EQ(batch.name, "batch");
  EXPECT_EQ(batch.count, 5u);
  EXPECT_EQ(batch.ns, 12000u);
  EXPECT_EQ(batch.mean_ns(), 2400u);
  EXPECT_EQ(batch.min_ns, 1000u);
  EXPECT_EQ(batch.max_ns, 4000u);
  EXPECT_EQ(batch.other_thread, 2u);
  EXPECT_EQ(batch.open, 1u);
  EXPECT_EQ(table.ranges[1].name, "never ended");
  EXPECT_EQ(table.ranges[1].count, 0u);
  EXPECT_EQ(table.ranges[1].min_ns, 0u);

  ProfileBuilder longer = region_builder();
  longer.add_range("batch", 3, 3000, 2000, 4000);
  EXPECT_NE(format_error(longer.build()).find("range 0 at offset"), std::string::npos);
  EXPECT_NE(format_error(longer.build())
                .find("shortest 2000 ns, longest 4000 ns and total 3000 ns do not fit"),
            std::string::npos);
  ProfileBuilder crossed = region_builder();
  crossed.add_range("batch", 1, 10, 10, 10).other_thread = 2;
  EXPECT_NE(format_error(crossed.build()).find("2 of 1 ended on another thread"),
            std::string::npos);
}

TEST(Regions, CategoryOfName) {
  EXPECT_EQ(analysis::category_of_name("Data-Loading/decode"), Category::DataLoading);
  EXPECT_EQ(analysis::category_of_name("preprocessing"), Category::Preprocessing);
  EXPECT_EQ(analysis::category_of_name("sync"), Category::Synchronization);
  EXPECT_EQ(analysis::category_of_name("gpu/upload"), Category::Gpu);
  EXPECT_EQ(analysis::category_of_name("batch"), Category::Other);
}

// The rules that read regions and waits, on the same profile.
std::vector<rules::Finding> findings_of(const std::vector<Profile> &profiles, double hot_percent) {
  analysis::FunctionCatalog catalog(profiles);
  analysis::FunctionTable functions = analysis::compute_function_table(profiles, catalog);
  std::vector<analysis::LoopStats> loops;
  analysis::RegionTable regions = analysis::compute_region_table(profiles);
  analysis::SyncTable sync;
  sync.places.push_back({});
  sync.places[0].kind = HOTLINE_SYNC_MUTEX;
  sync.places[0].waits = 12;
  sync.places[0].wait_ns = 3000000;
  rules::ReportData data;
  data.profiles = &profiles;
  data.functions = &functions;
  data.loops = &loops;
  data.regions = &regions;
  data.sync = &sync;
  return rules::run_rules(data, rules::Thresholds{hot_percent});
}

TEST(Rules, LoadingDominatesAndWaitsAtTheirThresholds) {
  std::vector<Profile> profiles = {profile::parse_profile(region_builder().build(), "app.hotline")};
  // Loading 4 ms + I/O 2 ms of the main thread's 10 ms: 60% >= 30%. Waits: 3 of 20 ms = 15%.
  std::vector<rules::Finding> findings = findings_of(profiles, 10);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].rule, "loading-dominates");
  EXPECT_DOUBLE_EQ(findings[0].impact_percent, 60.0);
  EXPECT_EQ(findings[1].rule, "synchronization-time");
  EXPECT_DOUBLE_EQ(findings[1].impact_percent, 15.0);
  // Above the waits' share, only loading is left.
  findings = findings_of(profiles, 16);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "loading-dominates");
}

TEST(Rules, EveryRuleHasAnIdAndASummary) {
  std::set<std::string> ids;
  for (const rules::Rule &rule : rules::all_rules()) {
    EXPECT_TRUE(ids.insert(rule.id).second) << rule.id;
    EXPECT_NE(std::string(rule.summary), "");
  }
  EXPECT_EQ(ids.size(), 15u);
}

} // namespace
} // namespace hotline::test
