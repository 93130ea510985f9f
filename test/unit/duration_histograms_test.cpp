// The runtime's duration buckets (duration_histograms.h): one per tick at first, then eight to an
// octave, every duration in exactly one; and the ranges a node's histogram gives the profile.
#include "duration_histograms.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace hotline::test {
namespace {

using namespace rt;

TEST(CallHistograms, EveryDurationFallsInTheBucketThatHoldsIt) {
  for (uint64_t ticks : {0ull, 1ull, 7ull, 8ull, 15ull, 16ull, 17ull, 18ull, 31ull, 32ull, 1000ull,
                         123456789ull, (1ull << 44) - 1}) {
    uint32_t b = histogram_bucket(ticks);
    ASSERT_LT(b, kHistogramBuckets) << ticks;
    EXPECT_LE(histogram_bucket_lower(b), ticks) << ticks;
    EXPECT_LT(ticks, histogram_bucket_upper(b)) << ticks;
  }
  EXPECT_EQ(histogram_bucket(1ull << 44), kHistogramBuckets - 1); // longer: the last bucket
  EXPECT_EQ(histogram_bucket(UINT64_MAX), kHistogramBuckets - 1);
}

TEST(CallHistograms, BucketsFollowEachOtherAtMostAnEighthWide) {
  EXPECT_EQ(histogram_bucket_lower(0), 0u);
  for (uint32_t b = 0; b + 1 < kHistogramBuckets; ++b) {
    EXPECT_EQ(histogram_bucket_upper(b), histogram_bucket_lower(b + 1)) << b;
    uint64_t lower = histogram_bucket_lower(b), width = histogram_bucket_upper(b) - lower;
    EXPECT_TRUE(lower < 8 ? width == 1 : width * 8 <= lower) << b;
    EXPECT_EQ(histogram_bucket(lower), b);
    EXPECT_EQ(histogram_bucket(histogram_bucket_upper(b) - 1), b);
  }
  EXPECT_EQ(histogram_bucket_upper(kHistogramBuckets - 1), 1ull << 44);
}

struct Range {
  uint64_t lower, upper;
  uint32_t count;
};

std::vector<Range> ranges_of(const DurationHistogram *histogram) {
  std::vector<Range> ranges;
  for_each_histogram_range(histogram, [&](uint64_t lower, uint64_t upper, uint32_t count) {
    ranges.push_back({lower, upper, count});
  });
  return ranges;
}

// The first range starts at the shortest duration and the last ends at the longest; those between
// are whole buckets; an empty bucket gives no range.
TEST(CallHistograms, RangesRunFromTheShortestToTheLongestCall) {
  DurationHistogram h{};
  EXPECT_TRUE(ranges_of(nullptr).empty());
  EXPECT_TRUE(ranges_of(&h).empty());
  for (uint64_t ticks : {100ull, 101ull, 140ull, 5000ull}) {
    ++h.counts[histogram_bucket(ticks)];
    h.longest_ticks = ticks;
  }
  h.shortest_ticks = 100;
  std::vector<Range> ranges = ranges_of(&h);
  ASSERT_EQ(ranges.size(), 3u);
  EXPECT_EQ(ranges[0].lower, 100u);
  EXPECT_EQ(ranges[0].upper, 104u); // 100 is in the bucket from 96 to 104
  EXPECT_EQ(ranges[0].count, 2u);
  EXPECT_EQ(ranges[1].lower, 128u); // 128 to 144: an eighth of the octave from 128
  EXPECT_EQ(ranges[1].upper, 144u);
  EXPECT_EQ(ranges[2].lower, 4608u); // 4608 to 5120

  EXPECT_EQ(ranges[2].upper, 5000u);
  EXPECT_EQ(ranges[2].count, 1u);
  EXPECT_TRUE(ranges_of(&g_no_room_for_histogram).empty());
}

} // namespace
} // namespace hotline::test
