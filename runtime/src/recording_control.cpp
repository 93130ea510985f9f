// Stopping and starting the recording, and dumping profiles while the program runs
// (recording_control.h says how the exclusions work).
#include "recording_control.h"

#include "clock.h"
#include "cuda_tracing.h"
#include "heap_tracking.h"
#include "io_tracking.h"
#include "memory.h"
#include "modules.h"
#include "profile_writer.h"
#include "regions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"
#include "sync_tracking.h"

#include <errno.h>
#include <fcntl.h>
#include <iterator>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace hotline::rt {

bool g_recording_stopped = false;
bool g_cuda_profiler_api = false; // HOTLINE_START=cudaProfilerApi

// A thread's exclusions, made at the first stop that finds the thread.
struct Exclusion {
  uint64_t *sites;        // kCounterSlots entries, by global site id
  uint64_t *nodes;        // kNodeFields per call node, by the node's index
  uint32_t node_capacity; // nodes that `nodes` has room for
  uint64_t *regions;      // kRegionFields per region node, then one per counter
};

namespace {

constexpr size_t kSiteExclusionBytes = sizeof(uint64_t) * kCounterSlots;
constexpr size_t kRegionExclusionBytes =
    sizeof(uint64_t) * (size_t(kMaxRegionNodes) * kRegionFields + kMaxRegionCounters);

// The lock of stop, start and the profile writers, and which thread holds it (0: none).
SpinLock g_control_lock;
pid_t g_control_owner = 0;

uint64_t g_stopped_at_ticks = 0; // while stopped: when
bool g_windowed = false;         // the recording was stopped at least once
RecordedWindow g_windows[kMaxWindows];
uint32_t g_window_count = 0;

pid_t current_tid() { return pid_t(syscall(SYS_gettid)); }

// The exclusion of a value, or null where there is none yet (then it is 0).
const uint64_t *site_exclusion(const ThreadState *t, uint32_t site) {
  return t->exclusion ? &t->exclusion->sites[site] : nullptr;
}
const uint64_t *node_exclusion(const ThreadState *t, uint32_t index, uint32_t field) {
  const Exclusion *e = t->exclusion;
  return e && index < e->node_capacity ? &e->nodes[size_t(index) * kNodeFields + field] : nullptr;
}
size_t region_slot(uint32_t index, uint32_t field) { return size_t(index) * kRegionFields + field; }
size_t counter_slot(uint32_t index) { return size_t(kMaxRegionNodes) * kRegionFields + index; }

uint64_t recorded(const uint64_t *exclusion, uint64_t value) {
  uint64_t excluded = exclusion ? *exclusion : 0;
  return recording_stopped() ? uint64_t(0) - excluded : value - excluded;
}

// The thread's exclusions with room for its call nodes; null when memory ran out.
Exclusion *exclusion_of(ThreadState *t) {
  Exclusion *e = t->exclusion;
  if (!e) {
    e = static_cast<Exclusion *>(arena_alloc(sizeof(Exclusion)));
    if (!e)
      return nullptr;
    e->sites = static_cast<uint64_t *>(reserve_pages(kSiteExclusionBytes));
    e->regions = static_cast<uint64_t *>(reserve_pages(kRegionExclusionBytes));
    if (!e->sites || !e->regions) {
      release_pages(e->sites, kSiteExclusionBytes);
      release_pages(e->regions, kRegionExclusionBytes);
      return nullptr;
    }
    t->exclusion = e;
  }
  uint32_t nodes = __atomic_load_n(&t->node_count, __ATOMIC_ACQUIRE);
  if (nodes > e->node_capacity) {
    uint32_t capacity = e->node_capacity ? e->node_capacity : 256;
    while (capacity < nodes)
      capacity *= 2;
    size_t old_bytes = sizeof(uint64_t) * kNodeFields * e->node_capacity;
    size_t new_bytes = sizeof(uint64_t) * kNodeFields * capacity;
    void *grown =
        e->nodes ? resize_pages(e->nodes, old_bytes, new_bytes) : reserve_pages(new_bytes);
    if (!grown)
      return nullptr;
    e->nodes = static_cast<uint64_t *>(grown);
    e->node_capacity = capacity;
  }
  return e;
}

// The place tables: the offsets of each record's counting fields (uint64_t each), and the
// exclusions of each record and field, made at the first stop.
template <typename Record> struct PlaceExclusions {
  PlaceTable<Record> &(*table)();
  const uint32_t *fields;
  uint32_t field_count;
  uint64_t *exclusions; // kPlaceNumbers * field_count
};
constexpr uint32_t kPlaceNumbers =
    PlaceTable<HeapPlace>::kCapacity + 2; // numbers 1 to kCapacity + 1

#define HOTLINE_FIELD(Record, field) uint32_t(offsetof(Record, field))
const uint32_t kHeapFields[] = {
    HOTLINE_FIELD(HeapPlace, own.allocations),    HOTLINE_FIELD(HeapPlace, own.allocated_bytes),
    HOTLINE_FIELD(HeapPlace, own.frees),          HOTLINE_FIELD(HeapPlace, own.freed_bytes),
    HOTLINE_FIELD(HeapPlace, shared.allocations), HOTLINE_FIELD(HeapPlace, shared.allocated_bytes),
    HOTLINE_FIELD(HeapPlace, shared.frees),       HOTLINE_FIELD(HeapPlace, shared.freed_bytes),
    HOTLINE_FIELD(HeapPlace, temporaries),        HOTLINE_FIELD(HeapPlace, temporary_bytes)};
const uint32_t kIoFields[] = {
    HOTLINE_FIELD(IoPlace, reads),       HOTLINE_FIELD(IoPlace, read_bytes),
    HOTLINE_FIELD(IoPlace, read_ticks),  HOTLINE_FIELD(IoPlace, writes),
    HOTLINE_FIELD(IoPlace, write_bytes), HOTLINE_FIELD(IoPlace, write_ticks),
    HOTLINE_FIELD(IoPlace, opens),       HOTLINE_FIELD(IoPlace, open_ticks),
    HOTLINE_FIELD(IoPlace, syncs),       HOTLINE_FIELD(IoPlace, sync_ticks),
    HOTLINE_FIELD(IoPlace, maps),        HOTLINE_FIELD(IoPlace, mapped_bytes),
    HOTLINE_FIELD(IoPlace, map_ticks)};
const uint32_t kSyncFields[] = {HOTLINE_FIELD(SyncPlace, waits),
                                HOTLINE_FIELD(SyncPlace, wait_ticks)};
const uint32_t kGpuSiteFields[] = {HOTLINE_FIELD(GpuSitePlace, calls),
                                   HOTLINE_FIELD(GpuSitePlace, host_ticks)};
#undef HOTLINE_FIELD

PlaceExclusions<HeapPlace> g_heap_exclusions{heap_places, kHeapFields, std::size(kHeapFields),
                                             nullptr};
PlaceExclusions<IoPlace> g_io_exclusions{io_places, kIoFields, std::size(kIoFields), nullptr};
PlaceExclusions<SyncPlace> g_sync_exclusions{sync_places, kSyncFields, std::size(kSyncFields),
                                             nullptr};
PlaceExclusions<GpuSitePlace> g_gpu_site_exclusions{gpu_site_places, kGpuSiteFields,
                                                    std::size(kGpuSiteFields), nullptr};

// A stop subtracts a value from its exclusion, a start adds it.
void move_exclusion(uint64_t &exclusion, uint64_t value, bool start) {
  exclusion = start ? exclusion + value : exclusion - value;
}

template <typename Record> uint64_t &field_of(Record &record, uint32_t offset) {
  return *reinterpret_cast<uint64_t *>(reinterpret_cast<char *>(&record) + offset);
}

template <typename Record> bool move_place_exclusions(PlaceExclusions<Record> &e, bool start) {
  size_t bytes = sizeof(uint64_t) * kPlaceNumbers * e.field_count;
  if (!e.exclusions)
    e.exclusions = static_cast<uint64_t *>(reserve_pages(bytes));
  if (!e.exclusions)
    return false;
  PlaceTable<Record> &table = e.table();
  table.for_each([&](Record &record) {
    uint64_t *x = &e.exclusions[size_t(table.number_of(&record)) * e.field_count];
    for (uint32_t f = 0; f < e.field_count; ++f)
      move_exclusion(x[f], __atomic_load_n(&field_of(record, e.fields[f]), __ATOMIC_RELAXED),
                     start);
  });
  return true;
}

template <typename Record>
Record recorded_place(const PlaceExclusions<Record> &e, const Record &record) {
  Record copy = record;
  const uint64_t *x =
      e.exclusions ? &e.exclusions[size_t(e.table().number_of(&record)) * e.field_count] : nullptr;
  for (uint32_t f = 0; f < e.field_count; ++f) {
    uint64_t value = __atomic_load_n(&field_of(copy, e.fields[f]), __ATOMIC_RELAXED);
    field_of(copy, e.fields[f]) = recorded(x ? &x[f] : nullptr, value);
  }
  return copy;
}

template <typename Record> void forget_place_exclusions(PlaceExclusions<Record> &e) {
  if (e.exclusions)
    memset(e.exclusions, 0, sizeof(uint64_t) * kPlaceNumbers * e.field_count);
}

// Adds (a start) or subtracts (a stop) each of t's values to or from its exclusion.
void move_exclusions(ThreadState *t, bool start) {
  Exclusion *e = exclusion_of(t);
  if (!e) {
    report_problem("out of memory while stopping or starting the recording: thread %d's counts "
                   "of the stopped time stay in",
                   int(t->tid));
    return;
  }
  auto move = [start](uint64_t &exclusion, uint64_t value) {
    move_exclusion(exclusion, value, start);
  };
  bool exited = __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE);
  if (!exited && t->counters) { // an exited thread's counts are in the exited totals already
    const uint8_t *max_sites = max_counter_sites();
    for (uint32_t i = 0, n = registered_site_count(); i < n; ++i)
      if (!max_sites || !max_sites[i]) // a maximum is not a sum: nothing to take out of it
        move(e->sites[i], __atomic_load_n(&t->counters[i], __ATOMIC_RELAXED));
  }
  for_each_node(t, [&](const CallNode &n) {
    if (n.index >= e->node_capacity)
      return; // made after exclusion_of looked
    uint64_t *x = &e->nodes[size_t(n.index) * kNodeFields];
    move(x[kNodeCalls], __atomic_load_n(&n.calls, __ATOMIC_RELAXED));
    move(x[kNodeTicks], __atomic_load_n(&n.inclusive_ticks, __ATOMIC_RELAXED));
    move(x[kNodeWindowCalls], __atomic_load_n(&n.window_calls, __ATOMIC_RELAXED));
    move(x[kNodeWindowTicks], __atomic_load_n(&n.window_ticks, __ATOMIC_RELAXED));
  });
  if (const RegionThread *r = __atomic_load_n(&t->regions, __ATOMIC_ACQUIRE)) {
    for (uint32_t i = 0, n = __atomic_load_n(&r->node_count, __ATOMIC_ACQUIRE); i < n; ++i) {
      const RegionNode &node = r->nodes[i];
      const uint64_t values[kRegionFields] = {node.entries,      node.inclusive_ticks,
                                              node.io_ticks,     node.sync_ticks,
                                              node.memory_ticks, node.gpu_ticks};
      for (uint32_t f = 0; f < kRegionFields; ++f)
        move(e->regions[region_slot(i, f)], values[f]);
    }
    for (uint32_t i = 0, n = __atomic_load_n(&r->counter_count, __ATOMIC_ACQUIRE); i < n; ++i)
      move(e->regions[counter_slot(i)], r->counters[i].value);
  }
}

// At a start, the calls and regions of t still open: those opened before the stop leave the
// stopped span out of their time, those opened while stopped start now. The thread may be
// changing its frames meanwhile: a start that it replaced at once is left as it is.
void move_open_starts(ThreadState *t, uint64_t stopped_at, uint64_t now) {
  auto move = [&](uint64_t *start) {
    uint64_t old = __atomic_load_n(start, __ATOMIC_RELAXED);
    uint64_t moved = old < stopped_at ? old + (now - stopped_at) : old < now ? now : old;
    __atomic_compare_exchange_n(start, &old, moved, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  };
  if (__atomic_load_n(&t->exited, __ATOMIC_ACQUIRE) || !t->frames)
    return;
  uint32_t depth = __atomic_load_n(&t->depth, __ATOMIC_RELAXED);
  for (uint32_t d = 0; d < depth && d < kMaxStackDepth; ++d)
    move(&t->frames[d].start_ticks);
  if (RegionThread *r = __atomic_load_n(&t->regions, __ATOMIC_ACQUIRE)) {
    uint32_t open = __atomic_load_n(&r->depth, __ATOMIC_RELAXED);
    for (uint32_t d = 0; d < open && d < kMaxRegionDepth; ++d)
      move(&r->start_ticks[d]);
  }
}

// Stops (start false) or starts the recording, unless it is so already.
void set_recording(bool start) {
  RuntimeScope scope;
  RecordingControlGuard guard;
  if (recording_stopped() != start)
    return;
  uint64_t now = now_ticks();
  if (!move_place_exclusions(g_heap_exclusions, start) ||
      !move_place_exclusions(g_io_exclusions, start) ||
      !move_place_exclusions(g_sync_exclusions, start) ||
      !move_place_exclusions(g_gpu_site_exclusions, start))
    report_problem("out of memory while stopping or starting the recording: the heap, I/O, "
                   "waits and CUDA calls of the stopped time may stay in");
  {
    ThreadListGuard threads; // a thread's retirement reads its exclusions and the state
    for (ThreadState *t = all_threads(); t; t = t->next) {
      move_exclusions(t, start);
      if (start)
        move_open_starts(t, g_stopped_at_ticks, now);
    }
    __atomic_store_n(&g_recording_stopped, !start, __ATOMIC_RELAXED);
  }
  if (start) {
    if (g_window_count < kMaxWindows)
      g_windows[g_window_count++] = {now, 0};
    else
      g_windows[kMaxWindows - 1].end_ticks = 0; // the last window spans the rest
  } else {
    g_windowed = true;
    g_stopped_at_ticks = now;
    if (g_window_count > 0)
      g_windows[g_window_count - 1].end_ticks = now;
  }
}

// Seconds as HOTLINE_DELAY and HOTLINE_DURATION take them: a decimal number, at least 0, at most
// a year. Returns false for anything else.
bool parse_seconds(const char *text, uint64_t *ns) {
  char *end = nullptr;
  errno = 0;
  double seconds = text[0] >= '0' && text[0] <= '9' ? strtod(text, &end) : -1;
  if (!end || *end != '\0' || errno != 0 || !(seconds >= 0) || seconds > 366 * 86400.0)
    return false;
  *ns = uint64_t(seconds * 1e9 + 0.5);
  return true;
}

// HOTLINE_START=nvtx:NAME (and cudaProfilerApi: g_cuda_profiler_api).
const char *g_capture_name = nullptr; // NAME
uint32_t g_open_captures = 0;         // NVTX capture ranges open now, all threads

// HOTLINE_DELAY and HOTLINE_DURATION: a thread that starts the recording when the delay has
// passed and stops it when the duration has.
uint64_t g_delay_ns = 0, g_duration_ns = 0;

void sleep_until(uint64_t mono_ns) {
  timespec at{time_t(mono_ns / 1000000000), long(mono_ns % 1000000000)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nullptr) == EINTR) {
  }
}

// The duration counts from the start as it happened, however late the thread woke for it.
void *recording_timer_main(void *) {
  sleep_until(runtime_start_clock().mono_ns + g_delay_ns);
  start_recording();
  if (g_duration_ns) {
    sleep_until(read_clock_pair().mono_ns + g_duration_ns);
    stop_recording();
  }
  return nullptr;
}

// HOTLINE_DUMP_SIGNAL: the handler writes a byte into a pipe, which a thread of the runtime
// reads, and dumps (a profile cannot be written inside a handler: it allocates and takes locks).
int g_dump_signal = 0;
int g_dump_pipe[2] = {-1, -1};

void on_dump_signal(int) {
  int saved_errno = errno;
  char byte = 0;
  ssize_t ignored = write(g_dump_pipe[1], &byte, 1); // a full pipe has dumps waiting already
  (void)ignored;
  errno = saved_errno;
}

void *dump_thread_main(void *) {
  char bytes[64];
  for (;;) {
    ssize_t n = read(g_dump_pipe[0], bytes, sizeof bytes);
    if (n > 0)
      dump_profile(); // signals that came while it dumped are one dump
    else if (n == 0 || errno != EINTR)
      return nullptr;
  }
}

bool start_dump_thread() {
  if (pipe2(g_dump_pipe, O_CLOEXEC) != 0)
    return false;
  fcntl(g_dump_pipe[1], F_SETFL, O_NONBLOCK);
  if (start_runtime_thread(dump_thread_main, "hotline-dump") != 0) {
    close(g_dump_pipe[0]);
    close(g_dump_pipe[1]);
    g_dump_pipe[0] = g_dump_pipe[1] = -1;
    return false;
  }
  return true;
}

// A signal's number from "USR1", "SIGUSR1" or "10"; 0 for anything else, and for the signals
// that a dump cannot take: those that cannot be caught, those that report a fault, those after
// which the runtime writes the last profile (fatal_signals.h: TERM, INT, HUP, QUIT), and
// SIGPROF, which the runtime samples with.
int parse_dump_signal(const char *text) {
  struct Named {
    const char *name;
    int number;
  };
  static const Named kSignals[] = {
      {"USR1", SIGUSR1},     {"USR2", SIGUSR2},   {"PIPE", SIGPIPE}, {"ALRM", SIGALRM},
      {"CHLD", SIGCHLD},     {"CONT", SIGCONT},   {"TSTP", SIGTSTP}, {"TTIN", SIGTTIN},
      {"TTOU", SIGTTOU},     {"URG", SIGURG},     {"XCPU", SIGXCPU}, {"XFSZ", SIGXFSZ},
      {"VTALRM", SIGVTALRM}, {"WINCH", SIGWINCH}, {"IO", SIGIO},     {"PWR", SIGPWR}};
  const char *name = strncmp(text, "SIG", 3) == 0 ? text + 3 : text;
  for (const Named &s : kSignals)
    if (strcmp(name, s.name) == 0)
      return s.number;
  char *end = nullptr;
  long number = text[0] >= '1' && text[0] <= '9' ? strtol(text, &end, 10) : 0;
  if (!end || *end != '\0')
    return 0;
  for (const Named &s : kSignals)
    if (number == s.number)
      return s.number;
  return number >= SIGRTMIN && number <= SIGRTMAX ? int(number) : 0;
}

} // namespace

RecordingControlGuard::RecordingControlGuard() {
  pid_t self = current_tid();
  taken_ = __atomic_load_n(&g_control_owner, __ATOMIC_RELAXED) != self;
  if (taken_) {
    g_control_lock.lock();
    __atomic_store_n(&g_control_owner, self, __ATOMIC_RELAXED);
  }
}

RecordingControlGuard::~RecordingControlGuard() {
  if (taken_) {
    __atomic_store_n(&g_control_owner, 0, __ATOMIC_RELAXED);
    g_control_lock.unlock();
  }
}

void cuda_profiler_api_called(bool start) {
  if (g_cuda_profiler_api)
    set_recording(start);
}

bool is_capture_range(const char *name) {
  return g_capture_name && name && strcmp(name, g_capture_name) == 0;
}

// The count changes under the control lock, with the start or stop it makes: a close and an
// open on two threads cannot leave the recording stopped inside an open range.
void open_capture_range() {
  RecordingControlGuard guard;
  if (g_open_captures++ == 0)
    set_recording(true);
}

void close_capture_range() {
  RecordingControlGuard guard;
  if (g_open_captures > 0 && --g_open_captures == 0)
    set_recording(false);
}

void stop_recording() { set_recording(false); }
void start_recording() { set_recording(true); }

bool recording_windowed() { return g_windowed; }

uint32_t recorded_windows(uint64_t now, RecordedWindow *windows) {
  for (uint32_t i = 0; i < g_window_count; ++i) {
    windows[i] = g_windows[i];
    if (windows[i].end_ticks == 0)
      windows[i].end_ticks = now;
  }
  return g_window_count;
}

uint64_t recording_end_ticks(uint64_t now) {
  return recording_stopped() ? g_stopped_at_ticks : now;
}

uint64_t recorded_site_count(const ThreadState *t, uint32_t site, uint64_t value) {
  const uint8_t *max_sites = max_counter_sites();
  if (max_sites && max_sites[site])
    return value;
  return recorded(site_exclusion(t, site), value);
}

uint64_t recorded_node_value(const ThreadState *t, uint32_t node_index, NodeField field,
                             uint64_t value) {
  return recorded(node_exclusion(t, node_index, field), value);
}

uint64_t recorded_region_value(const ThreadState *t, uint32_t region_index, RegionField field,
                               uint64_t value) {
  const Exclusion *e = t->exclusion;
  return recorded(e ? &e->regions[region_slot(region_index, field)] : nullptr, value);
}

uint64_t recorded_counter_value(const ThreadState *t, uint32_t counter_index, uint64_t value) {
  const Exclusion *e = t->exclusion;
  return recorded(e ? &e->regions[counter_slot(counter_index)] : nullptr, value);
}

HeapPlace recorded_heap_place(const HeapPlace &place) {
  return recorded_place(g_heap_exclusions, place);
}
IoPlace recorded_io_place(const IoPlace &place) { return recorded_place(g_io_exclusions, place); }
SyncPlace recorded_sync_place(const SyncPlace &place) {
  return recorded_place(g_sync_exclusions, place);
}
GpuSitePlace recorded_gpu_site_place(const GpuSitePlace &place) {
  return recorded_place(g_gpu_site_exclusions, place);
}

void recording_control_after_fork(bool counts_start_at_fork) {
  if (counts_start_at_fork) { // the places' counts start from zero in the child too
    forget_place_exclusions(g_heap_exclusions);
    forget_place_exclusions(g_io_exclusions);
    forget_place_exclusions(g_sync_exclusions);
    forget_place_exclusions(g_gpu_site_exclusions);
  }
  // Only the forking thread runs in the child, and its counts, call trees and regions start
  // from zero (threads.cpp, regions.cpp): so do their exclusions.
  for (ThreadState *t = all_threads(); t && counts_start_at_fork; t = t->next)
    if (Exclusion *e = t->exclusion) {
      memset(e->sites, 0, kSiteExclusionBytes);
      if (e->nodes)
        memset(e->nodes, 0, sizeof(uint64_t) * kNodeFields * e->node_capacity);
      if (e->regions)
        memset(e->regions, 0, kRegionExclusionBytes);
    }
  if (g_dump_signal) {
    close(g_dump_pipe[0]);
    close(g_dump_pipe[1]);
    if (!start_dump_thread())
      report_problem("cannot start the thread of HOTLINE_DUMP_SIGNAL in process %d: %s",
                     int(getpid()), strerror(errno));
  }
}

void recording_control_init(const ControlOptions &options) {
  hold_across_fork<g_control_lock>(); // after the threads lock's: taken before it at a fork
  bool paused = false;
  if (const char *start = options.start; start && strcmp(start, "now") != 0) {
    if (strcmp(start, "paused") == 0)
      paused = true;
    else if (strcmp(start, "cudaProfilerApi") == 0)
      paused = g_cuda_profiler_api = true;
    else if (strncmp(start, "nvtx:", 5) == 0 && start[5])
      paused = true, g_capture_name = start + 5;
    else
      report_problem("HOTLINE_START=%s is not now, paused, cudaProfilerApi or nvtx:NAME; using now",
                     start);
  }
  if (options.delay && !parse_seconds(options.delay, &g_delay_ns))
    report_problem("HOTLINE_DELAY=%s is not a number of seconds from 0 to 31622400; using 0",
                   options.delay);
  if (options.duration && (!parse_seconds(options.duration, &g_duration_ns) || !g_duration_ns)) {
    report_problem("HOTLINE_DURATION=%s is not a number of seconds above 0, at most 31622400; "
                   "recording to the end",
                   options.duration);
    g_duration_ns = 0;
  }
  g_window_count = 1;
  g_windows[0] = {runtime_start_clock().ticks, 0};
  bool timed = g_delay_ns > 0 || g_duration_ns > 0;
  if (paused && timed) {
    report_problem("HOTLINE_START=%s leaves starting to the program: HOTLINE_DELAY and "
                   "HOTLINE_DURATION are not used",
                   options.start);
    timed = false;
  }
  if (paused || g_delay_ns > 0) {
    // Stopped at the runtime's start: nothing was counted yet, so the exclusions stay empty.
    g_windowed = true;
    g_stopped_at_ticks = runtime_start_clock().ticks;
    g_window_count = 0;
    __atomic_store_n(&g_recording_stopped, true, __ATOMIC_RELAXED);
  }
  if (timed && start_runtime_thread(recording_timer_main, "hotline-timer") != 0)
    report_problem("cannot start the thread of HOTLINE_DELAY and HOTLINE_DURATION: %s",
                   strerror(errno));
  if (options.dump_signal && strcmp(options.dump_signal, "none") != 0) {
    int signal = parse_dump_signal(options.dump_signal);
    struct sigaction action{};
    action.sa_handler = on_dump_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (!signal)
      report_problem("HOTLINE_DUMP_SIGNAL=%s is not a signal a dump can take (USR1, SIGUSR2, 10, "
                     "none; not KILL, STOP, PROF, TERM, INT, HUP, QUIT or a fault's); none used",
                     options.dump_signal);
    else if (!start_dump_thread() || sigaction(signal, &action, nullptr) != 0)
      report_problem("cannot set up HOTLINE_DUMP_SIGNAL=%s: %s", options.dump_signal,
                     strerror(errno));
    else
      g_dump_signal = signal;
  }
}

} // namespace hotline::rt

using namespace hotline::rt;

extern "C" void __hotline_start(void) {
  runtime_init();
  start_recording();
}

extern "C" void __hotline_stop(void) {
  runtime_init();
  stop_recording();
}

extern "C" void __hotline_dump(void) {
  runtime_init();
  dump_profile();
}

extern "C" void __hotline_write_profile(void) {
  runtime_init();
  write_profile();
}
