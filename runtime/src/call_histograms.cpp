// Per-node histograms of call durations (call_histograms.h).
#include "call_histograms.h"

#include "memory.h"
#include "recording_control.h"
#include "runtime.h"

namespace hotline::rt {

bool g_call_histograms = false;

namespace {

uint64_t budget_bytes = 0; // HOTLINE_HISTOGRAM_MB
uint64_t used_bytes = 0;   // by the histograms made, all threads

CallHistogram *new_histogram() {
  uint64_t used = __atomic_add_fetch(&used_bytes, sizeof(CallHistogram), __ATOMIC_RELAXED);
  if (used > budget_bytes)
    return &g_no_room_for_histogram;
  auto *h = static_cast<CallHistogram *>(arena_alloc(sizeof(CallHistogram)));
  if (!h)
    return &g_no_room_for_histogram;
  h->shortest_ticks = UINT64_MAX;
  return h;
}

} // namespace

void record_call_duration(CallNode &node, uint64_t ticks) {
  // A forked child's call inherited from its parent ends at count 0 (forget_parent_calls): the
  // parent's profile holds it.
  if (recording_stopped() || node.calls == 0)
    return;
  CallHistogram *h = node.histogram;
  if (__builtin_expect(!h, 0))
    h = node.histogram = new_histogram();
  if (h == &g_no_room_for_histogram)
    return;
  uint32_t &count = h->counts[histogram_bucket(ticks)];
  if (count != UINT32_MAX)
    __atomic_store_n(&count, count + 1, __ATOMIC_RELAXED);
  if (ticks < h->shortest_ticks)
    __atomic_store_n(&h->shortest_ticks, ticks, __ATOMIC_RELAXED);
  if (ticks > h->longest_ticks)
    __atomic_store_n(&h->longest_ticks, ticks, __ATOMIC_RELAXED);
}

void forget_call_histogram(CallNode &node) {
  if (!has_call_histogram(node))
    return;
  *node.histogram = CallHistogram{};
  node.histogram->shortest_ticks = UINT64_MAX;
}

void call_histograms_init() {
  budget_bytes = options().histogram_mb << 20;
  __atomic_store_n(&g_call_histograms, options().histograms, __ATOMIC_RELAXED);
}

} // namespace hotline::rt
