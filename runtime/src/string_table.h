// The profile's STRINGS section as it is assembled: each distinct string stored once. Sites
// repeat their file and their function's names: one toml++ program's 6,832 sites wrote
// 1.3 MB of strings in line mode (a 1.7 MB profile for a process that did nothing), 135 KB
// once each; writing them was much of such a process's cost over plain.
#pragma once

#include "byte_buffer.h"
#include "memory.h"

#include <stdint.h>
#include <string.h>

namespace hotline::rt {

// An open-addressing map from a key (a string's hash) to offsets into the strings (never 0:
// that is the empty string, which is not stored), on mmap'd pages. A slot keeps 32 bits of the
// key, 8 bytes a slot (each page the table touches is a fault at exit); several offsets may
// share them, and `same` tells.
class OffsetMap {
public:
  OffsetMap() = default;
  OffsetMap(const OffsetMap &) = delete;
  OffsetMap &operator=(const OffsetMap &) = delete;
  ~OffsetMap() { release_pages(slots_, capacity_ * sizeof(Slot)); }

  // The first offset stored under `key` for which same(offset) is true, or 0.
  template <typename Same> uint32_t find(uint64_t key, Same same) const {
    uint32_t short_key = shorten(key);
    for (size_t i = home(short_key, capacity_); slots_ && slots_[i].offset;
         i = (i + 1) & (capacity_ - 1))
      if (slots_[i].key == short_key && same(slots_[i].offset))
        return slots_[i].offset;
    return 0;
  }
  // Out of memory, the map stays as it is: the string is then stored again next time.
  void insert(uint64_t key, uint32_t offset) {
    if ((used_ + 1) * 2 > capacity_ && !grow())
      return;
    place(slots_, capacity_, shorten(key), offset);
    ++used_;
  }

private:
  struct Slot {
    uint32_t key;
    uint32_t offset;
  };
  static uint32_t shorten(uint64_t key) { return uint32_t(key >> 32); }
  static size_t home(uint32_t key, size_t capacity) {
    return size_t((key * 0x9e3779b97f4a7c15u) >> 32) & (capacity - 1);
  }
  static void place(Slot *slots, size_t capacity, uint32_t key, uint32_t offset) {
    size_t i = home(key, capacity);
    while (slots[i].offset)
      i = (i + 1) & (capacity - 1);
    slots[i] = {key, offset};
  }
  bool grow() {
    size_t capacity = capacity_ ? capacity_ * 2 : 1024;
    auto *slots = static_cast<Slot *>(reserve_pages(capacity * sizeof(Slot)));
    if (!slots)
      return false;
    commit_pages(slots, capacity * sizeof(Slot)); // hashing spreads the slots over every page
    for (size_t i = 0; i < capacity_; ++i)
      if (slots_[i].offset)
        place(slots, capacity, slots_[i].key, slots_[i].offset);
    release_pages(slots_, capacity_ * sizeof(Slot));
    slots_ = slots;
    capacity_ = capacity;
    return true;
  }

  Slot *slots_ = nullptr;
  size_t capacity_ = 0, used_ = 0;
};

class StringTable {
public:
  StringTable() { bytes_.append("", 1); }

  // The offset of `s` in the strings, adding it if no equal string is there yet.
  uint32_t add(const char *s) {
    if (!s || !s[0])
      return 0;
    size_t n = strlen(s) + 1;
    uint64_t hash = hash_bytes(s, n);
    if (uint32_t known = by_content_.find(
            hash, [&](uint32_t offset) { return !memcmp(bytes_.data() + offset, s, n); }))
      return known;
    uint64_t offset = bytes_.append(s, n);
    if (offset == UINT64_MAX)
      return 0;
    by_content_.insert(hash, uint32_t(offset));
    return uint32_t(offset);
  }
  ByteBuffer &bytes() { return bytes_; }

private:
  static uint64_t hash_bytes(const char *s, size_t n) {
    uint64_t h = 0x9e3779b97f4a7c15u ^ n, word;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      memcpy(&word, s + i, 8);
      h = (h ^ word) * 0xff51afd7ed558ccdu;
      h ^= h >> 32;
    }
    word = 0;
    memcpy(&word, s + i, n - i);
    h = (h ^ word) * 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 29);
  }

  ByteBuffer bytes_;
  OffsetMap by_content_;
};

} // namespace hotline::rt
