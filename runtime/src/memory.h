// The runtime's own memory: mmap'd regions and a bump arena, never malloc (which a program
// may replace, and which the memory-tracking hooks will intercept).
#pragma once

#include <stddef.h>

namespace hotline::rt {

// Reserves `bytes` of zeroed address space; pages are committed when first touched.
// Returns nullptr on failure.
void *reserve_pages(size_t bytes);
void release_pages(void *p, size_t bytes);

// Zeroed memory that lives until the process ends. Thread-safe; not for the hot path.
// Returns nullptr when the system is out of memory.
void *arena_alloc(size_t bytes);

// Called first in runtime_init: makes the arena fork-safe (its lock is the innermost).
void memory_init();

} // namespace hotline::rt
