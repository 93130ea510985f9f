// Trace mode (HOTLINE_TRACE=1): each thread's timeline of calls, regions, large allocations,
// I/O calls, waits for other threads and the NVTX start/end ranges it ended, kept in a bounded
// per-thread buffer and written into the profile at exit.
#pragma once

#include "threads.h"

#include <hotline/profile_format.h>

#include <stdint.h>

namespace hotline::rt {

// One event as kept: times in ticks until the profile is written.
struct TraceEvent {
  uint64_t start_ticks;
  uint64_t end_ticks;
  uint64_t value; // bytes
  uint32_t kind;  // HOTLINE_TRACE_*
  uint32_t id;    // calls: CallNode::index; regions: the interned name; I/O: the file index
};

// A thread's timeline is a chain of segments, each twice the size of the one before, taken from
// the runtime's arena as the thread fills them, until they hold HOTLINE_TRACE_EVENTS: a thread
// that keeps few events holds little memory, so thousands of short threads cost thousands of
// small blocks, not an address-space reservation (and a memory mapping) each. Only the owning
// thread adds; the profile writer follows `next` and reads `used`, both published with release.
struct TraceSegment {
  TraceSegment *next;
  uint32_t used;
  uint32_t capacity;
  TraceEvent events[];
};

struct TraceBuffer {
  TraceSegment *first;
  TraceSegment *last;   // the one being filled
  uint64_t events_left; // HOTLINE_TRACE_EVENTS less the capacity of the segments so far
  uint64_t dropped;
};

// Read by the hot paths: whether tracing is on, the shortest span kept (call, region, I/O call,
// wait, range), and the smallest heap block kept.
extern bool g_tracing;
extern uint64_t g_trace_min_ticks;
extern uint64_t g_trace_allocation_min_bytes;

// From runtime_init, with the options read: turns tracing on and measures the tick rate that
// converts HOTLINE_TRACE_MIN_NS.
void tracing_init();

// Adds an event to the thread's buffer (created on first use), or counts it as dropped.
HOTLINE_ABI_PRESERVE_MOST void trace_event(ThreadState *t, uint32_t kind, uint32_t id,
                                           uint64_t start_ticks, uint64_t end_ticks,
                                           uint64_t value);

// A timed call, a region, an I/O call, a wait or an NVTX range that lasted from start to end:
// kept when long enough.
inline void trace_span(ThreadState *t, uint32_t kind, uint32_t id, uint64_t start_ticks,
                       uint64_t end_ticks, uint64_t value = 0) {
  if (__builtin_expect(g_tracing, 0) && end_ticks - start_ticks >= g_trace_min_ticks)
    trace_event(t, kind, id, start_ticks, end_ticks, value);
}

// A heap block of `bytes`: kept when at least HOTLINE_TRACE_ALLOCATION_BYTES.
inline void trace_allocation(ThreadState *t, uint64_t bytes) {
  if (__builtin_expect(g_tracing, 0) && bytes >= g_trace_allocation_min_bytes) {
    uint64_t now = now_ticks();
    trace_event(t, HOTLINE_TRACE_ALLOCATION, 0, now, now, bytes);
  }
}

// The events lost to full buffers, all threads.
uint64_t trace_dropped();

} // namespace hotline::rt
