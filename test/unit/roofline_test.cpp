// Loops' work and where they stand against the roofs: exact sums over inner
// loops, rates over measured or sampled time, and the verdicts' thresholds.
#include "analysis/lines.h"
#include "analysis/roofline.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using analysis::LoopBound;
using analysis::LoopStats;
using analysis::LoopThroughput;
using analysis::Roofs;

// One thread: 100 GFLOP/s single, 50 double, 10 GB/s.
constexpr Roofs kRoofs{100e9, 50e9, 10e9};
constexpr uint64_t kPeriodNs = 1000000; // 1000 Hz

// A loop timed on every entry for `ns`.
LoopStats timed_loop(uint64_t flops64, uint64_t bytes, uint64_t ns) {
  LoopStats loop;
  loop.entries = loop.timed_entries = 10;
  loop.iterations = 1000;
  loop.flops64 = flops64;
  loop.bytes = bytes;
  loop.inclusive_ns = ns;
  return loop;
}

TEST(Roofline, RatesAreWorkOverTime) {
  // 1e9 FLOPs and 4e9 bytes in 1 s.
  LoopThroughput t =
      analysis::loop_throughput(timed_loop(1000000000, 4000000000, 1000000000), &kRoofs, kPeriodNs);
  EXPECT_TRUE(t.has_rates);
  EXPECT_FALSE(t.sampled);
  EXPECT_DOUBLE_EQ(t.flops_per_s, 1e9);
  EXPECT_DOUBLE_EQ(t.bytes_per_s, 4e9);
  EXPECT_DOUBLE_EQ(t.intensity, 0.25);
  EXPECT_DOUBLE_EQ(t.compute_share, 1e9 / 50e9);
  EXPECT_DOUBLE_EQ(t.memory_share, 0.4);
  EXPECT_EQ(t.bound, LoopBound::BelowRoofs);
}

TEST(Roofline, VerdictsAtTheThresholds) {
  // Memory: 5e9 bytes in 1 s is 50% of 10 GB/s.
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(0, 5000000000, 1000000000), &kRoofs, kPeriodNs).bound,
      LoopBound::Memory);
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(0, 4999999999, 1000000000), &kRoofs, kPeriodNs).bound,
      LoopBound::BelowRoofs);
  // Compute: 25e9 double FLOPs in 1 s is 50% of 50 GFLOP/s.
  EXPECT_EQ(analysis::loop_throughput(timed_loop(25000000000, 1000, 1000000000), &kRoofs, kPeriodNs)
                .bound,
            LoopBound::Compute);
  // Both above half: the larger share wins.
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(40000000000, 6000000000, 1000000000), &kRoofs, kPeriodNs)
          .bound,
      LoopBound::Compute);
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(30000000000, 9000000000, 1000000000), &kRoofs, kPeriodNs)
          .bound,
      LoopBound::Memory);
  // Well beyond memory's bandwidth: in cache, unless it also runs near the
  // compute roof. Just beyond it is noise around the memory roof.
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(0, 14000000000, 1000000000), &kRoofs, kPeriodNs).bound,
      LoopBound::Memory);
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(0, 15000000000, 1000000000), &kRoofs, kPeriodNs).bound,
      LoopBound::Cache);
  EXPECT_EQ(
      analysis::loop_throughput(timed_loop(0, 20000000000, 1000000000), &kRoofs, kPeriodNs).bound,
      LoopBound::Cache);
  EXPECT_EQ(analysis::loop_throughput(timed_loop(30000000000, 20000000000, 1000000000), &kRoofs,
                                      kPeriodNs)
                .bound,
            LoopBound::Compute);
}

TEST(Roofline, ComputeRoofFollowsThePrecisionMix) {
  // 25e9 single FLOPs take 0.25 s at 100 GFLOP/s, 10e9 double 0.2 s at 50.
  LoopStats loop = timed_loop(10000000000, 0, 1000000000);
  loop.flops32 = 25000000000;
  LoopThroughput t = analysis::loop_throughput(loop, &kRoofs, kPeriodNs);
  EXPECT_DOUBLE_EQ(t.compute_share, 0.45);
  EXPECT_EQ(t.bound, LoopBound::BelowRoofs);
  EXPECT_DOUBLE_EQ(t.flops_per_s, 35e9);
}

TEST(Roofline, SampledTimeNeedsTwentySamples) {
  LoopStats loop = timed_loop(0, 1000000000, 0);
  loop.timed_entries = 0;
  loop.sampled_ns = 19 * kPeriodNs;
  LoopThroughput t = analysis::loop_throughput(loop, &kRoofs, kPeriodNs);
  EXPECT_TRUE(t.sampled);
  EXPECT_TRUE(t.has_rates);
  EXPECT_EQ(t.bound, LoopBound::Unjudged);
  EXPECT_EQ(t.unjudged, "too short to judge");
  loop.sampled_ns = 20 * kPeriodNs;
  t = analysis::loop_throughput(loop, &kRoofs, kPeriodNs);
  EXPECT_EQ(t.bound, LoopBound::Cache); // 1e9 bytes in 20 ms: 50 GB/s
  EXPECT_DOUBLE_EQ(t.bytes_per_s, 50e9);
}

TEST(Roofline, NoVerdictWithoutWhatItNeeds) {
  EXPECT_EQ(analysis::loop_throughput(timed_loop(0, 0, 1000000000), &kRoofs, kPeriodNs).unjudged,
            "no work counted");
  EXPECT_EQ(analysis::loop_throughput(timed_loop(100, 100, 999999), &kRoofs, kPeriodNs).unjudged,
            "too short to judge");
  EXPECT_EQ(analysis::loop_throughput(timed_loop(100, 100, 1000000), nullptr, kPeriodNs).unjudged,
            "no calibration");
  LoopStats only_calls = timed_loop(0, 0, 1000000000);
  only_calls.calls = 5;
  EXPECT_EQ(analysis::loop_throughput(only_calls, &kRoofs, kPeriodNs).unjudged, "calls out");
  LoopStats calls = timed_loop(100, 100, 1000000000);
  calls.calls = 1;
  LoopThroughput t = analysis::loop_throughput(calls, &kRoofs, kPeriodNs);
  EXPECT_TRUE(t.has_rates);
  EXPECT_EQ(t.unjudged, "calls out");
  LoopStats part = timed_loop(100, 100, 1000000000);
  part.timed_entries = 9;
  t = analysis::loop_throughput(part, &kRoofs, kPeriodNs);
  EXPECT_FALSE(t.has_rates);
  EXPECT_EQ(t.unjudged, "timed for part of its entries");
  LoopStats untimed = timed_loop(100, 100, 0);
  untimed.timed_entries = 0;
  EXPECT_EQ(analysis::loop_throughput(untimed, &kRoofs, kPeriodNs).unjudged, "no time");
}

// An outer loop holding an inner one: the inner's work counts for both.
TEST(Roofline, LoopWorkIncludesInnerLoops) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/bin/app", "app.c");
  uint32_t f = b.add_site(m, "kernel", "kernel", "app.c", 1, 1);
  auto add = [&](uint32_t kind, uint32_t line, uint32_t loop, uint64_t count) {
    uint32_t s = b.add_site(m, "kernel", "kernel", "app.c", line, count);
    b.site(s).kind = kind;
    b.site(s).function = f;
    b.site(s).loop = loop;
    return s;
  };
  uint32_t outer = add(HOTLINE_SITE_LOOP, 2, HOTLINE_NO_SITE, 1);
  uint32_t inner = add(HOTLINE_SITE_LOOP, 3, outer, 10);
  add(HOTLINE_SITE_LOOP_ITERATIONS, 3, inner, 1000);
  add(HOTLINE_SITE_LOOP_FLOPS64, 3, inner, 2000);
  add(HOTLINE_SITE_LOOP_BYTES, 3, inner, 24000);
  add(HOTLINE_SITE_LOOP_BYTES, 2, outer, 80);
  add(HOTLINE_SITE_LOOP_FLOPS32, 2, outer, 7);
  add(HOTLINE_SITE_LOOP_CALLS, 2, outer, 10);
  std::vector<profile::Profile> profiles{profile::parse_profile(b.build(), "a.hotline"),
                                         profile::parse_profile(b.build(), "b.hotline")};
  std::vector<LoopStats> loops = analysis::compute_loop_table(profiles);
  ASSERT_EQ(loops.size(), 2u);
  const LoopStats &first = loops[0].line == 2 ? loops[0] : loops[1];
  const LoopStats &second = loops[0].line == 2 ? loops[1] : loops[0];
  EXPECT_EQ(first.flops64, 4000u);
  EXPECT_EQ(first.flops32, 14u);
  EXPECT_EQ(first.bytes, 48160u);
  EXPECT_EQ(first.calls, 20u);
  EXPECT_EQ(second.flops64, 4000u);
  EXPECT_EQ(second.flops32, 0u);
  EXPECT_EQ(second.bytes, 48000u);
  EXPECT_EQ(second.calls, 0u);
  EXPECT_EQ(second.iterations, 2000u);
}

// Loops hold what comes after them: a site that names a later site, or one
// that is not a loop, as its loop is refused (walking out must end).
TEST(Roofline, ReaderRefusesLoopCycles) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/bin/app", "app.c");
  uint32_t f = b.add_site(m, "kernel", "kernel", "app.c", 1, 1);
  uint32_t loop = b.add_site(m, "kernel", "kernel", "app.c", 2, 1);
  b.site(loop).kind = HOTLINE_SITE_LOOP;
  b.site(loop).function = f;
  b.site(loop).loop = loop;
  EXPECT_THROW(profile::parse_profile(b.build(), "cycle.hotline"), profile::ProfileError);
  b.site(loop).loop = f;
  EXPECT_THROW(profile::parse_profile(b.build(), "not-a-loop.hotline"), profile::ProfileError);
  b.site(loop).loop = HOTLINE_NO_SITE;
  EXPECT_NO_THROW(profile::parse_profile(b.build(), "fine.hotline"));
}

} // namespace
} // namespace hotline::test
