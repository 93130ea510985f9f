// The runtime's call-target table: exact counts per (site, function), from many threads at
// once, whatever slots the pairs landed in.
#include "call_targets.h"

#include <hotline/abi.h>

#include <gtest/gtest.h>

#include <map>
#include <thread>
#include <utility>
#include <vector>

namespace hotline::rt {
namespace {

std::map<std::pair<uint32_t, uint64_t>, uint64_t> counted() {
  std::map<std::pair<uint32_t, uint64_t>, uint64_t> counts;
  for_each_call_target(
      [&](uint32_t site, uint64_t target, uint64_t count) { counts[{site, target}] += count; });
  return counts;
}

TEST(CallTargets, CountsEveryCallOfEveryThreadExactly) {
  const uint32_t site = 1000;
  int functions[3];
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 3000; ++i)
        __hotline_call_target(site + i % 2, &functions[i % 3]);
    });
  for (std::thread &thread : threads)
    thread.join();
  auto counts = counted();
  // i % 2 and i % 3 together: each of the 6 pairs 500 times per thread.
  for (uint32_t s = site; s < site + 2; ++s)
    for (int f = 0; f < 3; ++f)
      EXPECT_EQ((counts[{s, uint64_t(&functions[f])}]), 2000u) << s << " " << f;
  EXPECT_EQ(call_targets_dropped(), 0u);
}

} // namespace
} // namespace hotline::rt
