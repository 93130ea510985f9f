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

namespace hotline::rt {

namespace {

struct OpenRange {
  uint64_t id; // 0: a free slot
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

void report_full(const char *what) {
  if (!g_full_reported)
    report_problem("%s: later NVTX start/end ranges are not recorded", what);
  g_full_reported = true;
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
  uint32_t interned = intern_region_name(name && name[0] ? name : "nvtx");
  pid_t tid = current_tid();
  SpinLockGuard guard(g_lock);
  uint64_t id = ++g_next_id;
  uint32_t totals = interned == kNoRegion ? kMaxRangeNames : totals_of(interned);
  if (totals == kMaxRangeNames) {
    report_full("more than 1024 range names");
    return id;
  }
  for (uint32_t n = 0, i = uint32_t(id) % kMaxOpenRanges; n < kMaxOpenRanges; ++n, i = (i + 1) % kMaxOpenRanges)
    if (g_open[i].id == 0) {
      g_open[i] = OpenRange{id, totals, tid, start};
      ++g_totals[totals].open;
      return id;
    }
  report_full("more than 4096 ranges open at once");
  return id;
}

void end_range(uint64_t id) {
  uint64_t end = now_ticks();
  if (id == 0)
    return;
  RuntimeScope scope;
  pid_t tid = current_tid();
  SpinLockGuard guard(g_lock);
  for (uint32_t n = 0, i = uint32_t(id) % kMaxOpenRanges; n < kMaxOpenRanges; ++n, i = (i + 1) % kMaxOpenRanges) {
    OpenRange &range = g_open[i];
    if (range.id != id)
      continue;
    RangeTotals &totals = g_totals[range.totals];
    uint64_t ticks = end > range.start_ticks ? end - range.start_ticks : 0;
    totals.min_ticks = totals.count == 0 || ticks < totals.min_ticks ? ticks : totals.min_ticks;
    totals.max_ticks = ticks > totals.max_ticks ? ticks : totals.max_ticks;
    totals.ticks += ticks;
    ++totals.count;
    --totals.open;
    totals.other_thread += range.tid != tid;
    range.id = 0;
    return;
  }
}

void for_each_range_name(void (*f)(const RangeTotals &totals, void *context), void *context) {
  SpinLockGuard guard(g_lock);
  for (uint32_t i = 0; i < g_total_count; ++i)
    f(g_totals[i], context);
}

} // namespace hotline::rt
