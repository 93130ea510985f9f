// The tables of records by place (attribution.h) that the heap, I/O, synchronization, MPI and
// GPU records live in: one record per place and detail, found again without a lock, listed in
// the order they were added, and one pooled record for every place once the table is full.
#include "attribution.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using hotline::rt::Place;
using hotline::rt::PlaceKey;
using hotline::rt::PlaceTable;

namespace {

struct TestRecord {
  PlaceKey key;
  uint64_t hits;
};

Place at_pc(uint64_t pc) { return Place{nullptr, nullptr, pc, 0}; }

TEST(PlaceTable, OneRecordPerPlaceAndDetailInTheOrderAdded) {
  static PlaceTable<TestRecord> table; // large: not on the stack
  TestRecord *a = table.find_or_add(at_pc(0x1000), 0);
  TestRecord *b = table.find_or_add(at_pc(0x2000), 0);
  TestRecord *a_other_file = table.find_or_add(at_pc(0x1000), 7);
  TestRecord *via = table.find_or_add(Place{nullptr, nullptr, 0x1000, 0x55}, 0);
  EXPECT_EQ(table.find_or_add(at_pc(0x1000), 0), a);
  EXPECT_EQ(table.find_or_add(at_pc(0x1000), 7), a_other_file);
  EXPECT_NE(a, b);
  EXPECT_NE(a, a_other_file);
  EXPECT_NE(a, via);
  EXPECT_EQ(a->key.pc, 0x1000u);
  EXPECT_EQ(a_other_file->key.detail, 7u);
  EXPECT_EQ(via->key.via_pc, 0x55u);

  std::vector<TestRecord *> listed;
  table.for_each([&](TestRecord &r) { listed.push_back(&r); });
  EXPECT_EQ(listed, (std::vector<TestRecord *>{a, b, a_other_file, via}));
  for (TestRecord *r : listed) {
    uint32_t number = table.number_of(r);
    EXPECT_NE(number, 0u);
    EXPECT_EQ(table.numbered(number), r);
  }
  // Numbers that are no record's, as a block's trailer that a program overwrote may hold.
  EXPECT_EQ(table.numbered(0), nullptr);
  EXPECT_EQ(table.numbered(5), nullptr);
  EXPECT_EQ(table.numbered(0xfffff), nullptr);
  EXPECT_EQ(table.numbered(PlaceTable<TestRecord>::kCapacity + 1), nullptr); // not pooled yet
}

// The index grows past its first size: every record is found again, at the same address and
// with the same number, and new ones are added after them.
TEST(PlaceTable, RecordsStayWhereTheyAreAsTheIndexGrows) {
  static PlaceTable<TestRecord> table;
  constexpr uint32_t kPlaces = PlaceTable<TestRecord>::kFirstCapacity * 2;
  std::vector<TestRecord *> added;
  for (uint32_t i = 0; i < kPlaces; ++i)
    added.push_back(table.find_or_add(at_pc(0x100000 + i * 16), i & 1));
  for (uint32_t i = 0; i < kPlaces; ++i) {
    TestRecord *found = table.find_or_add(at_pc(0x100000 + i * 16), i & 1);
    ASSERT_EQ(found, added[i]) << "place " << i;
    ASSERT_EQ(table.number_of(found), i + 1);
    ASSERT_EQ(table.numbered(i + 1), found);
  }
  EXPECT_EQ(table.find_or_add(at_pc(0x100000), 1)->key.detail, 1u); // a new place, after them
  EXPECT_EQ(table.number_of(table.find_or_add(at_pc(0x100000), 1)), kPlaces + 1);
}

TEST(PlaceTable, PlacesBeyondThreeQuartersShareThePooledRecord) {
  static PlaceTable<TestRecord> table;
  constexpr uint32_t kKept = PlaceTable<TestRecord>::kCapacity / 4 * 3;
  for (uint32_t i = 0; i < kKept; ++i)
    table.find_or_add(at_pc(0x10000 + i), 0)->hits += 1;
  TestRecord *first_pooled = table.find_or_add(at_pc(0x900000), 0);
  TestRecord *second_pooled = table.find_or_add(at_pc(0x900001), 3);
  EXPECT_EQ(first_pooled, second_pooled);
  EXPECT_EQ(first_pooled->key.pc, 0u); // its key is all zero
  EXPECT_EQ(table.number_of(first_pooled), PlaceTable<TestRecord>::kCapacity + 1);
  EXPECT_EQ(table.numbered(PlaceTable<TestRecord>::kCapacity + 1), first_pooled);
  // The places kept are still found, each once.
  EXPECT_EQ(table.find_or_add(at_pc(0x10000 + kKept - 1), 0)->key.pc, 0x10000u + kKept - 1);

  uint32_t listed = 0;
  bool pooled_last = false, in_order = true;
  table.for_each([&](TestRecord &r) {
    if (listed < kKept)
      in_order &= r.key.pc == 0x10000u + listed && r.hits == 1;
    pooled_last = &r == first_pooled;
    ++listed;
  });
  EXPECT_EQ(listed, kKept + 1);
  EXPECT_TRUE(in_order);
  EXPECT_TRUE(pooled_last);
}

// 20,000 places: the index grows from 4096 slots to 32768 while the threads look up and add.
TEST(PlaceTable, ThreadsAddingTheSamePlacesGetOneRecordEach) {
  static PlaceTable<TestRecord> table;
  constexpr uint32_t kPlaces = 20000, kThreads = 4;
  std::vector<std::thread> threads;
  for (uint32_t t = 0; t < kThreads; ++t)
    threads.emplace_back([] {
      for (uint32_t i = 0; i < kPlaces; ++i)
        __atomic_fetch_add(&table.find_or_add(at_pc(0x4000 + i), i % 3)->hits, 1, __ATOMIC_RELAXED);
    });
  for (std::thread &t : threads)
    t.join();
  uint32_t records = 0;
  bool each_hit_by_every_thread = true;
  table.for_each([&](TestRecord &r) {
    ++records;
    each_hit_by_every_thread &= __atomic_load_n(&r.hits, __ATOMIC_RELAXED) == kThreads;
  });
  EXPECT_EQ(records, kPlaces);
  EXPECT_TRUE(each_hit_by_every_thread);
}

} // namespace
