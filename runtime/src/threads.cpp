// Creation, lookup and retirement of per-thread recording state.
#include "threads.h"

#include "program_code.h"
#include "recording_control.h"

#include "duration_histograms.h"
#include "fatal_signals.h"
#include "heap_tracking.h"
#include "memory.h"
#include "modules.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"
#include "timing_policy.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Counters of a thread that has none of its own yet cannot be null (instrumented code indexes
// them unconditionally after init), so such threads share this array. Only zero pages that
// are touched cost memory.
static uint64_t shared_fallback_counters[hotline::rt::kCounterSlots];

extern "C" {
__attribute__((tls_model("initial-exec"))) __thread uint64_t *__hotline_thread_counters = nullptr;
__attribute__((tls_model("initial-exec"))) __thread uintptr_t __hotline_open_call_key = UINTPTR_MAX;
}

namespace hotline::rt {

__attribute__((tls_model("initial-exec"))) __thread ThreadState *tls_thread = nullptr;

uint64_t g_max_call_paths = 500000; // Options::max_call_paths, until the options are read

namespace {
constexpr uint32_t kFirstChunkNodes = 16;
uint64_t g_call_paths = 0; // nodes of all threads, roots left out
constexpr uint32_t kLargestChunkNodes = 4096;

__attribute__((tls_model("initial-exec"))) __thread bool tls_thread_exited = false;
__attribute__((tls_model("initial-exec"))) __thread unsigned tls_destructor_rounds = 0;

SpinLock threads_lock;
ThreadState *threads_head = nullptr;
uint64_t *exited_counts = nullptr; // kMaxSites entries: counts of threads that have exited
pthread_key_t thread_exit_key;

void retire_thread(void *state);

ThreadState *create_thread_state() {
  RuntimeScope scope; // what it calls may allocate
  runtime_init();
  auto *t = static_cast<ThreadState *>(arena_alloc(sizeof(ThreadState)));
  if (!t)
    return nullptr;
  t->counters = static_cast<uint64_t *>(reserve_pages(sizeof(uint64_t) * kCounterSlots));
  t->frames = static_cast<Frame *>(reserve_pages(sizeof(Frame) * kMaxStackDepth));
  if (!t->counters || !t->frames) {
    release_pages(t->counters, sizeof(uint64_t) * kCounterSlots);
    release_pages(t->frames, sizeof(Frame) * kMaxStackDepth);
    return nullptr;
  }
  t->current = &t->root;
  t->root.site = UINT32_MAX;
  t->node_count = 1;
  t->tid = pid_t(syscall(SYS_gettid));
  t->start_ticks = now_ticks();
  pthread_getname_np(pthread_self(), t->name, sizeof t->name);
  {
    SpinLockGuard guard(threads_lock);
    t->next = threads_head;
    __atomic_store_n(&threads_head, t, __ATOMIC_RELEASE);
  }
  pthread_setspecific(thread_exit_key, t);
  t->signal_stack = install_signal_stack();
  start_thread_sampling(t);
  return t;
}

// Runs at thread exit (pthread key destructor), after the thread's C++ thread_local
// destructors. Folds its counters and samples into the process totals and frees its large
// arrays; its call tree stays for the profile. The C library calls the key destructors in up
// to PTHREAD_DESTRUCTOR_ITERATIONS (4) rounds, another while any key has a value again; setting
// ours again puts retirement in the second round, after the program's own key destructors
// have run in the first, so that their calls are counted and timed as the thread's. Not in
// the last round: the sanitizers' runtimes end their thread state there, after which the
// hooks they put in front of munmap and the like must not be called.
void retire_thread(void *state) {
  if (++tls_destructor_rounds < 2) {
    pthread_setspecific(thread_exit_key, state);
    return;
  }
  auto *t = static_cast<ThreadState *>(state);
  t->end_ticks = now_ticks();
  close_frames_above(t, 0, t->end_ticks);
  // First, so that no interrupt lands in the rest of the runtime's exit work.
  retire_thread_sampling(t);
  uint32_t sites = registered_site_count();
  Frame *frames;
  {
    SpinLockGuard guard(threads_lock);
    if (!exited_counts)
      exited_counts = static_cast<uint64_t *>(reserve_pages(sizeof(uint64_t) * kMaxSites));
    const uint8_t *max_sites = max_counter_sites();
    if (exited_counts)
      for (uint32_t i = 0; i < sites; ++i)
        exited_counts[i] = combine_counts(max_sites, i, exited_counts[i],
                                          recorded_site_count(t, i, t->counters[i]));
    __atomic_store_n(&t->exited, true, __ATOMIC_RELEASE);
    frames = t->frames; // under the lock: the profile writer reads a running thread's frames
    t->frames = nullptr;
  }
  // Code that still runs on this thread (later key destructors) is counted in the shared
  // fallback array, which the profile does not report, and is not timed.
  tls_thread_exited = true;
  tls_thread = nullptr;
  __hotline_thread_counters = shared_fallback_counters;
  __hotline_open_call_key = kNoOpenCall;
  release_pages(t->counters, sizeof(uint64_t) * kCounterSlots);
  release_pages(frames, sizeof(Frame) * kMaxStackDepth);
  release_walk_cache(t->walk_cache);
  release_heap_place_hints(t);
  remove_signal_stack(t->signal_stack);
  t->signal_stack = nullptr;
  t->counters = nullptr;
  t->walk_cache = nullptr;
}

} // namespace

void forget_parent_calls() {
  ThreadState *self = tls_thread;
  uint64_t now = now_ticks();
  if (exited_counts) {
    release_pages(exited_counts, sizeof(uint64_t) * kMaxSites);
    exited_counts = nullptr;
  }
  // Every thread's nodes stay (the heap blocks the child inherited name them as their
  // places), emptied; the parent's other threads do not run in the child: they ended at the
  // fork.
  for (ThreadState *t = threads_head; t; t = t->next) {
    for_each_node(t, [](const CallNode &n) {
      auto &node = const_cast<CallNode &>(n);
      node.calls = node.inclusive_ticks = 0;
      node.window_calls = node.window_ticks = node.window_longest_ticks = 0;
      forget_histogram(node.histogram);
    });
    if (t != self && !t->exited) {
      t->exited = true;
      t->end_ticks = now;
    }
  }
  if (!self)
    return;
  if (self->counters)
    memset(self->counters, 0, sizeof(uint64_t) * registered_site_count());
  uint32_t top = self->depth < kMaxStackDepth ? self->depth : kMaxStackDepth;
  for (uint32_t d = 0; d < top; ++d)
    if (CallNode *n = self->frames[d].node) {
      n->calls = ~uint64_t(0);
      self->frames[d].start_ticks = now;
    }
  // The thread's start stays the parent's: the calls and regions open at the fork lie within it.
  self->inherited_depth = top;
}

void threads_init() {
  pthread_key_create(&thread_exit_key, retire_thread);
  hold_across_fork<threads_lock>();
}

HOTLINE_ABI_PRESERVE_MOST ThreadState *start_current_thread() {
  if (tls_thread_exited)
    return nullptr;
  ThreadState *t = create_thread_state();
  tls_thread = t;
  if (t && !__hotline_thread_counters)
    __hotline_thread_counters = t->counters;
  return t;
}

void close_frames_above(ThreadState *t, uint32_t depth, uint64_t end) {
  if (!t->frames)
    return;
  for (uint32_t d = t->depth; d-- > depth;)
    if (CallNode *n = t->frames[d].node; !nested_in_other_call_paths(t->frames, d)) {
      n->calls++;
      n->inclusive_ticks += end - t->frames[d].start_ticks;
      if (histograms_on())
        record_call_duration(*n, end - t->frames[d].start_ticks);
      t->current = n->parent;
    }
  if (t->depth > depth)
    t->depth = depth;
  update_open_call_key(t);
}

void visit_open_frames(ThreadState *t, void (*visit)(const Frame &, void *), void *context) {
  SpinLockGuard guard(threads_lock);
  if (__atomic_load_n(&t->exited, __ATOMIC_ACQUIRE) || !t->frames)
    return;
  uint32_t depth = __atomic_load_n(&t->depth, __ATOMIC_RELAXED);
  for (uint32_t d = 0; d < depth && d < kMaxStackDepth; ++d)
    visit(t->frames[d], context);
}

ProgramCodeHidden::ProgramCodeHidden()
    : thread_(tls_thread), counters_(__hotline_thread_counters),
      open_call_key_(__hotline_open_call_key), exited_(tls_thread_exited) {
  tls_thread = nullptr;
  tls_thread_exited = true;
  __hotline_thread_counters = shared_fallback_counters;
  __hotline_open_call_key = kNoOpenCall;
}

ProgramCodeHidden::~ProgramCodeHidden() {
  tls_thread = thread_;
  tls_thread_exited = exited_;
  __hotline_thread_counters = counters_;
  __hotline_open_call_key = open_call_key_;
}

ThreadState *swap_current_thread(ThreadState *t) {
  ThreadState *previous = tls_thread;
  tls_thread = t;
  if (t && t->frames)
    update_open_call_key(t);
  else
    __hotline_open_call_key = kNoOpenCall;
  return previous;
}

HOTLINE_ABI_PRESERVE_MOST CallNode *child_for_site(ThreadState *t, CallNode *parent,
                                                   uint32_t site) {
  if (parent->site == kOtherCallPathsSite)
    return parent;
  // Most-recently-used first: move a found child to the front of its parent's list.
  CallNode *previous = nullptr;
  CallNode *other_paths = nullptr;
  for (CallNode *c = parent->first_child; c; previous = c, c = c->next_sibling) {
    if (c->site == kOtherCallPathsSite)
      other_paths = c;
    if (c->site != site)
      continue;
    if (previous) {
      previous->next_sibling = c->next_sibling;
      c->next_sibling = parent->first_child;
      parent->first_child = c;
    }
    return c;
  }
  if (g_max_call_paths && __atomic_load_n(&g_call_paths, __ATOMIC_RELAXED) >= g_max_call_paths) {
    if (other_paths)
      return other_paths;
    site = kOtherCallPathsSite;
  }
  NodeChunk *chunk = t->newest_chunk;
  if (!chunk || chunk->used == chunk->capacity) {
    uint32_t capacity = !chunk                                 ? kFirstChunkNodes
                        : chunk->capacity < kLargestChunkNodes ? chunk->capacity * 2
                                                               : kLargestChunkNodes;
    chunk = static_cast<NodeChunk *>(arena_alloc(sizeof(NodeChunk) + sizeof(CallNode) * capacity));
    if (!chunk)
      return nullptr;
    chunk->capacity = capacity;
    if (t->newest_chunk)
      __atomic_store_n(&t->newest_chunk->next, chunk, __ATOMIC_RELEASE);
    else
      __atomic_store_n(&t->oldest_chunk, chunk, __ATOMIC_RELEASE);
    t->newest_chunk = chunk;
  }
  CallNode *node = &chunk->nodes[chunk->used];
  node->parent = parent;
  node->site = site;
  node->index = t->node_count++;
  node->next_check = site == kOtherCallPathsSite ? 0 : g_stop_timing_check_calls;
  node->next_sibling = parent->first_child;
  parent->first_child = node;
  __atomic_store_n(&chunk->used, chunk->used + 1, __ATOMIC_RELEASE);
  __atomic_fetch_add(&g_call_paths, 1, __ATOMIC_RELAXED);
  return node;
}

ThreadState *all_threads() { return __atomic_load_n(&threads_head, __ATOMIC_ACQUIRE); }

ThreadListGuard::ThreadListGuard() { threads_lock.lock(); }
ThreadListGuard::~ThreadListGuard() { threads_lock.unlock(); }

void add_exited_thread_counts(uint64_t *totals, uint32_t site_count) {
  SpinLockGuard guard(threads_lock);
  const uint8_t *max_sites = max_counter_sites();
  if (exited_counts)
    for (uint32_t i = 0; i < site_count; ++i)
      totals[i] = combine_counts(max_sites, i, totals[i], exited_counts[i]);
}

namespace {
struct RuntimeThreadStart {
  void *(*main)(void *);
  void *argument;
};

// The runtime's threads run no program code of their own; what the C library calls on their
// behalf (a program's own malloc) is neither counted nor timed, as under ProgramCodeHidden.
void *runtime_thread_main(void *argument) {
  tls_thread_exited = true;
  __hotline_thread_counters = shared_fallback_counters;
  auto *start = static_cast<RuntimeThreadStart *>(argument);
  return start->main(start->argument);
}
} // namespace

int start_runtime_thread(void *(*main)(void *), const char *name, void *argument) {
  ProgramCodeHidden hidden;
  RuntimeScope scope; // pthread_create's allocations (the thread's TLS) are the runtime's
  auto *start = static_cast<RuntimeThreadStart *>(arena_alloc(sizeof(RuntimeThreadStart)));
  if (!start)
    return ENOMEM;
  *start = {main, argument};
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous); // the new thread inherits this mask
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 256 << 10);
  pthread_t thread;
  int error = pthread_create(&thread, &attr, runtime_thread_main, start);
  pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (error == 0)
    pthread_setname_np(thread, name);
  return error;
}

// (The runtime is built with clang, which has __has_feature.)
#if (defined(__x86_64__) || defined(__aarch64__)) && !__has_feature(address_sanitizer) &&          \
    !__has_feature(thread_sanitizer) && !__has_feature(memory_sanitizer)
#define HOTLINE_HIDDEN_THREADS 1
#endif

namespace {
#if HOTLINE_HIDDEN_THREADS
struct HiddenThreadStart {
  void (*main)();
  const char *name;
};

int hidden_thread_main(void *argument) {
  auto *start = static_cast<HiddenThreadStart *>(argument);
  syscall(SYS_prctl, PR_SET_NAME, start->name, 0, 0, 0);
  start->main();
  return 0;
}
#else
void *pthread_in_place_of_hidden(void *main) {
  tls_in_runtime = true; // everything this thread does is the runtime's
  reinterpret_cast<void (*)()>(main)();
  return nullptr;
}
#endif
} // namespace

int start_hidden_thread(void (*main)(), const char *name) {
#if HOTLINE_HIDDEN_THREADS
  constexpr size_t kStackBytes = 64 << 10, kThreadDataBytes = 64 << 10;
  char *area = static_cast<char *>(reserve_pages(kStackBytes + 2 * kThreadDataBytes));
  if (!area)
    return ENOMEM;
  // The thread pointer in the middle of its zeroed data: x86-64 keeps the C library's
  // thread-local data below it and reads the thread's own address at its first word, AArch64
  // keeps it above.
  char *thread_pointer = area + kStackBytes + kThreadDataBytes;
  *reinterpret_cast<void **>(thread_pointer) = thread_pointer;
  auto *start = reinterpret_cast<HiddenThreadStart *>(thread_pointer + 4096);
  *start = {main, name};
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous); // the thread starts with this mask
  int flags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |
              CLONE_SETTLS;
  int tid =
      clone(hidden_thread_main, area + kStackBytes, flags, start, nullptr, thread_pointer, nullptr);
  int error = tid == -1 ? errno : 0;
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (error)
    release_pages(area, kStackBytes + 2 * kThreadDataBytes);
  return error;
#else
  return start_runtime_thread(pthread_in_place_of_hidden, name, reinterpret_cast<void *>(main));
#endif
}

} // namespace hotline::rt

using namespace hotline::rt;

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(__clang__)
#error "the runtime must be built with clang: the plugin calls it with preserve_most (abi.h)"
#endif

extern "C" HOTLINE_ABI_PRESERVE_MOST uint64_t *__hotline_thread_counters_init(void) {
  ThreadState *t = current_thread();
  if (!__hotline_thread_counters)
    __hotline_thread_counters = t ? t->counters : shared_fallback_counters;
  return __hotline_thread_counters;
}
