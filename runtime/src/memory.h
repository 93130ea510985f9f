// The runtime's own memory: mmap'd regions and a bump arena, never malloc (which a program
// may replace, and which the memory-tracking hooks will intercept).
#pragma once

#include <stddef.h>

namespace hotline::rt {

// Reserves `bytes` of zeroed address space; pages are committed when first touched.
// Returns nullptr on failure.
void *reserve_pages(size_t bytes);
// Grows or shrinks a region from reserve_pages, moving it if need be; nullptr (and the old
// region as it was) on failure.
void *resize_pages(void *p, size_t old_bytes, size_t new_bytes);
void release_pages(void *p, size_t bytes);
// From now on release_pages keeps what it is given: the process is ending, and its exit takes
// all its memory back at once (unmapping the profile's buffers one by one, a TLB flush each on
// these VMs, cost a program that did nothing about a quarter of a millisecond).
void keep_pages_until_exit();
// Commits the pages of [p, p + bytes) in one call, for memory about to be written whole
// (commit_pages: a region of reserve_pages) or read whole (map_pages: any mapped memory, a
// module's constant site table, counters most of whose pages were never written): touched
// one by one, each page faults on its own. Spans under four pages, and kernels before Linux
// 5.14, which cannot, are left to fault as before.
void commit_pages(void *p, size_t bytes);
void map_pages(const void *p, size_t bytes);

// The bytes of the regions from reserve_pages (the arena's included) that are resident now:
// the runtime's tables, buffers and per-thread state, what hotline adds to the program's RSS
// besides its code and static data. One mincore call per 16 MiB reserved.
size_t runtime_resident_bytes();

// Zeroed memory that lives until the process ends. Thread-safe; not for the hot path.
// Returns nullptr when the system is out of memory.
void *arena_alloc(size_t bytes);

// Called first in runtime_init: makes the arena fork-safe (its lock is the innermost).
void memory_init();

} // namespace hotline::rt
