// The table behind the synchronization hooks.
#include "sync_tracking.h"

#include "regions.h"
#include "tracing.h"

#include <hotline/abi.h>

namespace hotline::rt {

namespace {
bool g_tracking = true;
PlaceTable<SyncPlace> g_places;
// Set by __hotline_wait_site while the thread is inside a marked call of the C++ library's
// waits: the program's instruction after the mark, where that call's waits belong.
__thread void *tls_wait_mark __attribute__((tls_model("initial-exec")));
} // namespace

bool sync_tracking_on() { return __atomic_load_n(&g_tracking, __ATOMIC_RELAXED); }
void set_sync_tracking(bool on) { __atomic_store_n(&g_tracking, on, __ATOMIC_RELAXED); }

void record_wait(uint32_t kind, uint64_t start_ticks, uint64_t end_ticks, void *return_address) {
  uint64_t ticks = end_ticks - start_ticks;
  Place place = program_place(tls_wait_mark ? tls_wait_mark : return_address);
  SyncPlace *p = g_places.find_or_add(place, kind);
  __atomic_fetch_add(&p->waits, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&p->wait_ticks, ticks, __ATOMIC_RELAXED);
  add_region_time(place.thread, &RegionNode::sync_ticks, ticks);
  if (place.thread)
    trace_span(place.thread, HOTLINE_TRACE_WAIT, kind, start_ticks, end_ticks);
}

PlaceTable<SyncPlace> &sync_places() { return g_places; }

void forget_parent_waits() {
  g_places.for_each([](SyncPlace &p) { p.waits = p.wait_ticks = 0; });
}

void sync_tracking_init() { hold_across_fork<g_places>(); }

} // namespace hotline::rt

// Marked `noinline` by being exported: its return address is the instruction after the mark.
extern "C" HOTLINE_ABI_EXPORT __attribute__((noinline)) void __hotline_wait_site(void) {
  hotline::rt::tls_wait_mark = __builtin_return_address(0);
}

extern "C" HOTLINE_ABI_EXPORT void __hotline_wait_site_end(void) {
  hotline::rt::tls_wait_mark = nullptr;
}
