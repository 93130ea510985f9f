// mmap-backed allocation for the runtime's internals.
#include "memory.h"

#include "spin_lock.h"

#include <stdint.h>
#include <sys/mman.h>

namespace hotline::rt {

void *reserve_pages(size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void release_pages(void *p, size_t bytes) {
  if (p)
    munmap(p, bytes);
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
