// The hot path: __hotline_enter and __hotline_exit, called around every timed function.
// No lock, no allocation, no system call (except when a thread or a call path is new).
#include "duration_histograms.h"
#include "modules.h"
#include "threads.h"
#include "timing_policy.h"
#include "tracing.h"

using namespace hotline::rt;

static constexpr uint32_t kNoFrame = ~0u;

// The exit of a call whose frame is not the innermost (abi.h __hotline_exit): returns the
// depth of the open frame with this key and site, after ending the frames above it (calls
// that left without their exit), or kNoFrame when the call is not open (it was not timed).
// Frames with a higher key than this call's belong to its callers: the search stops there.
// Out of line and preserve_most, like the callers, so that their fast paths save only what
// they use.
HOTLINE_ABI_PRESERVE_MOST __attribute__((noinline)) static uint32_t
find_open_call(ThreadState *t, uint32_t site, uintptr_t key) {
  uint32_t match = t->depth;
  while (match > 0 && t->frames[match - 1].key <= key) {
    const Frame &frame = t->frames[match - 1];
    if (frame.key == key && frame.site == site)
      break;
    --match;
  }
  if (match == 0 || t->frames[match - 1].key != key || t->frames[match - 1].site != site)
    return kNoFrame;
  close_frames_above(t, match,
                     now_ticks()); // the matching frame, below them, is the caller's to close
  return match - 1;
}

// Ends a call made in paths beyond the limit of call paths (threads.h): frame `depth` is on
// their node. Only the outermost of such calls counts, and holds the time of those inside it.
HOTLINE_ABI_PRESERVE_MOST __attribute__((noinline)) static void
end_other_call_paths_call(ThreadState *t, uint32_t depth) {
  uint64_t end = now_ticks();
  t->depth = depth;
  update_open_call_key(t);
  if (nested_in_other_call_paths(t->frames, depth))
    return;
  const Frame &frame = t->frames[depth];
  CallNode *node = frame.node;
  node->calls++;
  node->inclusive_ticks += end - frame.start_ticks;
  if (histograms_on())
    record_call_duration(*node, end - frame.start_ticks);
  trace_span(t, HOTLINE_TRACE_CALL, node->index, frame.start_ticks, end);
  t->current = node->parent;
}

// A call whose frame cannot be kept (beyond kMaxStackDepth, or no memory for its node) is not
// recorded: its exit then finds no frame with its key and is ignored.
extern "C" HOTLINE_ABI_PRESERVE_MOST void __hotline_enter(uint32_t site, uintptr_t key) {
  if (__builtin_expect(site >= kMaxSites, 0))
    return; // a refused module
  ThreadState *t = current_thread();
  if (__builtin_expect(!t, 0))
    return;
  uint32_t depth = t->depth;
  if (__builtin_expect(depth >= kMaxStackDepth, 0))
    return;
  CallNode *parent = t->current;
  CallNode *node = parent->first_child;
  if (__builtin_expect(!node || node->site != site, 0)) {
    node = child_for_site(t, parent, site);
    if (!node)
      return;
  }
  t->current = node;
  t->frames[depth] = {node, now_ticks(), key, site};
  t->depth = depth + 1;
  __hotline_open_call_key = key;
}

// The clock is read only once the frame and its node are loaded and checked, so that the
// bookkeeping's loads do not wait behind rdtsc (which holds up the instructions after it on
// Intel's CPUs). The bookkeeping before it then falls inside the measured time, where the
// TIMING_COST calibration (timing_cost.cpp) measures it with the rest.
extern "C" HOTLINE_ABI_PRESERVE_MOST void __hotline_exit(uint32_t site, uintptr_t key) {
  if (__builtin_expect(site >= kMaxSites, 0))
    return;
  ThreadState *t = tls_thread; // it entered the call, if it is open
  if (__builtin_expect(!t || t->depth == 0, 0))
    return;
  uint32_t depth = t->depth - 1;
  Frame *frame = &t->frames[depth];
  if (__builtin_expect(frame->key != key || frame->site != site, 0)) {
    depth = find_open_call(t, site, key);
    if (depth == kNoFrame)
      return;
    frame = &t->frames[depth];
  }
  CallNode *node = frame->node;
  if (__builtin_expect(node->site == kOtherCallPathsSite, 0)) {
    end_other_call_paths_call(t, depth);
    return;
  }
  uint64_t start = frame->start_ticks;
  uint64_t end = now_ticks();
  node->calls++;
  node->inclusive_ticks += end - start;
  trace_span(t, HOTLINE_TRACE_CALL, node->index, start, end);
  t->current = node->parent;
  t->depth = depth;
  __hotline_open_call_key = depth ? t->frames[depth - 1].key : kNoOpenCall;
  if (__builtin_expect(end >= __atomic_load_n(&g_exit_slow_from, __ATOMIC_RELAXED), 0))
    exit_slow_path(*node, start, end);
  if (__builtin_expect(node->calls == node->next_check, 0))
    consider_stopping_timing(*node);
}

// setjmp and longjmp (abi.h): the depth at a setjmp call, and its second return, where the
// frames that the longjmp skipped are closed.
extern "C" uint32_t __hotline_open_depth(void) {
  ThreadState *t = current_thread_if_started();
  return t ? t->depth : 0;
}

extern "C" void __hotline_resume_at_depth(uint32_t depth) {
  ThreadState *t = current_thread_if_started();
  if (t && t->depth > depth)
    close_frames_above(t, depth, now_ticks());
}
