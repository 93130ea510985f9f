// The functions that indirect calls called (the plugin's call-targets option): how many times
// each CALL_TARGETS site called each function, all threads, for `hotline pgo`.
#pragma once

#include <stdint.h>

namespace hotline::rt {

// Calls f(site, target, count) for every (site, function) pair recorded so far. A pair may
// come more than once (a slot being claimed is skipped, never waited on): add them up.
template <typename F> void for_each_call_target(F f);

// Calls made after the table filled up: not attributed to any function.
uint64_t call_targets_dropped();

// In a forked child: the counts so far were the parent's; the child's start at 0.
void forget_call_target_counts();

// Implementation details of for_each_call_target.
struct CallTargetSlot {
  uint32_t site; // global site id + 1; 0: free; kClaiming: being filled in
  uint32_t unused;
  uint64_t target;
  uint64_t count;
};
constexpr uint32_t kCallTargetSlots = 1u << 16;
constexpr uint32_t kClaiming = ~0u;
extern CallTargetSlot call_target_slots[kCallTargetSlots];
extern bool call_target_slot_claimed; // set by the first claim, before its site is

template <typename F> void for_each_call_target(F f) {
  // A program built without the call-targets option never claims one: its profile writer
  // does not read the table's 1.5 MB.
  if (!__atomic_load_n(&call_target_slot_claimed, __ATOMIC_ACQUIRE))
    return;
  for (CallTargetSlot &slot : call_target_slots) {
    uint32_t site = __atomic_load_n(&slot.site, __ATOMIC_ACQUIRE);
    if (site == 0 || site == kClaiming)
      continue;
    uint64_t count = __atomic_load_n(&slot.count, __ATOMIC_RELAXED);
    if (count)
      f(site - 1, slot.target, count);
  }
}

} // namespace hotline::rt
