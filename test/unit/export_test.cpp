// `hotline export`'s shared pieces: timelines nested and capped, launch flows
// from the launching call to the GPU work, call nodes placed in the merged
// tree, and frames that cannot break a folded line.
#include "export/export.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <hotline/profile_format.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hotline::test {
namespace {

using exports::Slice;
using profile::Profile;

Profile parse(const Bytes &bytes) { return profile::parse_profile(bytes, "app.hotline"); }

Slice slice(uint32_t index, uint64_t start_ns, uint64_t end_ns) {
  return {Slice::Source::Trace, index, start_ns, end_ns};
}

std::vector<std::vector<uint64_t>> times(const std::vector<Slice> &slices) {
  std::vector<std::vector<uint64_t>> out;
  for (const Slice &s : slices)
    out.push_back({s.index, s.start_ns, s.end_ns});
  return out;
}

TEST(ExportNest, OrdersByStartWithEnclosingSlicesFirst) {
  std::vector<Slice> slices = {slice(0, 20, 30), slice(1, 0, 100), slice(2, 20, 50),
                               slice(3, 60, 60), slice(4, 50, 60)};
  exports::nest(slices);
  EXPECT_EQ(times(slices), (std::vector<std::vector<uint64_t>>{
                               {1, 0, 100}, {2, 20, 50}, {0, 20, 30}, {4, 50, 60}, {3, 60, 60}}));
}

TEST(ExportNest, CutsASliceThatOutlivesTheOneEnclosingIt) {
  // A region that began inside a call and ended after it: cut at the call's
  // end; a slice inside the cut one is cut again.
  std::vector<Slice> slices = {slice(0, 0, 100), slice(1, 10, 50), slice(2, 40, 80),
                               slice(3, 45, 70), slice(4, 120, 130)};
  exports::nest(slices);
  EXPECT_EQ(times(slices), (std::vector<std::vector<uint64_t>>{
                               {0, 0, 100}, {1, 10, 50}, {2, 40, 50}, {3, 45, 50}, {4, 120, 130}}));
}

// One thread of calls main > work, 3 short ones and a long one, with an
// allocation; a second thread with one call.
ProfileBuilder traced_builder() {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  uint32_t work_site = b.add_site(app, "work()", "_Z4workv", "main.cpp", 20, 4);
  b.add_thread(999, "helper");
  b.add_node(work_site, HOTLINE_NO_PARENT, 1, 500);
  b.add_thread(123, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 10000);
  uint32_t work_node = b.add_node(work_site, main_node, 4, 3000);
  b.trace();
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_CALL, 0, 200, 700));
  for (uint64_t start : {1000, 2000, 3000})
    b.add_trace_event(trace_event(1, HOTLINE_TRACE_CALL, work_node, start, start + 100));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_ALLOCATION, 0, 4500, 4500, 1 << 20));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_CALL, work_node, 4000, 6700));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_CALL, main_node, 0, 10000));
  return b;
}

TEST(ExportTimelines, KeepEveryEventByThreadMainThreadFirst) {
  std::vector<Profile> profiles = {parse(traced_builder().build())};
  exports::Timelines timelines = exports::select_events(profiles, 0, true);
  EXPECT_EQ(timelines.left_out, 0u);
  ASSERT_EQ(timelines.profiles.size(), 1u);
  const exports::ProfileTimeline &timeline = timelines.profiles[0];
  ASSERT_EQ(timeline.threads.size(), 2u);
  EXPECT_EQ(timeline.threads[0].thread, 1u); // tid 123, the pid
  EXPECT_EQ(
      times(timeline.threads[0].slices),
      (std::vector<std::vector<uint64_t>>{
          {6, 0, 10000}, {1, 1000, 1100}, {2, 2000, 2100}, {3, 3000, 3100}, {5, 4000, 6700}}));
  EXPECT_EQ(timeline.threads[0].allocations, std::vector<uint32_t>{4});
  EXPECT_EQ(timeline.threads[1].thread, 0u);
  EXPECT_EQ(times(timeline.threads[1].slices), (std::vector<std::vector<uint64_t>>{{0, 200, 700}}));
  EXPECT_TRUE(timeline.streams.empty());
}

TEST(ExportTimelines, RangesStayOffTheThreadsTracks) {
  ProfileBuilder b = traced_builder();
  // Ranges crossing the main thread's calls: on its track they would be cut.
  b.add_trace_range(trace_event(1, HOTLINE_TRACE_RANGE, b.string("epoch"), 3050, 9000));
  b.add_trace_range(trace_event(1, HOTLINE_TRACE_RANGE, b.string("batch"), 50, 5000, 1));
  std::vector<Profile> profiles = {parse(b.build())};
  const exports::ProfileTimeline all = exports::select_events(profiles, 0, true).profiles[0];
  EXPECT_EQ(all.ranges, (std::vector<uint32_t>{8, 7})); // by start
  EXPECT_EQ(
      times(all.threads[0].slices),
      (std::vector<std::vector<uint64_t>>{
          {6, 0, 10000}, {1, 1000, 1100}, {2, 2000, 2100}, {3, 3000, 3100}, {5, 4000, 6700}}));
  // The cap counts them like the rest: the two longest events are the main call and a range.
  exports::Timelines capped = exports::select_events(profiles, 2, true);
  EXPECT_EQ(capped.left_out, 7u);
  EXPECT_EQ(capped.profiles[0].ranges, std::vector<uint32_t>{7});
  EXPECT_EQ(times(capped.profiles[0].threads[0].slices),
            (std::vector<std::vector<uint64_t>>{{6, 0, 10000}}));
}

TEST(ExportTimelines, KeepTheLongestEventsAndLeaveAllocationsOutFirst) {
  std::vector<Profile> profiles = {parse(traced_builder().build())};
  exports::Timelines timelines = exports::select_events(profiles, 3, true);
  EXPECT_EQ(timelines.left_out, 4u);
  const exports::ProfileTimeline &timeline = timelines.profiles[0];
  ASSERT_EQ(timeline.threads.size(), 2u);
  EXPECT_EQ(times(timeline.threads[0].slices),
            (std::vector<std::vector<uint64_t>>{{6, 0, 10000}, {5, 4000, 6700}}));
  EXPECT_TRUE(timeline.threads[0].allocations.empty());
  EXPECT_EQ(times(timeline.threads[1].slices), (std::vector<std::vector<uint64_t>>{{0, 200, 700}}));
}

hotline_gpu_site_record launch_site(uint32_t thread, uint32_t node) {
  hotline_gpu_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = HOTLINE_NO_OBJECT;
  record.api = HOTLINE_GPU_API_LAUNCH;
  record.calls = 1;
  return record;
}

hotline_gpu_kernel_record kernel(uint64_t start_ns, uint64_t end_ns, uint32_t site, uint32_t name) {
  hotline_gpu_kernel_record record{};
  record.start_ns = start_ns;
  record.end_ns = end_ns;
  record.site = site;
  record.name = name;
  record.stream = 7;
  return record;
}

// The same, with kernels launched by work(): one that starts while the call
// that launched it runs, one after that call returned, one before any traced
// call of work() (its call was not kept) and one whose launch was not seen.
std::string chrome_with_kernels(size_t max_events) {
  ProfileBuilder b = traced_builder();
  uint32_t name = b.string("_Z6kernelv");
  b.cuda().state = HOTLINE_CUDA_TRACED;
  uint32_t site = b.add_gpu_site(launch_site(1, 1));
  b.add_gpu_kernel(kernel(1050, 1060, site, name));
  b.add_gpu_kernel(kernel(2500, 2510, site, name));
  b.add_gpu_kernel(kernel(500, 505, site, name));
  b.add_gpu_kernel(kernel(7000, 7010, HOTLINE_NO_GPU_SITE, name));
  std::vector<Profile> profiles = {parse(b.build())};
  return exports::chrome_trace(profiles, exports::select_events(profiles, max_events, true));
}

TEST(ExportChrome, LinksEachKernelToTheCallThatLaunchedIt) {
  std::string json = chrome_with_kernels(0);
  // In the call's slice, no later than the kernel's start.
  EXPECT_NE(json.find("{\"name\":\"launch\",\"cat\":\"gpu launch\",\"ph\":\"s\",\"id\":1,"
                      "\"ts\":1.050,\"pid\":123,\"tid\":123}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"name\":\"launch\",\"cat\":\"gpu launch\",\"ph\":\"f\",\"bp\":\"e\","
                      "\"id\":1,\"ts\":1.050,\"pid\":123,\"tid\":1073741824}"),
            std::string::npos)
      << json;
  // The call returned before the kernel started: the arrow leaves from its
  // last nanosecond.
  EXPECT_NE(json.find("\"ph\":\"s\",\"id\":2,\"ts\":2.099,\"pid\":123,\"tid\":123}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"ph\":\"f\",\"bp\":\"e\",\"id\":2,\"ts\":2.500,"), std::string::npos);
  EXPECT_EQ(json.find("\"id\":3"), std::string::npos) << json;
  EXPECT_NE(json.find("{\"name\":\"kernel()\",\"cat\":\"gpu kernel\",\"ph\":\"X\",\"ts\":7.000,"
                      "\"dur\":0.010,\"pid\":123,\"tid\":1073741824,"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":123,\"tid\":1073741824,"
                      "\"args\":{\"name\":\"GPU 0 stream 7\"}}"),
            std::string::npos)
      << json;
}

TEST(ExportChrome, TheCapWeighsGpuWorkLikeTheRest) {
  // The 4 longest of 11: main, the long work() call, the helper's call and the
  // first short work() call; the kernels (10 ns at most) are left out.
  std::string json = chrome_with_kernels(4);
  EXPECT_EQ(json.find("\"gpu kernel\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"ph\":\"s\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"events_left_out\":7"), std::string::npos) << json;
}

TEST(ExportChrome, NothingToDrawIsAnError) {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  b.add_thread(123, "main");
  b.add_node(main_site, HOTLINE_NO_PARENT, 1, 100);
  std::vector<Profile> profiles = {parse(b.build())};
  try {
    exports::chrome_trace(profiles, exports::select_events(profiles, 0, true));
    FAIL() << "no error";
  } catch (const std::runtime_error &e) {
    EXPECT_STREQ(e.what(), "app.hotline has no timeline: run the program with HOTLINE_TRACE=1");
  }
}

TEST(ExportChrome, RangesAreAsyncPairsOnTheThreadThatEndedThem) {
  // Only a range, ended by the second thread: that thread is named though it has no track.
  ProfileBuilder b;
  b.add_thread(123, "main");
  b.add_thread(124, "loader");
  b.trace();
  b.add_trace_range(trace_event(1, HOTLINE_TRACE_RANGE, b.string("batch"), 1500, 42000, 1));
  std::vector<Profile> profiles = {parse(b.build())};
  std::string json = exports::chrome_trace(profiles, exports::select_events(profiles, 0, true));
  EXPECT_NE(json.find("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":123,\"tid\":124,"
                      "\"args\":{\"name\":\"loader (124)\"}}"),
            std::string::npos)
      << json;
  EXPECT_NE(
      json.find("{\"name\":\"batch\",\"cat\":\"range\",\"ph\":\"b\",\"id\":\"0x1\",\"ts\":1.500,"
                "\"pid\":123,\"tid\":124,\"args\":{\"ended_on_another_thread\":true}}"),
      std::string::npos)
      << json;
  EXPECT_NE(
      json.find("{\"name\":\"batch\",\"cat\":\"range\",\"ph\":\"e\",\"id\":\"0x1\",\"ts\":42.000,"
                "\"pid\":123,\"tid\":124}"),
      std::string::npos)
      << json;
}

TEST(ExportMergedNodes, LoopsInsideCallsAreTheirCallersNode) {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  uint32_t loop_site = b.add_site(app, "main", "", "main.cpp", 12, 1);
  b.site(loop_site).kind = HOTLINE_SITE_LOOP;
  b.site(loop_site).function = main_site;
  uint32_t work_site = b.add_site(app, "work()", "_Z4workv", "main.cpp", 20, 2);
  b.add_thread(123, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000);
  uint32_t loop_node = b.add_node(loop_site, main_node, 1, 800);
  b.add_node(work_site, loop_node, 2, 600);
  b.add_thread(124, "helper");
  b.add_node(work_site, HOTLINE_NO_PARENT, 1, 50);
  std::vector<Profile> profiles = {parse(b.build())};
  analysis::FunctionCatalog catalog(profiles);
  analysis::CallTree tree = analysis::build_call_tree(profiles, catalog);
  const std::vector<uint32_t> &merged = tree.node_of[0];
  ASSERT_EQ(merged.size(), 4u);
  EXPECT_EQ(merged[1], merged[0]);
  EXPECT_EQ(tree.nodes[merged[2]].calls, 2u);
  EXPECT_EQ(catalog.function(tree.nodes[merged[0]].function).name, "main");
  EXPECT_EQ(catalog.function(tree.nodes[merged[2]].function).name, "work()");
  EXPECT_NE(merged[3], merged[2]);
  EXPECT_EQ(tree.nodes[merged[3]].calls, 1u);

  // Folded stacks see the same tree.
  EXPECT_EQ(exports::folded(profiles, {exports::FoldedMetric::Calls}),
            "main 1\nmain;work() 2\nwork() 1\n");
}

// smooth() and primes() were inlined into main: their loops were timed inside main's call.
// Each is a frame of its own under main, marked inlined, with the loop's time and, as each
// ran only there, the function's calls; the call made from smooth's loop is under smooth.
TEST(ExportInlinedFrames, ALoopOfAnotherFunctionIsThatFunctionInlined) {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 30, 1);
  uint32_t main_loop = b.add_site(app, "main", "", "main.cpp", 32, 1);
  uint32_t smooth_site = b.add_site(app, "smooth()", "_ZL6smoothv", "main.cpp", 4, 20);
  uint32_t smooth_loop = b.add_site(app, "smooth()", "", "main.cpp", 6, 20);
  uint32_t inner_loop = b.add_site(app, "smooth()", "", "main.cpp", 7, 400);
  uint32_t primes_site = b.add_site(app, "primes()", "_ZL6primesv", "main.cpp", 14, 1);
  uint32_t primes_loop = b.add_site(app, "primes()", "", "main.cpp", 16, 1);
  uint32_t log_site = b.add_site(app, "log()", "_Z3logv", "main.cpp", 40, 20);
  for (auto [loop, function] : {std::pair{main_loop, main_site},
                                {smooth_loop, smooth_site},
                                {inner_loop, smooth_site},
                                {primes_loop, primes_site}}) {
    b.site(loop).kind = HOTLINE_SITE_LOOP;
    b.site(loop).function = function;
  }
  b.add_thread(1, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 10000);
  uint32_t main_loop_node = b.add_node(main_loop, main_node, 1, 8000);
  uint32_t smooth_node = b.add_node(smooth_loop, main_loop_node, 20, 7000);
  b.add_node(inner_loop, smooth_node, 400, 5000);
  b.add_node(log_site, smooth_node, 20, 1000);
  b.add_node(primes_loop, main_node, 1, 1500);
  std::vector<Profile> profiles = {parse(b.build())};
  analysis::FunctionCatalog catalog(profiles);
  analysis::CallTree tree = analysis::build_call_tree(profiles, catalog);
  const std::vector<uint32_t> &merged = tree.node_of[0];
  EXPECT_EQ(merged[1], merged[0]); // main's own loop
  const analysis::CallTree::Node &smooth = tree.nodes[merged[2]];
  EXPECT_EQ(catalog.function(smooth.function).name, "smooth()");
  EXPECT_TRUE(smooth.inlined);
  EXPECT_EQ(smooth.calls, 20u);
  EXPECT_EQ(smooth.inclusive_ns, 7000u);
  EXPECT_EQ(smooth.exclusive_ns, 7000u - 1000u); // its inner loop is its own time
  EXPECT_EQ(merged[3], merged[2]);
  EXPECT_EQ(tree.nodes[merged[4]].function, catalog.function_of(0, log_site));
  EXPECT_FALSE(tree.nodes[merged[4]].inlined);
  EXPECT_EQ(tree.nodes[merged[5]].calls, 1u);
  EXPECT_TRUE(tree.nodes[merged[5]].inlined);
  // main keeps what its own code took: 10,000 less smooth's 7,000 and primes' 1,500.
  EXPECT_EQ(tree.nodes[merged[0]].exclusive_ns, 1500u);

  EXPECT_EQ(exports::folded(profiles, {exports::FoldedMetric::Time}),
            "main 1500\nmain;smooth()_[i] 6000\nmain;smooth()_[i];log() 1000\n"
            "main;primes()_[i] 1500\n");
}

// Collapsed recursion: a frame already on the path takes in those below it, so that
// main;a;b;a;c counts as main;a;c and the values of the paths that fold together add up.
TEST(ExportFolded, CollapsedRecursionHasEachFunctionOnceAPath) {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 1, 1);
  uint32_t a_site = b.add_site(app, "a()", "_Z1av", "main.cpp", 10, 3);
  uint32_t b_site = b.add_site(app, "b()", "_Z1bv", "main.cpp", 20, 2);
  uint32_t c_site = b.add_site(app, "c()", "_Z1cv", "main.cpp", 30, 2);
  b.add_thread(1, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000);
  uint32_t a1 = b.add_node(a_site, main_node, 1, 900);
  uint32_t b1 = b.add_node(b_site, a1, 2, 800);
  uint32_t a2 = b.add_node(a_site, b1, 2, 500);
  b.add_node(c_site, a2, 1, 100);
  b.add_node(c_site, a1, 1, 50);
  std::vector<Profile> profiles = {parse(b.build())};
  EXPECT_EQ(exports::folded(profiles, {exports::FoldedMetric::Calls}),
            "main 1\nmain;a() 1\nmain;a();b() 2\nmain;a();b();a() 2\nmain;a();b();a();c() 1\n"
            "main;a();c() 1\n");
  EXPECT_EQ(exports::folded(profiles, {exports::FoldedMetric::Calls, true}),
            "main 1\nmain;a() 3\nmain;a();b() 2\nmain;a();c() 2\n");
}

TEST(ExportFrames, NamesCannotEndAFrameOrALine) {
  EXPECT_EQ(exports::frame_name("operator;(a)\nb\r"), "operator,(a) b ");
  EXPECT_EQ(exports::frame_name("std::vector<int, std::allocator<int> >::size() const"),
            "std::vector<int, std::allocator<int> >::size() const");
}

} // namespace
} // namespace hotline::test
