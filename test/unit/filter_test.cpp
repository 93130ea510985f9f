// hotline filter's choice of count-only and skip lines, on made-up profiles with exact numbers.
#include "analysis/filter_selection.h"
#include "analysis/timing_cost.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using analysis::FilterAction;
using analysis::FilterEntry;
using analysis::FilterThresholds;

constexpr uint32_t kTop = HOTLINE_NO_PARENT;

// As `hotline filter` does: the cost of timing subtracted first.
std::vector<FilterEntry> select(std::vector<profile::Profile> profiles,
                                const FilterThresholds &thresholds = {}) {
  analysis::subtract_timing_cost(profiles, true);
  return analysis::select_filter(profiles, thresholds);
}

std::vector<FilterEntry> select(const ProfileBuilder &b, const FilterThresholds &thresholds = {}) {
  return select({profile::parse_profile(b.build(), "test.hotline")}, thresholds);
}

// "count-only=NAME" or "skip=NAME" for each entry, in order.
std::vector<std::string> lines(const std::vector<FilterEntry> &entries) {
  std::vector<std::string> out;
  for (const FilterEntry &e : entries)
    out.push_back((e.action == FilterAction::CountOnly ? "count-only=" : "skip=") + e.linkage_name);
  return out;
}

using Lines = std::vector<std::string>;

// main calls `callee` `calls` times, all timed, `ns_each` each as recorded (0 calls: it is
// registered but never entered).
ProfileBuilder one_callee(uint64_t calls, uint64_t ns_each) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t callee = b.add_site(m, "callee()", "_Z6calleev", "main.cpp", 10, calls);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, calls * ns_each + 1000000);
  if (calls)
    b.add_node(callee, main_node, calls, calls * ns_each);
  return b;
}

// The mean compared is a timed call's time with the cost of timing it: the compensated time
// (here 190 - 10 = 180 ns) plus caller_ps (20 ns) is 200 ns, not below --min-call-ns 200;
// 185 ns as recorded is 195 ns.
TEST(Filter, MeanIsTheCompensatedTimePlusTheCostOfTiming) {
  FilterThresholds at_200;
  at_200.min_call_ns = 200;
  ProfileBuilder at_limit = one_callee(5000, 190);
  at_limit.set_timing_cost(10000, 20000);
  EXPECT_EQ(lines(select(at_limit, at_200)), Lines{});

  ProfileBuilder below = one_callee(5000, 185);
  below.set_timing_cost(10000, 20000);
  std::vector<FilterEntry> entries = select(below, at_200);
  ASSERT_EQ(lines(entries), Lines{"count-only=_Z6calleev"});
  EXPECT_EQ(entries[0].calls, 5000u);
  EXPECT_EQ(entries[0].timed_calls, 5000u);
  EXPECT_DOUBLE_EQ(entries[0].mean_ns, 195.0);
  EXPECT_FALSE(entries[0].timing_stopped);
  EXPECT_EQ(entries[0].name, "callee()");
  EXPECT_EQ(entries[0].file, "main.cpp");
  EXPECT_EQ(entries[0].line, 10u);

  // Without TIMING_COST the times are taken as recorded.
  EXPECT_EQ(lines(select(one_callee(5000, 199))), Lines{"count-only=_Z6calleev"});
  FilterThresholds lower;
  lower.min_call_ns = 199;
  EXPECT_EQ(lines(select(one_callee(5000, 199), lower)), Lines{});
}

// By default the line is the runtime's: 16 times what timing one call costs (caller_ps 20 ns:
// 320 ns), the mean compared as above (recorded 330 ns: 330 - 10 + 20 = 340 ns).
TEST(Filter, DefaultLineIsSixteenTimesTheCostOfTiming) {
  for (auto [recorded_ns, count_only] : {std::pair{309u, true}, {311u, false}, {330u, false}}) {
    ProfileBuilder b = one_callee(5000, recorded_ns);
    b.set_timing_cost(10000, 20000);
    EXPECT_EQ(lines(select(b)), count_only ? Lines{"count-only=_Z6calleev"} : Lines{})
        << recorded_ns << " ns recorded";
  }
}

// Too few calls to be worth it, however short: --min-calls.
TEST(Filter, FewCallsStayTimed) {
  EXPECT_EQ(lines(select(one_callee(999, 10))), Lines{});
  EXPECT_EQ(lines(select(one_callee(1000, 10))), Lines{"count-only=_Z6calleev"});
  FilterThresholds fewer;
  fewer.min_calls = 10;
  EXPECT_EQ(lines(select(one_callee(999, 10), fewer)), Lines{"count-only=_Z6calleev"});
}

// The runtime stopped timing it: its first calls proved short, whatever their mean says now.
TEST(Filter, TimingStoppedIsCountOnly) {
  ProfileBuilder b = one_callee(100000, 5000);
  b.add_timing_stopped(1);
  std::vector<FilterEntry> entries = select(b);
  ASSERT_EQ(lines(entries), Lines{"count-only=_Z6calleev"});
  EXPECT_TRUE(entries[0].timing_stopped);
}

// main is never counted only, nor skipped.
TEST(Filter, NeverMain) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 100000);
  b.add_thread(1);
  b.add_node(main_site, kTop, 100000, 100000);
  b.add_timing_stopped(main_site);
  EXPECT_EQ(lines(select(b)), Lines{});

  ProfileBuilder unrun;
  uint32_t m2 = unrun.add_module("/lib.so", "lib.cpp");
  unrun.add_site(m2, "main", "main", "main.cpp", 1, 0);
  EXPECT_EQ(lines(select(unrun)), Lines{});
}

// A function whose loops (line mode) iterated at least once per call stays timed: its mean
// may hide a few long calls. A loop that rarely ran does not count.
TEST(Filter, HotLoopStaysTimed) {
  auto with_loop = [](uint64_t iterations) {
    ProfileBuilder b = one_callee(5000, 50);
    b.add_timing_stopped(1);
    auto add = [&](uint32_t kind, uint32_t loop, uint64_t count) {
      uint32_t s = b.add_site(0, "callee()", "_Z6calleev", "main.cpp", 11, count);
      b.site(s).kind = kind;
      b.site(s).function = 1;
      b.site(s).loop = loop;
      return s;
    };
    uint32_t loop = add(HOTLINE_SITE_LOOP, HOTLINE_NO_SITE, 100);
    add(HOTLINE_SITE_LOOP_ITERATIONS, loop, iterations);
    return b;
  };
  EXPECT_EQ(lines(select(with_loop(5000))), Lines{});
  EXPECT_EQ(lines(select(with_loop(4999))), Lines{"count-only=_Z6calleev"});
}

// Counted but never timed (inlined, or too small): there is no timing to take away.
TEST(Filter, NeverTimedIsLeftAlone) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  b.add_site(m, "tiny()", "_Z4tinyv", "main.cpp", 10, 1000000);
  b.add_thread(1);
  b.add_node(main_site, kTop, 1, 1000000);
  EXPECT_EQ(lines(select(b)), Lines{});
}

// Functions registered but never entered are skipped, unless --keep-unrun; count-only lines
// come first, each kind sorted by linkage name (byte order: _Z4zetav before _Z5alphav).
TEST(Filter, UnrunFunctionsAreSkippedInOrder) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  b.add_site(m, "zeta()", "_Z4zetav", "main.cpp", 20, 0);
  uint32_t short_b = b.add_site(m, "b()", "_Z1bv", "main.cpp", 30, 2000);
  b.add_site(m, "alpha()", "_Z5alphav", "main.cpp", 40, 0);
  uint32_t short_a = b.add_site(m, "a()", "_Z1av", "main.cpp", 50, 2000);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, 1000000);
  b.add_node(short_b, main_node, 2000, 2000);
  b.add_node(short_a, main_node, 2000, 2000);
  EXPECT_EQ(lines(select(b)),
            (Lines{"count-only=_Z1av", "count-only=_Z1bv", "skip=_Z4zetav", "skip=_Z5alphav"}));
  FilterThresholds keep;
  keep.keep_unrun = true;
  EXPECT_EQ(lines(select(b, keep)), (Lines{"count-only=_Z1av", "count-only=_Z1bv"}));
}

// The plugin knows functions by linkage name only: static functions of one name in several
// files are decided together. One that ran keeps the other instrumented; one that is slow
// keeps the other timed.
TEST(Filter, FunctionsSharingALinkageNameAreDecidedTogether) {
  auto two_helpers = [](uint64_t a_calls, uint64_t a_ns, uint64_t b_calls, uint64_t b_ns) {
    ProfileBuilder b;
    uint32_t m = b.add_module("/app", "a.c");
    uint32_t main_site = b.add_site(m, "main", "main", "a.c", 1, 1);
    uint32_t in_a = b.add_site(m, "helper", "helper", "a.c", 10, a_calls);
    uint32_t m2 = b.add_module("/app", "b.c");
    uint32_t in_b = b.add_site(m2, "helper", "helper", "b.c", 10, b_calls);
    b.add_thread(1);
    uint32_t main_node = b.add_node(main_site, kTop, 1, 100000000);
    if (a_calls)
      b.add_node(in_a, main_node, a_calls, a_calls * a_ns);
    if (b_calls)
      b.add_node(in_b, main_node, b_calls, b_calls * b_ns);
    return b;
  };
  std::vector<FilterEntry> unrun = select(two_helpers(0, 0, 0, 0));
  ASSERT_EQ(lines(unrun), Lines{"skip=helper"});
  EXPECT_EQ(unrun[0].functions, 2u);
  EXPECT_EQ(lines(select(two_helpers(0, 0, 5000, 10))), Lines{"count-only=helper"});
  EXPECT_EQ(lines(select(two_helpers(5000, 10, 5000, 10))), Lines{"count-only=helper"});
  EXPECT_EQ(lines(select(two_helpers(5000, 10, 5000, 5000))), Lines{});
}

// Several profiles are one set of runs: a function called in any of them is not skipped, and
// counts add up.
TEST(Filter, ProfilesAreMerged) {
  ProfileBuilder ran = one_callee(600, 10);
  ProfileBuilder other = one_callee(600, 10);
  std::vector<FilterEntry> entries = select({profile::parse_profile(ran.build(), "a.hotline"),
                                             profile::parse_profile(other.build(), "b.hotline")});
  ASSERT_EQ(lines(entries), Lines{"count-only=_Z6calleev"});
  EXPECT_EQ(entries[0].calls, 1200u);

  ProfileBuilder unrun = one_callee(0, 0);
  EXPECT_EQ(lines(select({profile::parse_profile(unrun.build(), "a.hotline")})),
            Lines{"skip=_Z6calleev"});
  EXPECT_EQ(lines(select({profile::parse_profile(unrun.build(), "a.hotline"),
                          profile::parse_profile(one_callee(5, 10000).build(), "b.hotline")})),
            Lines{});
}

} // namespace
} // namespace hotline::test
