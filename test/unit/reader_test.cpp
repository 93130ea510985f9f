// The profile reader: what it loads from valid files and how it refuses broken
// ones.
#include "profile/reader.h"
#include "profile_builder.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <random>

namespace hotline::test {
namespace {

using profile::parse_profile;
using profile::Profile;
using profile::ProfileFormatError;

// A small profile: two modules, three sites, two threads.
ProfileBuilder sample_builder() {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t lib = b.add_module("/home/user/libwork.so", "work.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  uint32_t work_site = b.add_site(lib, "work(int)", "_Z4worki", "work.cpp", 3, 7);
  b.add_site(lib, "helper()", "_ZL6helperv", "work.cpp", 20, 1000);
  b.add_thread(4242, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000);
  b.add_node(work_site, main_node, 5, 600);
  b.add_thread(4243, "worker");
  b.add_node(work_site, HOTLINE_NO_PARENT, 2, 300);
  return b;
}

hotline_memory_site_record memory_record(uint32_t thread, uint32_t node, uint32_t object,
                                         uint64_t address) {
  hotline_memory_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = object;
  record.address = address;
  record.via_object = HOTLINE_NO_OBJECT;
  return record;
}

hotline_io_site_record io_record(uint32_t thread, uint32_t node, uint32_t object, uint32_t file) {
  hotline_io_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = object;
  record.via_object = HOTLINE_NO_OBJECT;
  record.file = file;
  return record;
}

// sample_builder() with a heap, two objects, two files, and memory and I/O
// records on both threads and on none.
ProfileBuilder memory_io_builder() {
  ProfileBuilder b = sample_builder();
  b.add_object("/home/user/app", 0);
  b.add_object("/usr/lib/libstdc++.so.6", 0x7f0000000000);
  b.add_build_id(1, "00118eeb852f582a254a2daec51d9f810df36683");
  hotline_heap_record &heap = b.heap();
  heap.allocations = 10;
  heap.allocated_bytes = 1000;
  heap.frees = 8;
  heap.freed_bytes = 900;
  heap.peak_live_bytes = 500;
  heap.peak_rss_bytes = 4096;
  heap.untracked_frees = 3;
  heap.flags = HOTLINE_HEAP_TRACKED;
  heap.runtime_resident_bytes = 2048;
  hotline_memory_site_record in_worker = memory_record(1, 0, 1, 0x1234);
  in_worker.allocations = 7;
  in_worker.allocated_bytes = 700;
  in_worker.frees = 6;
  in_worker.freed_bytes = 600;
  in_worker.peak_live_bytes = 300;
  in_worker.temporaries = 5;
  in_worker.temporary_bytes = 500;
  b.add_memory_site(in_worker);
  b.add_memory_site(memory_record(HOTLINE_NO_THREAD, HOTLINE_NO_PARENT, HOTLINE_NO_OBJECT, 0));
  b.add_file("/data/train.bin");
  b.add_file("pipe:[1234]");
  hotline_io_site_record reading = io_record(0, 1, 0, 0);
  reading.address = 0x42;
  reading.reads = 1;
  reading.read_bytes = 2;
  reading.read_ns = 3;
  reading.writes = 4;
  reading.write_bytes = 5;
  reading.write_ns = 6;
  reading.opens = 7;
  reading.open_ns = 8;
  reading.syncs = 9;
  reading.sync_ns = 10;
  reading.maps = 11;
  reading.mapped_bytes = 12;
  reading.map_ns = 13;
  b.add_io_site(reading);
  b.add_io_site(io_record(1, HOTLINE_NO_PARENT, HOTLINE_NO_OBJECT, HOTLINE_NO_FILE));
  return b;
}

hotline_system_sample_record system_sample(uint64_t time_ns) {
  hotline_system_sample_record record{};
  record.time_ns = time_ns;
  return record;
}

// sample_builder() with a SYSTEM section (energy and GPUs measured) and three
// samples.
ProfileBuilder system_builder() {
  ProfileBuilder b = sample_builder();
  hotline_system_record &system = b.system();
  system.cpu_ns = 1500000000;
  system.energy_uj = 42000000;
  system.sample_period_ns = 20000000;
  system.flags = HOTLINE_SYSTEM_ENERGY | HOTLINE_SYSTEM_GPU;
  system.gpu_count = 2;
  hotline_system_sample_record first = system_sample(20000000);
  first.rss_bytes = 1 << 20;
  first.energy_uj = 400000;
  first.gpu_memory_bytes = 3u << 30;
  first.cpu_percent_x100 = 9950;
  first.gpu_utilization_percent = 87;
  first.gpu_temperature_c = 64;
  first.gpu_power_mw = 250000;
  b.add_system_sample(first);
  b.add_system_sample(system_sample(40000000));
  b.add_system_sample(system_sample(40000000)); // equal times are allowed
  return b;
}

// The message of the ProfileFormatError that parsing `bytes` throws, or "" if
// none.
std::string format_error(const Bytes &bytes, uint64_t *offset = nullptr) {
  try {
    parse_profile(bytes, "app.123.hotline");
  } catch (const ProfileFormatError &e) {
    if (offset)
      *offset = e.offset();
    return e.what();
  }
  return "";
}

TEST(Reader, RoundTripsEveryField) {
  Profile p = parse_profile(sample_builder().build(), "app.123.hotline");
  EXPECT_EQ(p.display_name, "app.123.hotline");
  EXPECT_EQ(p.version, 1u);
  EXPECT_EQ(p.run.pid, 123u);
  EXPECT_EQ(p.run.parent_pid, 1u);
  EXPECT_EQ(p.run.start_unix_ns, 1700000000000000000);
  EXPECT_EQ(p.run.wall_ns, 2000000000u);
  EXPECT_EQ(p.run.start_ticks, 1000u);
  EXPECT_EQ(p.run.end_ticks, 5000001000u);
  EXPECT_EQ(p.run.start_mono_ns, 10u);
  EXPECT_EQ(p.run.end_mono_ns, 2000000010u);
  EXPECT_EQ(p.run.program, "/home/user/app");
  EXPECT_EQ(p.run.command_line, "./app --size 20");
  EXPECT_EQ(p.run.host, "node1");
  EXPECT_EQ(p.run.clock_source, "tsc");
  EXPECT_EQ(p.run.runtime_version, "0.1.0");
  EXPECT_EQ(p.run.thread_count, 2u);
  EXPECT_FALSE(p.run.incomplete());

  ASSERT_EQ(p.modules.size(), 2u);
  EXPECT_EQ(p.modules[1].object_path, "/home/user/libwork.so");
  EXPECT_EQ(p.modules[1].source_file, "work.cpp");
  EXPECT_EQ(p.modules[1].first_site, 1u);
  EXPECT_EQ(p.modules[1].site_count, 2u);

  ASSERT_EQ(p.sites.size(), 3u);
  EXPECT_EQ(p.sites[1].name, "work(int)");
  EXPECT_EQ(p.sites[1].linkage_name, "_Z4worki");
  EXPECT_EQ(p.sites[1].file, "work.cpp");
  EXPECT_EQ(p.sites[1].line, 3u);
  EXPECT_EQ(p.sites[1].kind, uint32_t(HOTLINE_SITE_FUNCTION));
  EXPECT_EQ(p.sites[1].module, 1u);
  EXPECT_EQ(p.site_counts, (std::vector<uint64_t>{1, 7, 1000}));

  ASSERT_EQ(p.threads.size(), 2u);
  EXPECT_EQ(p.threads[0].tid, 4242u);
  EXPECT_EQ(p.threads[0].name, "main");
  EXPECT_EQ(p.threads[0].first_node, 0u);
  EXPECT_EQ(p.threads[0].node_count, 2u);
  EXPECT_EQ(p.threads[1].first_node, 2u);
  EXPECT_EQ(p.threads[1].node_count, 1u);

  ASSERT_EQ(p.nodes.size(), 3u);
  EXPECT_EQ(p.nodes[0].parent, profile::kNoParent);
  EXPECT_EQ(p.nodes[0].inclusive_ns, 1000u);
  EXPECT_EQ(p.nodes[0].exclusive_ns, 400u);
  EXPECT_EQ(p.nodes[1].parent, 0u);
  EXPECT_EQ(p.nodes[1].site, 1u);
  EXPECT_EQ(p.nodes[1].calls, 5u);
  // Parents become indices into Profile::nodes, not into the thread's nodes.
  EXPECT_EQ(p.nodes[2].parent, profile::kNoParent);
}

TEST(Reader, ParentIndicesOfLaterThreadsBecomeAbsolute) {
  ProfileBuilder b = sample_builder();
  b.add_thread(4244);
  uint32_t top = b.add_node(0, HOTLINE_NO_PARENT, 1, 50);
  b.add_node(1, top, 1, 20);
  Profile p = parse_profile(b.build(), "x");
  ASSERT_EQ(p.nodes.size(), 5u);
  EXPECT_EQ(p.nodes[4].parent, 3u);
}

TEST(Reader, ReadsTheKnownPrefixOfLargerRecords) {
  ProfileBuilder b = sample_builder();
  b.set_extra_record_bytes(12);
  Profile bigger = parse_profile(b.build(), "x");
  Profile normal = parse_profile(sample_builder().build(), "x");
  EXPECT_EQ(bigger.run.host, normal.run.host);
  ASSERT_EQ(bigger.sites.size(), normal.sites.size());
  EXPECT_EQ(bigger.sites[2].linkage_name, normal.sites[2].linkage_name);
  EXPECT_EQ(bigger.site_counts, normal.site_counts);
  ASSERT_EQ(bigger.nodes.size(), normal.nodes.size());
  EXPECT_EQ(bigger.nodes[1].inclusive_ns, normal.nodes[1].inclusive_ns);
  EXPECT_EQ(bigger.threads[1].tid, normal.threads[1].tid);
}

TEST(Reader, SkipsUnknownSections) {
  ProfileBuilder b = sample_builder();
  b.add_unknown_section(99, Bytes{1, 2, 3, 4, 5});
  b.add_unknown_section(1000, Bytes{});
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.sites.size(), 3u);
  EXPECT_EQ(p.run.host, "node1");
}

TEST(Reader, ReadsTheTimingCost) {
  ProfileBuilder b = sample_builder();
  b.set_timing_cost(7250, 21500, 1100);
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.timing_cost.measured);
  EXPECT_EQ(p.timing_cost.self_ps, 7250u);
  EXPECT_EQ(p.timing_cost.caller_ps, 21500u);
  EXPECT_EQ(p.timing_cost.untimed_call_ps, 1100u);
  // 16-byte records of older runtimes: no untimed call cost.
  b.set_first_record_versions();
  Profile older = parse_profile(b.build(), "x");
  EXPECT_TRUE(older.timing_cost.measured);
  EXPECT_EQ(older.timing_cost.caller_ps, 21500u);
  EXPECT_EQ(older.timing_cost.untimed_call_ps, 0u);
}

// Profiles of runtimes that did not measure it: nothing to subtract.
TEST(Reader, TimingCostIsOptional) {
  Profile p = parse_profile(sample_builder().build(), "x");
  EXPECT_FALSE(p.timing_cost.measured);
  EXPECT_EQ(p.timing_cost.caller_ps, 0u);
}

// Call nodes carry the calls timed in re-timing windows; 32-byte records of older runtimes
// read with none.
TEST(Reader, ReadsWindowCallsAndOlderNodesWithout) {
  ProfileBuilder b = sample_builder();
  b.node(0, 1).window_calls = 3;
  b.node(0, 1).window_ns = 7;
  Profile p = parse_profile(b.build(), "app.hotline");
  EXPECT_EQ(p.nodes[1].window_calls, 3u);
  EXPECT_EQ(p.nodes[1].window_ns, 7u);
  b.set_first_record_versions();
  Profile older = parse_profile(b.build(), "app.hotline");
  ASSERT_EQ(older.nodes.size(), p.nodes.size());
  EXPECT_EQ(older.nodes[1].calls, p.nodes[1].calls);
  EXPECT_EQ(older.nodes[1].exclusive_ns, p.nodes[1].exclusive_ns);
  EXPECT_EQ(older.nodes[1].window_calls, 0u);
  EXPECT_EQ(older.nodes[1].window_ns, 0u);
}

TEST(Reader, ReadsOpenCallsAndOlderNodesWithout) {
  ProfileBuilder b = sample_builder();
  b.node(0, 1).open_calls = 1;
  Profile p = parse_profile(b.build(), "app.hotline");
  EXPECT_EQ(p.nodes[1].open_calls, 1u);
  b.set_first_record_versions();
  Profile older = parse_profile(b.build(), "app.hotline");
  ASSERT_EQ(older.nodes.size(), p.nodes.size());
  EXPECT_EQ(older.nodes[1].calls, p.nodes[1].calls);
  EXPECT_EQ(older.nodes[1].open_calls, 0u);
}

// More open calls than calls cannot be: the reader keeps them within the calls.
TEST(Reader, OpenCallsAreAtMostTheCalls) {
  ProfileBuilder b = sample_builder();
  b.node(0, 1).open_calls = 1000;
  Profile p = parse_profile(b.build(), "app.hotline");
  EXPECT_EQ(p.nodes[1].open_calls, p.nodes[1].calls);
}

TEST(Reader, ReadsTheSitesWhoseTimingStopped) {
  ProfileBuilder b = sample_builder();
  b.add_timing_stopped(2);
  b.add_timing_stopped(0);
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.timing_stopped_sites, (std::vector<uint32_t>{2, 0}));
}

// Records of one (site, function) pair add up; pairs come out by site, then function.
TEST(Reader, ReadsCallTargets) {
  ProfileBuilder b = sample_builder();
  b.site(2).kind = HOTLINE_SITE_CALL_TARGETS;
  uint32_t app = b.add_object("/home/user/app");
  b.add_call_target(2, app, 0x2040, 5);
  b.add_call_target(2, app, 0x1000, 7);
  b.add_call_target(2, app, 0x2040, 3);
  Profile p = parse_profile(b.build(), "x");
  ASSERT_EQ(p.call_targets.size(), 2u);
  EXPECT_EQ(p.call_targets[0].address, 0x1000u);
  EXPECT_EQ(p.call_targets[0].count, 7u);
  EXPECT_EQ(p.call_targets[1].address, 0x2040u);
  EXPECT_EQ(p.call_targets[1].count, 8u);
  EXPECT_EQ(p.call_targets[1].site, 2u);
  EXPECT_EQ(p.call_targets[1].object, app);
}

TEST(Reader, ReadsHeapMemoryAndIo) {
  Profile p = parse_profile(memory_io_builder().build(), "x");
  ASSERT_EQ(p.objects.size(), 2u);
  EXPECT_EQ(p.objects[1].path, "/usr/lib/libstdc++.so.6");
  EXPECT_EQ(p.objects[1].load_address, 0x7f0000000000u);
  EXPECT_EQ(p.objects[0].build_id, "");
  EXPECT_EQ(p.objects[1].build_id, "00118eeb852f582a254a2daec51d9f810df36683");

  EXPECT_TRUE(p.heap.present);
  EXPECT_TRUE(p.heap.tracked());
  EXPECT_EQ(p.heap.allocations, 10u);
  EXPECT_EQ(p.heap.allocated_bytes, 1000u);
  EXPECT_EQ(p.heap.frees, 8u);
  EXPECT_EQ(p.heap.freed_bytes, 900u);
  EXPECT_EQ(p.heap.peak_live_bytes, 500u);
  EXPECT_EQ(p.heap.peak_rss_bytes, 4096u);
  EXPECT_EQ(p.heap.untracked_frees, 3u);
  // (A 64-byte record from older runtimes reads as 0: test/tools/memory.test's profile.)
  EXPECT_EQ(p.heap.runtime_resident_bytes, 2048u);

  ASSERT_EQ(p.memory_sites.size(), 2u);
  const profile::MemorySite &in_worker = p.memory_sites[0];
  EXPECT_EQ(in_worker.thread, 1u);
  // Like parents, nodes become indices into Profile::nodes: thread 1's first
  // node is node 2.
  EXPECT_EQ(in_worker.node, 2u);
  EXPECT_EQ(in_worker.object, 1u);
  EXPECT_EQ(in_worker.address, 0x1234u);
  EXPECT_EQ(in_worker.allocations, 7u);
  EXPECT_EQ(in_worker.allocated_bytes, 700u);
  EXPECT_EQ(in_worker.frees, 6u);
  EXPECT_EQ(in_worker.freed_bytes, 600u);
  EXPECT_EQ(in_worker.peak_live_bytes, 300u);
  EXPECT_EQ(in_worker.temporaries, 5u);
  EXPECT_EQ(in_worker.temporary_bytes, 500u);
  EXPECT_EQ(p.memory_sites[1].thread, profile::kNoThread);
  EXPECT_EQ(p.memory_sites[1].node, profile::kNoParent);
  EXPECT_EQ(p.memory_sites[1].object, profile::kNoObject);

  EXPECT_EQ(p.files, (std::vector<std::string>{"/data/train.bin", "pipe:[1234]"}));
  ASSERT_EQ(p.io_sites.size(), 2u);
  const profile::IoSite &reading = p.io_sites[0];
  EXPECT_EQ(reading.thread, 0u);
  EXPECT_EQ(reading.node, 1u);
  EXPECT_EQ(reading.object, 0u);
  EXPECT_EQ(reading.address, 0x42u);
  EXPECT_EQ(reading.file, 0u);
  std::vector<uint64_t> counts = {
      reading.reads,    reading.read_bytes,   reading.read_ns, reading.writes, reading.write_bytes,
      reading.write_ns, reading.opens,        reading.open_ns, reading.syncs,  reading.sync_ns,
      reading.maps,     reading.mapped_bytes, reading.map_ns};
  EXPECT_EQ(counts, (std::vector<uint64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
  EXPECT_EQ(p.io_sites[1].node, profile::kNoParent);
  EXPECT_EQ(p.io_sites[1].file, profile::kNoFile);
}

// A record placed at the program's call into a library names the library. (Records written
// before the field was appended read as made by the program itself: test/tools/memory.test's
// profile has them.)
TEST(Reader, ReadsTheLibraryACallWasMadeInside) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(0).via_object = 1;
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.memory_sites[0].via_object, 1u);
  EXPECT_EQ(p.memory_sites[1].via_object, profile::kNoObject);
  EXPECT_EQ(p.io_sites[0].via_object, profile::kNoObject);
}

TEST(ReaderErrors, ViaObjectOutOfRange) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(0).via_object = 5;
  EXPECT_NE(format_error(b.build()).find("memory site 0 at offset"), std::string::npos);
  EXPECT_NE(format_error(b.build()).find("names via object 5, out of range (2 objects)"),
            std::string::npos);
}

TEST(Reader, ReadsTheRecordedWindowsAndTheDumpFlag) {
  ProfileBuilder b;
  b.run().flags = HOTLINE_RUN_DUMP;
  b.add_window(0, 500);
  b.add_window(700, b.run().wall_ns + 20); // a calibration's error past the wall time: clamped
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.run.dump());
  EXPECT_TRUE(p.windowed);
  ASSERT_EQ(p.windows.size(), 2u);
  EXPECT_EQ(p.windows[0].end_ns, 500u);
  EXPECT_EQ(p.windows[1].start_ns, 700u);
  EXPECT_EQ(p.windows[1].end_ns, b.run().wall_ns);
  Profile whole = parse_profile(ProfileBuilder().build(), "x");
  EXPECT_FALSE(whole.windowed);
  EXPECT_FALSE(whole.run.dump());
}

TEST(ReaderErrors, WindowsOutOfOrder) {
  ProfileBuilder b;
  b.add_window(0, 500);
  b.add_window(400, 900);
  EXPECT_NE(format_error(b.build()).find("window 1 at offset " /* then the offset */),
            std::string::npos);
  EXPECT_NE(format_error(b.build()).find(
                "400 ns to 900 ns does not come after the window before it (to 500 ns)"),
            std::string::npos);
  ProfileBuilder backwards;
  backwards.add_window(600, 500);
  EXPECT_NE(format_error(backwards.build()).find("600 ns to 500 ns"), std::string::npos);
}

TEST(Reader, ReadsCallHistograms) {
  ProfileBuilder b = sample_builder();
  b.add_histogram_range(1, 3, 100, 112);
  b.add_histogram_range(1, 2, 112, 150);
  b.add_histogram_range(2, 2, 140, 140); // the worker's node: its two calls alike
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.histograms);
  ASSERT_EQ(p.call_histograms.size(), 3u);
  EXPECT_EQ(p.call_histograms[0].index, 1u);
  EXPECT_EQ(p.call_histograms[1].count, 2u);
  EXPECT_EQ(p.call_histograms[1].upper_ns, 150u);
  EXPECT_EQ(p.call_histograms[2].index, 2u);
  EXPECT_FALSE(parse_profile(sample_builder().build(), "x").histograms);
}

TEST(ReaderErrors, CallHistogramsOutOfRangeOrOrder) {
  ProfileBuilder node = sample_builder();
  node.add_histogram_range(3, 1, 10, 20);
  EXPECT_NE(format_error(node.build()).find("names call node 3, out of range (3 call nodes)"),
            std::string::npos);
  ProfileBuilder empty = sample_builder();
  empty.add_histogram_range(0, 0, 10, 20);
  EXPECT_NE(format_error(empty.build()).find("counts 0 from 10 ns to 20 ns"), std::string::npos);
  ProfileBuilder backwards = sample_builder();
  backwards.add_histogram_range(0, 1, 30, 20);
  EXPECT_NE(format_error(backwards.build()).find("counts 1 from 30 ns to 20 ns"),
            std::string::npos);
  ProfileBuilder overlapping = sample_builder();
  overlapping.add_histogram_range(1, 1, 10, 20);
  overlapping.add_histogram_range(1, 1, 15, 30);
  EXPECT_NE(
      format_error(overlapping.build())
          .find("(call node 1, from 15 ns) does not come after the range before it (call node 1, "
                "to 20 ns)"),
      std::string::npos);
  ProfileBuilder nodes_back = sample_builder();
  nodes_back.add_histogram_range(2, 1, 10, 20);
  nodes_back.add_histogram_range(1, 1, 30, 40);
  EXPECT_NE(format_error(nodes_back.build()).find("histogram range 1 at offset"),
            std::string::npos);
}

TEST(Reader, HeapMemoryAndIoAreOptional) {
  Profile p = parse_profile(sample_builder().build(), "x");
  EXPECT_FALSE(p.heap.present);
  EXPECT_FALSE(p.heap.tracked());
  EXPECT_TRUE(p.memory_sites.empty());
  EXPECT_TRUE(p.files.empty());
  EXPECT_TRUE(p.io_sites.empty());
}

TEST(Reader, HeapWithoutTracking) {
  ProfileBuilder b = sample_builder();
  b.heap().peak_rss_bytes = 8192;
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.heap.present);
  EXPECT_FALSE(p.heap.tracked());
  EXPECT_EQ(p.heap.peak_rss_bytes, 8192u);
}

// A forked child's inherited blocks; records of older runtimes (72-byte HEAP, 88-byte
// MEMORY_SITES) read with none.
TEST(Reader, ReadsInheritedBlocksAndOlderRecordsWithout) {
  ProfileBuilder b = memory_io_builder();
  b.heap().inherited_blocks = 4;
  b.heap().inherited_bytes = 4096;
  b.memory_site(0).inherited_blocks = 3;
  b.memory_site(0).inherited_bytes = 3072;
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.heap.inherited_blocks, 4u);
  EXPECT_EQ(p.heap.inherited_bytes, 4096u);
  EXPECT_EQ(p.memory_sites[0].inherited_blocks, 3u);
  EXPECT_EQ(p.memory_sites[0].inherited_bytes, 3072u);
  EXPECT_EQ(p.memory_sites[1].inherited_blocks, 0u);
  b.set_first_record_versions();
  Profile older = parse_profile(b.build(), "x");
  EXPECT_EQ(older.heap.runtime_resident_bytes, p.heap.runtime_resident_bytes);
  EXPECT_EQ(older.heap.inherited_blocks, 0u);
  EXPECT_EQ(older.memory_sites[0].temporary_bytes, p.memory_sites[0].temporary_bytes);
  EXPECT_EQ(older.memory_sites[0].via_object, p.memory_sites[0].via_object);
  EXPECT_EQ(older.memory_sites[0].inherited_blocks, 0u);
  EXPECT_EQ(older.memory_sites[0].inherited_bytes, 0u);
}

TEST(Reader, ReadsTheKnownPrefixOfLargerMemoryAndIoRecords) {
  ProfileBuilder b = memory_io_builder();
  b.set_extra_record_bytes(8);
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.heap.untracked_frees, 3u);
  ASSERT_EQ(p.memory_sites.size(), 2u);
  EXPECT_EQ(p.memory_sites[0].temporary_bytes, 500u);
  EXPECT_EQ(p.files[1], "pipe:[1234]");
  ASSERT_EQ(p.io_sites.size(), 2u);
  EXPECT_EQ(p.io_sites[0].map_ns, 13u);
}

TEST(Reader, ReadsSystemAndItsSamples) {
  Profile p = parse_profile(system_builder().build(), "x");
  EXPECT_TRUE(p.system.present);
  EXPECT_EQ(p.system.cpu_ns, 1500000000u);
  EXPECT_EQ(p.system.energy_uj, 42000000u);
  EXPECT_EQ(p.system.sample_period_ns, 20000000u);
  EXPECT_TRUE(p.system.energy_measured());
  EXPECT_TRUE(p.system.gpu_measured());
  EXPECT_EQ(p.system.gpu_count, 2u);
  ASSERT_EQ(p.system_samples.size(), 3u);
  const profile::SystemSample &first = p.system_samples[0];
  EXPECT_EQ(first.time_ns, 20000000u);
  EXPECT_EQ(first.rss_bytes, 1u << 20);
  EXPECT_EQ(first.energy_uj, 400000u);
  EXPECT_EQ(first.gpu_memory_bytes, 3ull << 30);
  EXPECT_EQ(first.cpu_percent_x100, 9950u);
  EXPECT_EQ(first.gpu_utilization_percent, 87u);
  EXPECT_EQ(first.gpu_temperature_c, 64u);
  EXPECT_EQ(first.gpu_power_mw, 250000u);
  EXPECT_EQ(p.system_samples[2].time_ns, 40000000u);
}

TEST(Reader, SystemIsOptional) {
  Profile p = parse_profile(sample_builder().build(), "x");
  EXPECT_FALSE(p.system.present);
  EXPECT_FALSE(p.system.energy_measured());
  EXPECT_FALSE(p.system.gpu_measured());
  EXPECT_TRUE(p.system_samples.empty());
}

TEST(Reader, SystemWithoutSamplerOrMeasurements) {
  ProfileBuilder b = sample_builder();
  b.system().cpu_ns = 7;
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.system.present);
  EXPECT_EQ(p.system.cpu_ns, 7u);
  EXPECT_FALSE(p.system.energy_measured());
  EXPECT_FALSE(p.system.gpu_measured());
  EXPECT_TRUE(p.system_samples.empty());
}

TEST(Reader, ReadsTheKnownPrefixOfLargerSystemRecords) {
  ProfileBuilder b = system_builder();
  b.set_extra_record_bytes(8);
  Profile p = parse_profile(b.build(), "x");
  EXPECT_EQ(p.system.gpu_count, 2u);
  ASSERT_EQ(p.system_samples.size(), 3u);
  EXPECT_EQ(p.system_samples[0].gpu_power_mw, 250000u);
  EXPECT_EQ(p.system_samples[1].time_ns, 40000000u);
}

TEST(Reader, AcceptsAProfileWithoutCalls) {
  ProfileBuilder b;
  Profile p = parse_profile(b.build(), "x");
  EXPECT_TRUE(p.sites.empty());
  EXPECT_TRUE(p.nodes.empty());
  EXPECT_EQ(p.run.program, "/home/user/app");
}

TEST(Reader, ReportsIncompleteRuns) {
  ProfileBuilder b = sample_builder();
  b.run().flags = HOTLINE_RUN_INCOMPLETE;
  EXPECT_TRUE(parse_profile(b.build(), "x").run.incomplete());
}

TEST(ReaderErrors, BadMagic) {
  Bytes file = sample_builder().build();
  file[3] = 'X';
  uint64_t offset = 99;
  EXPECT_EQ(format_error(file, &offset),
            "app.123.hotline: not a hotline profile (bad magic) at offset 0");
  EXPECT_EQ(offset, 0u);
  EXPECT_NE(format_error(Bytes{'h', 'e', 'l', 'l', 'o'}), "");
  EXPECT_NE(format_error(Bytes{}), "");
}

TEST(ReaderErrors, OtherVersionNamesTheReadableOnes) {
  ProfileBuilder b = sample_builder();
  b.set_version(2);
  uint64_t offset = 0;
  std::string message = format_error(b.build(), &offset);
  EXPECT_NE(message.find("unsupported profile format version 2 at offset 8"), std::string::npos)
      << message;
  EXPECT_NE(message.find("reads version 1"), std::string::npos) << message;
  EXPECT_EQ(offset, 8u);
}

TEST(ReaderErrors, HeaderSizeTooSmall) {
  Bytes file = sample_builder().build();
  poke<uint32_t>(file, offsetof(hotline_file_header, header_size), 16);
  EXPECT_NE(format_error(file).find("header_size 16 at offset 12"), std::string::npos);
}

// Every prefix of a valid file must be refused cleanly, whether or not the
// header's file_size was cut to match.
TEST(ReaderErrors, TruncatedAtEveryOffset) {
  ProfileBuilder b = sample_builder();
  b.add_unknown_section(77, Bytes{9, 9, 9});
  Bytes file = b.build();
  for (size_t length = 0; length < file.size(); ++length) {
    Bytes prefix(file.begin(), file.begin() + length);
    std::string message = format_error(prefix);
    EXPECT_NE(message, "") << "prefix of " << length << " bytes was accepted";
    EXPECT_NE(message.find("at offset"), std::string::npos) << message;
    if (length >= sizeof(hotline_file_header)) {
      poke<uint64_t>(prefix, offsetof(hotline_file_header, file_size), length);
      EXPECT_NE(format_error(prefix), "") << "prefix of " << length << " bytes was accepted";
    }
  }
}

TEST(ReaderErrors, TruncatedSectionNamesItsOffsetAndSizes) {
  Bytes file = sample_builder().build();
  size_t call_tree = find_section(file, HOTLINE_SECTION_CALL_TREE);
  Bytes prefix(file.begin(), file.begin() + call_tree + 20);
  uint64_t offset = 0;
  EXPECT_EQ(
      format_error(prefix, &offset),
      "app.123.hotline: truncated: section CALL_TREE at offset " + std::to_string(call_tree) +
          " needs " +
          std::to_string(sizeof(hotline_section_header) + 3 * sizeof(hotline_call_node_record)) +
          " bytes, file has 20");
  EXPECT_EQ(offset, call_tree);
}

TEST(ReaderErrors, FileSizeMismatch) {
  Bytes file = sample_builder().build();
  file.push_back(0);
  EXPECT_NE(format_error(file).find("trailing data"), std::string::npos);
  poke<uint64_t>(file, offsetof(hotline_file_header, file_size), file.size());
  EXPECT_NE(format_error(file).find("1 unexpected bytes after the last section"),
            std::string::npos);
  Bytes bigger = sample_builder().build();
  poke<uint64_t>(bigger, offsetof(hotline_file_header, file_size), bigger.size() + 100);
  EXPECT_NE(format_error(bigger).find("truncated: file_size at offset 24"), std::string::npos);
}

TEST(ReaderErrors, CorruptStringOffset) {
  ProfileBuilder b = sample_builder();
  b.site(1).file = 1u << 30;
  Bytes file = b.build();
  uint64_t offset = 0;
  std::string message = format_error(file, &offset);
  EXPECT_NE(message.find("string file"), std::string::npos) << message;
  EXPECT_NE(message.find("past the end of STRINGS"), std::string::npos) << message;
  size_t sites = find_section(file, HOTLINE_SECTION_SITES);
  EXPECT_EQ(offset, sites + sizeof(hotline_section_header) + sizeof(hotline_site_record) +
                        offsetof(hotline_site_record, file));

  ProfileBuilder run_string = sample_builder();
  run_string.run().host = 0xffffffffu;
  EXPECT_NE(format_error(run_string.build()).find("string host"), std::string::npos);
}

TEST(ReaderErrors, StringsNotNulTerminated) {
  Bytes file = sample_builder().build();
  size_t strings = find_section(file, HOTLINE_SECTION_STRINGS);
  hotline_section_header header;
  std::memcpy(&header, file.data() + strings, sizeof header);
  file[strings + sizeof header + header.size - 1] = 'x';
  EXPECT_NE(format_error(file).find("does not end with a NUL byte"), std::string::npos);
  file[strings + sizeof header] = 'x';
  EXPECT_NE(format_error(file).find("does not start with the empty string"), std::string::npos);
}

TEST(ReaderErrors, ParentAfterChild) {
  ProfileBuilder b = sample_builder();
  b.add_thread(7);
  b.add_node(0, 1, 1, 10); // its parent is the next node
  b.add_node(1, HOTLINE_NO_PARENT, 1, 20);
  std::string message = format_error(b.build());
  EXPECT_NE(message.find("names parent 1, which does not come before it"), std::string::npos)
      << message;

  ProfileBuilder self = sample_builder();
  self.add_thread(8);
  self.add_node(0, 0, 1, 10); // its own parent
  EXPECT_NE(format_error(self.build()).find("does not come before it"), std::string::npos);
}

TEST(ReaderErrors, ParentOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.node(1, 0).parent = 5;
  std::string message = format_error(b.build());
  EXPECT_NE(message.find("names parent 5, out of range (thread 1 has 1 nodes)"), std::string::npos)
      << message;
}

TEST(ReaderErrors, SiteOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.node(0, 1).site = 3;
  EXPECT_NE(format_error(b.build()).find("names site 3, out of range (3 sites)"),
            std::string::npos);
}

TEST(ReaderErrors, BuildIdOfAnObjectOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.add_object("/home/user/app");
  b.add_build_id(1, "00ff");
  EXPECT_NE(format_error(b.build()).find("names object 1, out of range (1 objects)"),
            std::string::npos);
}

TEST(ReaderErrors, ModuleOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.site(0).module = 2;
  EXPECT_NE(format_error(b.build()).find("names module 2, out of range (2 modules)"),
            std::string::npos);
}

TEST(ReaderErrors, ModuleSitesOutOfRange) {
  Bytes file = sample_builder().build();
  size_t modules = find_section(file, HOTLINE_SECTION_MODULES);
  poke<uint32_t>(
      file, modules + sizeof(hotline_section_header) + offsetof(hotline_module_record, site_count),
      0x7fffffff);
  EXPECT_NE(format_error(file).find("module 0 at offset"), std::string::npos);
}

TEST(ReaderErrors, ThreadNodeRangeOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.set_thread_node_range(1, 2, 1000);
  EXPECT_NE(format_error(b.build()).find("has call nodes [2, 1002), out of range (3 nodes)"),
            std::string::npos);

  ProfileBuilder overlapping = sample_builder();
  overlapping.set_thread_node_range(1, 1, 1);
  EXPECT_NE(format_error(overlapping.build()).find("starting at 1, expected 2"), std::string::npos);

  ProfileBuilder orphan = sample_builder();
  orphan.set_thread_node_range(1, 2, 0);
  EXPECT_NE(format_error(orphan.build()).find("call node 2 at offset"), std::string::npos);
}

TEST(ReaderErrors, SiteCountsDisagreeWithSites) {
  Bytes file = sample_builder().build();
  size_t counts = find_section(file, HOTLINE_SECTION_SITE_COUNTS);
  // Turn the 24-byte payload into 2 counts by claiming entry_size 12 (still >=
  // 8).
  poke<uint32_t>(file, counts + offsetof(hotline_section_header, entry_size), 12);
  EXPECT_NE(format_error(file).find("has 2 counts for 3 sites"), std::string::npos);
}

TEST(ReaderErrors, AbsurdSizesAreRefusedBeforeAllocating) {
  const uint64_t absurd_sizes[] = {UINT64_MAX, UINT64_MAX - 15, uint64_t(1) << 62,
                                   uint64_t(1) << 40};
  for (uint64_t size : absurd_sizes) {
    Bytes file = sample_builder().build();
    size_t nodes = find_section(file, HOTLINE_SECTION_CALL_TREE);
    poke<uint64_t>(file, nodes + offsetof(hotline_section_header, size), size);
    EXPECT_NE(format_error(file).find("truncated: section CALL_TREE"), std::string::npos);
  }
  Bytes many_sections = sample_builder().build();
  poke<uint32_t>(many_sections, offsetof(hotline_file_header, section_count), 0xffffffffu);
  EXPECT_NE(format_error(many_sections).find("truncated: header of section 8 of 4294967295"),
            std::string::npos);
}

TEST(ReaderErrors, EntrySizeSmallerThanTheRecord) {
  for (uint32_t entry_size : {0u, 1u, 31u}) {
    Bytes file = sample_builder().build();
    size_t nodes = find_section(file, HOTLINE_SECTION_CALL_TREE);
    poke<uint32_t>(file, nodes + offsetof(hotline_section_header, entry_size), entry_size);
    uint64_t offset = 0;
    std::string message = format_error(file, &offset);
    EXPECT_NE(message.find("smaller than the 32-byte record"), std::string::npos) << message;
    EXPECT_EQ(offset, nodes + offsetof(hotline_section_header, entry_size));
  }
}

TEST(ReaderErrors, SizeNotAMultipleOfEntrySize) {
  Bytes file = sample_builder().build();
  size_t sites = find_section(file, HOTLINE_SECTION_SITES);
  poke<uint32_t>(file, sites + offsetof(hotline_section_header, entry_size), 25);
  EXPECT_NE(format_error(file).find("not a multiple of its entry_size 25"), std::string::npos);
}

TEST(ReaderErrors, MissingRunSection) {
  ProfileBuilder b = sample_builder();
  b.set_omit_section(HOTLINE_SECTION_RUN);
  EXPECT_NE(format_error(b.build()).find("no RUN section"), std::string::npos);
}

TEST(ReaderErrors, DuplicateSection) {
  ProfileBuilder b = sample_builder();
  b.add_unknown_section(HOTLINE_SECTION_STRINGS, Bytes{0});
  EXPECT_NE(format_error(b.build()).find("duplicate section STRINGS"), std::string::npos);
}

TEST(ReaderErrors, ImplausibleTimingCost) {
  ProfileBuilder self_above_caller = sample_builder();
  self_above_caller.set_timing_cost(30000, 20000);
  EXPECT_NE(format_error(self_above_caller.build()).find("section TIMING_COST at offset"),
            std::string::npos);
  ProfileBuilder over_a_millisecond = sample_builder();
  over_a_millisecond.set_timing_cost(0, 1000000001);
  EXPECT_NE(format_error(over_a_millisecond.build())
                .find("is implausible: self_ps 0, caller_ps 1000000001, untimed_call_ps 0"),
            std::string::npos);
  ProfileBuilder untimed_over_a_millisecond = sample_builder();
  untimed_over_a_millisecond.set_timing_cost(1000, 2000, 1000000001);
  EXPECT_NE(format_error(untimed_over_a_millisecond.build())
                .find("caller_ps 2000, untimed_call_ps 1000000001"),
            std::string::npos);
}

TEST(ReaderErrors, TimingCostEntrySizeTooSmall) {
  ProfileBuilder b = sample_builder();
  b.set_timing_cost(1000, 2000);
  Bytes file = b.build();
  size_t cost = find_section(file, HOTLINE_SECTION_TIMING_COST);
  poke<uint32_t>(file, cost + offsetof(hotline_section_header, entry_size), 8);
  EXPECT_NE(format_error(file).find("smaller than the 16-byte record"), std::string::npos);
}

TEST(ReaderErrors, TimingStoppedSiteOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.add_timing_stopped(1);
  b.add_timing_stopped(3);
  EXPECT_NE(format_error(b.build()).find("TIMING_STOPPED entry 1 at offset"), std::string::npos);
  EXPECT_NE(format_error(b.build()).find("names site 3, out of range (3 sites)"),
            std::string::npos);
}

TEST(ReaderErrors, CallTargetOfASiteThatIsNoIndirectCall) {
  ProfileBuilder b = sample_builder();
  b.add_call_target(1, HOTLINE_NO_OBJECT, 0x1000, 1);
  EXPECT_NE(format_error(b.build()).find("call target 0 at offset"), std::string::npos);
  EXPECT_NE(format_error(b.build()).find("names site 1, which is not an indirect call's"),
            std::string::npos);
}

TEST(ReaderErrors, CallTargetObjectOutOfRange) {
  ProfileBuilder b = sample_builder();
  b.site(2).kind = HOTLINE_SITE_CALL_TARGETS;
  b.add_call_target(2, 4, 0x1000, 1);
  EXPECT_NE(format_error(b.build()).find("names object 4, out of range (0 objects)"),
            std::string::npos);
}

TEST(ReaderErrors, RunEntrySizeTooSmall) {
  Bytes file = sample_builder().build();
  size_t run = find_section(file, HOTLINE_SECTION_RUN);
  poke<uint32_t>(file, run + offsetof(hotline_section_header, entry_size), 48);
  EXPECT_NE(format_error(file).find("smaller than the 96-byte record"), std::string::npos);
}

TEST(ReaderErrors, HeapMustHoldOneRecord) {
  Bytes file = memory_io_builder().build();
  size_t heap = find_section(file, HOTLINE_SECTION_HEAP);
  // A second record right after the first.
  size_t payload_end = heap + sizeof(hotline_section_header) + sizeof(hotline_heap_record);
  file.insert(file.begin() + payload_end, sizeof(hotline_heap_record), 0);
  poke<uint64_t>(file, heap + offsetof(hotline_section_header, size),
                 2 * sizeof(hotline_heap_record));
  poke<uint64_t>(file, offsetof(hotline_file_header, file_size), file.size());
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.123.hotline: section HEAP at offset " +
                                             std::to_string(heap) +
                                             " must hold exactly one record, it has 176 bytes for "
                                             "entry_size 88");
  EXPECT_EQ(offset, heap);
}

TEST(ReaderErrors, DuplicateHeap) {
  ProfileBuilder b = memory_io_builder();
  b.add_unknown_section(HOTLINE_SECTION_HEAP, Bytes(64, 0));
  EXPECT_NE(format_error(b.build()).find("duplicate section HEAP"), std::string::npos);
}

TEST(ReaderErrors, SystemMustHoldOneRecord) {
  Bytes file = system_builder().build();
  size_t system = find_section(file, HOTLINE_SECTION_SYSTEM);
  // A second record right after the first.
  size_t payload_end = system + sizeof(hotline_section_header) + sizeof(hotline_system_record);
  file.insert(file.begin() + payload_end, sizeof(hotline_system_record), 0);
  poke<uint64_t>(file, system + offsetof(hotline_section_header, size),
                 2 * sizeof(hotline_system_record));
  poke<uint64_t>(file, offsetof(hotline_file_header, file_size), file.size());
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.123.hotline: section SYSTEM at offset " +
                                             std::to_string(system) +
                                             " must hold exactly one record, it has 64 bytes for "
                                             "entry_size 32");
  EXPECT_EQ(offset, system);
}

TEST(ReaderErrors, SystemEntrySizeTooSmall) {
  Bytes file = system_builder().build();
  size_t samples = find_section(file, HOTLINE_SECTION_SYSTEM_SAMPLES);
  poke<uint32_t>(file, samples + offsetof(hotline_section_header, entry_size), 24);
  EXPECT_NE(format_error(file).find("section SYSTEM_SAMPLES at offset " + std::to_string(samples) +
                                    " has entry_size 24, smaller than the 48-byte record"),
            std::string::npos);
}

TEST(ReaderErrors, DuplicateSystem) {
  ProfileBuilder b = system_builder();
  b.add_unknown_section(HOTLINE_SECTION_SYSTEM, Bytes(32, 0));
  EXPECT_NE(format_error(b.build()).find("duplicate section SYSTEM"), std::string::npos);
}

TEST(ReaderErrors, SystemSampleTimesGoingBack) {
  ProfileBuilder b = system_builder();
  b.system_sample(2).time_ns = 39999999;
  Bytes file = b.build();
  size_t third = find_section(file, HOTLINE_SECTION_SYSTEM_SAMPLES) +
                 sizeof(hotline_section_header) + 2 * sizeof(hotline_system_sample_record);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.123.hotline: system sample 2 at offset " +
                                             std::to_string(third) +
                                             " has time_ns 39999999, before the previous sample's "
                                             "40000000");
  EXPECT_EQ(offset, third + offsetof(hotline_system_sample_record, time_ns));
}

TEST(ReaderErrors, SystemSamplesWithoutSystem) {
  ProfileBuilder b = sample_builder();
  b.add_system_sample(system_sample(1));
  Bytes file = b.build();
  size_t samples = find_section(file, HOTLINE_SECTION_SYSTEM_SAMPLES);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.123.hotline: section SYSTEM_SAMPLES at offset " +
                                             std::to_string(samples) +
                                             " holds samples, but there is no SYSTEM section");
  EXPECT_EQ(offset, samples);
}

TEST(ReaderErrors, MemorySiteThreadOutOfRange) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(0).thread = 2;
  Bytes file = b.build();
  uint64_t offset = 0;
  std::string message = format_error(file, &offset);
  size_t sites = find_section(file, HOTLINE_SECTION_MEMORY_SITES);
  size_t record = sites + sizeof(hotline_section_header);
  EXPECT_EQ(message, "app.123.hotline: memory site 0 at offset " + std::to_string(record) +
                         " names thread 2, out of range (2 threads)");
  EXPECT_EQ(offset, record + offsetof(hotline_memory_site_record, thread));
}

TEST(ReaderErrors, MemorySiteNodeWithoutThread) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(1).node = 0;
  std::string message = format_error(b.build());
  EXPECT_NE(message.find("memory site 1 at offset"), std::string::npos) << message;
  EXPECT_NE(message.find("names call node 0 but no thread"), std::string::npos) << message;
}

TEST(ReaderErrors, MemorySiteNodeOutOfRange) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(0).node = 1; // thread 1 has one node
  uint64_t offset = 0;
  Bytes file = b.build();
  std::string message = format_error(file, &offset);
  EXPECT_NE(message.find("names call node 1, out of range (thread 1 has 1 "
                         "nodes)"),
            std::string::npos)
      << message;
  EXPECT_EQ(offset, find_section(file, HOTLINE_SECTION_MEMORY_SITES) +
                        sizeof(hotline_section_header) +
                        offsetof(hotline_memory_site_record, node));
}

TEST(ReaderErrors, MemorySiteObjectOutOfRange) {
  ProfileBuilder b = memory_io_builder();
  b.memory_site(0).object = 2;
  EXPECT_NE(format_error(b.build()).find("memory site 0 at offset"), std::string::npos);
  EXPECT_NE(format_error(b.build()).find("names object 2, out of range (2 objects)"),
            std::string::npos);
}

TEST(ReaderErrors, IoSiteOriginOutOfRange) {
  ProfileBuilder thread = memory_io_builder();
  thread.io_site(1).thread = 7;
  EXPECT_NE(format_error(thread.build()).find("I/O site 1 at offset"), std::string::npos);
  EXPECT_NE(format_error(thread.build()).find("names thread 7, out of range (2 threads)"),
            std::string::npos);

  ProfileBuilder no_thread = memory_io_builder();
  no_thread.io_site(0).thread = HOTLINE_NO_THREAD;
  EXPECT_NE(format_error(no_thread.build()).find("names call node 1 but no thread"),
            std::string::npos);

  ProfileBuilder node = memory_io_builder();
  node.io_site(0).node = 2;
  EXPECT_NE(
      format_error(node.build()).find("names call node 2, out of range (thread 0 has 2 nodes)"),
      std::string::npos);

  ProfileBuilder object = memory_io_builder();
  object.io_site(0).object = 5;
  EXPECT_NE(format_error(object.build()).find("names object 5, out of range (2 objects)"),
            std::string::npos);
}

TEST(ReaderErrors, IoSiteFileOutOfRange) {
  ProfileBuilder b = memory_io_builder();
  b.io_site(0).file = 2;
  Bytes file = b.build();
  uint64_t offset = 0;
  std::string message = format_error(file, &offset);
  EXPECT_NE(message.find("I/O site 0 at offset"), std::string::npos) << message;
  EXPECT_NE(message.find("names file 2, out of range (2 files)"), std::string::npos) << message;
  EXPECT_EQ(offset, find_section(file, HOTLINE_SECTION_IO_SITES) + sizeof(hotline_section_header) +
                        offsetof(hotline_io_site_record, file));
}

TEST(ReaderErrors, FilePathOutOfRange) {
  Bytes file = memory_io_builder().build();
  size_t files = find_section(file, HOTLINE_SECTION_FILES);
  size_t second_path = files + sizeof(hotline_section_header) + sizeof(hotline_file_record) +
                       offsetof(hotline_file_record, path);
  poke<uint32_t>(file, second_path, 1u << 30);
  uint64_t offset = 0;
  std::string message = format_error(file, &offset);
  EXPECT_NE(message.find("string path at offset " + std::to_string(second_path)), std::string::npos)
      << message;
  EXPECT_NE(message.find("past the end of STRINGS"), std::string::npos) << message;
  EXPECT_EQ(offset, second_path);
}

TEST(ReaderErrors, MemorySitesEntrySizeTooSmall) {
  Bytes file = memory_io_builder().build();
  size_t sites = find_section(file, HOTLINE_SECTION_MEMORY_SITES);
  poke<uint32_t>(file, sites + offsetof(hotline_section_header, entry_size), 40);
  EXPECT_NE(format_error(file).find("section MEMORY_SITES at offset " + std::to_string(sites) +
                                    " has entry_size 40, smaller than the 80-byte record"),
            std::string::npos);
}

// A bundle: complete profiles back to back (what `hotline merge` writes).
Bytes concatenated(std::initializer_list<Bytes> members) {
  Bytes bundle;
  for (const Bytes &member : members)
    bundle.insert(bundle.end(), member.begin(), member.end());
  return bundle;
}

ProfileBuilder other_builder() {
  ProfileBuilder b;
  b.run().pid = 456;
  uint32_t module = b.add_module("/home/user/other", "other.cpp");
  uint32_t site = b.add_site(module, "other()", "_Z5otherv", "other.cpp", 4, 3);
  b.add_thread(99);
  b.add_node(site, HOTLINE_NO_PARENT, 3, 900);
  return b;
}

TEST(Bundle, ReadsEveryMemberInOrder) {
  Bytes first = sample_builder().build(), second = other_builder().build();
  std::vector<Profile> members =
      profile::parse_profiles(concatenated({first, second, first}), "all.hotline");
  ASSERT_EQ(members.size(), 3u);
  EXPECT_EQ(members[0].display_name, "all.hotline[0]");
  EXPECT_EQ(members[1].display_name, "all.hotline[1]");
  EXPECT_EQ(members[2].display_name, "all.hotline[2]");
  EXPECT_EQ(members[0].run.pid, 123u);
  EXPECT_EQ(members[1].run.pid, 456u);
  EXPECT_EQ(members[2].run.pid, 123u);
  // Each member reads as it does alone.
  Profile alone = parse_profile(second, "other.hotline");
  EXPECT_EQ(members[1].sites.size(), alone.sites.size());
  EXPECT_EQ(members[1].sites[0].name, "other()");
  EXPECT_EQ(members[1].site_counts, alone.site_counts);
  ASSERT_EQ(members[1].nodes.size(), 1u);
  EXPECT_EQ(members[1].nodes[0].inclusive_ns, 900u);
  EXPECT_EQ(members[2].nodes.size(), 3u);
}

TEST(Bundle, APlainProfileKeepsItsName) {
  std::vector<Profile> members =
      profile::parse_profiles(sample_builder().build(), "app.123.hotline");
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members[0].display_name, "app.123.hotline");
}

TEST(Bundle, ParseProfileRefusesABundle) {
  Bytes first = sample_builder().build();
  uint64_t offset = 0;
  EXPECT_EQ(format_error(concatenated({first, first}), &offset),
            "app.123.hotline: a bundle (another profile starts at offset " +
                std::to_string(first.size()) + ") where one profile was expected");
  EXPECT_EQ(offset, first.size());
}

// The message of the ProfileFormatError that parsing `bytes` as a bundle
// throws, or "" if none.
std::string bundle_error(const Bytes &bytes, uint64_t *offset = nullptr) {
  try {
    profile::parse_profiles(bytes, "all.hotline");
  } catch (const ProfileFormatError &e) {
    if (offset)
      *offset = e.offset();
    return e.what();
  }
  return "";
}

// Offsets count from the start of the file, and a later member is named by its
// index.
TEST(Bundle, ErrorsInAMemberNameItAndTheFileOffset) {
  Bytes first = sample_builder().build();
  ProfileBuilder bad = sample_builder();
  bad.node(0, 1).site = 3;
  Bytes second = bad.build();
  size_t node = find_section(second, HOTLINE_SECTION_CALL_TREE) + sizeof(hotline_section_header) +
                sizeof(hotline_call_node_record);
  uint64_t offset = 0;
  EXPECT_EQ(bundle_error(concatenated({first, second}), &offset),
            fmt::format("all.hotline[1]: call node 1 at offset {} names site "
                        "3, out of range (3 sites)",
                        first.size() + node));
  EXPECT_EQ(offset, first.size() + node);

  Bytes newer = sample_builder().build();
  poke<uint32_t>(newer, offsetof(hotline_file_header, version), 2);
  EXPECT_NE(bundle_error(concatenated({first, first, newer}), &offset)
                .find("all.hotline[2]: unsupported profile format version 2 "
                      "at offset " +
                      std::to_string(2 * first.size() + 8)),
            std::string::npos);
  EXPECT_EQ(offset, 2 * first.size() + 8);
}

TEST(Bundle, TrailingBytesThatAreNoProfileAreAnError) {
  Bytes first = sample_builder().build();
  Bytes file = concatenated({first, first, Bytes{'x', 'y'}});
  uint64_t offset = 0;
  EXPECT_EQ(bundle_error(file, &offset),
            fmt::format("all.hotline[1]: file_size at offset {} says {} bytes, "
                        "file has {} (trailing data: the 2 bytes at offset {} "
                        "do not start another profile)",
                        first.size() + 24, first.size(), first.size() + 2, 2 * first.size()));
  EXPECT_EQ(offset, 2 * first.size());
  // After the first profile, in a file that is not a bundle.
  EXPECT_NE(format_error(concatenated({first, Bytes{0}}), &offset).find("trailing data"),
            std::string::npos);
  EXPECT_EQ(offset, first.size());
}

// Bytes that start like the magic are a member, cut short.
TEST(Bundle, ATruncatedLastMemberIsTruncated) {
  Bytes first = sample_builder().build();
  Bytes file = concatenated({first, Bytes{'H', 'O', 'T'}});
  EXPECT_EQ(bundle_error(file), fmt::format("all.hotline[1]: truncated: file header at offset {} "
                                            "needs 32 bytes, file has 3",
                                            first.size()));
  Bytes cut = concatenated({first, first});
  cut.pop_back();
  EXPECT_NE(bundle_error(cut).find("all.hotline[1]: truncated: section"), std::string::npos);
}

// A member's sections may not run into the next member.
TEST(Bundle, AMemberEndsAtItsFileSize) {
  Bytes first = sample_builder().build();
  hotline_file_header header;
  std::memcpy(&header, first.data(), sizeof header);
  Bytes longer = first;
  poke<uint32_t>(longer, offsetof(hotline_file_header, section_count), header.section_count + 1);
  EXPECT_EQ(bundle_error(concatenated({longer, first})),
            fmt::format("all.hotline: truncated: header of section {} of {} at "
                        "offset {} needs 16 bytes, profile has 0",
                        header.section_count + 1, header.section_count + 1, first.size()));
  Bytes tiny = first;
  poke<uint64_t>(tiny, offsetof(hotline_file_header, file_size), 20);
  EXPECT_EQ(bundle_error(tiny), "all.hotline: file_size at offset 24 says 20 bytes, less than the "
                                "32-byte header");
}

TEST(Bundle, SurvivesRandomCorruption) {
  const Bytes valid = concatenated(
      {sample_builder().build(), other_builder().build(), memory_io_builder().build()});
  std::mt19937 random(54321);
  std::uniform_int_distribution<size_t> position(0, valid.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255), flips(1, 4);
  for (int round = 0; round < 20000; ++round) {
    Bytes file = valid;
    for (int k = flips(random); k > 0; --k)
      file[position(random)] = (unsigned char)byte(random);
    try {
      profile::parse_profiles(file, "fuzz");
    } catch (const ProfileFormatError &) {
    }
  }
}

TEST(ReaderErrors, MissingFileIsAFileError) {
  EXPECT_THROW(profile::read_profile("/nonexistent/dir/app.1.hotline"), profile::ProfileFileError);
}

// Random corruption must end in a parsed profile or a ProfileFormatError, never
// anything else (run under the sanitizers to catch out-of-bounds reads).
TEST(ReaderErrors, SurvivesRandomCorruption) {
  ProfileBuilder b = memory_io_builder();
  b.add_unknown_section(50, Bytes{1, 2, 3});
  b.system().flags = HOTLINE_SYSTEM_ENERGY;
  b.add_system_sample(system_sample(10));
  b.add_system_sample(system_sample(20));
  const Bytes valid = b.build();
  std::mt19937 random(12345);
  std::uniform_int_distribution<size_t> position(0, valid.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255), flips(1, 4);
  for (int round = 0; round < 20000; ++round) {
    Bytes file = valid;
    for (int k = flips(random); k > 0; --k)
      file[position(random)] = (unsigned char)byte(random);
    try {
      parse_profile(file, "fuzz");
    } catch (const ProfileFormatError &) {
    }
  }
}

// A node for the call paths beyond the runtime's limit names no site of the profile's own: the
// reader gives those nodes one site of its own, after the others, counted by their calls.
TEST(Reader, GivesTheCallPathsBeyondTheLimitASiteOfTheirOwn) {
  ProfileBuilder b = sample_builder();
  b.run().max_call_paths = 3;
  b.add_node(HOTLINE_OTHER_CALL_PATHS, 0, 4, 250); // the worker's, under work(int)
  Profile p = parse_profile(b.build(), "app.hotline");
  EXPECT_EQ(p.run.max_call_paths, 3u);
  ASSERT_EQ(p.other_call_paths_site, 3u);
  ASSERT_EQ(p.sites.size(), 4u);
  EXPECT_EQ(p.sites[3].name, profile::kOtherCallPathsName);
  EXPECT_EQ(p.sites[3].kind, uint32_t(HOTLINE_SITE_FUNCTION));
  EXPECT_EQ(p.site_counts[3], 4u);
  EXPECT_EQ(p.nodes.back().site, 3u);
  EXPECT_EQ(p.nodes.back().parent, 2u);
  Profile without = parse_profile(sample_builder().build(), "app.hotline");
  EXPECT_EQ(without.other_call_paths_site, profile::kNoSite);
  EXPECT_EQ(without.sites.size(), 3u);
}

} // namespace
} // namespace hotline::test
