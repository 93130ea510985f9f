// The profile writer's STRINGS: each distinct string once, whatever pointer it comes from.
#include "string_table.h"

#include <gtest/gtest.h>

#include <string.h>

#include <string>

using hotline::rt::ByteBuffer;
using hotline::rt::StringTable;

namespace {

std::string at(StringTable &table, uint32_t offset) { return table.bytes().data() + offset; }

TEST(StringTable, StoresEachDistinctStringOnce) {
  StringTable table;
  const char *file = "src/parser.cpp";
  std::string same_file = file; // equal contents at another address
  uint32_t first = table.add(file);
  EXPECT_EQ(table.add(file), first);
  EXPECT_EQ(table.add(same_file.c_str()), first);
  uint32_t other = table.add("src/lexer.cpp");
  EXPECT_NE(other, first);
  EXPECT_EQ(at(table, first), "src/parser.cpp");
  EXPECT_EQ(at(table, other), "src/lexer.cpp");
  // The empty string at offset 0, then each string once with its NUL.
  EXPECT_EQ(table.bytes().size(), 1 + sizeof "src/parser.cpp" + sizeof "src/lexer.cpp");
  EXPECT_EQ(table.add(""), 0u);
  EXPECT_EQ(table.add(nullptr), 0u);
}

TEST(StringTable, OneBufferWithNewContentsIsANewString) {
  StringTable table;
  char buffer[32];
  snprintf(buffer, sizeof buffer, "thread %d", 1);
  uint32_t first = table.add(buffer);
  snprintf(buffer, sizeof buffer, "thread %d", 2);
  uint32_t second = table.add(buffer);
  EXPECT_NE(first, second);
  EXPECT_EQ(at(table, first), "thread 1");
  EXPECT_EQ(at(table, second), "thread 2");
  snprintf(buffer, sizeof buffer, "thread %d", 1);
  EXPECT_EQ(table.add(buffer), first);
}

TEST(StringTable, ManyStringsKeepTheirOffsets) {
  StringTable table;
  std::vector<uint32_t> offsets;
  for (int i = 0; i < 20000; ++i) // past several growths of both maps
    offsets.push_back(table.add(("name-" + std::to_string(i)).c_str()));
  for (int i = 0; i < 20000; ++i) {
    std::string name = "name-" + std::to_string(i);
    ASSERT_EQ(table.add(name.c_str()), offsets[i]) << name;
    ASSERT_EQ(at(table, offsets[i]), name);
  }
}

// A buffer starts in its own object and moves to mapped pages when it outgrows that, and
// again as it grows: its bytes stay what was appended, at the offsets append returned.
TEST(ByteBuffer, KeepsItsBytesAcrossEachGrowth) {
  ByteBuffer buffer;
  EXPECT_EQ(buffer.size(), 0u);
  for (uint64_t i = 0; i < 100000; ++i)
    ASSERT_EQ(buffer.append_record(i), i * sizeof i);
  EXPECT_FALSE(buffer.failed());
  ASSERT_EQ(buffer.size(), 100000 * sizeof(uint64_t));
  for (uint64_t i = 0; i < 100000; ++i) {
    uint64_t value;
    memcpy(&value, buffer.data() + i * sizeof value, sizeof value);
    ASSERT_EQ(value, i);
  }
}

// expect(n) makes room for n more bytes at once (their pages committed together, in one
// call): the appends that follow move nothing, and the bytes before stay.
TEST(ByteBuffer, ExpectMakesRoomForWhatFollows) {
  ByteBuffer buffer;
  buffer.append("head", 4);
  buffer.expect(300000 * sizeof(uint64_t));
  const char *data = buffer.data();
  EXPECT_EQ(memcmp(data, "head", 4), 0);
  for (uint64_t i = 0; i < 300000; ++i)
    ASSERT_EQ(buffer.append_record(i), 4 + i * sizeof i);
  EXPECT_EQ(buffer.data(), data); // no growth
  EXPECT_FALSE(buffer.failed());
  uint64_t last;
  memcpy(&last, buffer.data() + 4 + 299999 * sizeof last, sizeof last);
  EXPECT_EQ(last, 299999u);
  buffer.expect(0); // nothing more: nothing changes
  EXPECT_EQ(buffer.data(), data);
}

} // namespace
