// The hot path: __hotline_enter and __hotline_exit, called around every timed function.
// No lock, no allocation, no system call (except when a thread or a call path is new).
#include "modules.h"
#include "threads.h"
#include "timing_policy.h"
#include "tracing.h"

using namespace hotline::rt;

static constexpr uint32_t kNoFrame = ~0u;

// Frames were skipped (an exit the compiler could not instrument): closes the open frames
// above `depth` up to the nearest one for `site`, and returns that one's depth, or kNoFrame
// when no open frame is for the site (the exit is then ignored). Out of line and
// preserve_most, like the callers, so that their fast paths save only what they use.
HOTLINE_ABI_PRESERVE_MOST __attribute__((noinline)) static uint32_t close_skipped_frames(ThreadState *t, uint32_t depth,
                                                                                  uint32_t site, uint64_t end) {
  uint32_t match = depth;
  while (match > 0 && !(t->frames[match - 1].node && t->frames[match - 1].node->site == site))
    --match;
  if (match == 0)
    return kNoFrame;
  close_frames_above(t, match, end); // the matching frame, below them, is the caller's to close
  return match - 1;
}

// Ends a call made in paths beyond the limit of call paths (threads.h): frame `depth` is on
// their node. Only the outermost of such calls counts, and holds the time of those inside it.
HOTLINE_ABI_PRESERVE_MOST __attribute__((noinline)) static void end_other_call_paths_call(ThreadState *t,
                                                                                   uint32_t depth) {
  uint64_t end = now_ticks();
  t->depth = depth;
  if (nested_in_other_call_paths(t->frames, depth))
    return;
  const Frame &frame = t->frames[depth];
  CallNode *node = frame.node;
  node->calls++;
  node->inclusive_ticks += end - frame.start_ticks;
  trace_span(t, HOTLINE_TRACE_CALL, node->index, frame.start_ticks, end);
  t->current = node->parent;
}

extern "C" HOTLINE_ABI_PRESERVE_MOST void __hotline_enter(uint32_t site) {
  if (__builtin_expect(site >= kMaxSites, 0))
    return; // a refused module
  ThreadState *t = current_thread();
  if (__builtin_expect(!t, 0))
    return;
  uint32_t depth = t->depth++;
  if (__builtin_expect(depth >= kMaxStackDepth, 0))
    return;
  CallNode *parent = t->current;
  CallNode *node = parent->first_child;
  if (__builtin_expect(!node || node->site != site, 0)) {
    node = child_for_site(t, parent, site);
    if (!node) { // out of memory: keep the frame so exits stay paired, record nothing
      t->frames[depth] = {nullptr, 0};
      return;
    }
  }
  t->current = node;
  t->frames[depth] = {node, now_ticks()};
}

// The clock is read only once the frame and its node are loaded and checked, so that the
// bookkeeping's loads do not wait behind rdtsc (which holds up the instructions after it on
// Intel's CPUs). The bookkeeping before it then falls inside the measured time, where the
// TIMING_COST calibration (timing_cost.cpp) measures it with the rest.
extern "C" HOTLINE_ABI_PRESERVE_MOST void __hotline_exit(uint32_t site) {
  if (__builtin_expect(site >= kMaxSites, 0))
    return;
  ThreadState *t = current_thread();
  if (__builtin_expect(!t || t->depth == 0, 0))
    return;
  uint32_t depth = t->depth - 1;
  if (__builtin_expect(depth >= kMaxStackDepth, 0)) {
    t->depth = depth;
    return;
  }
  Frame *frame = &t->frames[depth];
  if (__builtin_expect(!frame->node, 0)) { // the unrecorded frame of an out-of-memory enter
    t->depth = depth;
    return;
  }
  if (__builtin_expect(frame->node->site != site, 0)) {
    if (frame->node->site == kOtherCallPathsSite) {
      end_other_call_paths_call(t, depth);
      return;
    }
    depth = close_skipped_frames(t, depth, site, now_ticks());
    if (depth == kNoFrame)
      return;
    frame = &t->frames[depth];
  }
  CallNode *node = frame->node;
  uint64_t start = frame->start_ticks;
  uint64_t end = now_ticks();
  node->calls++;
  node->inclusive_ticks += end - start;
  trace_span(t, HOTLINE_TRACE_CALL, node->index, start, end);
  t->current = node->parent;
  t->depth = depth;
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
