// The per-thread timeline buffers of trace mode (tracing.h).
#include "tracing.h"

#include "clock.h"
#include "memory.h"
#include "runtime.h"

namespace hotline::rt {

bool g_tracing = false;
uint64_t g_trace_min_ticks = 0;
uint64_t g_trace_allocation_min_bytes = 0;

namespace {
uint64_t g_dropped = 0;
} // namespace

void tracing_init() {
  const Options &o = options();
  if (!o.trace)
    return;
  // The tick rate over two milliseconds: precise enough for a threshold.
  ClockPair start = read_clock_pair(), end = start;
  while (end.mono_ns - start.mono_ns < 2000000)
    end = read_clock_pair();
  TickConverter time = make_tick_converter(start, end);
  g_trace_min_ticks = uint64_t(double(o.trace_min_ns) / time.ns_per_tick);
  g_trace_allocation_min_bytes = o.trace_allocation_bytes;
  g_tracing = true;
}

void trace_event(ThreadState *t, uint32_t kind, uint32_t id, uint64_t start_ticks, uint64_t end_ticks,
                 uint64_t value) {
  if (!t)
    return;
  TraceBuffer *b = t->trace;
  if (__builtin_expect(!b, 0)) {
    uint32_t capacity = uint32_t(options().trace_events);
    b = static_cast<TraceBuffer *>(reserve_pages(sizeof(TraceBuffer) + sizeof(TraceEvent) * capacity));
    if (!b) {
      __atomic_fetch_add(&g_dropped, 1, __ATOMIC_RELAXED);
      return;
    }
    b->capacity = capacity;
    __atomic_store_n(&t->trace, b, __ATOMIC_RELEASE);
  }
  uint32_t used = b->used;
  if (used == b->capacity) {
    __atomic_store_n(&b->dropped, b->dropped + 1, __ATOMIC_RELAXED);
    return;
  }
  b->events[used] = {start_ticks, end_ticks, value, kind, id};
  __atomic_store_n(&b->used, used + 1, __ATOMIC_RELEASE);
}

uint64_t trace_dropped() { return __atomic_load_n(&g_dropped, __ATOMIC_RELAXED); }

} // namespace hotline::rt
