// __hotline_call_target: one open-addressed table for the whole process, keyed by (site,
// function), lock-free. A slot is claimed by setting its site to kClaiming, then its target,
// then its site (release): a reader that sees the site sees the target. A caller that meets
// a slot being claimed goes on probing rather than wait, so a signal handler that interrupts
// a claim never waits on itself; the same pair may then get a second slot, which the profile
// writer's readers add up. Counts are exact until a pair finds no slot within kMaxProbes.
#include "call_targets.h"

#include <hotline/abi.h>

namespace hotline::rt {

CallTargetSlot call_target_slots[kCallTargetSlots];
bool call_target_slot_claimed;
namespace {
uint64_t dropped;
constexpr uint32_t kMaxProbes = 64; // then the call is dropped: the table is as good as full

uint32_t slot_of(uint32_t site, uint64_t target) {
  uint64_t key = (target ^ (uint64_t(site) << 40)) * 0x9e3779b97f4a7c15ull;
  return uint32_t(key >> 48) & (kCallTargetSlots - 1);
}
} // namespace

uint64_t call_targets_dropped() { return __atomic_load_n(&dropped, __ATOMIC_RELAXED); }

void forget_call_target_counts() {
  if (!__atomic_load_n(&call_target_slot_claimed, __ATOMIC_ACQUIRE))
    return;
  for (CallTargetSlot &slot : call_target_slots)
    __atomic_store_n(&slot.count, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&dropped, 0, __ATOMIC_RELAXED);
}

} // namespace hotline::rt

using namespace hotline::rt;

extern "C" HOTLINE_ABI_EXPORT void __hotline_call_target(uint32_t site_id, const void *target) {
  uint32_t site = site_id + 1;
  uint64_t address = uint64_t(target);
  uint32_t first = slot_of(site, address);
  for (uint32_t probe = 0; probe < kMaxProbes; ++probe) {
    CallTargetSlot &slot = call_target_slots[(first + probe) & (kCallTargetSlots - 1)];
    uint32_t seen = __atomic_load_n(&slot.site, __ATOMIC_ACQUIRE);
    // A failed claim leaves in `seen` what the slot holds now.
    if (seen == 0 && __atomic_compare_exchange_n(&slot.site, &seen, kClaiming, false,
                                                 __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
      __atomic_store_n(&call_target_slot_claimed, true, __ATOMIC_RELEASE);
      slot.target = address;
      __atomic_store_n(&slot.count, 1, __ATOMIC_RELAXED);
      __atomic_store_n(&slot.site, site, __ATOMIC_RELEASE);
      return;
    }
    if (seen == site && slot.target == address) {
      __atomic_fetch_add(&slot.count, 1, __ATOMIC_RELAXED);
      return;
    }
  }
  __atomic_fetch_add(&dropped, 1, __ATOMIC_RELAXED);
}
