// Where the program is when it allocates or does I/O: the thread, its innermost open timed call
// (which the timing hooks already keep), and the instruction that called the hooked function
// (one return address), or, when that instruction is a library's, the program's call into the
// library (a bounded walk up the stack, program_code.h).
#pragma once

#include "memory.h"
#include "spin_lock.h"
#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

struct Place {
  ThreadState *thread; // null: no thread state (before the runtime started, or at thread exit)
  CallNode *node;  // the innermost open timed call; &thread->root outside all; null without thread
  uint64_t pc;     // the calling instruction: the return address minus one
  uint64_t via_pc; // for a call made inside a library and placed at the program's call
                   // into it: the library's calling instruction; else 0
};

// The calling thread's place; `return_address` is the hook's __builtin_return_address(0).
// Creates the thread's state on its first call after the runtime has started.
Place current_place(void *return_address);

// The same, except that a call made inside a library while the thread is in a timed call is
// placed at the program's instruction that called into the library (via_pc says where in the
// library). Outside timed calls, or when no frame of the program's is found, it is
// current_place.
Place program_place(void *return_address);

// Identifies the timed call that is innermost on thread `t` now (its start time), or 0
// outside every timed call: a block freed while the same call is innermost was temporary.
inline uint64_t innermost_call_stamp(const ThreadState *t) {
  if (!t || !t->frames || t->depth == 0 || t->depth > kMaxStackDepth)
    return 0;
  return t->frames[t->depth - 1].start_ticks;
}

// Records keyed by place (and a 32-bit detail, such as a file), in mmap'd tables: lookups
// take no lock, adding a record takes one. Records are never removed. Once kCapacity / 4 * 3
// records are kept, new places share one pooled record (its key is all zero), so nothing is
// ever dropped. `Record` starts with a `PlaceKey key` and is otherwise zero-initialized.
struct PlaceKey {
  ThreadState *thread;
  CallNode *node;
  uint64_t pc;
  uint32_t detail;
  uint32_t ready; // 1 once the record's key is published
  uint64_t via_pc;
};

// The records lie side by side in the order they were added (each new one on the page of the
// one before), behind an index of their numbers hashed by key. Each new record in a slot of
// its own hashed over 9 MB was a page fault of its own (12-25 us on the project's VMs: a
// process that allocated at 30 places paid about half a millisecond); the index's pages are
// committed at once instead. It starts at 4096 slots (16 kB) and doubles when 3/4 full, up to
// kCapacity: committing all 256 kB at the first allocation was a tenth of a millisecond of
// every process, most of which allocates at a few dozen places. An index outgrown stays
// mapped, since a lookup may still be reading it; one that misses there adds under the lock,
// which looks again in the current index.
template <typename Record> class PlaceTable {
public:
  static constexpr uint32_t kCapacity = 1u << 16;      // index slots, at most
  static constexpr uint32_t kFirstCapacity = 1u << 12; // index slots at first

  Record *find_or_add(const Place &place, uint32_t detail) {
    Index *index = __atomic_load_n(&index_, __ATOMIC_ACQUIRE);
    if (__builtin_expect(!index, 0) && !(index = start()))
      return pooled();
    uint64_t hash = hash_of(place, detail);
    for (uint32_t i = slot_of(hash, index->mask), probes = 0; probes <= index->mask;
         i = (i + 1) & index->mask, ++probes) {
      uint32_t number = __atomic_load_n(&index->slots()[i], __ATOMIC_ACQUIRE);
      if (number == 0)
        break;
      Record &r = records_[number - 1];
      if (matches(r.key, place, detail))
        return &r;
    }
    return add(place, detail, hash);
  }

  // Calls f(record) for each record in the order they were added, the pooled one last if it
  // was used.
  template <typename F> void for_each(F f) {
    if (__atomic_load_n(&index_, __ATOMIC_ACQUIRE))
      for (uint32_t i = 0, n = __atomic_load_n(&used_, __ATOMIC_ACQUIRE); i < n; ++i)
        f(records_[i]);
    if (__atomic_load_n(&pooled_.key.ready, __ATOMIC_ACQUIRE))
      f(pooled_);
  }

  // A record's number, which `numbered` turns back into it: 1 + its place in the order they
  // were added, or kCapacity + 1 for the pooled record (0 is no record's). A number read back
  // from memory that a program may have overwritten gives null when it is no record's.
  uint32_t number_of(const Record *r) const {
    return r == &pooled_ ? kCapacity + 1 : uint32_t(r - records_) + 1;
  }
  Record *numbered(uint32_t number) {
    if (number == kCapacity + 1)
      return __atomic_load_n(&pooled_.key.ready, __ATOMIC_ACQUIRE) ? &pooled_ : nullptr;
    if (number == 0 || number > __atomic_load_n(&used_, __ATOMIC_ACQUIRE))
      return nullptr;
    return records_ + (number - 1);
  }

  // For fork: the child must not inherit a lock held by a thread it does not have.
  void lock() { lock_.lock(); }
  void unlock() { lock_.unlock(); }

private:
  // The slots follow the header: mask + 1 of them, each 0 or a record's number.
  struct Index {
    uint32_t mask;
    uint32_t *slots() { return reinterpret_cast<uint32_t *>(this + 1); }
  };
  static constexpr uint32_t kMaxUsed = kCapacity / 4 * 3;

  static bool matches(const PlaceKey &k, const Place &p, uint32_t detail) {
    return k.node == p.node && k.pc == p.pc && k.detail == detail && k.thread == p.thread &&
           k.via_pc == p.via_pc;
  }
  static uint64_t hash_of(const Place &p, uint32_t detail) {
    return (reinterpret_cast<uint64_t>(p.node) ^ (p.pc << 7) ^ (p.via_pc << 3) ^ detail ^
            reinterpret_cast<uint64_t>(p.thread)) *
           0x9e3779b97f4a7c15u;
  }
  static uint64_t hash_of(const PlaceKey &k) {
    return hash_of(Place{k.thread, k.node, k.pc, k.via_pc}, k.detail);
  }
  static uint32_t slot_of(uint64_t hash, uint32_t mask) { return uint32_t(hash >> 32) & mask; }

  // An index of `capacity` slots holding the records kept so far; null when out of memory.
  Index *make_index(uint32_t capacity) {
    size_t bytes = sizeof(Index) + sizeof(uint32_t) * capacity;
    auto *index = static_cast<Index *>(reserve_pages(bytes));
    if (!index)
      return nullptr;
    commit_pages(index, bytes); // hashing spreads the slots over every page
    index->mask = capacity - 1;
    for (uint32_t number = 1; number <= used_; ++number) {
      uint32_t i = slot_of(hash_of(records_[number - 1].key), index->mask);
      while (index->slots()[i] != 0)
        i = (i + 1) & index->mask;
      index->slots()[i] = number;
    }
    return index;
  }
  Index *start() {
    SpinLockGuard guard(lock_);
    if (!index_) {
      if (!records_)
        records_ = static_cast<Record *>(reserve_pages(sizeof(Record) * kMaxUsed));
      Index *index = records_ ? make_index(kFirstCapacity) : nullptr;
      __atomic_store_n(&index_, index, __ATOMIC_RELEASE); // after records_
    }
    return index_;
  }
  Record *pooled() {
    __atomic_store_n(&pooled_.key.ready, 1, __ATOMIC_RELEASE);
    return &pooled_;
  }
  Record *add(const Place &place, uint32_t detail, uint64_t hash) {
    SpinLockGuard guard(lock_);
    Index *index = index_;
    uint32_t i = slot_of(hash, index->mask);
    for (; index->slots()[i] != 0; i = (i + 1) & index->mask) { // another thread may have added it
      Record &added = records_[index->slots()[i] - 1];
      if (matches(added.key, place, detail))
        return &added;
    }
    if (used_ >= kMaxUsed)
      return pooled();
    if (used_ + 1 > (index->mask + 1) / 4 * 3) { // outgrown: twice the slots
      Index *larger = make_index((index->mask + 1) * 2);
      if (!larger)
        return pooled();
      __atomic_store_n(&index_, larger, __ATOMIC_RELEASE);
      index = larger;
      for (i = slot_of(hash, index->mask); index->slots()[i] != 0; i = (i + 1) & index->mask) {
      }
    }
    Record &r = records_[used_];
    r.key = {place.thread, place.node, place.pc, detail, 1, place.via_pc};
    __atomic_store_n(&used_, used_ + 1, __ATOMIC_RELEASE); // for_each reads records_[i] after
    __atomic_store_n(&index->slots()[i], used_, __ATOMIC_RELEASE); // finders read the key after
    return &r;
  }

  Index *index_ = nullptr; // the current index; null until the first record is looked up
  Record *records_ = nullptr;
  uint32_t used_ = 0;
  SpinLock lock_;
  Record pooled_{};
};

} // namespace hotline::rt
