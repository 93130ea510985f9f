// mmap-backed allocation for the runtime's internals.
#include "memory.h"

#include "spin_lock.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hotline::rt {

namespace {
// Every region reserve_pages handed out and release_pages did not take back, so that
// runtime_resident_bytes can ask the kernel which of their pages are resident. Slots are
// claimed and freed without a lock (a fork or a signal never finds one held); a region that
// finds no free slot is simply not counted.
struct Region {
  void *start; // null: a free slot
  size_t bytes;
};
constexpr size_t kMaxRegions = 4096;
Region regions[kMaxRegions];
// How many slots from the first have ever been claimed: the scans stop there, so that a
// process with a few regions reads a few of the table's 64 kB (each page read is a fault).
size_t regions_used = 0;

void remember_region(void *start, size_t bytes) {
  for (size_t i = 0; i < kMaxRegions; ++i) {
    void *free_slot = nullptr;
    if (__atomic_compare_exchange_n(&regions[i].start, &free_slot, start, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED)) {
      __atomic_store_n(&regions[i].bytes, bytes, __ATOMIC_RELEASE);
      size_t used = __atomic_load_n(&regions_used, __ATOMIC_RELAXED);
      while (used < i + 1 && !__atomic_compare_exchange_n(&regions_used, &used, i + 1, true,
                                                          __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
      }
      return;
    }
  }
}

struct RegionSpan {
  Region *first, *last;
  Region *begin() const { return first; }
  Region *end() const { return last; }
};
RegionSpan used_regions() {
  return {regions, regions + __atomic_load_n(&regions_used, __ATOMIC_ACQUIRE)};
}

void forget_region(void *start) {
  for (Region &region : used_regions())
    if (__atomic_load_n(&region.start, __ATOMIC_ACQUIRE) == start) {
      __atomic_store_n(&region.bytes, 0, __ATOMIC_RELEASE);
      __atomic_store_n(&region.start, nullptr, __ATOMIC_RELEASE);
      return;
    }
}

size_t resident_bytes_of(char *start, size_t bytes) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  unsigned char resident[4096]; // one byte per page: 16 MiB of 4 KiB pages per mincore call
  size_t total = 0;
  for (size_t offset = 0; offset < bytes; offset += sizeof resident * page) {
    size_t length =
        bytes - offset < sizeof resident * page ? bytes - offset : sizeof resident * page;
    if (mincore(start + offset, length, resident) != 0)
      return total; // released meanwhile
    for (size_t i = 0; i < (length + page - 1) / page; ++i)
      total += (resident[i] & 1) ? page : 0;
  }
  return total;
}
} // namespace

void *reserve_pages(size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return nullptr;
  remember_region(p, bytes);
  return p;
}

void *resize_pages(void *p, size_t old_bytes, size_t new_bytes) {
  void *moved = mremap(p, old_bytes, new_bytes, MREMAP_MAYMOVE);
  if (moved == MAP_FAILED)
    return nullptr;
  forget_region(p);
  remember_region(moved, new_bytes);
  return moved;
}

namespace {
void populate_pages(const void *p, size_t bytes, int advice) {
  uintptr_t page = uintptr_t(getpagesize());
  uintptr_t start = uintptr_t(p) & ~(page - 1);
  if (bytes >= 4 * page)
    madvise(reinterpret_cast<void *>(start), uintptr_t(p) + bytes - start, advice);
}
} // namespace

void commit_pages(void *p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
  populate_pages(p, bytes, MADV_POPULATE_WRITE);
#endif
}

void map_pages(const void *p, size_t bytes) {
#ifdef MADV_POPULATE_READ
  populate_pages(p, bytes, MADV_POPULATE_READ);
#endif
}

namespace {
bool keeping_pages = false; // keep_pages_until_exit
} // namespace

void keep_pages_until_exit() { __atomic_store_n(&keeping_pages, true, __ATOMIC_RELAXED); }

void release_pages(void *p, size_t bytes) {
  if (!p || __atomic_load_n(&keeping_pages, __ATOMIC_RELAXED))
    return;
  forget_region(p);
  munmap(p, bytes);
}

size_t runtime_resident_bytes() {
  size_t total = 0;
  for (Region &region : used_regions()) {
    void *start = __atomic_load_n(&region.start, __ATOMIC_ACQUIRE);
    size_t bytes = __atomic_load_n(&region.bytes, __ATOMIC_ACQUIRE);
    if (start && bytes)
      total += resident_bytes_of(static_cast<char *>(start), bytes);
  }
  return total;
}

namespace {
constexpr size_t kArenaBlockBytes = 4u << 20;
SpinLock arena_lock;
char *arena_cursor = nullptr;
size_t arena_left = 0;
} // namespace

void memory_init() { hold_across_fork<arena_lock>(); }

void *arena_alloc(size_t bytes) {
  bytes = (bytes + 15) & ~size_t(15);
  SpinLockGuard guard(arena_lock);
  if (bytes > arena_left) {
    size_t block = bytes > kArenaBlockBytes ? bytes : kArenaBlockBytes;
    char *p = static_cast<char *>(reserve_pages(block));
    if (!p)
      return nullptr;
    arena_cursor = p;
    arena_left = block;
  }
  void *result = arena_cursor;
  arena_cursor += bytes;
  arena_left -= bytes;
  return result;
}

} // namespace hotline::rt
