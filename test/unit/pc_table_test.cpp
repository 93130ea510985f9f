// The runtime's table of sample counts by address: what it counts, what it refuses when full,
// and how tables merge.
#include "pc_table.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <random>

namespace hotline::test {
namespace {

using rt::PcTable;

std::map<uint64_t, uint64_t> contents(const PcTable &table) {
  std::map<uint64_t, uint64_t> counts;
  table.for_each([&](uint64_t pc, uint64_t count) { counts[pc] += count; });
  return counts;
}

// Tables are mmap'd blocks; this returns them when a test ends.
struct TableDeleter {
  void operator()(PcTable *table) const { PcTable::destroy(table); }
};
using Table = std::unique_ptr<PcTable, TableDeleter>;

TEST(PcTable, CountsSamplesByAddress) {
  Table table(PcTable::create(16));
  ASSERT_NE(table, nullptr);
  table->add(0x401000, 1);
  table->add(0x401004, 1);
  table->add(0x401000, 1);
  table->add(0x401000, 5); // a timer signal that stood for several periods
  EXPECT_EQ(contents(*table), (std::map<uint64_t, uint64_t>{{0x401000, 7}, {0x401004, 1}}));
  EXPECT_EQ(table->used(), 2u);
  EXPECT_EQ(table->dropped(), 0u);
}

TEST(PcTable, AgreesWithAMapOnManyAddresses) {
  Table table(PcTable::create(4096));
  std::map<uint64_t, uint64_t> expected;
  std::mt19937_64 random(42);
  for (int i = 0; i < 100000; ++i) {
    // Addresses clustered like code: 3000 instructions in a 64 KiB text segment.
    uint64_t pc = 0x555555554000 + (random() % 3000) * 21;
    table->add(pc, 1);
    expected[pc]++;
  }
  EXPECT_EQ(contents(*table), expected);
  EXPECT_EQ(table->dropped(), 0u);
}

TEST(PcTable, RefusesNewAddressesOnceThreeQuartersFull) {
  Table table(PcTable::create(16));
  for (uint64_t i = 1; i <= 12; ++i)
    table->add(i * 16, 1);
  EXPECT_TRUE(table->full());
  table->add(13 * 16, 3); // new: dropped
  table->add(16, 1);      // known: still counted
  EXPECT_EQ(table->used(), 12u);
  EXPECT_EQ(table->dropped(), 3u);
  EXPECT_EQ(contents(*table).at(16), 2u);
  EXPECT_EQ(contents(*table).count(13 * 16), 0u);
}

TEST(PcTable, DropsAddressZero) {
  Table table(PcTable::create(16));
  table->add(0, 2);
  EXPECT_EQ(table->used(), 0u);
  EXPECT_EQ(table->dropped(), 2u);
}

TEST(PcTable, MergingGrowsTheTargetAndKeepsDroppedCounts) {
  Table from(PcTable::create(1024));
  for (uint64_t i = 1; i <= 700; ++i)
    from->add(i * 4, i);
  from->add(0, 9);
  PcTable *into = PcTable::create(16);
  into->add(4, 100);
  rt::add_all_samples(&into, *from);
  Table merged(into);
  auto counts = contents(*merged);
  EXPECT_EQ(counts.size(), 700u);
  EXPECT_EQ(counts.at(4), 101u);
  EXPECT_EQ(counts.at(700 * 4), 700u);
  EXPECT_EQ(merged->dropped(), 9u);
  EXPECT_GE(merged->capacity(), 1024u);
}

} // namespace
} // namespace hotline::test
