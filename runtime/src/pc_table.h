// Sample counts by instruction address, in a table that a signal handler may update: one
// fixed mmap'd block, open addressing with linear probing, no lock and no allocation.
#pragma once

#include "memory.h"

#include <stdint.h>

namespace hotline::rt {

// One writer at a time: a thread's own SIGPROF handler (which cannot interrupt itself), or a
// merge under a lock. Other threads may read meanwhile: an entry's count is stored before its
// address is published, so a reader sees each address either absent or with a count that was
// true at some moment.
class PcTable {
public:
  // A table of `capacity` slots (a power of two) in one reserve_pages block; null when out of
  // memory.
  static PcTable *create(uint32_t capacity) {
    auto *table = static_cast<PcTable *>(reserve_pages(bytes_for(capacity)));
    if (table) {
      table->capacity_ = capacity;
      table->shift_ = 64 - uint32_t(__builtin_ctz(capacity));
    }
    return table;
  }
  static void destroy(PcTable *table) {
    if (table)
      release_pages(table, bytes_for(table->capacity_));
  }

  // Adds `count` samples at `pc`. Async-signal-safe. A new address is refused once the table
  // is 3/4 full, which keeps every probe sequence short; its samples count as dropped, as do
  // samples at address 0 (0 marks an empty slot).
  void add(uint64_t pc, uint64_t count) {
    Entry *entries = this->entries();
    for (uint32_t i = slot_of(pc); pc != 0; i = (i + 1) & (capacity_ - 1)) {
      if (entries[i].pc == pc) {
        __atomic_store_n(&entries[i].count, entries[i].count + count, __ATOMIC_RELAXED);
        return;
      }
      if (entries[i].pc == 0) {
        if (full())
          break;
        __atomic_store_n(&entries[i].count, count, __ATOMIC_RELAXED);
        __atomic_store_n(&entries[i].pc, pc, __ATOMIC_RELEASE);
        __atomic_store_n(&used_, used_ + 1, __ATOMIC_RELAXED);
        return;
      }
    }
    __atomic_store_n(&dropped_, dropped_ + count, __ATOMIC_RELAXED);
  }

  // Calls f(pc, count) for each address, in no particular order.
  template <typename F> void for_each(F f) const {
    // An empty table is not read: each of its pages that was never written would be a page
    // fault (a thread's table is 256 kB; an empty program's exit read two such tables).
    if (used() == 0)
      return;
    const Entry *entries = this->entries();
    for (uint32_t i = 0; i < capacity_; ++i)
      if (uint64_t pc = __atomic_load_n(&entries[i].pc, __ATOMIC_ACQUIRE))
        f(pc, __atomic_load_n(&entries[i].count, __ATOMIC_RELAXED));
  }

  uint32_t capacity() const { return capacity_; }
  uint32_t used() const { return __atomic_load_n(&used_, __ATOMIC_RELAXED); }
  uint64_t dropped() const { return __atomic_load_n(&dropped_, __ATOMIC_RELAXED); }
  // Whether one more new address would be refused.
  bool full() const { return used() >= capacity_ / 4 * 3; }

private:
  struct Entry {
    uint64_t pc; // 0: empty
    uint64_t count;
  };

  static size_t bytes_for(uint32_t capacity) { return sizeof(PcTable) + sizeof(Entry) * capacity; }
  // Fibonacci hashing: the addresses of one hot loop are close together, the product's high
  // bits spread them over the table.
  uint32_t slot_of(uint64_t pc) const { return uint32_t((pc * 0x9e3779b97f4a7c15u) >> shift_); }
  Entry *entries() { return reinterpret_cast<Entry *>(this + 1); }
  const Entry *entries() const { return reinterpret_cast<const Entry *>(this + 1); }

  uint32_t capacity_;
  uint32_t shift_;
  uint32_t used_; // addresses in the table
  uint64_t dropped_;
};

// Adds all of `from` (its dropped samples included) to `*into`, first moving `*into` to a
// table twice as large whenever it is full. Allocates, so never from a signal handler; when
// memory runs out, the counts that do not fit are added to the dropped ones.
inline void add_all_samples(PcTable **into, const PcTable &from) {
  from.for_each([&](uint64_t pc, uint64_t count) {
    if ((*into)->full())
      if (PcTable *larger = PcTable::create((*into)->capacity() * 2)) {
        add_all_samples(&larger, **into);
        PcTable::destroy(*into);
        *into = larger;
      }
    (*into)->add(pc, count);
  });
  (*into)->add(0, from.dropped());
}

} // namespace hotline::rt
