// The reader on trace mode's sections: events read back with their calls, regions and files
// resolved, and refused exactly when they name what is not there.
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace hotline::test {
namespace {

using profile::parse_profile;
using profile::Profile;
using profile::ProfileFormatError;

// Two threads of two and one nodes, one file, and a timeline on the second thread.
ProfileBuilder trace_builder() {
  ProfileBuilder b;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  uint32_t work_site = b.add_site(app, "work(int)", "_Z4worki", "main.cpp", 3, 3);
  b.add_thread(100, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000);
  b.add_node(work_site, main_node, 1, 600);
  b.add_thread(101, "worker");
  b.add_node(work_site, HOTLINE_NO_PARENT, 2, 300);
  b.add_file("/data/input.bin");
  hotline_trace_record &trace = b.trace();
  trace = {10000, 1 << 20, 3, 250000, 0};
  b.add_trace_event({100, 400, 0, 1, HOTLINE_TRACE_CALL, 0, 0});
  b.add_trace_event({120, 130, 4096, 1, HOTLINE_TRACE_READ, 0, 0});
  b.add_trace_event({90, 500, 0, 1, HOTLINE_TRACE_REGION, b.string("load"), 0});
  b.add_trace_event({200, 200, 1 << 21, 0, HOTLINE_TRACE_ALLOCATION, 0, 0});
  return b;
}

std::string error_of(const ProfileBuilder &b, uint64_t *offset) {
  try {
    parse_profile(b.build(), "t.hotline");
  } catch (const ProfileFormatError &e) {
    *offset = e.offset();
    return e.what();
  }
  return "";
}

TEST(TraceReader, ReadsEventsWithTheirCallsRegionsAndFiles) {
  Profile p = parse_profile(trace_builder().build(), "t.hotline");
  ASSERT_TRUE(p.trace.present);
  EXPECT_EQ(p.trace.min_ns, 10000u);
  EXPECT_EQ(p.trace.allocation_min_bytes, 1u << 20);
  EXPECT_EQ(p.trace.dropped, 3u);
  EXPECT_EQ(p.trace.capacity, 250000u);
  ASSERT_EQ(p.trace_events.size(), 4u);
  // The worker's node 0 is the profile's node 2.
  EXPECT_EQ(p.trace_events[0].kind, uint32_t(HOTLINE_TRACE_CALL));
  EXPECT_EQ(p.trace_events[0].id, 2u);
  EXPECT_EQ(p.sites[p.nodes[p.trace_events[0].id].site].name, "work(int)");
  EXPECT_EQ(p.trace_events[1].id, 0u);
  EXPECT_EQ(p.files[p.trace_events[1].id], "/data/input.bin");
  EXPECT_EQ(p.trace_events[1].value, 4096u);
  EXPECT_EQ(p.trace_events[2].region, "load");
  EXPECT_EQ(p.trace_events[2].start_ns, 90u);
  EXPECT_EQ(p.trace_events[2].end_ns, 500u);
  EXPECT_EQ(p.trace_events[3].thread, 0u);
  EXPECT_EQ(p.trace_events[3].value, 1u << 21);
}

TEST(TraceReader, NoTraceSectionNoEvents) {
  ProfileBuilder b;
  b.add_thread(1);
  Profile p = parse_profile(b.build(), "t.hotline");
  EXPECT_FALSE(p.trace.present);
  EXPECT_TRUE(p.trace_events.empty());
}

TEST(TraceReaderErrors, CallNodeOutOfItsThread) {
  ProfileBuilder b = trace_builder();
  b.trace_event(0).id = 1; // the worker has one node
  uint64_t offset = 0;
  std::string message = error_of(b, &offset);
  EXPECT_NE(message.find("trace event 0 at offset"), std::string::npos) << message;
  EXPECT_NE(message.find("names call node 1, out of range (1 nodes in its thread)"),
            std::string::npos)
      << message;
}

TEST(TraceReaderErrors, ThreadFileKindAndTimeAreChecked) {
  uint64_t offset = 0;
  ProfileBuilder thread = trace_builder();
  thread.trace_event(3).thread = 2;
  EXPECT_NE(error_of(thread, &offset).find("names thread 2, out of range (2 threads)"),
            std::string::npos);
  ProfileBuilder file = trace_builder();
  file.trace_event(1).id = 1;
  EXPECT_NE(error_of(file, &offset).find("names file 1, out of range (1 files)"),
            std::string::npos);
  ProfileBuilder kind = trace_builder();
  kind.trace_event(3).kind = 9;
  EXPECT_NE(error_of(kind, &offset).find("has kind 9, not 1 to 8"), std::string::npos);
  ProfileBuilder time = trace_builder();
  time.trace_event(2).end_ns = 80;
  EXPECT_NE(error_of(time, &offset).find("ends at 80 ns, before its start at 90 ns"),
            std::string::npos);
}

TEST(TraceReader, ReadsWaitsAfterTheEvents) {
  ProfileBuilder b = trace_builder();
  b.add_trace_wait({150, 380, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_CONDITION, 0});
  b.add_trace_wait({400, 420, 0, 1, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_FUTEX, 0});
  Profile p = parse_profile(b.build(), "t.hotline");
  ASSERT_EQ(p.trace_events.size(), 6u);
  EXPECT_EQ(p.trace_events[4].kind, uint32_t(HOTLINE_TRACE_WAIT));
  EXPECT_EQ(p.trace_events[4].id, uint32_t(HOTLINE_SYNC_CONDITION));
  EXPECT_EQ(p.trace_events[4].thread, 0u);
  EXPECT_EQ(p.trace_events[4].start_ns, 150u);
  EXPECT_EQ(p.trace_events[4].end_ns, 380u);
  EXPECT_EQ(p.trace_events[5].id, uint32_t(HOTLINE_SYNC_FUTEX));
  EXPECT_EQ(p.trace_events[5].thread, 1u);
}

TEST(TraceReaderErrors, WaitsAreCheckedLikeEventsAndByKind) {
  uint64_t offset = 0;
  ProfileBuilder kind = trace_builder();
  kind.add_trace_wait({150, 380, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  kind.trace_wait(0).kind = HOTLINE_TRACE_READ;
  EXPECT_NE(error_of(kind, &offset).find("wait 0 at offset"), std::string::npos);
  EXPECT_NE(error_of(kind, &offset).find("has kind 4, not 9"), std::string::npos);
  ProfileBuilder wait_kind = trace_builder();
  wait_kind.add_trace_wait({150, 380, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_FUTEX + 1, 0});
  EXPECT_NE(error_of(wait_kind, &offset).find("has wait kind 8, not 1 to 7"), std::string::npos);
  ProfileBuilder thread = trace_builder();
  thread.add_trace_wait({150, 380, 0, 2, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  EXPECT_NE(error_of(thread, &offset).find("names thread 2, out of range (2 threads)"),
            std::string::npos);
  ProfileBuilder time = trace_builder();
  time.add_trace_wait({150, 140, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  EXPECT_NE(error_of(time, &offset).find("ends at 140 ns, before its start at 150 ns"),
            std::string::npos);
  // A wait in TRACE_EVENTS, where readers that know kinds 1 to 8 only would meet it.
  ProfileBuilder misplaced = trace_builder();
  misplaced.add_trace_event({150, 380, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  EXPECT_NE(error_of(misplaced, &offset).find("has kind 9, not 1 to 8"), std::string::npos);
  ProfileBuilder untraced;
  untraced.add_thread(1);
  untraced.add_trace_wait({1, 2, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  EXPECT_NE(error_of(untraced, &offset).find("section TRACE_WAITS at offset"), std::string::npos);
  EXPECT_NE(error_of(untraced, &offset).find("holds events, but there is no TRACE section"),
            std::string::npos);
}

TEST(TraceReader, ReadsRangesAfterTheWaits) {
  ProfileBuilder b = trace_builder();
  b.add_trace_wait({150, 380, 0, 0, HOTLINE_TRACE_WAIT, HOTLINE_SYNC_MUTEX, 0});
  b.add_trace_range({50, 900, 1, 0, HOTLINE_TRACE_RANGE, b.string("batch"), 0});
  Profile p = parse_profile(b.build(), "t.hotline");
  ASSERT_EQ(p.trace_events.size(), 6u);
  EXPECT_EQ(p.trace_events[4].kind, uint32_t(HOTLINE_TRACE_WAIT));
  EXPECT_EQ(p.trace_events[5].kind, uint32_t(HOTLINE_TRACE_RANGE));
  EXPECT_EQ(p.trace_events[5].region, "batch");
  EXPECT_EQ(p.trace_events[5].value, 1u);
  EXPECT_EQ(p.trace_events[5].start_ns, 50u);
  EXPECT_EQ(p.trace_events[5].end_ns, 900u);
}

TEST(TraceReaderErrors, RangesAreCheckedByKindNameAndValue) {
  uint64_t offset = 0;
  ProfileBuilder kind = trace_builder();
  kind.add_trace_range({50, 900, 0, 0, HOTLINE_TRACE_REGION, kind.string("batch"), 0});
  EXPECT_NE(error_of(kind, &offset).find("range 0 at offset"), std::string::npos);
  EXPECT_NE(error_of(kind, &offset).find("has kind 2, not 10"), std::string::npos);
  ProfileBuilder value = trace_builder();
  value.add_trace_range({50, 900, 2, 0, HOTLINE_TRACE_RANGE, value.string("batch"), 0});
  EXPECT_NE(error_of(value, &offset).find("has value 2, not 0 or 1"), std::string::npos);
  ProfileBuilder name = trace_builder();
  name.add_trace_range({50, 900, 0, 0, HOTLINE_TRACE_RANGE, 1u << 20, 0});
  EXPECT_NE(error_of(name, &offset).find("string id at offset"), std::string::npos);
  EXPECT_NE(error_of(name, &offset).find("past the end of STRINGS"), std::string::npos);
  // A range in TRACE_EVENTS, where readers that know kinds 1 to 8 only would meet it.
  ProfileBuilder misplaced = trace_builder();
  misplaced.add_trace_event({50, 900, 0, 0, HOTLINE_TRACE_RANGE, misplaced.string("batch"), 0});
  EXPECT_NE(error_of(misplaced, &offset).find("has kind 10, not 1 to 8"), std::string::npos);
}

TEST(TraceReaderErrors, EventsWithoutTraceSection) {
  ProfileBuilder b;
  b.add_thread(1);
  b.add_trace_event({1, 2, 0, 0, HOTLINE_TRACE_ALLOCATION, 0, 0});
  uint64_t offset = 0;
  EXPECT_NE(error_of(b, &offset).find("holds events, but there is no TRACE section"),
            std::string::npos);
}

} // namespace
} // namespace hotline::test
