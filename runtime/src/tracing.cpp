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

namespace {

constexpr uint32_t kFirstSegmentEvents = 16;
constexpr uint32_t kLargestSegmentEvents = 32768; // 1 MiB

TraceSegment *new_segment(uint32_t capacity) {
  auto *s = static_cast<TraceSegment *>(
      arena_alloc(sizeof(TraceSegment) + sizeof(TraceEvent) * capacity));
  if (s)
    s->capacity = capacity;
  return s;
}

// The thread's buffer with its first segment, or nullptr when the system is out of memory.
TraceBuffer *new_buffer() {
  uint64_t limit = options().trace_events;
  uint32_t capacity = limit < kFirstSegmentEvents ? uint32_t(limit) : kFirstSegmentEvents;
  auto *b = static_cast<TraceBuffer *>(arena_alloc(sizeof(TraceBuffer)));
  TraceSegment *s = b ? new_segment(capacity) : nullptr;
  if (!s)
    return nullptr;
  b->first = b->last = s;
  b->events_left = limit - capacity;
  return b;
}

// Links a segment twice the size of the last one (at most what is left); nullptr once the
// buffer holds HOTLINE_TRACE_EVENTS or the system is out of memory.
TraceSegment *add_segment(TraceBuffer *b) {
  if (b->events_left == 0)
    return nullptr;
  uint64_t capacity = uint64_t(b->last->capacity) * 2;
  if (capacity > kLargestSegmentEvents)
    capacity = kLargestSegmentEvents;
  if (capacity > b->events_left)
    capacity = b->events_left;
  TraceSegment *s = new_segment(uint32_t(capacity));
  if (!s)
    return nullptr;
  b->events_left -= capacity;
  __atomic_store_n(&b->last->next, s, __ATOMIC_RELEASE);
  b->last = s;
  return s;
}

} // namespace

HOTLINE_ABI_PRESERVE_MOST void trace_event(ThreadState *t, uint32_t kind, uint32_t id,
                                           uint64_t start_ticks, uint64_t end_ticks,
                                           uint64_t value) {
  if (!t)
    return;
  TraceBuffer *b = t->trace;
  if (__builtin_expect(!b, 0)) {
    b = new_buffer();
    if (!b) {
      __atomic_fetch_add(&g_dropped, 1, __ATOMIC_RELAXED);
      return;
    }
    __atomic_store_n(&t->trace, b, __ATOMIC_RELEASE);
  }
  TraceSegment *s = b->last;
  uint32_t used = s->used;
  if (__builtin_expect(used == s->capacity, 0)) {
    s = add_segment(b);
    if (!s) {
      __atomic_store_n(&b->dropped, b->dropped + 1, __ATOMIC_RELAXED);
      return;
    }
    used = 0;
  }
  s->events[used] = {start_ticks, end_ticks, value, kind, id};
  __atomic_store_n(&s->used, used + 1, __ATOMIC_RELEASE);
}

uint64_t trace_dropped() { return __atomic_load_n(&g_dropped, __ATOMIC_RELAXED); }

} // namespace hotline::rt
