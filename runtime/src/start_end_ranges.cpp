// Start/end ranges: a table of the open ones by id and one of totals by name, both under one
// lock. Ranges mark phases (a batch, an epoch, a request), thousands a second at most, so a
// lock and a short scan cost nothing that matters; regions, which can be per call, are
// per-thread and take no lock.
#include "start_end_ranges.h"

#include "clock.h"
#include "regions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"
#include "threads.h"
#include "tracing.h"

namespace hotline::rt {

namespace {

struct OpenRange {
  uint64_t id;     // 0: a free slot
  uint32_t totals; // index into g_totals
  pid_t tid;       // the thread that started it
  uint64_t start_ticks;
};

SpinLock g_lock;
uint64_t g_next_id = 0;
OpenRange g_open[kMaxOpenRanges];
RangeTotals g_totals[kMaxRangeNames];
uint32_t g_total_count = 0;
bool g_full_reported = false;

// The totals of `name`, added on first sight; kMaxRangeNames when there is no room.
uint32_t totals_of(uint32_t name) {
  for (uint32_t i = 0; i < g_total_count; ++i)
    if (g_totals[i].name == name)
      return i;
  if (g_total_count == kMaxRangeNames)
    return kMaxRangeNames;
  g_totals[g_total_count] = RangeTotals{name, 0, 0, 0, 0, 0, 0};
  return g_total_count++;
}

void report_full(const char *what, uint32_t limit) {
  if (!g_full_reported)
    report_problem("more than %u %s: later NVTX start/end ranges are not recorded", limit, what);
  g_full_reported = true;
}

// The slot that holds `held` (0: a free slot), probing from range `id`'s own; null when none.
OpenRange *open_slot(uint64_t id, uint64_t held) {
  for (uint32_t n = 0, i = uint32_t(id % kMaxOpenRanges); n < kMaxOpenRanges;
       ++n, i = (i + 1) % kMaxOpenRanges)
    if (g_open[i].id == held)
      return &g_open[i];
  return nullptr;
}

pid_t current_tid() {
  ThreadState *t = current_thread();
  return t ? t->tid : 0;
}

} // namespace

void start_end_ranges_init() { hold_across_fork<g_lock>(); }

uint64_t start_range(const char *name) {
  uint64_t start = now_ticks();
  RuntimeScope scope;
  uint32_t interned = intern_region_name(name);
  pid_t tid = current_tid();
  SpinLockGuard guard(g_lock);
  uint64_t id = ++g_next_id;
  uint32_t totals = interned == kNoRegion ? kMaxRangeNames : totals_of(interned);
  if (totals == kMaxRangeNames) {
    report_full("range names", kMaxRangeNames);
    return id;
  }
  OpenRange *slot = open_slot(id, 0);
  if (!slot) {
    report_full("ranges open at once", kMaxOpenRanges);
    return id;
  }
  *slot = OpenRange{id, totals, tid, start};
  ++g_totals[totals].open;
  return id;
}

void end_range(uint64_t id) {
  uint64_t end = now_ticks();
  if (id == 0)
    return;
  RuntimeScope scope;
  ThreadState *t = current_thread();
  pid_t tid = t ? t->tid : 0;
  uint32_t name = 0;
  uint64_t start = 0;
  bool other_thread = false;
  {
    SpinLockGuard guard(g_lock);
    OpenRange *range = open_slot(id, id);
    if (!range)
      return;
    RangeTotals &totals = g_totals[range->totals];
    start = range->start_ticks < end ? range->start_ticks : end;
    uint64_t ticks = end - start;
    totals.min_ticks = totals.count == 0 || ticks < totals.min_ticks ? ticks : totals.min_ticks;
    totals.max_ticks = ticks > totals.max_ticks ? ticks : totals.max_ticks;
    totals.ticks += ticks;
    ++totals.count;
    --totals.open;
    other_thread = range->tid != tid;
    totals.other_thread += other_thread;
    name = totals.name;
    range->id = 0;
  }
  if (t)
    trace_span(t, HOTLINE_TRACE_RANGE, name, start, end, other_thread);
}

void for_each_range_name(void (*f)(const RangeTotals &totals, void *context), void *context) {
  SpinLockGuard guard(g_lock);
  for (uint32_t i = 0; i < g_total_count; ++i)
    f(g_totals[i], context);
}

} // namespace hotline::rt
