// Per-thread recording state: exact entry counters, the calling-context tree and the stack
// of open timed calls. Only its own thread writes it; the profile writer reads it.
#pragma once

#include "clock.h"
#include "sampling.h"

#include <hotline/abi.h>

#include <stdint.h>
#include <sys/types.h>

// Initial-exec here too (abi.h), so that the runtime's own reads and writes are one
// instruction.
extern "C" __attribute__((tls_model("initial-exec"))) __thread uintptr_t __hotline_open_call_key;

namespace hotline::rt {

// One calling context: a timed site reached through its ancestors' path.
struct CallNode {
  CallNode *parent;
  CallNode *first_child;
  CallNode *next_sibling;
  uint64_t calls;
  uint64_t inclusive_ticks;
  uint32_t site;
  uint32_t index;                // creation order within its thread, parents first; the root is 0
  uint64_t next_check;           // the call count at which __hotline_exit next weighs its mean
                                 // (timing_policy.h); 0: never
  uint64_t window_calls;         // of `calls`, those timed in a re-timing window after the site's
  uint64_t window_ticks;         // timing stopped (timing_policy.h), and their time, but for the
  uint64_t window_longest_ticks; // longest, which the sample leaves out (exit_slow_path)
  struct DurationHistogram *histogram; // its calls' durations (duration_histograms.h), or null
};

struct Frame {
  CallNode *node;
  uint64_t start_ticks;
  uintptr_t key; // the call's key and site (abi.h __hotline_enter); beyond the limit of call
  uint32_t site; // paths, the node's site is not the call's
};

// __hotline_open_call_key's value for a thread without open calls (abi.h).
constexpr uintptr_t kNoOpenCall = UINTPTR_MAX;

constexpr uint32_t kMaxStackDepth = 1u << 20;

// Call paths beyond the limit: once the process holds g_max_call_paths nodes (all threads;
// HOTLINE_MAX_CALL_PATHS, 0: no limit), a call on a path not seen before is counted in one
// node of this site under its caller, and so is every call it makes: the node's calls are
// the entries into paths beyond the limit from there, its time theirs (callees included).
// A node has at most one such child, and it has none, so the nodes stay below twice the limit.
constexpr uint32_t kOtherCallPathsSite = 0xfffffffeu;
extern uint64_t g_max_call_paths;

// Whether frame d is a call made inside paths beyond the limit from another such call: only
// there do two frames in a row name one node (a recursive call has a node of its own). The
// outermost of them holds the node's call and its time.
inline bool nested_in_other_call_paths(const Frame *frames, uint32_t d) {
  return d > 0 && frames[d].node && frames[d].node == frames[d - 1].node;
}

// A heap place the thread found (heap_tracking.cpp), kept where the next lookup of the same
// place finds it in one cache line, not in the place table's index and records.
struct HeapPlaceHint {
  CallNode *node;
  uint64_t pc;
  uint64_t via_pc;
  struct HeapPlace *place; // null: empty
};
constexpr uint32_t kHeapPlaceHints = 128; // a page

struct ThreadState {
  uint64_t *counters;       // kCounterSlots entries, indexed by global site id
  Frame *frames;            // kMaxStackDepth entries
  uint32_t depth;           // open calls; at most kMaxStackDepth (deeper ones are not
                            // recorded, and their exits find no frame)
  uint32_t inherited_depth; // in a forked child, the frames open at the fork: the parent's
                            // calls, which the child's profile does not count
  CallNode *current;        // innermost open call, or the root
  CallNode root;
  struct NodeChunk *oldest_chunk; // node storage, chained oldest first
  struct NodeChunk *newest_chunk;
  uint32_t node_count; // nodes created, root included
  bool exited;
  pid_t tid;
  uint64_t start_ticks;
  uint64_t end_ticks;
  uint64_t memory_ticks; // inside the heap allocator's functions (heap_hooks.cpp)
  char name[16];
  ThreadSampler sampler;        // where it runs, in line mode
  struct RegionThread *regions; // its regions and counters (regions.h); null until the first
  struct TraceBuffer *trace; // its timeline in trace mode (tracing.h); null until the first event
  struct WalkCache *walk_cache;    // the stack walks to its calls into libraries (program_code.h)
  HeapPlaceHint *heap_place_hints; // kHeapPlaceHints, by a hash of the place; null until the
                                   // thread's first allocation, and after its exit (a state
                                   // of its own: programs start and end threads by the million)
  struct Exclusion *exclusion;     // what the stopped spans added (recording_control.h); null
                                   // until the first stop that finds the thread
  void *signal_stack;              // the alternate signal stack the runtime gave it, or null
                                   // (fatal_signals.h)
  uint32_t profile_index;          // its index in the profile's THREADS, set while writing
  ThreadState *next;               // in the list of all threads
};

// Sets the calling thread's __hotline_open_call_key (abi.h) to the key of t's innermost open
// call: whenever t's frames change.
inline void update_open_call_key(const ThreadState *t) {
  __hotline_open_call_key = t->depth ? t->frames[t->depth - 1].key : kNoOpenCall;
}

// The calling thread's state, created on first use; null if the thread has already exited
// or memory ran out. Inline, with its slow path out of line and preserve_most (abi.h
// HOTLINE_ABI_PRESERVE_MOST), so that __hotline_enter and __hotline_exit, themselves
// preserve_most, save no register for it.
extern __attribute__((tls_model("initial-exec"))) __thread ThreadState *tls_thread;
HOTLINE_ABI_PRESERVE_MOST ThreadState *start_current_thread();
inline ThreadState *current_thread() {
  ThreadState *t = tls_thread;
  return __builtin_expect(t != nullptr, 1) ? t : start_current_thread();
}

// The calling thread's state if it has one, without creating it.
inline ThreadState *current_thread_if_started() { return tls_thread; }

// Makes `t` the calling thread's state and returns the previous one (possibly null), so that
// the runtime can time calls on a scratch state that no profile includes.
ThreadState *swap_current_thread(ThreadState *t);

// Ends the calling thread's open timed calls above `depth` at `end`, innermost first: each
// counts as a call whose time ran until then. For the frames that a longjmp skipped, and for
// those still open when the thread ends (pthread_exit, or a C start routine that never returns
// normally).
void close_frames_above(ThreadState *t, uint32_t depth, uint64_t end);

// Calls visit(frame, context) for each open frame of t, outermost first, unless t has exited:
// under the threads lock, which a thread's retirement takes before it frees its frames. A
// running thread's frames may change meanwhile, but each node read is one of its own.
void visit_open_frames(ThreadState *t, void (*visit)(const Frame &, void *), void *context);
template <typename F> void for_each_open_frame(ThreadState *t, F f) {
  visit_open_frames(
      t, [](const Frame &frame, void *context) { (*static_cast<F *>(context))(frame); }, &f);
}

// While it lives, the program's instrumented code that the runtime's own work runs on this
// thread is neither counted nor timed: a program that defines its own malloc has it called by
// dlsym, pthread_create and the unwinder on the runtime's behalf. The thread looks exited
// meanwhile (no state, the shared fallback counters).
class ProgramCodeHidden {
public:
  ProgramCodeHidden();
  ~ProgramCodeHidden();
  ProgramCodeHidden(const ProgramCodeHidden &) = delete;
  ProgramCodeHidden &operator=(const ProgramCodeHidden &) = delete;

private:
  ThreadState *thread_;
  uint64_t *counters_;
  uintptr_t open_call_key_;
  bool exited_;
};

// Finds or creates the child of `parent` for `site` (the slow path of __hotline_enter); beyond
// the limit of call paths, the parent's node for them (or the parent itself, when it is one).
HOTLINE_ABI_PRESERVE_MOST CallNode *child_for_site(ThreadState *t, CallNode *parent, uint32_t site);

// Called once, from runtime_init.
void threads_init();

// In a forked child (runtime.cpp), the calls and counts start at the fork, so that the
// parent's and the child's profiles add up: every thread's counters and call tree are emptied
// (the nodes stay, as the places of inherited heap blocks), and the parent's other threads,
// which do not run in the child, end at the fork. Its calls open at the fork were entered in the
// parent; each of their nodes starts one call below zero (unsigned, it wraps), so that ending the
// call in the child (or writing it while still open) brings it to 0, and their time in the
// child starts at the fork.
void forget_parent_calls();

// Starts one of the runtime's own threads (the system sampler, the live view): detached, with a
// small stack, taking none of the program's signals, named `name` (at most 15 characters).
// `main` is called with `argument`. Returns 0 or pthread_create's error.
int start_runtime_thread(void *(*main)(void *), const char *name, void *argument = nullptr);

// Starts a runtime thread that the C library does not know of, for work that makes system
// calls (syscall()) and no other library call, and touches no thread-local variable: the
// re-timing windows (timing_policy.cpp). A pthread would make the process multi-threaded in
// the C library's eyes for good (`__libc_single_threaded`), and a single-threaded program's
// every malloc and free would take the arena's lock from then on, stdio its locks,
// libstdc++'s shared_ptr its locked adds, and the heap hooks theirs (json_documents: 7% of
// its run). The thread has a stack and a thread pointer of its own (zeroed memory on both
// sides of it, where a slip into the C library's thread data would land harmlessly), takes
// no signal, and lives until the process ends; it does not outlive a fork. Under a sanitizer
// (its instrumentation keeps per-thread state) and on architectures other than x86-64 and
// AArch64, it is a pthread from start_runtime_thread. Returns 0 or an errno value.
int start_hidden_thread(void (*main)(), const char *name);

// The list of all threads that recorded anything, newest first.
ThreadState *all_threads();

// Holds the threads lock, which a thread's retirement takes to fold its counts into the
// exited threads' totals and to free its frames: while it is held, no thread retires.
class ThreadListGuard {
public:
  ThreadListGuard();
  ~ThreadListGuard();
  ThreadListGuard(const ThreadListGuard &) = delete;
  ThreadListGuard &operator=(const ThreadListGuard &) = delete;
};

// Adds the counts of exited threads to `totals` (kMaxSites entries). Takes the threads lock.
void add_exited_thread_counts(uint64_t *totals, uint32_t site_count);

// Node storage: nodes live in chunks chained oldest first, each twice the size of the one
// before (16 nodes first, 4096 at most), so that a short thread with a few call paths keeps
// about a kilobyte after it ends.
struct NodeChunk {
  NodeChunk *next;
  uint32_t used;
  uint32_t capacity;
  CallNode nodes[];
};

// Calls f(node) for each node of t in creation order (parents before children), root first.
template <typename F> void for_each_node(const ThreadState *t, F f) {
  f(t->root);
  for (const NodeChunk *c = __atomic_load_n(&t->oldest_chunk, __ATOMIC_ACQUIRE); c;
       c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE))
    for (uint32_t i = 0, n = __atomic_load_n(&c->used, __ATOMIC_ACQUIRE); i < n; ++i)
      f(c->nodes[i]);
}

} // namespace hotline::rt
