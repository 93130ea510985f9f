// Regions and counters: begin, end and count, the names they go by, and the blocked time the
// I/O and synchronization hooks add to them.
#include "regions.h"

#include "duration_histograms.h"
#include "memory.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"
#include "tracing.h"

#include <hotline/abi.h>

#include <string.h>

namespace hotline::rt {

namespace {

// Names are interned by their text (a begin may pass a buffer it reuses): an open-addressed
// table that lookups read without a lock and that grows only under one.
constexpr uint32_t kMaxNames = 1u << 13;
constexpr uint32_t kNameSlots = kMaxNames * 2;
constexpr size_t kMaxNameLength = 255; // longer names are cut

struct NameSlot {
  uint64_t hash;
  uint32_t name; // index + 1; 0: empty
};

SpinLock g_names_lock;
NameSlot *g_name_slots = nullptr;    // kNameSlots entries
const char **g_name_texts = nullptr; // kMaxNames entries
uint32_t g_name_count = 0;
bool g_names_full_reported = false;

uint64_t hash_name(const char *s, size_t length) {
  uint64_t h = 0xcbf29ce484222325u; // FNV-1a
  for (size_t i = 0; i < length; ++i)
    h = (h ^ uint8_t(s[i])) * 0x100000001b3u;
  return h | 1; // never 0
}

size_t name_length(const char *s) {
  size_t n = 0;
  while (n < kMaxNameLength && s[n])
    ++n;
  return n;
}

bool same_name(uint32_t name, const char *s, size_t length) {
  const char *text = g_name_texts[name];
  return !strncmp(text, s, length) && text[length] == '\0';
}

// The name's index, added on first sight; kNoRegion when the table is full or memory ran out.
uint32_t intern_name(const char *s) {
  if (!s)
    s = "";
  size_t length = name_length(s);
  uint64_t hash = hash_name(s, length);
  NameSlot *slots = __atomic_load_n(&g_name_slots, __ATOMIC_ACQUIRE);
  if (slots)
    for (uint32_t i = uint32_t(hash) & (kNameSlots - 1);; i = (i + 1) & (kNameSlots - 1)) {
      uint32_t name = __atomic_load_n(&slots[i].name, __ATOMIC_ACQUIRE);
      if (!name)
        break;
      if (slots[i].hash == hash && same_name(name - 1, s, length))
        return name - 1;
    }
  RuntimeScope scope;
  SpinLockGuard guard(g_names_lock);
  if (!g_name_slots) {
    g_name_texts = static_cast<const char **>(reserve_pages(sizeof(char *) * kMaxNames));
    __atomic_store_n(&g_name_slots,
                     static_cast<NameSlot *>(reserve_pages(sizeof(NameSlot) * kNameSlots)),
                     __ATOMIC_RELEASE);
  }
  if (!g_name_slots || !g_name_texts)
    return kNoRegion;
  uint32_t i = uint32_t(hash) & (kNameSlots - 1);
  for (; g_name_slots[i].name; i = (i + 1) & (kNameSlots - 1)) // another thread may have added it
    if (g_name_slots[i].hash == hash && same_name(g_name_slots[i].name - 1, s, length))
      return g_name_slots[i].name - 1;
  char *copy = g_name_count < kMaxNames ? static_cast<char *>(arena_alloc(length + 1)) : nullptr;
  if (!copy) {
    if (!g_names_full_reported)
      report_problem("more than %u region and counter names: the later ones are not recorded",
                     kMaxNames);
    g_names_full_reported = true;
    return kNoRegion;
  }
  memcpy(copy, s, length);
  uint32_t name = g_name_count;
  g_name_texts[name] = copy;
  __atomic_store_n(&g_name_count, name + 1, __ATOMIC_RELEASE);
  g_name_slots[i].hash = hash;
  __atomic_store_n(&g_name_slots[i].name, name + 1, __ATOMIC_RELEASE);
  return name;
}

RegionThread *regions_of(ThreadState *t) {
  if (!t)
    return nullptr;
  if (__builtin_expect(t->regions != nullptr, 1))
    return t->regions;
  auto *r = static_cast<RegionThread *>(reserve_pages(sizeof(RegionThread)));
  if (r)
    r->first_top_level = kNoRegion;
  __atomic_store_n(&t->regions, r, __ATOMIC_RELEASE);
  return r;
}

// The child of `parent` (kNoRegion: a top-level region) named `name`, added on first sight;
// kNoRegion when the thread has no room left.
uint32_t child_region(RegionThread *r, uint32_t parent, uint32_t name) {
  uint32_t &first = parent == kNoRegion ? r->first_top_level : r->nodes[parent].first_child;
  for (uint32_t i = first; i != kNoRegion; i = r->nodes[i].next_sibling)
    if (r->nodes[i].name == name)
      return i;
  if (r->node_count == kMaxRegionNodes)
    return kNoRegion;
  uint32_t index = r->node_count;
  RegionNode &node = r->nodes[index];
  node.name = name;
  node.parent = parent;
  node.first_child = kNoRegion;
  node.next_sibling = first;
  first = index;
  __atomic_store_n(&r->node_count, index + 1, __ATOMIC_RELEASE);
  return index;
}

} // namespace

int begin_region(const char *name) {
  ThreadState *t = current_thread();
  RegionThread *r = regions_of(t);
  if (!r)
    return 0;
  uint32_t depth = r->depth++;
  if (depth >= kMaxRegionDepth)
    return int(r->depth);
  uint32_t parent = depth == 0 ? kNoRegion : r->stack[depth - 1];
  uint32_t interned = intern_name(name);
  // Below an unrecorded region, nothing is recorded: its children would have no parent.
  uint32_t node = interned == kNoRegion || (depth > 0 && parent == kNoRegion)
                      ? kNoRegion
                      : child_region(r, parent, interned);
  if (node != kNoRegion)
    r->nodes[node].entries++;
  r->stack[depth] = node;
  __atomic_store_n(&r->start_ticks[depth], now_ticks(), __ATOMIC_RELAXED);
  return int(r->depth);
}

int end_region() {
  uint64_t end = now_ticks();
  ThreadState *t = current_thread_if_started();
  RegionThread *r = t ? t->regions : nullptr;
  if (!r || r->depth == 0)
    return -1; // an end without a begin is ignored
  uint32_t depth = --r->depth;
  if (depth < kMaxRegionDepth && r->stack[depth] != kNoRegion) {
    RegionNode &node = r->nodes[r->stack[depth]];
    node.inclusive_ticks += end - r->start_ticks[depth];
    if (histograms_on())
      record_duration(node.histogram, end - r->start_ticks[depth]);
    trace_span(t, HOTLINE_TRACE_REGION, node.name, r->start_ticks[depth], end);
  }
  return int(depth);
}

void add_region_time(ThreadState *t, uint64_t RegionNode::*time, uint64_t ticks) {
  uint32_t node = innermost_region(t ? t->regions : nullptr);
  if (node != kNoRegion)
    t->regions->nodes[node].*time += ticks;
}

void regions_init() { hold_across_fork<g_names_lock>(); }

void forget_parent_regions() {
  uint64_t now = now_ticks();
  ThreadState *self = current_thread_if_started();
  for (ThreadState *t = all_threads(); t; t = t->next) {
    RegionThread *r = t->regions;
    if (!r)
      continue;
    for (uint32_t i = 0; i < r->node_count; ++i) {
      RegionNode &node = r->nodes[i];
      node.entries = node.inclusive_ticks = 0;
      node.io_ticks = node.sync_ticks = node.memory_ticks = node.gpu_ticks = 0;
      forget_histogram(node.histogram);
    }
    for (uint32_t i = 0; i < r->counter_count; ++i)
      r->counters[i].value = 0;
    if (t == self)
      for (uint32_t d = 0; d < r->depth && d < kMaxRegionDepth; ++d)
        r->start_ticks[d] = now;
  }
}

uint32_t intern_region_name(const char *text) { return intern_name(text); }

const char *region_name(uint32_t name) { return g_name_texts[name]; }

const char *region_name_handle(const char *text) {
  uint32_t name = intern_name(text);
  return name == kNoRegion ? "" : g_name_texts[name];
}

} // namespace hotline::rt

using namespace hotline::rt;

extern "C" void __hotline_region_begin(const char *name) { begin_region(name); }

extern "C" void __hotline_region_end(void) { end_region(); }

extern "C" void __hotline_count(const char *name, uint64_t amount) {
  RegionThread *r = regions_of(current_thread());
  uint32_t interned = intern_name(name);
  if (!r || interned == kNoRegion)
    return;
  uint32_t node = innermost_region(r);
  if (node == kNoRegion && r->depth > 0)
    return; // inside a region that is not recorded
  for (uint32_t i = 0; i < r->counter_count; ++i)
    if (r->counters[i].node == node && r->counters[i].name == interned) {
      r->counters[i].value += amount;
      return;
    }
  if (r->counter_count == kMaxRegionCounters)
    return;
  RegionCounter &counter = r->counters[r->counter_count];
  counter.node = node;
  counter.name = interned;
  counter.value = amount;
  __atomic_store_n(&r->counter_count, r->counter_count + 1, __ATOMIC_RELEASE);
}
