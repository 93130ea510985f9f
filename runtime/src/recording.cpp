// The hot path: __hotline_enter and __hotline_exit, called around every timed function.
// No lock, no allocation, no system call (except when a thread or a call path is new).
#include "modules.h"
#include "threads.h"
#include "timing_policy.h"
#include "tracing.h"

using namespace hotline::rt;

extern "C" void __hotline_enter(uint32_t site) {
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

extern "C" void __hotline_exit(uint32_t site) {
  uint64_t end = now_ticks();
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
    // Frames were skipped (longjmp, or an exit the compiler could not instrument): close
    // the open frames above the nearest one for this site. An exit with no open frame for
    // its site is ignored.
    uint32_t match = depth;
    while (match > 0 && !(t->frames[match - 1].node && t->frames[match - 1].node->site == site))
      --match;
    if (match == 0)
      return;
    --match;
    for (uint32_t d = depth; d > match; --d)
      if (CallNode *n = t->frames[d].node) {
        n->calls++;
        n->inclusive_ticks += end - t->frames[d].start_ticks;
      }
    depth = match;
    frame = &t->frames[depth];
  }
  CallNode *node = frame->node;
  node->calls++;
  node->inclusive_ticks += end - frame->start_ticks;
  trace_span(t, HOTLINE_TRACE_CALL, node->index, frame->start_ticks, end);
  t->current = node->parent;
  t->depth = depth;
  if (__builtin_expect(node->calls == g_stop_timing_check_calls, 0))
    consider_stopping_timing(*node);
}
