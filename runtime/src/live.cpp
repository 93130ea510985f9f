// The live view's thread: every HOTLINE_LIVE_MS it sums what the threads have recorded so far
// (exact counts, call trees, regions, the heap) into a snapshot, publishes it in <pid>.live for
// `hotline top`, and checks the HOTLINE_ALERT rules. It runs no program code, takes no signals,
// never calls malloc (its scratch memory is mmap'd: reserved at start, and grown with the
// largest call tree), and takes no lock that the program's threads take on their hot path.
#include "live.h"

#include "alerts.h"
#include "clock.h"
#include "cuda_tracing.h"
#include "heap_tracking.h"
#include "job.h"
#include "memory.h"
#include "modules.h"
#include "regions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "threads.h"
#include "timing_cost.h"

#include <hotline/live_format.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

namespace hotline::rt {

namespace {

pid_t g_owner_pid = 0; // the process that runs the live thread

// --- Reading memory that may be unmapped meanwhile ---

// A thread that exits releases its counters and its stack of open calls, and dlclose unmaps a
// module's site table. Copied by the kernel (process_vm_readv), a read of memory that is gone
// fails instead of faulting. Returns the bytes copied.
size_t copy_from_process(void *to, const void *from, size_t bytes) {
  iovec local{to, bytes}, remote{const_cast<void *>(from), bytes};
  ssize_t n = process_vm_readv(g_owner_pid, &local, 1, &remote, 1, 0);
  return n < 0 ? 0 : size_t(n);
}

bool copy_all_from_process(void *to, const void *from, size_t bytes) {
  return bytes == 0 || copy_from_process(to, from, bytes) == bytes;
}

// The string at `from`, cut to `capacity` bytes with its NUL; "" when unreadable. Copied a page
// at a time: a string may end just before a page that is not mapped.
void copy_string_from_process(char *to, size_t capacity, const char *from) {
  size_t got = 0;
  while (from && got + 1 < capacity) {
    size_t page_left = 4096 - (reinterpret_cast<uintptr_t>(from + got) & 4095);
    size_t want = page_left < capacity - 1 - got ? page_left : capacity - 1 - got;
    size_t n = copy_from_process(to + got, from + got, want);
    got += n;
    if (n < want || memchr(to + got - n, '\0', n))
      break;
  }
  to[got] = '\0';
}

const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

// --- State ---

constexpr uint32_t kMaxRegionNames = 1u << 13; // regions.cpp interns at most this many names
constexpr uint32_t kMaxOpenFrames = 1024;      // outermost open calls of a thread given time
constexpr uint32_t kMaxChunks = 1u << 14;      // node chunks of one thread that open calls are
                                               // looked up in (4096 nodes each, at most)

// What the live view keeps of each site, read once from its module's table.
struct SiteFacts {
  uint32_t function; // the enclosing function's global site id
  uint32_t same_as;  // functions: 1 + the site its figures go to (below); 0 until identified
  uint16_t rules;    // bit i: function rule i names it
  uint8_t kind;      // HOTLINE_ABI_SITE_*; 0 while unknown
  uint8_t reserved;
};

// A function's identity, as the reports tell functions apart: a hash of its linkage name,
// file and line, and the first site found with it.
struct IdentitySlot {
  uint64_t hash; // 0: empty
  uint32_t site;
  uint32_t reserved;
};
constexpr uint32_t kIdentitySlots = 1u << 21;

// Sums over every thread, by site (calls) and by function site (times).
struct SiteTotals {
  uint64_t calls;
  uint64_t self_ticks;
  uint64_t total_ticks;
  uint64_t timed_calls;  // of a function: the calls its nodes timed (see sum_timed_calls)
  uint64_t window_calls; // of those, the calls timed in re-timing windows (timing_policy.h)
};

// One call node of the thread being read, by its index (creation order, parents first).
struct NodeRow {
  uint32_t parent;
  uint32_t function;
  uint64_t inclusive_ticks;
  uint64_t children_ticks;
  uint64_t calls;        // timed
  uint64_t window_calls; // of those, the calls timed in re-timing windows, and their ticks
  uint64_t window_ticks;
  bool timing_stopped; // a function's node, whose later calls were counted only
};

// Times by function and by region name, summed over some threads.
struct Sums {
  SiteTotals *sites;      // kMaxSites; `calls` is used in the snapshot's only
  uint64_t *region_ticks; // kMaxRegionNames
  uint64_t *region_entries;
};

struct ChunkRange {
  const CallNode *nodes;
  uint32_t count;
  uint32_t first_index;
};

// Scratch memory, reserved at start (untouched pages cost nothing) or grown with the trees.
struct Scratch {
  SiteFacts *facts;         // kMaxSites
  IdentitySlot *identities; // kIdentitySlots
  Sums now;                 // the snapshot's: every thread
  Sums ended;               // the threads that had ended at an earlier snapshot (below)
  uint64_t *counters;       // kMaxSites: one thread's counters, copied
  uint32_t *open_calls;     // kMaxSites: open nodes of each function on the walked path
  uint16_t *region_rules;   // kMaxRegionNames: bit i: region rule i names it
  Frame *frames;            // kMaxOpenFrames
  ChunkRange *chunks;       // kMaxChunks
  // Per node of the thread being read; `node_capacity` entries each.
  NodeRow *rows;
  uint32_t *first_child; // node_capacity + 1
  uint32_t *children;
  uint32_t *next_child;
  uint32_t *path;
  uint32_t node_capacity;
};

LiveOptions g_options;
bool g_started = false;                     // live_init started the thread
bool g_stopped = false;                     // live_stop ran: no more snapshots or alerts
bool g_publishing = false;                  // a lock: the thread's writes against live_stop's
hotline_live_snapshot *g_mapping = nullptr; // the live file, shared
char g_path[4096];
hotline_live_snapshot g_next; // the snapshot being assembled
Scratch g_scratch;
AlertRule g_rules[kMaxAlertRules];
uint32_t g_rule_count = 0;
uint32_t g_modules_read = 0;       // modules whose sites are in g_scratch.facts
uint32_t g_region_names_read = 0;  // region names matched against the rules
uint32_t g_region_names_bound = 0; // region names ever summed: those to zero
// Threads are listed newest first and never leave the list; an ended thread's records no
// longer change. So the oldest threads, from g_ended_from on, all ended, are summed once into
// g_scratch.ended, and a snapshot reads only the threads before them: a program that has
// started a million short threads is not read again a million times.
ThreadState *g_ended_from = nullptr;
uint32_t g_ended_count = 0;

template <typename T> T *reserve_array(size_t count) {
  return static_cast<T *>(reserve_pages(sizeof(T) * count));
}

bool reserve_scratch() {
  Scratch &s = g_scratch;
  s.facts = reserve_array<SiteFacts>(kMaxSites);
  s.identities = reserve_array<IdentitySlot>(kIdentitySlots);
  Sums *both[] = {&s.now, &s.ended};
  for (Sums *sums : both) {
    sums->sites = reserve_array<SiteTotals>(kMaxSites);
    sums->region_ticks = reserve_array<uint64_t>(kMaxRegionNames);
    sums->region_entries = reserve_array<uint64_t>(kMaxRegionNames);
    if (!sums->sites || !sums->region_ticks || !sums->region_entries)
      return false;
  }
  s.counters = reserve_array<uint64_t>(kMaxSites);
  s.open_calls = reserve_array<uint32_t>(kMaxSites);
  s.region_rules = reserve_array<uint16_t>(kMaxRegionNames);
  s.frames = reserve_array<Frame>(kMaxOpenFrames);
  s.chunks = reserve_array<ChunkRange>(kMaxChunks);
  return s.facts && s.identities && s.counters && s.open_calls && s.region_rules && s.frames &&
         s.chunks;
}

// Room for `count` nodes in the per-node arrays; false when out of memory.
bool reserve_nodes(uint32_t count) {
  Scratch &s = g_scratch;
  if (count <= s.node_capacity)
    return true;
  uint32_t capacity = s.node_capacity ? s.node_capacity : 1024;
  while (capacity < count)
    capacity *= 2;
  release_pages(s.rows, sizeof(NodeRow) * s.node_capacity);
  release_pages(s.first_child, sizeof(uint32_t) * (s.node_capacity + 1));
  release_pages(s.children, sizeof(uint32_t) * s.node_capacity);
  release_pages(s.next_child, sizeof(uint32_t) * s.node_capacity);
  release_pages(s.path, sizeof(uint32_t) * s.node_capacity);
  s.rows = reserve_array<NodeRow>(capacity);
  s.first_child = reserve_array<uint32_t>(capacity + 1);
  s.children = reserve_array<uint32_t>(capacity);
  s.next_child = reserve_array<uint32_t>(capacity);
  s.path = reserve_array<uint32_t>(capacity);
  s.node_capacity = s.rows && s.first_child && s.children && s.next_child && s.path ? capacity : 0;
  return s.node_capacity != 0;
}

// --- Sites: their kinds, functions and names ---

// Reads the site tables of the modules registered since the last call.
void read_new_modules() {
  for (uint32_t count = module_count(); g_modules_read < count; ++g_modules_read) {
    const ModuleEntry &m = module_at(g_modules_read);
    __hotline_site batch[64];
    for (uint32_t first = 0; first < m.site_count; first += 64) {
      uint32_t n = m.site_count - first < 64 ? m.site_count - first : 64;
      const __hotline_site *sites = __atomic_load_n(&m.sites, __ATOMIC_ACQUIRE);
      if (!sites || !copy_all_from_process(batch, sites + first, sizeof batch[0] * n))
        continue; // names lost, or unloaded this instant: these sites stay unknown
      for (uint32_t i = 0; i < n; ++i) {
        SiteFacts &f = g_scratch.facts[m.site_base + first + i];
        f.kind = uint8_t(batch[i].kind);
        f.function = batch[i].function < m.site_count ? m.site_base + batch[i].function
                                                      : m.site_base + first + i;
        if (f.kind != HOTLINE_ABI_SITE_FUNCTION)
          continue;
        char name[kMaxAlertNameBytes + 2] = "";
        for (uint32_t r = 0; r < g_rule_count; ++r) {
          if (g_rules[r].kind != AlertKind::Function)
            continue;
          if (!name[0])
            copy_string_from_process(name, sizeof name, __hotline_site_text(sites, batch[i].name));
          if (alert_names_function(g_rules[r], name))
            f.rules |= uint16_t(1u << r);
        }
      }
    }
  }
}

// The module that holds a global site id.
const ModuleEntry *module_of(uint32_t site) {
  uint32_t count = module_count();
  if (count == 0)
    return nullptr;
  uint32_t low = 0, high = count;
  while (high - low > 1) {
    uint32_t middle = low + (high - low) / 2;
    (module_at(middle).site_base <= site ? low : high) = middle;
  }
  const ModuleEntry &m = module_at(low);
  return site - m.site_base < m.site_count ? &m : nullptr;
}

void describe_function(uint32_t site, hotline_live_function &row) {
  memset(&row, 0, sizeof row);
  row.site = site;
  row.calls = g_scratch.now.sites[site].calls;
  row.flags = timing_stopped(site) ? HOTLINE_LIVE_TIMING_STOPPED : 0;
  const ModuleEntry *m = module_of(site);
  const __hotline_site *sites = m ? __atomic_load_n(&m->sites, __ATOMIC_ACQUIRE) : nullptr;
  __hotline_site entry;
  if (!sites || !copy_all_from_process(&entry, sites + (site - m->site_base), sizeof entry))
    return;
  copy_string_from_process(row.name, sizeof row.name, __hotline_site_text(sites, entry.name));
  char file[512];
  copy_string_from_process(file, sizeof file, __hotline_site_text(sites, entry.file));
  strncpy(row.file, base_name(file), sizeof row.file - 1);
  row.line = entry.line;
}

uint64_t hash_text(uint64_t h, const char *text) {
  for (; *text; ++text)
    h = (h ^ uint8_t(*text)) * 0x100000001b3u; // FNV-1a
  return (h ^ 0xff) * 0x100000001b3u;          // and an end that no text has
}

// The first site of the function that `site` is, as far as the reports tell: a function
// compiled into several modules (an inline or template function from a header, a library
// loaded again) has a site in each, and the live view shows it once, as the reports do.
uint32_t first_site_of_same_function(uint32_t site) {
  const ModuleEntry *m = module_of(site);
  const __hotline_site *sites = m ? __atomic_load_n(&m->sites, __ATOMIC_ACQUIRE) : nullptr;
  __hotline_site entry;
  if (!sites || !copy_all_from_process(&entry, sites + (site - m->site_base), sizeof entry))
    return site;
  char text[1024];
  copy_string_from_process(text, sizeof text, __hotline_site_text(sites, entry.linkage_name));
  if (!text[0])
    copy_string_from_process(text, sizeof text, __hotline_site_text(sites, entry.name));
  uint64_t h = hash_text(0xcbf29ce484222325u, text);
  copy_string_from_process(text, sizeof text, __hotline_site_text(sites, entry.file));
  if (!text[0]) // without debug info: the translation unit, as the reports
    copy_string_from_process(text, sizeof text, m->source_file);
  h = hash_text(h, text);
  h = (h ^ entry.line) * 0x100000001b3u;
  h |= 1; // never 0, the empty slot's
  for (uint32_t i = uint32_t(h >> 32) & (kIdentitySlots - 1), probes = 0; probes < 64;
       i = (i + 1) & (kIdentitySlots - 1), ++probes) {
    IdentitySlot &slot = g_scratch.identities[i];
    if (slot.hash == h)
      return slot.site;
    if (slot.hash == 0) {
      slot = {h, site, 0};
      return site;
    }
  }
  return site; // a crowded neighbourhood: the site stays its own
}

uint32_t same_function(uint32_t site) {
  uint32_t same_as = g_scratch.facts[site].same_as;
  return same_as ? same_as - 1 : site;
}

// Identifies the functions called since the last snapshot, and moves the calls of each
// function's other sites to its first.
void merge_same_functions(uint32_t site_count) {
  Scratch &s = g_scratch;
  for (uint32_t i = 0; i < site_count; ++i) {
    SiteFacts &f = s.facts[i];
    if (!f.same_as && f.kind == HOTLINE_ABI_SITE_FUNCTION && s.now.sites[i].calls)
      f.same_as = first_site_of_same_function(i) + 1;
    uint32_t same = same_function(i);
    if (same != i) {
      s.now.sites[same].calls += s.now.sites[i].calls;
      s.now.sites[i].calls = 0;
    }
  }
}

// --- Summing the threads ---

uint32_t exited_thread_count() {
  uint32_t n = g_ended_count;
  for (ThreadState *t = all_threads(); t != g_ended_from; t = t->next)
    n += __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE);
  return n;
}

// Exact calls: the ended threads' sums plus each running thread's counters. A thread that ends
// while they are read would be counted twice or not at all, so then they are read again.
void sum_calls(uint32_t site_count) {
  const uint8_t *max_sites = max_counter_sites();
  for (int attempt = 0; attempt < 4; ++attempt) {
    uint32_t exited = exited_thread_count();
    for (uint32_t i = 0; i < site_count; ++i)
      g_scratch.counters[i] = 0;
    add_exited_thread_counts(g_scratch.counters, site_count);
    SiteTotals *sites = g_scratch.now.sites;
    for (uint32_t i = 0; i < site_count; ++i)
      sites[i].calls = g_scratch.counters[i];
    for (ThreadState *t = all_threads(); t != g_ended_from; t = t->next) {
      uint64_t *counters = __atomic_load_n(&t->counters, __ATOMIC_RELAXED);
      if (__atomic_load_n(&t->exited, __ATOMIC_ACQUIRE) || !counters ||
          !copy_all_from_process(g_scratch.counters, counters, sizeof(uint64_t) * site_count))
        continue;
      for (uint32_t i = 0; i < site_count; ++i)
        sites[i].calls = combine_counts(max_sites, i, sites[i].calls, g_scratch.counters[i]);
    }
    if (exited_thread_count() == exited)
      return;
  }
}

// The index of `node` among the thread's nodes read, or 0 (the root) when it is not one of them.
uint32_t index_of(const CallNode *node, uint32_t chunk_count) {
  for (uint32_t c = 0; c < chunk_count; ++c) {
    const ChunkRange &range = g_scratch.chunks[c];
    uintptr_t offset = reinterpret_cast<uintptr_t>(node) - reinterpret_cast<uintptr_t>(range.nodes);
    if (offset < sizeof(CallNode) * range.count && offset % sizeof(CallNode) == 0)
      return range.first_index + uint32_t(offset / sizeof(CallNode));
  }
  return 0;
}

// The calls each function's nodes timed, every thread's (the ended threads' summed when
// they were read last), for estimate_stopped_calls.
void sum_timed_calls(uint32_t site_count) {
  Scratch &s = g_scratch;
  for (uint32_t i = 0; i < site_count; ++i) {
    s.now.sites[i].timed_calls = s.ended.sites[i].timed_calls;
    s.now.sites[i].window_calls = s.ended.sites[i].window_calls;
  }
  for (ThreadState *t = all_threads(); t != g_ended_from; t = t->next)
    for (const NodeChunk *c = __atomic_load_n(&t->oldest_chunk, __ATOMIC_ACQUIRE); c;
         c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE)) {
      uint32_t used = __atomic_load_n(&c->used, __ATOMIC_ACQUIRE);
      for (uint32_t i = 0; i < used; ++i) {
        uint32_t site = c->nodes[i].site;
        if (site < site_count && s.facts[site].kind == HOTLINE_ABI_SITE_FUNCTION) {
          uint32_t function = same_function(s.facts[site].function);
          if (function < site_count) {
            s.now.sites[function].timed_calls +=
                __atomic_load_n(&c->nodes[i].calls, __ATOMIC_RELAXED);
            s.now.sites[function].window_calls +=
                __atomic_load_n(&c->nodes[i].window_calls, __ATOMIC_RELAXED);
          }
        }
      }
    }
}

// A function whose timing stopped has its later calls counted only, and their time is in
// the self time of the nodes that called them. As the reports estimate them
// (tools/hotline/analysis/timing_cost.h), each node of it gets its share of the untimed
// calls at its mean (less what timing one call costs, and at least what an untimed call of an
// empty function costs), taken from its parent's self time, never more than that holds: the
// share and the mean of its calls in re-timing windows when the function has
// HOTLINE_MIN_WINDOW_CALLS of them, else of all its timed calls. Needs the rows' inclusive and
// children's times; parents first.
void estimate_stopped_calls(uint32_t n) {
  Scratch &s = g_scratch;
  for (uint32_t i = 1; i < n; ++i) {
    NodeRow &row = s.rows[i];
    if (!row.timing_stopped)
      continue;
    const SiteTotals &function = s.now.sites[row.function];
    bool from_windows = function.window_calls >= HOTLINE_MIN_WINDOW_CALLS;
    uint64_t sample_calls = from_windows ? row.window_calls : row.calls;
    uint64_t sample_ticks = from_windows ? row.window_ticks : row.inclusive_ticks;
    uint64_t site_sample = from_windows ? function.window_calls : function.timed_calls;
    if (sample_calls == 0 || function.calls <= function.timed_calls)
      continue;
    double calls =
        double(function.calls - function.timed_calls) * double(sample_calls) / double(site_sample);
    double mean = double(sample_ticks) / double(sample_calls) - timing_cost().self_ticks;
    if (mean < timing_cost().untimed_call_ticks)
      mean = timing_cost().untimed_call_ticks;
    NodeRow &parent = s.rows[row.parent];
    uint64_t parent_self = parent.inclusive_ticks > parent.children_ticks
                               ? parent.inclusive_ticks - parent.children_ticks
                               : 0;
    uint64_t ticks = mean > 0 ? uint64_t(mean * calls) : 0;
    ticks = ticks < parent_self ? ticks : parent_self;
    row.inclusive_ticks += ticks;
    parent.children_ticks += ticks;
  }
}

// Adds a thread's call tree to the functions' self and total times. Calls still open get their
// time so far (the outermost kMaxOpenFrames). A function's total counts its outermost calls
// only: a recursive call's time is inside its caller's.
void sum_call_tree(ThreadState *t, uint32_t site_count, uint64_t now, Sums &into) {
  Scratch &s = g_scratch;
  uint32_t count = 1, chunk_count = 0;
  for (const NodeChunk *c = __atomic_load_n(&t->oldest_chunk, __ATOMIC_ACQUIRE); c;
       c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE))
    count += __atomic_load_n(&c->used, __ATOMIC_ACQUIRE);
  if (count == 1 || !reserve_nodes(count))
    return;
  // The nodes, as far as `count` (more may have been added since).
  s.rows[0] = {0, UINT32_MAX, 0, 0, 0, 0, 0, false};
  uint32_t n = 1;
  for (const NodeChunk *c = __atomic_load_n(&t->oldest_chunk, __ATOMIC_ACQUIRE); c && n < count;
       c = __atomic_load_n(&c->next, __ATOMIC_ACQUIRE)) {
    uint32_t used = __atomic_load_n(&c->used, __ATOMIC_ACQUIRE);
    if (used > count - n)
      used = count - n;
    if (chunk_count < kMaxChunks)
      s.chunks[chunk_count++] = {c->nodes, used, n};
    for (uint32_t i = 0; i < used; ++i, ++n) {
      const CallNode &node = c->nodes[i];
      uint32_t parent = __atomic_load_n(&node.parent->index, __ATOMIC_RELAXED);
      uint32_t site = node.site;
      uint32_t function =
          site < site_count && s.facts[site].kind ? same_function(s.facts[site].function) : site;
      bool of_function = site < site_count && s.facts[site].kind == HOTLINE_ABI_SITE_FUNCTION &&
                         function < site_count;
      uint64_t calls = __atomic_load_n(&node.calls, __ATOMIC_RELAXED);
      uint64_t window_calls = __atomic_load_n(&node.window_calls, __ATOMIC_RELAXED);
      s.rows[n] = {parent < n ? parent : 0,
                   function < site_count ? function : UINT32_MAX,
                   __atomic_load_n(&node.inclusive_ticks, __ATOMIC_RELAXED),
                   0,
                   calls,
                   window_calls,
                   __atomic_load_n(&node.window_ticks, __ATOMIC_RELAXED),
                   of_function && timing_stopped(site)};
      if (of_function && &into == &s.ended) { // for the snapshots after this thread
        into.sites[function].timed_calls += calls;
        into.sites[function].window_calls += window_calls;
      }
    }
  }
  // Open calls. Frames are written after the depth grows, so a frame just pushed may still
  // be the previous call's at that depth: its node is checked to be one of this thread's.
  uint32_t depth = __atomic_load_n(&t->depth, __ATOMIC_RELAXED);
  Frame *frames = __atomic_load_n(&t->frames, __ATOMIC_RELAXED);
  depth = depth < kMaxOpenFrames ? depth : kMaxOpenFrames;
  if (frames && !__atomic_load_n(&t->exited, __ATOMIC_ACQUIRE) &&
      copy_all_from_process(s.frames, frames, sizeof(Frame) * depth))
    for (uint32_t d = 0; d < depth; ++d) {
      if (nested_in_other_call_paths(s.frames, d))
        continue;
      uint32_t index = index_of(s.frames[d].node, chunk_count);
      uint64_t start = s.frames[d].start_ticks;
      if (index != 0 && start >= t->start_ticks && start < now)
        s.rows[index].inclusive_ticks += now - start;
    }
  // Children lists (counting sort by parent), then a walk from the root that knows which
  // functions are open above each node.
  for (uint32_t i = 0; i <= n; ++i)
    s.first_child[i] = 0;
  for (uint32_t i = 1; i < n; ++i) {
    ++s.first_child[s.rows[i].parent + 1];
    s.rows[s.rows[i].parent].children_ticks += s.rows[i].inclusive_ticks;
  }
  estimate_stopped_calls(n);
  for (uint32_t i = 0; i < n; ++i)
    s.first_child[i + 1] += s.first_child[i];
  for (uint32_t i = 0; i < n; ++i)
    s.next_child[i] = s.first_child[i];
  for (uint32_t i = 1; i < n; ++i)
    s.children[s.next_child[s.rows[i].parent]++] = i;
  for (uint32_t i = 0; i < n; ++i) {
    s.next_child[i] = s.first_child[i];
    const NodeRow &row = s.rows[i];
    if (row.function != UINT32_MAX && row.inclusive_ticks > row.children_ticks)
      into.sites[row.function].self_ticks += row.inclusive_ticks - row.children_ticks;
  }
  uint32_t path_length = 1;
  s.path[0] = 0;
  while (path_length > 0) {
    uint32_t top = s.path[path_length - 1];
    if (s.next_child[top] == s.first_child[top + 1]) {
      if (s.rows[top].function != UINT32_MAX)
        --s.open_calls[s.rows[top].function];
      --path_length;
      continue;
    }
    uint32_t child = s.children[s.next_child[top]++];
    uint32_t function = s.rows[child].function;
    if (function != UINT32_MAX && s.open_calls[function]++ == 0)
      into.sites[function].total_ticks += s.rows[child].inclusive_ticks;
    s.path[path_length++] = child;
  }
}

// Adds a thread's regions to the names' times and entries. Open regions count until `end`; a
// region inside another of the same name counts once.
// `names` becomes one past the highest name seen.
void sum_regions(ThreadState *t, uint64_t end, uint32_t *names, Sums &into) {
  const RegionThread *r = __atomic_load_n(&t->regions, __ATOMIC_ACQUIRE);
  if (!r)
    return;
  uint32_t node_count = __atomic_load_n(&r->node_count, __ATOMIC_ACQUIRE);
  uint32_t depth = __atomic_load_n(&r->depth, __ATOMIC_RELAXED);
  for (uint32_t i = 0; i < node_count; ++i) {
    const RegionNode &node = r->nodes[i];
    if (node.name >= kMaxRegionNames)
      continue;
    uint64_t ticks = __atomic_load_n(&node.inclusive_ticks, __ATOMIC_RELAXED);
    for (uint32_t d = 0; d < depth && d < kMaxRegionDepth; ++d)
      if (__atomic_load_n(&r->stack[d], __ATOMIC_RELAXED) == i) {
        uint64_t start = __atomic_load_n(&r->start_ticks[d], __ATOMIC_RELAXED);
        ticks += end > start ? end - start : 0;
      }
    bool nested_in_itself = false;
    for (uint32_t up = node.parent, steps = 0; up < node_count && steps < kMaxRegionDepth;
         up = r->nodes[up].parent, ++steps)
      nested_in_itself |= r->nodes[up].name == node.name;
    into.region_entries[node.name] += __atomic_load_n(&node.entries, __ATOMIC_RELAXED);
    if (!nested_in_itself)
      into.region_ticks[node.name] += ticks;
    if (node.name >= *names)
      *names = node.name + 1;
  }
}

uint64_t heap_in_use() {
  uint64_t in_use = 0;
  heap_places().for_each([&](const HeapPlace &h) { in_use += live_bytes(h); });
  return in_use;
}

// Inserts `id` into `best` (sorted, best first, at most `capacity`) if it ranks there.
template <typename Ranks>
void keep_best(uint32_t *best, uint32_t &count, uint32_t capacity, uint32_t id, Ranks before) {
  if (count == capacity && !before(id, best[capacity - 1]))
    return;
  uint32_t i = count < capacity ? count++ : capacity - 1;
  for (; i > 0 && before(id, best[i - 1]); --i)
    best[i] = best[i - 1];
  best[i] = id;
}

// --- The snapshot ---

uint64_t process_cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

// Sums the runtime's records now into g_scratch.now: calls and times per site (the threads
// that ended kept in g_scratch.ended once summed), time and entries per region name. Returns
// the threads seen; `names` gets the bound of the region names.
uint32_t sum_records(uint32_t site_count, uint64_t now_ticks, uint32_t *names) {
  Scratch &s = g_scratch;
  for (uint32_t i = 0; i < site_count; ++i)
    s.now.sites[i] = {0, 0, 0, 0, 0};
  for (uint32_t i = 0; i < g_region_names_bound; ++i)
    s.now.region_ticks[i] = s.now.region_entries[i] = 0;
  sum_calls(site_count);
  add_implied_counts([&](uint32_t site) -> uint64_t & { return s.now.sites[site].calls; },
                     site_count);
  merge_same_functions(site_count);
  sum_timed_calls(site_count);
  // The threads not summed into `ended` yet, newest first: those after the last one still
  // running all ended, and join `ended` now.
  ThreadState *head = all_threads(), *ended_from = head;
  for (ThreadState *t = head; t != g_ended_from; t = t->next)
    if (!__atomic_load_n(&t->exited, __ATOMIC_ACQUIRE))
      ended_from = t->next;
  *names = g_region_names_bound;
  uint32_t thread_count = g_ended_count;
  Sums *into = &s.now;
  for (ThreadState *t = head; t != g_ended_from; t = t->next) {
    if (t == ended_from)
      into = &s.ended;
    g_ended_count += into == &s.ended;
    ++thread_count;
    bool exited = __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE);
    sum_call_tree(t, site_count, now_ticks, *into);
    sum_regions(t, exited ? t->end_ticks : now_ticks, names, *into);
  }
  g_ended_from = ended_from;
  g_region_names_bound = *names;
  for (uint32_t i = 0; i < site_count; ++i) {
    s.now.sites[i].self_ticks += s.ended.sites[i].self_ticks;
    s.now.sites[i].total_ticks += s.ended.sites[i].total_ticks;
  }
  for (uint32_t i = 0; i < *names; ++i) {
    s.now.region_ticks[i] += s.ended.region_ticks[i];
    s.now.region_entries[i] += s.ended.region_entries[i];
  }
  return thread_count;
}

// The functions with the most time (then calls) into `next`.
void keep_hottest_functions(hotline_live_snapshot &next, uint32_t site_count,
                            const TickConverter &time) {
  Scratch &s = g_scratch;
  uint32_t best[HOTLINE_LIVE_MAX_FUNCTIONS];
  uint32_t kept = 0, seen = 0;
  auto more_time = [&](uint32_t a, uint32_t b) {
    const SiteTotals &x = s.now.sites[a], &y = s.now.sites[b];
    return x.total_ticks != y.total_ticks ? x.total_ticks > y.total_ticks : x.calls > y.calls;
  };
  for (uint32_t i = 0; i < site_count; ++i)
    if (s.facts[i].kind == HOTLINE_ABI_SITE_FUNCTION &&
        (s.now.sites[i].calls || s.now.sites[i].total_ticks)) {
      ++seen;
      keep_best(best, kept, HOTLINE_LIVE_MAX_FUNCTIONS, i, more_time);
    }
  next.function_count = kept;
  next.functions_seen = seen;
  for (uint32_t i = 0; i < kept; ++i) {
    describe_function(best[i], next.functions[i]);
    next.functions[i].self_ns = time.duration_ns(s.now.sites[best[i]].self_ticks);
    next.functions[i].total_ns = time.duration_ns(s.now.sites[best[i]].total_ticks);
  }
}

// The regions with the most time (then entries) into `next`.
void keep_hottest_regions(hotline_live_snapshot &next, uint32_t names, const TickConverter &time) {
  Scratch &s = g_scratch;
  uint32_t best[HOTLINE_LIVE_MAX_REGIONS];
  uint32_t kept = 0, seen = 0;
  auto more_region_time = [&](uint32_t a, uint32_t b) {
    return s.now.region_ticks[a] != s.now.region_ticks[b]
               ? s.now.region_ticks[a] > s.now.region_ticks[b]
               : s.now.region_entries[a] > s.now.region_entries[b];
  };
  for (uint32_t name = 0; name < names; ++name)
    if (s.now.region_entries[name]) {
      ++seen;
      keep_best(best, kept, HOTLINE_LIVE_MAX_REGIONS, name, more_region_time);
    }
  next.region_count = kept;
  next.regions_seen = seen;
  for (uint32_t i = 0; i < kept; ++i) {
    hotline_live_region &row = next.regions[i];
    memset(row.name, 0, sizeof row.name);
    strncpy(row.name, region_name(best[i]), sizeof row.name - 1);
    row.entries = s.now.region_entries[best[i]];
    row.time_ns = time.duration_ns(s.now.region_ticks[best[i]]);
  }
}

// Checks the alert rules against the sums; region names seen for the first time are matched
// against the rules once.
void check_alerts(uint32_t site_count, uint32_t names, uint64_t elapsed_ns,
                  uint64_t heap_live_bytes, const TickConverter &time) {
  Scratch &s = g_scratch;
  for (; g_region_names_read < names; ++g_region_names_read)
    for (uint32_t r = 0; r < g_rule_count; ++r)
      if (g_rules[r].kind == AlertKind::Region &&
          !strcmp(region_name(g_region_names_read), g_rules[r].name))
        s.region_rules[g_region_names_read] |= uint16_t(1u << r);
  if (__atomic_load_n(&g_stopped, __ATOMIC_ACQUIRE))
    return;
  for (uint32_t r = 0; r < g_rule_count; ++r) {
    AlertRule &rule = g_rules[r];
    uint64_t ticks = 0;
    if (rule.kind == AlertKind::Region) {
      for (uint32_t name = 0; name < names; ++name)
        if (s.region_rules[name] & (1u << r))
          ticks += s.now.region_ticks[name];
    } else if (rule.kind == AlertKind::Function) {
      for (uint32_t i = 0; i < site_count; ++i)
        if (s.facts[i].rules & (1u << r))
          ticks += s.now.sites[i].total_ticks;
    }
    double percent = elapsed_ns ? 100.0 * double(time.duration_ns(ticks)) / double(elapsed_ns) : 0;
    check_alert(rule, percent, heap_live_bytes);
  }
}

// Assembles g_next from the runtime's records now, and checks the alert rules against it.
void take_snapshot() {
  ClockPair start = runtime_start_clock();
  ClockPair now = read_clock_pair();
  TickConverter time = make_tick_converter(start, now);
  uint64_t elapsed_ns = now.mono_ns - start.mono_ns;
  read_new_modules();
  uint32_t site_count = registered_site_count();
  uint32_t names = 0;
  uint32_t thread_count = sum_records(site_count, now.ticks, &names);

  hotline_live_snapshot &next = g_next;
  next.elapsed_ns = elapsed_ns;
  next.snapshots++;
  next.thread_count = thread_count;
  next.cpu_ns = process_cpu_ns();
  next.flags = HOTLINE_LIVE_NO_GPU_DATA | (job().launched ? HOTLINE_LIVE_JOB : 0) |
               (heap_tracking_on() ? HOTLINE_LIVE_HEAP_TRACKED : 0) |
               (cuda_seen() ? HOTLINE_LIVE_CUDA_USED : 0);
  next.heap_live_bytes = heap_tracking_on() ? heap_in_use() : 0;
  next.heap_peak_bytes = heap_tracking_on() ? heap_totals().peak_live_bytes : 0;
  keep_hottest_functions(next, site_count, time);
  keep_hottest_regions(next, names, time);
  check_alerts(site_count, names, elapsed_ns, next.heap_live_bytes, time);
}

// --- Publishing ---

// Changes the file between the two steps of its sequence (odd, then even again): readers
// never use a snapshot read while it changed. Called holding g_publishing.
template <typename Change> void change_file(Change change) {
  uint64_t sequence = __atomic_load_n(&g_mapping->sequence, __ATOMIC_RELAXED);
  __atomic_store_n(&g_mapping->sequence, sequence + 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_RELEASE);
  change(*g_mapping);
  __atomic_store_n(&g_mapping->sequence, sequence + 2, __ATOMIC_RELEASE);
}

// Copies the snapshot into the file, all but its sequence.
void write_to_file(const hotline_live_snapshot &snapshot) {
  change_file([&](hotline_live_snapshot &file) {
    constexpr size_t kSequenceStart = offsetof(hotline_live_snapshot, sequence);
    constexpr size_t kSequenceEnd = kSequenceStart + sizeof(uint64_t);
    memcpy(&file, &snapshot, kSequenceStart);
    memcpy(reinterpret_cast<char *>(&file) + kSequenceEnd,
           reinterpret_cast<const char *>(&snapshot) + kSequenceEnd,
           sizeof snapshot - kSequenceEnd);
  });
}

bool try_lock_publishing() { return !__atomic_test_and_set(&g_publishing, __ATOMIC_ACQUIRE); }
void unlock_publishing() { __atomic_clear(&g_publishing, __ATOMIC_RELEASE); }

void publish() {
  while (!try_lock_publishing())
    sched_yield(); // live_stop is marking the end
  if (g_mapping && !__atomic_load_n(&g_stopped, __ATOMIC_ACQUIRE))
    write_to_file(g_next);
  unlock_publishing();
}

// The live files' directory: $XDG_RUNTIME_DIR/hotline, the user's own runtime directory, else
// /tmp/hotline-<uid>. Anyone may create the latter first, so an existing directory is used
// only if it is ours and closed to others.
bool private_directory(const char *path) {
  if (mkdir(path, 0700) == 0)
    return chmod(path, 0700) == 0; // whatever the umask
  struct stat st;
  return errno == EEXIST && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
         st.st_uid == geteuid() && (st.st_mode & 077) == 0;
}

bool open_live_file() {
  char dir[4000];
  const char *xdg = getenv("XDG_RUNTIME_DIR");
  bool found = false;
  if (xdg && xdg[0] == '/' && strlen(xdg) < 3000) {
    snprintf(dir, sizeof dir, "%s/hotline", xdg);
    found = private_directory(dir);
  }
  if (!found) {
    snprintf(dir, sizeof dir, "/tmp/hotline-%u", unsigned(geteuid()));
    found = private_directory(dir);
  }
  if (!found) {
    report_problem("cannot publish the live view: %s is not a private directory of this user (%s); "
                   "HOTLINE_LIVE ignored",
                   dir, strerror(errno));
    return false;
  }
  snprintf(g_path, sizeof g_path, "%s/%d.live", dir, int(getpid()));
  unlink(g_path); // left by an earlier process with this pid, or by this one before an exec
  int fd = open(g_path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  void *mapping = MAP_FAILED;
  if (fd >= 0 && fchmod(fd, 0600) == 0 && ftruncate(fd, sizeof(hotline_live_snapshot)) == 0)
    mapping =
        mmap(nullptr, sizeof(hotline_live_snapshot), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  int error = errno;
  if (fd >= 0)
    close(fd);
  if (mapping == MAP_FAILED) {
    report_problem("cannot publish the live view in %s: %s; HOTLINE_LIVE ignored", g_path,
                   strerror(error));
    if (fd >= 0)
      unlink(g_path);
    return false;
  }
  g_mapping = static_cast<hotline_live_snapshot *>(mapping);
  return true;
}

void close_live_file() {
  unlink(g_path);
  munmap(g_mapping, sizeof(hotline_live_snapshot));
  g_mapping = nullptr;
}

// --- The thread ---

void *live_main(void *) {
  tls_in_runtime = true; // everything this thread does is the runtime's
  uint64_t period_ns = g_options.period_ms * 1000000u;
  timespec next;
  clock_gettime(CLOCK_MONOTONIC, &next);
  while (!__atomic_load_n(&g_stopped, __ATOMIC_ACQUIRE)) {
    uint64_t at = uint64_t(next.tv_sec) * 1000000000u + uint64_t(next.tv_nsec) + period_ns;
    uint64_t now = monotonic_ns();
    if (at < now)
      at = now; // a snapshot took longer than the period: the next one starts now
    next = {time_t(at / 1000000000u), long(at % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nullptr) == EINTR) {
    }
    if (__atomic_load_n(&g_stopped, __ATOMIC_ACQUIRE))
      break;
    take_snapshot();
    publish();
  }
  return nullptr;
}

bool start_thread() {
  int error = start_runtime_thread(live_main, "hotline-live");
  if (error != 0) {
    report_problem(
        "cannot start the live view's thread: %s; HOTLINE_LIVE and HOTLINE_ALERT ignored",
        strerror(error));
    return false;
  }
  return true;
}

void set_program_facts(hotline_live_snapshot &s) {
  memcpy(s.magic, HOTLINE_LIVE_MAGIC, sizeof s.magic);
  s.version = HOTLINE_LIVE_VERSION;
  s.size = sizeof s;
  s.pid = uint64_t(getpid());
  s.start_unix_ns = runtime_start_unix_ns();
  s.period_ns = g_options.period_ms * 1000000u;
  s.rank = job().rank;
  s.world_size = job().world_size;
  s.flags = HOTLINE_LIVE_NO_GPU_DATA | (job().launched ? HOTLINE_LIVE_JOB : 0);
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = '\0';
  strncpy(s.program, n > 0 ? base_name(exe) : "program", sizeof s.program - 1);
}

} // namespace

void live_init(const LiveOptions &options) {
  g_options = options;
  g_owner_pid = getpid();
  g_rule_count = options.alerts ? parse_alert_rules(options.alerts, g_rules) : 0;
  if (!options.publish && g_rule_count == 0)
    return;
  uint64_t probe = 1, copy = 0;
  if (!copy_all_from_process(&copy, &probe, sizeof probe)) {
    report_problem("the live view cannot read the program's counters (process_vm_readv: %s); "
                   "HOTLINE_LIVE and HOTLINE_ALERT ignored",
                   strerror(errno));
    return;
  }
  if (!reserve_scratch()) {
    report_problem("out of memory for the live view; HOTLINE_LIVE and HOTLINE_ALERT ignored");
    return;
  }
  set_program_facts(g_next);
  if (options.publish && open_live_file())
    write_to_file(g_next); // the header, before the first snapshot
  if (!g_mapping && g_rule_count == 0)
    return;
  if (!start_thread()) {
    if (g_mapping)
      close_live_file();
    return;
  }
  g_started = true;
}

void live_stop() {
  // A fork child has no live thread, and the file is its parent's.
  if (!g_started || getpid() != g_owner_pid ||
      __atomic_exchange_n(&g_stopped, true, __ATOMIC_ACQ_REL))
    return;
  RuntimeScope scope;
  // The thread holds the lock only while it copies a snapshot; never wait on it for long.
  bool locked = false;
  for (int attempt = 0; attempt < 10000 && !(locked = try_lock_publishing()); ++attempt)
    sched_yield();
  if (g_mapping) {
    if (locked)
      change_file([](hotline_live_snapshot &file) {
        file.flags |= HOTLINE_LIVE_ENDED;
        file.elapsed_ns = monotonic_ns() - runtime_start_clock().mono_ns; // when it ended
      });
    unlink(g_path);
  }
  if (locked)
    unlock_publishing();
}

} // namespace hotline::rt
