// What the heap hooks record: per place, the blocks allocated and freed there; per live
// block, its size and place; for the process, the live and peak bytes.
#pragma once

#include "attribution.h"

#include <stddef.h>
#include <stdint.h>

namespace hotline::rt {

// The counters that only the owning thread (key.thread) changes are plain adds; frees by
// other threads, and everything on records without an owner, are atomic adds to `shared`.
struct HeapCounts {
  uint64_t allocations;
  uint64_t allocated_bytes;
  uint64_t frees;
  uint64_t freed_bytes;
};
struct HeapPlace {
  PlaceKey key;
  HeapCounts own;
  HeapCounts shared;
  uint64_t peak_live_bytes;
  uint64_t temporaries; // only ever counted by the owning thread
  uint64_t temporary_bytes;
  uint64_t inherited_blocks; // in a forked child: this place's blocks live at the fork, which
  uint64_t inherited_bytes;  // the parent allocated and the child may free
};

// A place's counts, its owning thread's and the others' together; any thread may read them.
inline uint64_t heap_count(const uint64_t &field) {
  return __atomic_load_n(&field, __ATOMIC_RELAXED);
}
inline HeapCounts counts(const HeapPlace &h) {
  return {heap_count(h.own.allocations) + heap_count(h.shared.allocations),
          heap_count(h.own.allocated_bytes) + heap_count(h.shared.allocated_bytes),
          heap_count(h.own.frees) + heap_count(h.shared.frees),
          heap_count(h.own.freed_bytes) + heap_count(h.shared.freed_bytes)};
}

// The bytes of a place's blocks not freed: allocated there, or inherited, less those freed.
// (On every allocation: it loads the byte counts only.)
inline uint64_t live_bytes(const HeapPlace &h) {
  uint64_t held = heap_count(h.inherited_bytes) + heap_count(h.own.allocated_bytes) +
                  heap_count(h.shared.allocated_bytes);
  uint64_t freed = heap_count(h.own.freed_bytes) + heap_count(h.shared.freed_bytes);
  return held > freed ? held - freed : 0;
}

// Off once HOTLINE_MEMORY=0 has been read; on before the options are read, so that
// allocations made before the runtime starts are tracked too. (The hooks read it on every
// call: inline.)
extern bool g_heap_tracking;
inline bool heap_tracking_on() { return __atomic_load_n(&g_heap_tracking, __ATOMIC_RELAXED); }
void set_heap_tracking(bool on);

// What a free must know of an allocation: the place it counted at (null: the hooks did not
// track it), its size, and the innermost timed call when it was made, to tell temporaries.
struct TrackedBlock {
  HeapPlace *place;
  uint64_t bytes;
  uint32_t call_stamp; // the low 32 bits of innermost_call_stamp(): two calls 2^32 ticks apart
                       // (seconds) are the only ones it takes for each other
};

// Counts an allocation of `bytes` made by a call whose return address is given.
TrackedBlock record_allocation(size_t bytes, void *return_address);
// Counts a block's free against its place, or as an untracked free when it has none.
void account_free(const TrackedBlock &block);

// A place's number, kept in a block's trailer (heap_hooks.cpp) instead of its address: never
// 0, which a trailer keeps for a block without a place. A number read back that is no
// place's (the program wrote past its block) gives null.
extern PlaceTable<HeapPlace> g_heap_places;
inline uint32_t heap_place_number(const HeapPlace *place) { return g_heap_places.number_of(place); }
inline HeapPlace *heap_place_numbered(uint32_t number) { return g_heap_places.numbered(number); }

// The table of live blocks, for allocators whose blocks carry no trailer of the hooks
// (heap_hooks.cpp says when): a tracked block being freed is forgotten before the allocator
// gets it back (another thread may be handed the same address at once); forget_block returns
// false for a block the table does not hold. remember_block also puts a block back when
// freeing it failed (a failed realloc).
void remember_block(const void *p, const TrackedBlock &block);
bool forget_block(const void *p, TrackedBlock *block);

// Which tracked calls are timed, and how many calls each timed one stands for: a call on a
// block of at least kAlwaysTimedBytes (where the allocator maps and unmaps memory, which
// takes microseconds) always, 1; one smaller call in kTimedOneIn on average, kTimedOneIn;
// any other, 0. The smaller calls between two timed ones are counted down, and each count
// is drawn at random from 1 to 2 x kTimedOneIn - 1, so that no repeating pattern of calls is
// always or never timed. Timing every call would cost about as much again as tracking it.
constexpr size_t kAlwaysTimedBytes = 64 * 1024;
constexpr uint32_t kTimedOneIn = 16;
extern __thread uint32_t tls_calls_to_timed __attribute__((tls_model("initial-exec")));
uint32_t next_calls_to_timed();
inline uint32_t allocator_timing_weight(size_t bytes) {
  if (bytes >= kAlwaysTimedBytes)
    return 1;
  if (--tls_calls_to_timed != 0)
    return 0;
  tls_calls_to_timed = next_calls_to_timed();
  return kTimedOneIn;
}

// Adds the time of a timed call, less what reading the clock around a call costs by itself,
// `weight` times to the calling thread's memory time and to its innermost open region's.
void add_allocator_time(uint64_t ticks, uint32_t weight);

// In a forked child (single-threaded, after the tables' fork handlers): each place's blocks
// still live become inherited and its counts start from zero, so that the child's profile
// holds what the child did; the peaks start from what is live.
void forget_parent_heap_counts();

struct HeapTotals {
  uint64_t peak_live_bytes;
  uint64_t untracked_frees;
};
HeapTotals heap_totals();
PlaceTable<HeapPlace> &heap_places();

// At a thread's exit, on the thread: the page of places that its allocations found last.
void release_heap_place_hints(ThreadState *t);

// Whether the process's malloc is the runtime's hook (heap_hooks.cpp). Not when another
// definition came first: a sanitizer's interceptors (linked ahead of the runtime), or an
// allocator's that a program linked before it; nor in the runtimes built without hooks (for
// sanitizers and static executables). Then no allocation reaches the hooks.
bool heap_hooks_in_effect();

// Called once, from runtime_init: makes fork safe for the tracking tables.
void heap_tracking_init();

} // namespace hotline::rt
