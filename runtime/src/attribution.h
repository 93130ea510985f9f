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

// Records keyed by place (and a 32-bit detail, such as a file), in one fixed mmap'd table:
// lookups take no lock, adding a record takes one. Records are never removed. Once the
// table is 3/4 full, new places share one pooled record (its key is all zero), so nothing is
// ever dropped. `Record` starts with a `PlaceKey key` and is otherwise zero-initialized.
struct PlaceKey {
  ThreadState *thread;
  CallNode *node;
  uint64_t pc;
  uint32_t detail;
  uint32_t ready; // 1 once the record's key is published
  uint64_t via_pc;
};

// The records lie side by side in the order they were added, behind an index of their numbers
// hashed by key, whose pages are committed at once: each new record in a slot of its own
// hashed over 9 MB was a page fault of its own (12-25 us on the project's VMs: a process
// that allocated at 30 places paid about half a millisecond), where committing the 256 kB
// index costs about 60 us and the records fill their pages one after another.
template <typename Record> class PlaceTable {
public:
  static constexpr uint32_t kCapacity = 1u << 16; // index slots

  Record *find_or_add(const Place &place, uint32_t detail) {
    uint32_t *index = storage();
    if (!index)
      return pooled();
    uint32_t start = slot_of(place, detail);
    for (uint32_t i = start, probes = 0; probes < kCapacity;
         i = (i + 1) & (kCapacity - 1), ++probes) {
      uint32_t number = __atomic_load_n(&index[i], __ATOMIC_ACQUIRE);
      if (number == 0)
        return add(place, detail, start);
      Record &r = records_of(index)[number - 1];
      if (matches(r.key, place, detail))
        return &r;
    }
    return pooled();
  }

  // Calls f(record) for each record in the order they were added, the pooled one last if it
  // was used.
  template <typename F> void for_each(F f) {
    if (uint32_t *index = __atomic_load_n(&index_, __ATOMIC_ACQUIRE)) {
      Record *records = records_of(index);
      for (uint32_t i = 0, n = __atomic_load_n(&used_, __ATOMIC_ACQUIRE); i < n; ++i)
        f(records[i]);
    }
    if (__atomic_load_n(&pooled_.key.ready, __ATOMIC_ACQUIRE))
      f(pooled_);
  }

  // A record's number, which `numbered` turns back into it: 1 + its place in the order they
  // were added, or kCapacity + 1 for the pooled record (0 is no record's). A number read back
  // from memory that a program may have overwritten gives null when it is no record's.
  uint32_t number_of(const Record *r) const {
    return r == &pooled_ ? kCapacity + 1 : uint32_t(r - records_of(index_)) + 1;
  }
  Record *numbered(uint32_t number) {
    if (number == kCapacity + 1)
      return __atomic_load_n(&pooled_.key.ready, __ATOMIC_ACQUIRE) ? &pooled_ : nullptr;
    if (number == 0 || number > __atomic_load_n(&used_, __ATOMIC_ACQUIRE))
      return nullptr;
    return records_of(index_) + (number - 1);
  }

  // For fork: the child must not inherit a lock held by a thread it does not have.
  void lock() { lock_.lock(); }
  void unlock() { lock_.unlock(); }

private:
  static bool matches(const PlaceKey &k, const Place &p, uint32_t detail) {
    return k.node == p.node && k.pc == p.pc && k.detail == detail && k.thread == p.thread &&
           k.via_pc == p.via_pc;
  }
  uint32_t slot_of(const Place &p, uint32_t detail) const {
    uint64_t h = (reinterpret_cast<uint64_t>(p.node) ^ (p.pc << 7) ^ (p.via_pc << 3) ^ detail ^
                  reinterpret_cast<uint64_t>(p.thread)) *
                 0x9e3779b97f4a7c15u;
    return uint32_t(h >> (64 - 16));
  }
  static constexpr uint32_t kMaxUsed = kCapacity / 4 * 3;
  static constexpr size_t kIndexBytes = sizeof(uint32_t) * kCapacity;
  // The index, then the records.
  static Record *records_of(uint32_t *index) {
    return reinterpret_cast<Record *>(index + kCapacity);
  }
  static const Record *records_of(const uint32_t *index) {
    return reinterpret_cast<const Record *>(index + kCapacity);
  }
  uint32_t *storage() {
    uint32_t *index = __atomic_load_n(&index_, __ATOMIC_ACQUIRE);
    if (__builtin_expect(index != nullptr, 1))
      return index;
    SpinLockGuard guard(lock_);
    if (!index_) {
      index = static_cast<uint32_t *>(reserve_pages(kIndexBytes + sizeof(Record) * kMaxUsed));
      if (index)
        commit_pages(index, kIndexBytes);
      __atomic_store_n(&index_, index, __ATOMIC_RELEASE);
    }
    return index_;
  }
  Record *pooled() {
    __atomic_store_n(&pooled_.key.ready, 1, __ATOMIC_RELEASE);
    return &pooled_;
  }
  Record *add(const Place &place, uint32_t detail, uint32_t start) {
    SpinLockGuard guard(lock_);
    if (used_ >= kMaxUsed)
      return pooled();
    uint32_t *index = index_;
    Record *records = records_of(index);
    uint32_t i = start;
    for (; index[i] != 0; i = (i + 1) & (kCapacity - 1)) { // another thread may have added it
      Record &added = records[index[i] - 1];
      if (matches(added.key, place, detail))
        return &added;
    }
    Record &r = records[used_];
    r.key = {place.thread, place.node, place.pc, detail, 1, place.via_pc};
    __atomic_store_n(&used_, used_ + 1, __ATOMIC_RELEASE); // for_each reads records[i] after
    __atomic_store_n(&index[i], used_, __ATOMIC_RELEASE);  // finders read the key after
    return &r;
  }

  uint32_t *index_ = nullptr;
  uint32_t used_ = 0;
  SpinLock lock_;
  Record pooled_{};
};

} // namespace hotline::rt
