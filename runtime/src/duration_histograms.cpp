// Histograms of call and region durations (duration_histograms.h).
#include "duration_histograms.h"

#include "memory.h"
#include "recording_control.h"
#include "runtime.h"

namespace hotline::rt {

bool g_histograms = false;

namespace {

uint64_t budget_bytes = 0; // HOTLINE_HISTOGRAM_MB
uint64_t used_bytes = 0;   // by the histograms made, all threads

// Each thread makes its histograms in chunks of its own, without a lock: a signal handler's
// calls may need one while the thread is inside the runtime (a lock there would deadlock).
// Every step is one atomic operation, so a handler that interrupts another step is safe.
constexpr uint32_t kChunkHistograms = 48; // 64 KiB, committed as they are used
struct HistogramChunk {
  uint32_t used;
  DurationHistogram histograms[kChunkHistograms];
};
__attribute__((tls_model("initial-exec"))) __thread HistogramChunk *tls_chunk;

void empty(DurationHistogram &h) {
  h = DurationHistogram{};
  h.shortest_ticks = UINT64_MAX;
}

DurationHistogram *new_histogram() {
  uint64_t used = __atomic_add_fetch(&used_bytes, sizeof(DurationHistogram), __ATOMIC_RELAXED);
  if (used > budget_bytes)
    return &g_no_room_for_histogram;
  for (;;) {
    HistogramChunk *chunk = __atomic_load_n(&tls_chunk, __ATOMIC_RELAXED);
    if (chunk) {
      uint32_t index = __atomic_fetch_add(&chunk->used, 1, __ATOMIC_RELAXED);
      if (index < kChunkHistograms) {
        DurationHistogram *h = &chunk->histograms[index];
        empty(*h);
        return h;
      }
    }
    chunk = static_cast<HistogramChunk *>(reserve_pages(sizeof(HistogramChunk)));
    if (!chunk)
      return &g_no_room_for_histogram;
    __atomic_store_n(&tls_chunk, chunk, __ATOMIC_RELAXED); // a full one is left as it is
  }
}

} // namespace

void record_duration(DurationHistogram *&histogram, uint64_t ticks) {
  if (recording_stopped())
    return;
  DurationHistogram *h = histogram;
  if (__builtin_expect(!h, 0))
    h = histogram = new_histogram();
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

void forget_histogram(DurationHistogram *histogram) {
  if (has_histogram(histogram))
    empty(*histogram);
}

void histograms_init() {
  budget_bytes = options().histogram_mb << 20;
  __atomic_store_n(&g_histograms, options().histograms, __ATOMIC_RELAXED);
}

} // namespace hotline::rt
