// The runtime's own memory: what runtime_resident_bytes counts is exactly the pages of its
// regions that were touched, through growth and release.
#include "memory.h"

#include <gtest/gtest.h>

#include <unistd.h>

using namespace hotline::rt;

namespace {

TEST(RuntimeMemory, CountsTheTouchedPagesOfItsRegions) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  size_t before = runtime_resident_bytes();
  auto *region = static_cast<char *>(reserve_pages(64 * page));
  ASSERT_NE(region, nullptr);
  EXPECT_EQ(runtime_resident_bytes(), before); // reserved, not resident
  for (size_t i = 0; i < 10; ++i)
    region[i * 3 * page] = 1;
  EXPECT_EQ(runtime_resident_bytes(), before + 10 * page);

  // Grown past 16 MiB (more than one mincore call) and moved, it keeps its pages.
  size_t grown_bytes = (32u << 20) + 64 * page;
  auto *grown = static_cast<char *>(resize_pages(region, 64 * page, grown_bytes));
  ASSERT_NE(grown, nullptr);
  grown[grown_bytes - 1] = 1;
  EXPECT_EQ(runtime_resident_bytes(), before + 11 * page);

  release_pages(grown, grown_bytes);
  EXPECT_EQ(runtime_resident_bytes(), before);
}

} // namespace
