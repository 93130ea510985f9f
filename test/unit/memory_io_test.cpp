// Memory and I/O by place, file and thread, with exact numbers; and how a record's place is
// chosen among the frames inlined at its calling instruction.
#include "analysis/io.h"
#include "analysis/memory.h"
#include "analysis/record_place.h"
#include "inlined_call.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

#include <link.h>
#include <unistd.h>

extern "C" __attribute__((noinline)) uintptr_t hotline_test_calling_instruction() {
  return reinterpret_cast<uintptr_t>(__builtin_return_address(0)) - 1;
}

namespace hotline::test {
namespace {

using analysis::MemoryOrder;
using analysis::MemoryPlaceStats;
using analysis::MemoryTable;
using analysis::PlaceSource;
using profile::Profile;

constexpr uint32_t kTop = HOTLINE_NO_PARENT;

Profile parse(const ProfileBuilder &b, const std::string &name = "app.123.hotline") {
  return profile::parse_profile(b.build(), name);
}

hotline_memory_site_record allocations(uint32_t thread, uint32_t node, uint64_t count,
                                       uint64_t bytes) {
  hotline_memory_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = HOTLINE_NO_OBJECT;
  record.via_object = HOTLINE_NO_OBJECT;
  record.allocations = count;
  record.allocated_bytes = bytes;
  return record;
}

hotline_io_site_record io_on(uint32_t thread, uint32_t node, uint32_t file) {
  hotline_io_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = HOTLINE_NO_OBJECT;
  record.via_object = HOTLINE_NO_OBJECT;
  record.file = file;
  return record;
}

// main (app.cpp:10) has a loop at app.cpp:12 that calls load() (app.cpp:20), and calls
// save() (app.cpp:30) outside it. Thread 0 is a helper (tid 124); thread 1, whose tid is
// the pid, is the main thread. Nodes of thread 1: 0 main, 1 loop, 2 load in the loop,
// 3 save; thread 0: 0 load.
struct App {
  ProfileBuilder b;
  uint32_t main_site, loop_site, load_site, save_site;
  static constexpr uint32_t kHelper = 0, kMain = 1;
  static constexpr uint32_t kMainNode = 0, kLoadInLoop = 2, kSaveNode = 3;
  static constexpr uint32_t kHelperLoad = 0;

  App() {
    uint32_t m = b.add_module("/home/user/app", "/src/app.cpp");
    main_site = b.add_site(m, "main", "main", "/src/app.cpp", 10, 1);
    loop_site = b.add_site(m, "main", "main", "/src/app.cpp", 12, 5);
    b.site(loop_site).kind = HOTLINE_SITE_LOOP;
    b.site(loop_site).function = main_site;
    load_site = b.add_site(m, "load()", "_Z4loadv", "/src/./app.cpp", 20, 6);
    save_site = b.add_site(m, "save()", "_Z4savev", "/src/app.cpp", 30, 1);
    b.add_thread(124, "loader");
    b.thread(kHelper).start_ns = 100;
    b.thread(kHelper).end_ns = 1100; // 1000 ns of wall time
    b.add_node(load_site, kTop, 1, 900);
    b.add_thread(123, "app");
    b.thread(kMain).start_ns = 0;
    b.thread(kMain).end_ns = 4000;
    uint32_t main_node = b.add_node(main_site, kTop, 1, 3900);
    uint32_t loop_node = b.add_node(loop_site, main_node, 5, 3000);
    b.add_node(load_site, loop_node, 5, 2500);
    b.add_node(save_site, main_node, 1, 500);
  }
};

TEST(Memory, PlacesAddUpAcrossThreadsAndProfiles) {
  App app;
  hotline_memory_site_record in_loop = allocations(App::kMain, App::kLoadInLoop, 5, 5000);
  in_loop.frees = 5;
  in_loop.freed_bytes = 5000;
  in_loop.temporaries = 4;
  in_loop.temporary_bytes = 4000;
  in_loop.peak_live_bytes = 1000;
  app.b.add_memory_site(in_loop);
  hotline_memory_site_record on_helper = allocations(App::kHelper, App::kHelperLoad, 1, 300);
  on_helper.peak_live_bytes = 300;
  app.b.add_memory_site(on_helper);
  app.b.add_memory_site(allocations(App::kMain, App::kSaveNode, 2, 100));
  app.b.add_memory_site(allocations(HOTLINE_NO_THREAD, HOTLINE_NO_PARENT, 7, 70));
  std::vector<Profile> profiles = {parse(app.b, "a.hotline"), parse(app.b, "b.hotline")};

  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table(profiles, symbolizer);
  ASSERT_EQ(table.places.size(), 3u);
  // By allocated bytes: load() (2 profiles × (5000 + 300)), save() (2 × 100), then the
  // records outside timed calls (2 × 70 bytes, though more allocations than save()).
  const MemoryPlaceStats &load = table.places[0];
  EXPECT_EQ(load.place.source, PlaceSource::TimedCall);
  EXPECT_EQ(load.place.function, "load()");
  EXPECT_EQ(load.place.file, "/src/app.cpp"); // normalized
  EXPECT_EQ(load.place.line, 20u);
  EXPECT_EQ(load.place.via, "");
  EXPECT_EQ(load.allocations, 12u);
  EXPECT_EQ(load.allocated_bytes, 10600u);
  EXPECT_EQ(load.frees, 10u);
  EXPECT_EQ(load.freed_bytes, 10000u);
  EXPECT_EQ(load.not_freed(), 2u);
  EXPECT_EQ(load.not_freed_bytes(), 600u);
  EXPECT_EQ(load.temporaries, 8u);
  EXPECT_EQ(load.temporary_bytes, 8000u);
  EXPECT_EQ(load.peak_live_bytes, 1000u); // the largest record's, not a sum
  // Only the main thread's allocations were inside the loop.
  EXPECT_EQ(load.loop_allocations, 10u);
  EXPECT_EQ(load.loop_bytes, 10000u);
  EXPECT_EQ(load.loop, "/src/app.cpp:12");

  const MemoryPlaceStats &save = table.places[1];
  EXPECT_EQ(save.place.function, "save()");
  EXPECT_EQ(save.allocated_bytes, 200u);
  EXPECT_EQ(save.loop, "");
  EXPECT_EQ(save.loop_allocations, 0u);

  const MemoryPlaceStats &outside = table.places[2];
  EXPECT_EQ(outside.place.source, PlaceSource::None);
  EXPECT_EQ(outside.place.function, "");
  EXPECT_EQ(outside.allocations, 14u);
  EXPECT_EQ(outside.allocated_bytes, 140u);
  EXPECT_TRUE(table.unreadable_objects.empty());
}

TEST(Memory, TopPlacesFilterAndOrder) {
  App app;
  app.b.add_memory_site(allocations(App::kMain, App::kLoadInLoop, 1, 5000));
  hotline_memory_site_record save = allocations(App::kMain, App::kSaveNode, 100, 800);
  save.frees = 100;
  save.freed_bytes = 800;
  save.temporaries = 3;
  app.b.add_memory_site(save);
  hotline_memory_site_record main = allocations(App::kMain, App::kMainNode, 10, 1000);
  main.frees = 5;
  main.freed_bytes = 100;
  app.b.add_memory_site(main);
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table({parse(app.b)}, symbolizer);

  auto names = [&](MemoryOrder order, size_t count) {
    std::vector<std::string> result;
    for (const MemoryPlaceStats &p : analysis::top_memory_places(table, order, count))
      result.push_back(p.place.function);
    return result;
  };
  using Names = std::vector<std::string>;
  EXPECT_EQ(names(MemoryOrder::Bytes, 0), (Names{"load()", "main", "save()"}));
  EXPECT_EQ(names(MemoryOrder::Bytes, 2), (Names{"load()", "main"}));
  EXPECT_EQ(names(MemoryOrder::Allocations, 0), (Names{"save()", "main", "load()"}));
  // load() kept 5000 bytes, main 900; save() freed everything.
  EXPECT_EQ(names(MemoryOrder::NotFreed, 0), (Names{"load()", "main"}));
  EXPECT_EQ(names(MemoryOrder::Temporaries, 0), (Names{"save()"}));
  EXPECT_EQ(names(MemoryOrder::InLoops, 0), (Names{"load()"}));
}

TEST(Memory, TheLoopWithTheMostBytesNamesThePlace) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "/src/a.cpp");
  uint32_t f = b.add_site(m, "f()", "_Z1fv", "/src/a.cpp", 1, 1);
  uint32_t first = b.add_site(m, "f()", "_Z1fv", "/src/a.cpp", 3, 1);
  uint32_t second = b.add_site(m, "f()", "_Z1fv", "/src/a.cpp", 7, 1);
  uint32_t g = b.add_site(m, "g()", "_Z1gv", "/src/a.cpp", 20, 2);
  b.site(first).kind = b.site(second).kind = HOTLINE_SITE_LOOP;
  b.site(first).function = b.site(second).function = f;
  b.add_thread(1);
  uint32_t f_node = b.add_node(f, kTop, 1, 100);
  uint32_t g_in_first = b.add_node(g, b.add_node(first, f_node, 1, 40), 1, 30);
  uint32_t g_in_second = b.add_node(g, b.add_node(second, f_node, 1, 40), 1, 30);
  b.add_memory_site(allocations(0, g_in_first, 10, 100));
  b.add_memory_site(allocations(0, g_in_second, 1, 400));
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table({parse(b)}, symbolizer);
  ASSERT_EQ(table.places.size(), 1u);
  EXPECT_EQ(table.places[0].loop, "/src/a.cpp:7");
  EXPECT_EQ(table.places[0].loop_allocations, 11u);
  EXPECT_EQ(table.places[0].loop_bytes, 500u);
  EXPECT_EQ(analysis::enclosing_loop(parse(b), 0), "");
}

TEST(Memory, HeapTotalsSumTrackedProfilesAndKeepTheLargestPeaks) {
  ProfileBuilder small, large, untracked;
  small.heap() = {10, 1000, 8, 800, 600, 5000, 1, HOTLINE_HEAP_TRACKED, 0, 400};
  large.heap() = {20, 3000, 20, 3000, 900, 4000, 2, HOTLINE_HEAP_TRACKED, 0, 300};
  untracked.heap().peak_rss_bytes = 9000;
  untracked.heap().runtime_resident_bytes = 700;
  untracked.heap().allocations = 555; // meaningless without tracking
  ProfileBuilder none;
  std::vector<Profile> profiles = {parse(small, "small"), parse(large, "large"),
                                   parse(untracked, "untracked"), parse(none, "none")};
  analysis::Symbolizer symbolizer;
  analysis::HeapTotals heap = analysis::compute_memory_table(profiles, symbolizer).heap;
  EXPECT_EQ(heap.profiles, 3u);
  EXPECT_EQ(heap.tracked_profiles, 2u);
  EXPECT_EQ(heap.allocations, 30u);
  EXPECT_EQ(heap.allocated_bytes, 4000u);
  EXPECT_EQ(heap.frees, 28u);
  EXPECT_EQ(heap.freed_bytes, 3800u);
  EXPECT_EQ(heap.not_freed(), 2u);
  EXPECT_EQ(heap.not_freed_bytes(), 200u);
  EXPECT_EQ(heap.untracked_frees, 3u);
  EXPECT_EQ(heap.peak_live_bytes, 900u);
  EXPECT_EQ(heap.peak_live_profile, "large");
  EXPECT_EQ(heap.peak_rss_bytes, 9000u);
  EXPECT_EQ(heap.peak_rss_profile, "untracked");
  EXPECT_EQ(heap.runtime_resident_bytes, 700u); // the peak RSS profile's
}

// A forked child's profile: the blocks live at the fork are the parent's allocations (in the
// parent's profile), inherited; the child freed one of them and allocated one of its own.
TEST(Memory, AForkedChildsInheritedBlocksAreNotItsAllocations) {
  App app;
  app.b.heap() = {1, 333, 1, 100000, 500333, 9000, 0, HOTLINE_HEAP_TRACKED, 0, 0, 5, 500000};
  hotline_memory_site_record kept = allocations(App::kMain, App::kSaveNode, 1, 333);
  kept.inherited_blocks = 5;
  kept.inherited_bytes = 500000;
  kept.frees = 1;
  kept.freed_bytes = 100000;
  app.b.add_memory_site(kept);
  std::vector<Profile> profiles = {parse(app.b)};
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table(profiles, symbolizer);
  EXPECT_EQ(table.heap.allocations, 1u);
  EXPECT_EQ(table.heap.inherited_blocks, 5u);
  EXPECT_EQ(table.heap.inherited_bytes, 500000u);
  EXPECT_EQ(table.heap.not_freed(), 5u);
  EXPECT_EQ(table.heap.not_freed_bytes(), 400333u);
  ASSERT_EQ(table.places.size(), 1u);
  EXPECT_EQ(table.places[0].allocations, 1u);
  EXPECT_EQ(table.places[0].inherited_blocks, 5u);
  EXPECT_EQ(table.places[0].not_freed(), 5u);
  EXPECT_EQ(table.places[0].not_freed_bytes(), 400333u);
}

// What CUPTI allocates from its own code (a library hotline loaded for itself) is the
// profiler's: out of the places, out of the heap's sums, counted once on its own.
TEST(Memory, TheProfilersOwnLibrariesAreLeftOut) {
  App app;
  app.b.heap() = {13, 7400, 6, 1200, 7000, 9000, 0, HOTLINE_HEAP_TRACKED, 0, 0};
  app.b.add_object("/home/user/app");
  uint32_t cupti = app.b.add_object("/usr/local/cuda/lib64/libcupti.so", 0x7f0000000000,
                                    HOTLINE_OBJECT_PROFILER);
  hotline_memory_site_record program = allocations(App::kMain, App::kSaveNode, 10, 1200);
  program.frees = 6;
  program.freed_bytes = 1200;
  app.b.add_memory_site(program);
  hotline_memory_site_record profiler = allocations(App::kMain, App::kSaveNode, 3, 6200);
  profiler.object = cupti;
  profiler.address = 0x1234;
  app.b.add_memory_site(profiler);
  std::vector<Profile> profiles = {parse(app.b)};
  ASSERT_EQ(profiles[0].objects.size(), 2u);
  EXPECT_FALSE(profiles[0].objects[0].profiler);
  EXPECT_TRUE(profiles[0].objects[1].profiler);

  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table(profiles, symbolizer);
  ASSERT_EQ(table.places.size(), 1u);
  EXPECT_EQ(table.places[0].place.function, "save()");
  EXPECT_EQ(table.places[0].allocations, 10u);
  EXPECT_EQ(table.heap.allocations, 10u);
  EXPECT_EQ(table.heap.allocated_bytes, 1200u);
  EXPECT_EQ(table.heap.frees, 6u);
  EXPECT_EQ(table.heap.freed_bytes, 1200u);
  EXPECT_EQ(table.heap.profiler_allocations, 3u);
  EXPECT_EQ(table.heap.profiler_allocated_bytes, 6200u);
  EXPECT_EQ(table.heap.profiler_not_freed_bytes, 6200u);
}

TEST(Memory, NoHeapSection) {
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table({parse(App().b)}, symbolizer);
  EXPECT_EQ(table.heap.profiles, 0u);
  EXPECT_EQ(table.heap.tracked_profiles, 0u);
  EXPECT_TRUE(table.places.empty());
}

// Objects that cannot be read: the place is the timed call, and a library is named.
TEST(RecordPlace, UnreadableObjectsFallBackToTheTimedCall) {
  App app;
  app.b.run().program = app.b.string("/nonexistent/app");
  uint32_t executable = app.b.add_object("/nonexistent/app");
  uint32_t library = app.b.add_object("/nonexistent/lib/libstdc++.so.6", 0x7f0000000000);
  Profile p = parse(app.b);
  analysis::Symbolizer symbolizer;
  analysis::RecordPlacer placer({p}, symbolizer);

  // Nodes as in Profile::nodes: the main thread's start after the helper's one node.
  uint32_t load_in_loop = 1 + App::kLoadInLoop, save = 1 + App::kSaveNode;
  analysis::RecordPlace from_library = placer.place(p, load_in_loop, library, 0x1234);
  EXPECT_EQ(from_library.source, PlaceSource::TimedCall);
  EXPECT_EQ(from_library.function, "load()");
  EXPECT_EQ(from_library.file, "/src/app.cpp");
  EXPECT_EQ(from_library.line, 20u);
  EXPECT_EQ(from_library.via, "libstdc++.so.6");

  analysis::RecordPlace from_executable = placer.place(p, save, executable, 0x1234);
  EXPECT_EQ(from_executable.source, PlaceSource::TimedCall);
  EXPECT_EQ(from_executable.function, "save()");
  EXPECT_EQ(from_executable.via, ""); // the executable is no library

  analysis::RecordPlace outside = placer.place(p, profile::kNoParent, library, 0x99);
  EXPECT_EQ(outside.source, PlaceSource::None);
  EXPECT_EQ(outside.via, "libstdc++.so.6");

  EXPECT_EQ(placer.unreadable_objects(),
            (std::vector<std::string>{"/nonexistent/lib/libstdc++.so.6", "/nonexistent/app"}));
}

// Library templates instantiated in the program have sites too, but their headers are not
// the program's: an allocation in std::vector's growth belongs to the program's caller.
TEST(RecordPlace, SystemHeadersAreNotTheProgramsOwn) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "/src/load.cpp");
  uint32_t load = b.add_site(m, "load()", "_Z4loadv", "/src/load.cpp", 6, 1);
  uint32_t grow = b.add_site(
      m, "std::vector<int>::_M_realloc_insert()", "_ZNSt6vectorIiE17_M_realloc_insertEv",
      "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/vector.tcc", 440, 63);
  b.add_thread(1);
  uint32_t grow_node = b.add_node(grow, b.add_node(load, kTop, 1, 100), 63, 50);
  b.add_memory_site(allocations(0, grow_node, 63, 25000000));
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table({parse(b)}, symbolizer);
  ASSERT_EQ(table.places.size(), 1u);
  EXPECT_EQ(table.places[0].place.source, PlaceSource::TimedCall);
  EXPECT_EQ(table.places[0].place.function, "load()");
  EXPECT_EQ(table.places[0].place.file, "/src/load.cpp");
  EXPECT_EQ(table.places[0].place.line, 6u);

  // With no timed call of the program's own around it, the innermost one is kept.
  ProfileBuilder only_library;
  uint32_t lib = only_library.add_module("/app", "/usr/include/c++/12/bits/vector.tcc");
  uint32_t site = only_library.add_site(lib, "grow()", "_Z4growv",
                                        "/usr/include/c++/12/bits/vector.tcc", 440, 1);
  only_library.add_thread(1);
  only_library.add_node(site, kTop, 1, 10);
  only_library.add_memory_site(allocations(0, 0, 1, 8));
  MemoryTable library_table = analysis::compute_memory_table({parse(only_library)}, symbolizer);
  ASSERT_EQ(library_table.places.size(), 1u);
  EXPECT_EQ(library_table.places[0].place.function, "grow()");
}

// This test program's own path and load address, as the runtime would record them.
struct Self {
  std::string path;
  uint64_t load_address = 0;
};

Self self() {
  Self result;
  char path[4096];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length > 0)
    result.path.assign(path, size_t(length));
  // The executable is the first object the loader reports.
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        static_cast<Self *>(data)->load_address = info->dlpi_addr;
        return 1;
      },
      &result);
  return result;
}

constexpr uint32_t kCallerLine = __LINE__ + 3;
// A function of the program whose call out is made by code inlined from a header.
__attribute__((noinline)) uintptr_t call_through_header() {
  uintptr_t pc = call_from_header();
  asm volatile("" ::: "memory"); // no tail call: the call stays inside this function
  return pc;
}

// A profile whose program's own source is `source_file`, with one memory record at `pc` in
// a timed call of run(), in this test executable.
Profile profile_with_source(const std::string &source_file, uintptr_t pc, const Self &me) {
  ProfileBuilder b;
  b.run().program = b.string(me.path);
  uint32_t m = b.add_module(me.path, source_file);
  uint32_t run = b.add_site(m, "run()", "_Z3runv", source_file, 5, 1);
  b.add_thread(1);
  b.add_node(run, kTop, 1, 10);
  uint32_t object = b.add_object(me.path, me.load_address);
  hotline_memory_site_record record = allocations(0, 0, 1, 16);
  record.object = object;
  record.address = pc - me.load_address;
  b.add_memory_site(record);
  return parse(b);
}

TEST(RecordPlace, TheInnermostFrameInTheProgramsOwnFiles) {
  Self me = self();
  uintptr_t pc = call_through_header();
  analysis::Symbolizer symbolizer;
  std::vector<analysis::SourcePlace> frames =
      symbolizer.inlined_places(me.path, pc - me.load_address);
  if (frames.size() < 2 || !frames[0].known)
    GTEST_SKIP() << "the test executable has no debug information for inlined calls";
  std::string this_file = analysis::normal_path(__FILE__);
  std::string header = analysis::normal_path(kInlinedCallFile);
  EXPECT_EQ(frames[0].file, header);
  EXPECT_EQ(frames[0].line, kInlinedCallLine);
  EXPECT_EQ(frames[1].file, this_file);
  EXPECT_EQ(frames[1].line, kCallerLine);

  // The program is this file: the header's code inlined into it counts at its line.
  Profile program = profile_with_source(this_file, pc, me);
  MemoryTable table = analysis::compute_memory_table({program}, symbolizer);
  ASSERT_EQ(table.places.size(), 1u);
  EXPECT_EQ(table.places[0].place.source, PlaceSource::Line);
  EXPECT_EQ(table.places[0].place.file, this_file);
  EXPECT_EQ(table.places[0].place.line, kCallerLine);
  EXPECT_NE(table.places[0].place.function.find("call_through_header"), std::string::npos);

  // The program's own files include the header: its line is innermost.
  analysis::RecordPlacer placer({profile_with_source(header, pc, me)}, symbolizer);
  analysis::RecordPlace in_header = placer.place(program, 0, 0, pc - me.load_address);
  EXPECT_EQ(in_header.source, PlaceSource::Line);
  EXPECT_EQ(in_header.file, header);
  EXPECT_EQ(in_header.line, kInlinedCallLine);

  // Neither is the program's: the timed call it was made in, with no library to name.
  Profile elsewhere = profile_with_source("/src/elsewhere.cpp", pc, me);
  analysis::RecordPlace fallback =
      analysis::RecordPlacer({elsewhere}, symbolizer).place(elsewhere, 0, 0, pc - me.load_address);
  EXPECT_EQ(fallback.source, PlaceSource::TimedCall);
  EXPECT_EQ(fallback.function, "run()");
  EXPECT_EQ(fallback.file, "/src/elsewhere.cpp");
  EXPECT_EQ(fallback.line, 5u);
  EXPECT_EQ(fallback.via, "");
}

TEST(Io, FilesPlacesAndTotals) {
  App app;
  uint32_t train = app.b.add_file("/data/train.bin");
  uint32_t out = app.b.add_file("/tmp/out.csv");
  hotline_io_site_record reading = io_on(App::kHelper, App::kHelperLoad, train);
  reading.reads = 10;
  reading.read_bytes = 4000000;
  reading.read_ns = 2000; // 2 GB/s
  reading.opens = 1;
  reading.open_ns = 100;
  reading.maps = 1;
  reading.mapped_bytes = 1 << 20;
  reading.map_ns = 50;
  app.b.add_io_site(reading);
  hotline_io_site_record in_loop = io_on(App::kMain, App::kLoadInLoop, train);
  in_loop.reads = 5;
  in_loop.read_bytes = 1000;
  in_loop.read_ns = 1000;
  app.b.add_io_site(in_loop);
  hotline_io_site_record writing = io_on(App::kMain, App::kSaveNode, out);
  writing.writes = 2;
  writing.write_bytes = 500;
  writing.write_ns = 250; // 2 GB/s
  writing.syncs = 1;
  writing.sync_ns = 700;
  app.b.add_io_site(writing);
  hotline_io_site_record unnamed = io_on(HOTLINE_NO_THREAD, HOTLINE_NO_PARENT, HOTLINE_NO_FILE);
  unnamed.reads = 1;
  unnamed.read_bytes = 3;
  unnamed.read_ns = 30;
  app.b.add_io_site(unnamed);
  analysis::Symbolizer symbolizer;
  analysis::IoTable table = analysis::compute_io_table({parse(app.b)}, symbolizer);

  EXPECT_EQ(table.total.reads, 16u);
  EXPECT_EQ(table.total.read_bytes, 4001003u);
  EXPECT_EQ(table.total.read_ns, 3030u);
  EXPECT_EQ(table.total.writes, 2u);
  EXPECT_EQ(table.total.syncs, 1u);
  EXPECT_EQ(table.total.maps, 1u);
  EXPECT_EQ(table.total.mapped_bytes, uint64_t(1) << 20);
  EXPECT_EQ(table.total.time_ns(), 3030u + 250 + 100 + 700 + 50);
  EXPECT_EQ(table.no_thread_ns, 30u);

  ASSERT_EQ(table.files.size(), 3u);
  EXPECT_EQ(table.files[0].path, "/data/train.bin");
  EXPECT_EQ(table.files[0].io.reads, 15u);
  EXPECT_EQ(table.files[0].io.read_bytes, 4001000u);
  EXPECT_EQ(table.files[0].io.time_ns(), 3150u);
  EXPECT_DOUBLE_EQ(table.files[0].io.read_bytes_per_s(), 4001000 * 1e9 / 3000);
  EXPECT_EQ(table.files[1].path, "/tmp/out.csv");
  EXPECT_EQ(table.files[1].io.time_ns(), 950u);
  EXPECT_DOUBLE_EQ(table.files[1].io.write_bytes_per_s(), 2e9);
  EXPECT_DOUBLE_EQ(table.files[1].io.read_bytes_per_s(), 0.0);
  EXPECT_EQ(table.files[2].path, ""); // the descriptor the runtime could not name

  // load() on both threads is one place; its loop is the main thread's.
  ASSERT_EQ(table.places.size(), 3u);
  EXPECT_EQ(table.places[0].place.function, "load()");
  EXPECT_EQ(table.places[0].io.reads, 15u);
  EXPECT_EQ(table.places[0].loop, "/src/app.cpp:12");
  EXPECT_EQ(table.places[1].place.function, "save()");
  EXPECT_EQ(table.places[1].loop, "");
  EXPECT_EQ(table.places[2].place.source, PlaceSource::None);
}

TEST(Io, EachThreadsBlockedShareOfItsOwnWallTime) {
  App app;
  uint32_t file = app.b.add_file("/data/train.bin");
  hotline_io_site_record helper = io_on(App::kHelper, App::kHelperLoad, file);
  helper.read_ns = 800; // of its 1000 ns
  app.b.add_io_site(helper);
  hotline_io_site_record main = io_on(App::kMain, App::kSaveNode, file);
  main.write_ns = 400; // of its 4000 ns
  app.b.add_io_site(main);
  hotline_io_site_record outside = io_on(App::kMain, HOTLINE_NO_PARENT, file);
  outside.open_ns = 600;
  app.b.add_io_site(outside);
  analysis::Symbolizer symbolizer;
  analysis::IoTable table = analysis::compute_io_table({parse(app.b, "app.hotline")}, symbolizer);
  ASSERT_EQ(table.threads.size(), 2u);
  // The main thread first: its tid is the pid, though it is not the first thread.
  const analysis::ThreadIo &main_thread = table.threads[0];
  EXPECT_TRUE(main_thread.main);
  EXPECT_EQ(main_thread.profile, "app.hotline");
  EXPECT_EQ(main_thread.thread, 1u);
  EXPECT_EQ(main_thread.tid, 123u);
  EXPECT_EQ(main_thread.name, "app");
  EXPECT_EQ(main_thread.wall_ns, 4000u);
  EXPECT_EQ(main_thread.io_ns, 1000u);
  EXPECT_DOUBLE_EQ(main_thread.blocked_percent, 25.0);
  const analysis::ThreadIo &loader = table.threads[1];
  EXPECT_FALSE(loader.main);
  EXPECT_EQ(loader.tid, 124u);
  EXPECT_EQ(loader.wall_ns, 1000u);
  EXPECT_EQ(loader.io_ns, 800u);
  EXPECT_DOUBLE_EQ(loader.blocked_percent, 80.0);
}

TEST(Io, WithoutAThreadWhoseTidIsThePidTheFirstIsMain) {
  App app;
  app.b.run().pid = 999;
  uint32_t file = app.b.add_file("/dev/pts/0");
  hotline_io_site_record main = io_on(App::kMain, App::kSaveNode, file);
  main.write_ns = 400;
  app.b.add_io_site(main);
  analysis::Symbolizer symbolizer;
  analysis::IoTable table = analysis::compute_io_table({parse(app.b)}, symbolizer);
  ASSERT_EQ(table.threads.size(), 2u);
  EXPECT_TRUE(table.threads[0].main);
  EXPECT_EQ(table.threads[0].tid, 124u); // no I/O, listed as the main thread
  EXPECT_EQ(table.threads[0].io_ns, 0u);
  EXPECT_EQ(table.threads[1].tid, 123u);
  EXPECT_DOUBLE_EQ(table.threads[1].blocked_percent, 10.0);
}

TEST(Io, ProfilesWithoutIoHaveNoThreads) {
  analysis::Symbolizer symbolizer;
  analysis::IoTable table = analysis::compute_io_table({parse(App().b)}, symbolizer);
  EXPECT_TRUE(table.files.empty());
  EXPECT_TRUE(table.places.empty());
  EXPECT_TRUE(table.threads.empty());
  EXPECT_EQ(table.total.time_ns(), 0u);
}

} // namespace
} // namespace hotline::test
