// Waits during the main thread's I/O (trace mode): the overlap of other threads' waits with the
// main thread's I/O calls, exact on a timeline made by hand, and the io-while-workers-wait rule
// at its thresholds.
#include "analysis/sync.h"
#include "profile/reader.h"
#include "profile_builder.h"
#include "rules/rules.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using profile::Profile;

Profile parse(const std::vector<unsigned char> &bytes) {
  return profile::parse_profile(bytes, "t.hotline");
}

// Main (thread 0) reads and opens; worker A (1) lives the whole run, worker B (2) from 100 to
// 900 µs. Times in ns:
//   main:  read a.bin [100000, 300000) 4096 B; its own wait [300000, 400000);
//          read b.bin [400000, 450000) 0 B (moved nothing: left out); open b.bin [500000, 520000);
//          read b.bin [600000, 700000) 1000 B
//   A:     condition [50000, 250000) and mutex [240000, 260000): joined, 160000 during read a;
//          condition [420000, 640000): 20000 during the open, 40000 during read b
//   B:     join [650000, 800000): 50000 during read b; condition [800000, 900000): no I/O
ProfileBuilder waits_builder(bool traced) {
  ProfileBuilder b;
  b.run().wall_ns = 1000000;
  b.add_thread(123, "main");
  b.add_thread(124, "worker A");
  b.add_thread(125, "worker B");
  b.thread(2).start_ns = 100000;
  b.thread(2).end_ns = 900000;
  uint32_t a = b.add_file("/data/a.bin"), bfile = b.add_file("/data/b.bin");
  if (!traced)
    return b;
  b.trace();
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_READ, a, 100000, 300000, 4096));
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_READ, bfile, 400000, 450000, 0));
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_OPEN, bfile, 500000, 520000));
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_READ, bfile, 600000, 700000, 1000));
  b.add_trace_wait(trace_event(0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_CONDITION, 300000, 400000));
  b.add_trace_wait(trace_event(1, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_CONDITION, 50000, 250000));
  b.add_trace_wait(trace_event(1, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 240000, 260000));
  b.add_trace_wait(trace_event(1, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_CONDITION, 420000, 640000));
  b.add_trace_wait(trace_event(2, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_JOIN, 650000, 800000));
  b.add_trace_wait(trace_event(2, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_CONDITION, 800000, 900000));
  return b;
}

TEST(SyncAnalysis, OtherThreadsWaitsDuringMainIo) {
  std::vector<Profile> profiles = {parse(waits_builder(true).build())};
  analysis::Symbolizer symbolizer;
  analysis::SyncTable table = analysis::compute_sync_table(profiles, symbolizer);
  ASSERT_EQ(table.main_io_waits.size(), 1u);
  const analysis::WaitsDuringMainIo &w = table.main_io_waits[0];
  EXPECT_EQ(w.profile, "t.hotline");
  EXPECT_EQ(w.workers, 2u);
  EXPECT_EQ(w.waiting_workers, 2u);
  EXPECT_EQ(w.workers_ns, 1800000u);
  EXPECT_EQ(w.main_io_ns, 320000u);
  EXPECT_EQ(w.waited_ns, 270000u);
  EXPECT_DOUBLE_EQ(w.waited_percent(), 100.0 * 270000 / 1800000);
  // Each kind's waits on their own: A's condition and mutex overlap, so they add to more.
  ASSERT_EQ(w.kinds.size(), 3u);
  EXPECT_EQ(w.kinds[0], std::make_pair(uint32_t(HOTLINE_SYNC_CONDITION), uint64_t(210000)));
  EXPECT_EQ(w.kinds[1], std::make_pair(uint32_t(HOTLINE_SYNC_JOIN), uint64_t(50000)));
  EXPECT_EQ(w.kinds[2], std::make_pair(uint32_t(HOTLINE_SYNC_MUTEX), uint64_t(20000)));
  ASSERT_EQ(w.files.size(), 2u);
  EXPECT_EQ(w.files[0].path, "/data/a.bin");
  EXPECT_EQ(w.files[0].calls, 1u);
  EXPECT_EQ(w.files[0].bytes, 4096u);
  EXPECT_EQ(w.files[0].ns, 160000u);
  EXPECT_EQ(w.files[1].path, "/data/b.bin");
  EXPECT_EQ(w.files[1].calls, 2u);
  EXPECT_EQ(w.files[1].bytes, 1000u);
  EXPECT_EQ(w.files[1].ns, 110000u);
}

TEST(SyncAnalysis, NoWaitsDuringMainIoWithoutATraceOrOtherThreads) {
  analysis::Symbolizer symbolizer;
  std::vector<Profile> untraced = {parse(waits_builder(false).build())};
  EXPECT_TRUE(analysis::compute_sync_table(untraced, symbolizer).main_io_waits.empty());
  ProfileBuilder alone;
  alone.add_thread(123, "main");
  alone.trace();
  alone.add_trace_event(trace_event(0, HOTLINE_TRACE_READ, HOTLINE_NO_FILE, 100, 200, 10));
  std::vector<Profile> one_thread = {parse(alone.build())};
  EXPECT_TRUE(analysis::compute_sync_table(one_thread, symbolizer).main_io_waits.empty());
}

std::vector<rules::Finding> findings_for(uint64_t waited_ns, uint64_t workers_ns) {
  static std::vector<Profile> profiles(1);
  static analysis::SyncTable table;
  table.main_io_waits.assign(1, {});
  analysis::WaitsDuringMainIo &w = table.main_io_waits[0];
  w.workers = 3;
  w.waiting_workers = 2;
  w.workers_ns = workers_ns;
  w.main_io_ns = 8000000;
  w.waited_ns = waited_ns;
  w.kinds = {{HOTLINE_SYNC_CONDITION, waited_ns}};
  w.files = {{"/data/train.bin", 4, 16384, waited_ns}};
  rules::ReportData data;
  data.profiles = &profiles;
  data.sync = &table;
  std::vector<rules::Finding> findings;
  rules::check_io_while_workers_wait(data, rules::Thresholds{}, findings);
  return findings;
}

TEST(SyncRules, IoWhileWorkersWaitAtItsThresholds) {
  std::vector<rules::Finding> at = findings_for(10000000, 100000000);
  ASSERT_EQ(at.size(), 1u);
  EXPECT_EQ(at[0].rule, "io-while-workers-wait");
  EXPECT_EQ(at[0].finding, "While the main thread was blocked in I/O, 2 of its 3 other threads "
                           "waited: 10.0 ms together, 10.0% of their time.");
  ASSERT_EQ(at[0].evidence.size(), 3u);
  EXPECT_EQ(at[0].evidence[0], "the main thread's I/O took 8.00 ms; the other threads' waits "
                               "during it, by kind: condition 10.0 ms");
  EXPECT_EQ(at[0].evidence[2], "/data/train.bin: 4 calls, 16.4 kB, 10.0 ms of waiting during them");
  EXPECT_DOUBLE_EQ(at[0].impact_percent, 10.0);
  EXPECT_TRUE(findings_for(9999999, 99999990).empty());   // 10%, under 10 ms
  EXPECT_TRUE(findings_for(10000000, 100000001).empty()); // 10 ms, under 10%
}

} // namespace
} // namespace hotline::test
