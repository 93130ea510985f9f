// The tables behind the heap hooks: places (PlaceTable) and, for allocators whose blocks
// carry no trailer, live blocks (sharded hash tables on mmap'd memory, one spin lock per
// shard; the allocator itself is only ever called outside those locks).
#include "heap_tracking.h"

#include "clock.h"
#include "regions.h"
#include "tracing.h"

#include <pthread.h>
#include <sys/mman.h>
#include <sys/single_threaded.h>

namespace hotline::rt {

namespace {

constexpr uint64_t kFloorNotMeasured = UINT64_MAX;
uint64_t g_clock_floor_ticks =
    kFloorNotMeasured; // what two clock reads around an empty call measure
int64_t g_live_bytes = 0;
uint64_t g_peak_live_bytes = 0;
uint64_t g_untracked_frees = 0;

// Open addressing with linear probing and backward-shift deletion, grown by doubling.
struct LiveBlock {
  uint64_t address; // 0: empty slot
  TrackedBlock block;
};
struct LiveShard {
  SpinLock lock;
  LiveBlock *slots = nullptr;
  uint32_t capacity = 0; // a power of two
  uint32_t used = 0;
};

constexpr uint32_t kShardBits = 6;
constexpr uint32_t kShards = 1u << kShardBits;
constexpr uint32_t kFirstShardCapacity = 1024;
constexpr size_t kHugePageBytes = 2u << 20; // a shard's slots from this size on ask for huge
                                            // pages: a page fault a 4 KiB page was a fifth of
                                            // the run with millions of live blocks
LiveShard g_shards[kShards];

// A block's 4 KiB page decides its shard and where its run of slots starts; its place in
// the page, the slot in that run. The blocks of one page, which a program allocates and frees
// close together, take neighbouring slots: one or two cache lines of the table, where a hash
// of the whole address put each block on a line of its own (37% of an nlohmann-json
// program's time was those misses). Pages spread by hash, so page-aligned blocks do not pile up;
// a run starts anywhere, not at a multiple of 256 slots, so that the pages that share a run
// do not all start at its first slot (with 5 million live blocks, inserts and removals probed
// long clusters: 3.8x the plain run's time, 2.8x with this and huge pages).
uint64_t hash_page(uint64_t address) { return (address >> 12) * 0x9e3779b97f4a7c15u; }

// Takes a shard's lock unless the process has one thread: glibc clears
// __libc_single_threaded for good in the first pthread_create, which only that thread can
// call, and not from inside these tables.
class ShardGuard {
public:
  explicit ShardGuard(LiveShard &s) : lock_(__libc_single_threaded ? nullptr : &s.lock) {
    if (lock_)
      lock_->lock();
  }
  ~ShardGuard() {
    if (lock_)
      lock_->unlock();
  }
  ShardGuard(const ShardGuard &) = delete;
  ShardGuard &operator=(const ShardGuard &) = delete;

private:
  SpinLock *lock_;
};

LiveShard &shard_of(uint64_t address) { return g_shards[hash_page(address) >> (64 - kShardBits)]; }
uint32_t home_slot(uint64_t address, uint32_t capacity) {
  uint64_t run = hash_page(address) >> 20;
  return uint32_t(run + ((address >> 4) & 255)) & (capacity - 1);
}

// Returns whether the block took the place of one at the same address, which `replaced` gets.
bool put(LiveShard &s, const LiveBlock &block, LiveBlock *replaced) {
  uint32_t mask = s.capacity - 1;
  for (uint32_t i = home_slot(block.address, s.capacity);; i = (i + 1) & mask) {
    if (s.slots[i].address == block.address) { // freed by a path that was not tracked
      *replaced = s.slots[i];
      s.slots[i] = block;
      return true;
    }
    if (s.slots[i].address == 0) {
      s.slots[i] = block;
      ++s.used;
      return false;
    }
  }
}

bool grow(LiveShard &s) {
  uint32_t capacity = s.capacity ? s.capacity * 2 : kFirstShardCapacity;
  auto *slots = static_cast<LiveBlock *>(reserve_pages(sizeof(LiveBlock) * capacity));
  if (!slots)
    return false;
  if (sizeof(LiveBlock) * capacity >= kHugePageBytes)
    madvise(slots, sizeof(LiveBlock) * capacity, MADV_HUGEPAGE);
  LiveBlock *old = s.slots;
  uint32_t old_capacity = s.capacity;
  s.slots = slots;
  s.capacity = capacity;
  s.used = 0;
  LiveBlock none;
  for (uint32_t i = 0; i < old_capacity; ++i)
    if (old[i].address)
      put(s, old[i], &none); // distinct addresses: none replaces another
  release_pages(old, sizeof(LiveBlock) * old_capacity);
  return true;
}

bool insert(const LiveBlock &block, LiveBlock *replaced) {
  LiveShard &s = shard_of(block.address);
  ShardGuard guard(s);
  if ((s.used + 1) * 4 > s.capacity * 3 && !grow(s))
    return false; // out of memory: the block stays untracked
  return put(s, block, replaced);
}

bool remove(uint64_t address, LiveBlock *out) {
  LiveShard &s = shard_of(address);
  ShardGuard guard(s);
  if (!s.capacity)
    return false;
  uint32_t mask = s.capacity - 1;
  uint32_t i = home_slot(address, s.capacity);
  while (s.slots[i].address != address) {
    if (s.slots[i].address == 0)
      return false;
    i = (i + 1) & mask;
  }
  *out = s.slots[i];
  // Backward shift: move later entries of the probe run into the hole when their home slot
  // allows it, so that lookups never need tombstones.
  for (uint32_t hole = i, j = (i + 1) & mask;; j = (j + 1) & mask) {
    if (s.slots[j].address == 0) {
      s.slots[hole].address = 0;
      break;
    }
    uint32_t home = home_slot(s.slots[j].address, s.capacity);
    bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
    if (movable) {
      s.slots[hole] = s.slots[j];
      hole = j;
    }
  }
  --s.used;
  return true;
}

void add_live_bytes(int64_t delta) {
  if (__libc_single_threaded) { // no other thread: no locked adds
    int64_t live = __atomic_load_n(&g_live_bytes, __ATOMIC_RELAXED) + delta;
    __atomic_store_n(&g_live_bytes, live, __ATOMIC_RELAXED);
    if (live > 0 && uint64_t(live) > __atomic_load_n(&g_peak_live_bytes, __ATOMIC_RELAXED))
      __atomic_store_n(&g_peak_live_bytes, uint64_t(live), __ATOMIC_RELAXED);
    return;
  }
  int64_t live = __atomic_add_fetch(&g_live_bytes, delta, __ATOMIC_RELAXED);
  if (delta <= 0 || live <= 0)
    return;
  uint64_t peak = __atomic_load_n(&g_peak_live_bytes, __ATOMIC_RELAXED);
  while (uint64_t(live) > peak &&
         !__atomic_compare_exchange_n(&g_peak_live_bytes, &peak, uint64_t(live), true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

void lock_all() {
  g_heap_places.lock();
  for (LiveShard &s : g_shards)
    s.lock.lock();
}
void unlock_all() {
  for (LiveShard &s : g_shards)
    s.lock.unlock();
  g_heap_places.unlock();
}

} // namespace

bool g_heap_tracking = true;
PlaceTable<HeapPlace> g_heap_places;
void set_heap_tracking(bool on) { __atomic_store_n(&g_heap_tracking, on, __ATOMIC_RELAXED); }

// Adds to a counter that one thread changes and others may read.
void add_own(uint64_t *counter, uint64_t amount) {
  __atomic_store_n(counter, __atomic_load_n(counter, __ATOMIC_RELAXED) + amount, __ATOMIC_RELAXED);
}

namespace {
// The place's record, from the thread's hints when one holds it. (Records are never removed:
// a hint stays right, in a forked child too.) The place table's lookup was 3% of
// json_documents' samples, most of them two cache misses: its index and the record's key.
HeapPlace *heap_place(const Place &place) {
  ThreadState *t = place.thread;
  if (t && !t->heap_place_hints)
    t->heap_place_hints =
        static_cast<HeapPlaceHint *>(reserve_pages(sizeof(HeapPlaceHint) * kHeapPlaceHints));
  if (!t || !t->heap_place_hints)
    return g_heap_places.find_or_add(place, 0);
  HeapPlaceHint *hints = t->heap_place_hints;
  uint64_t hash = (reinterpret_cast<uint64_t>(place.node) ^ place.pc ^ (place.via_pc << 5)) *
                  0x9e3779b97f4a7c15u;
  HeapPlaceHint &hint = hints[hash >> 57];
  static_assert(kHeapPlaceHints == 128, "the hash's top 7 bits pick the hint");
  if (hint.place && hint.node == place.node && hint.pc == place.pc && hint.via_pc == place.via_pc)
    return hint.place;
  HeapPlace *h = g_heap_places.find_or_add(place, 0);
  hint = {place.node, place.pc, place.via_pc, h};
  return h;
}
} // namespace

TrackedBlock record_allocation(size_t bytes, void *return_address) {
  Place place = program_place(return_address);
  HeapPlace *h = heap_place(place);
  if (place.thread && h->key.thread == place.thread) {
    add_own(&h->own.allocations, 1);
    add_own(&h->own.allocated_bytes, bytes);
  } else { // no thread, or the pooled record
    __atomic_fetch_add(&h->shared.allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&h->shared.allocated_bytes, bytes, __ATOMIC_RELAXED);
  }
  uint64_t live = live_bytes(*h);
  uint64_t peak = heap_count(h->peak_live_bytes);
  while (live > peak && !__atomic_compare_exchange_n(&h->peak_live_bytes, &peak, live, true,
                                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  add_live_bytes(int64_t(bytes));
  trace_allocation(place.thread, bytes);
  return {h, bytes, uint32_t(innermost_call_stamp(place.thread))};
}

namespace {
// A free of a tracked block counted where any thread may count it: by a thread that does not
// own the place's record, or by none.
void account_shared_free(HeapPlace *h, uint64_t bytes) {
  add_live_bytes(-int64_t(bytes));
  __atomic_fetch_add(&h->shared.frees, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&h->shared.freed_bytes, bytes, __ATOMIC_RELAXED);
}
} // namespace

void account_free(const TrackedBlock &block) {
  HeapPlace *h = block.place;
  if (!h) {
    __atomic_fetch_add(&g_untracked_frees, 1, __ATOMIC_RELAXED);
    return;
  }
  ThreadState *t = current_thread_if_started();
  if (!t || t != h->key.thread) {
    account_shared_free(h, block.bytes);
    return;
  }
  add_live_bytes(-int64_t(block.bytes));
  add_own(&h->own.frees, 1);
  add_own(&h->own.freed_bytes, block.bytes);
  uint64_t stamp = innermost_call_stamp(t);
  if (stamp != 0 && uint32_t(stamp) == block.call_stamp) {
    add_own(&h->temporaries, 1);
    add_own(&h->temporary_bytes, block.bytes);
  }
}

// A tracked block that was freed where no hook saw it (a library's free that went to the C
// library directly) is found when the allocator hands its address out again: it was freed
// then, counted as another thread's free would be (it was no temporary of the call that
// allocated it, as far as anyone can tell).
void remember_block(const void *p, const TrackedBlock &block) {
  LiveBlock replaced;
  if (!insert({reinterpret_cast<uint64_t>(p), block}, &replaced) || !replaced.block.place)
    return;
  account_shared_free(replaced.block.place, replaced.block.bytes);
}

bool forget_block(const void *p, TrackedBlock *block) {
  LiveBlock live;
  if (!remove(reinterpret_cast<uint64_t>(p), &live))
    return false;
  *block = live.block;
  return true;
}

__thread uint32_t tls_calls_to_timed __attribute__((tls_model("initial-exec"))) = kTimedOneIn;

namespace {
// Any state but 0 serves: every thread draws the same sequence, which is independent of the
// pattern of its calls all the same.
__thread uint64_t tls_timing_random __attribute__((tls_model("initial-exec"))) =
    0x9e3779b97f4a7c15u;
} // namespace

uint32_t next_calls_to_timed() {
  uint64_t x = tls_timing_random; // xorshift64
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  tls_timing_random = x;
  return 1 +
         uint32_t(x % (2 * kTimedOneIn - 1)); // 1 to 2 x kTimedOneIn - 1: kTimedOneIn on average
}

namespace {
__attribute__((noinline)) int empty_call() { return 0; }
int (*volatile empty_call_pointer)() = empty_call; // called through, like the real functions

// The fastest round's mean of the time that the clock reads around an empty call measure, as
// in_allocator reads them. Measured at the first timed call, not at start: many short
// processes never time one, and a round reads the clock 64 times (a TSC read costs 20 ns on
// these VMs: the 8 rounds take 10 us).
uint64_t measure_clock_floor() {
  constexpr int kCallsPerRound = 32, kRounds = 8;
  uint64_t fastest = UINT64_MAX;
  for (int round = 0; round < kRounds; ++round) {
    uint64_t sum = 0;
    for (int i = 0; i < kCallsPerRound; ++i) {
      uint64_t start = now_ticks();
      empty_call_pointer();
      sum += now_ticks() - start;
    }
    fastest = sum / kCallsPerRound < fastest ? sum / kCallsPerRound : fastest;
  }
  return fastest;
}

uint64_t clock_floor() {
  uint64_t floor = __atomic_load_n(&g_clock_floor_ticks, __ATOMIC_RELAXED);
  if (__builtin_expect(floor == kFloorNotMeasured, 0)) {
    floor = measure_clock_floor();
    __atomic_store_n(&g_clock_floor_ticks, floor, __ATOMIC_RELAXED);
  }
  return floor;
}
} // namespace

void add_allocator_time(uint64_t ticks, uint32_t weight) {
  ThreadState *t = current_thread_if_started();
  if (!t)
    return;
  uint64_t floor = clock_floor();
  ticks = (ticks > floor ? ticks - floor : 0) * weight;
  // Only the owning thread adds; the profile writer reads it from another thread.
  __atomic_store_n(&t->memory_ticks, t->memory_ticks + ticks, __ATOMIC_RELAXED);
  add_region_time(t, &RegionNode::memory_ticks, ticks);
}

void forget_parent_heap_counts() {
  g_heap_places.for_each([](HeapPlace &h) {
    HeapCounts c = counts(h);
    uint64_t blocks = h.inherited_blocks + c.allocations;
    h.inherited_blocks = blocks > c.frees ? blocks - c.frees : 0;
    h.inherited_bytes = live_bytes(h);
    h.own = h.shared = HeapCounts{};
    h.temporaries = h.temporary_bytes = 0;
    h.peak_live_bytes = h.inherited_bytes;
  });
  g_peak_live_bytes = g_live_bytes > 0 ? uint64_t(g_live_bytes) : 0;
  g_untracked_frees = 0;
  if (ThreadState *t = current_thread_if_started())
    t->memory_ticks = 0;
}

HeapTotals heap_totals() {
  return {__atomic_load_n(&g_peak_live_bytes, __ATOMIC_RELAXED),
          __atomic_load_n(&g_untracked_frees, __ATOMIC_RELAXED)};
}

PlaceTable<HeapPlace> &heap_places() { return g_heap_places; }

void release_heap_place_hints(ThreadState *t) {
  release_pages(t->heap_place_hints, sizeof(HeapPlaceHint) * kHeapPlaceHints);
  t->heap_place_hints = nullptr;
}

// The runtimes built without hooks (for sanitizers and static executables,
// runtime/CMakeLists.txt) have none in effect; heap_hooks.cpp defines the real check.
__attribute__((weak)) bool heap_hooks_in_effect() { return false; }

void heap_tracking_init() { pthread_atfork(lock_all, unlock_all, unlock_all); }

} // namespace hotline::rt
