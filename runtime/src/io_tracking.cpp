// The tables behind the I/O hooks: places (PlaceTable), files (paths interned once), and
// which file each descriptor number names now.
#include "io_tracking.h"

#include "regions.h"
#include "runtime.h"
#include "tracing.h"

#include <hotline/profile_format.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace hotline::rt {

namespace {

bool g_tracking = true;
PlaceTable<IoPlace> g_places;

constexpr uint32_t kMaxFiles = 1u << 14;
constexpr int kMaxDescriptors = 1 << 16;
SpinLock g_files_lock;
const char **g_file_paths = nullptr; // kMaxFiles entries, in arena memory
uint32_t g_file_count = 0;
// file index + 1 for each descriptor number; 0: not named yet
uint32_t *g_descriptor_files = nullptr;

uint32_t *descriptor_files() {
  uint32_t *table = __atomic_load_n(&g_descriptor_files, __ATOMIC_ACQUIRE);
  if (table)
    return table;
  SpinLockGuard guard(g_files_lock);
  if (!g_descriptor_files)
    __atomic_store_n(&g_descriptor_files,
                     static_cast<uint32_t *>(reserve_pages(sizeof(uint32_t) * kMaxDescriptors)),
                     __ATOMIC_RELEASE);
  return g_descriptor_files;
}

// The index of the file named `path`, added on first sight; HOTLINE_NO_FILE when the table is
// full. Linear search: programs open few distinct files, and opening costs far more.
uint32_t intern_file(const char *path) {
  SpinLockGuard guard(g_files_lock);
  if (!g_file_paths)
    g_file_paths = static_cast<const char **>(reserve_pages(sizeof(char *) * kMaxFiles));
  if (!g_file_paths)
    return HOTLINE_NO_FILE;
  for (uint32_t i = 0; i < g_file_count; ++i)
    if (!strcmp(g_file_paths[i], path))
      return i;
  if (g_file_count == kMaxFiles)
    return HOTLINE_NO_FILE;
  size_t length = strlen(path) + 1;
  char *copy = static_cast<char *>(arena_alloc(length));
  if (!copy)
    return HOTLINE_NO_FILE;
  memcpy(copy, path, length);
  g_file_paths[g_file_count] = copy;
  __atomic_store_n(&g_file_count, g_file_count + 1, __ATOMIC_RELEASE);
  return g_file_count - 1;
}

// Names a descriptor as the kernel does (/proc/self/fd), which also covers descriptors
// opened by paths the hooks do not see (fopen's internal open, dup, pipes, sockets).
uint32_t name_descriptor(int fd) {
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0)
    return HOTLINE_NO_FILE;
  path[n] = '\0';
  return intern_file(path);
}

uint32_t file_of(int fd) {
  if (fd < 0 || fd >= kMaxDescriptors)
    return HOTLINE_NO_FILE;
  uint32_t *table = descriptor_files();
  if (!table)
    return HOTLINE_NO_FILE;
  uint32_t known = __atomic_load_n(&table[fd], __ATOMIC_RELAXED);
  if (known)
    return known - 1;
  uint32_t file = name_descriptor(fd);
  if (file != HOTLINE_NO_FILE)
    __atomic_store_n(&table[fd], file + 1, __ATOMIC_RELAXED);
  return file;
}

void add(uint64_t *field, uint64_t amount) { __atomic_fetch_add(field, amount, __ATOMIC_RELAXED); }

void add_call(IoPlace *p, IoKind kind, uint64_t bytes, uint64_t ticks) {
  switch (kind) {
  case IoKind::read:
    add(&p->reads, 1), add(&p->read_bytes, bytes), add(&p->read_ticks, ticks);
    break;
  case IoKind::write:
    add(&p->writes, 1), add(&p->write_bytes, bytes), add(&p->write_ticks, ticks);
    break;
  case IoKind::open:
    add(&p->opens, 1), add(&p->open_ticks, ticks);
    break;
  case IoKind::sync:
    add(&p->syncs, 1), add(&p->sync_ticks, ticks);
    break;
  case IoKind::map:
    add(&p->maps, 1), add(&p->mapped_bytes, bytes), add(&p->map_ticks, ticks);
    break;
  }
}

// An I/O call that ended now, in trace mode.
void trace_io(ThreadState *t, IoKind kind, uint32_t file, uint64_t bytes, uint64_t ticks) {
  static const uint32_t kinds[] = {HOTLINE_TRACE_READ, HOTLINE_TRACE_WRITE, HOTLINE_TRACE_OPEN,
                                   HOTLINE_TRACE_SYNC, HOTLINE_TRACE_MAP};
  if (__builtin_expect(g_tracing, 0) && ticks >= g_trace_min_ticks) {
    uint64_t end = now_ticks();
    trace_event(t, kinds[int(kind)], file, end - ticks, end, bytes);
  }
}

void lock_all() {
  g_places.lock();
  g_files_lock.lock();
}
void unlock_all() {
  g_files_lock.unlock();
  g_places.unlock();
}

} // namespace

bool io_tracking_on() { return __atomic_load_n(&g_tracking, __ATOMIC_RELAXED); }

// The runtimes built without hooks (for sanitizers and static executables,
// runtime/CMakeLists.txt) have none in effect; io_hooks.cpp defines the real check.
__attribute__((weak)) bool io_hooks_in_effect() { return false; }
void set_io_tracking(bool on) { __atomic_store_n(&g_tracking, on, __ATOMIC_RELAXED); }

void record_io(IoKind kind, int fd, uint64_t bytes, uint64_t ticks, void *return_address) {
  Place place = program_place(return_address);
  uint32_t file = file_of(fd);
  add_call(g_places.find_or_add(place, file), kind, bytes, ticks);
  add_region_time(place.thread, &RegionNode::io_ticks, ticks);
  trace_io(place.thread, kind, file, bytes, ticks);
}

void record_open(const char *path, int fd, uint64_t ticks, void *return_address) {
  uint32_t file = HOTLINE_NO_FILE;
  if (fd >= 0) {
    forget_descriptor(fd); // the number may have named another file, closed unseen
    file = file_of(fd);
  } else if (path) {
    file = intern_file(path);
  }
  Place place = program_place(return_address);
  add_call(g_places.find_or_add(place, file), IoKind::open, 0, ticks);
  add_region_time(place.thread, &RegionNode::io_ticks, ticks);
  trace_io(place.thread, IoKind::open, file, 0, ticks);
}

void forget_descriptor(int fd) {
  if (fd < 0 || fd >= kMaxDescriptors)
    return;
  if (uint32_t *table = descriptor_files())
    __atomic_store_n(&table[fd], 0, __ATOMIC_RELAXED);
}

PlaceTable<IoPlace> &io_places() { return g_places; }

void forget_parent_io_counts() {
  g_places.for_each([](IoPlace &p) {
    PlaceKey key = p.key;
    p = IoPlace{};
    p.key = key;
  });
}
uint32_t file_count() { return __atomic_load_n(&g_file_count, __ATOMIC_ACQUIRE); }
const char *file_path(uint32_t index) { return g_file_paths[index]; }

void io_tracking_init() { pthread_atfork(lock_all, unlock_all, unlock_all); }

} // namespace hotline::rt
