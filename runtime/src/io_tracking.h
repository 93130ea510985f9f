// What the I/O hooks record: per place and file, the calls, bytes and time blocked in them;
// and the files themselves, named once per descriptor.
#pragma once

#include "attribution.h"

#include <stdint.h>

namespace hotline::rt {

enum class IoKind { read, write, open, sync, map };

struct IoPlace {
  PlaceKey key; // detail: the file's index, or HOTLINE_NO_FILE
  uint64_t reads, read_bytes, read_ticks;
  uint64_t writes, write_bytes, write_ticks;
  uint64_t opens, open_ticks;
  uint64_t syncs, sync_ticks;
  uint64_t maps, mapped_bytes, map_ticks;
};

// Off once HOTLINE_IO=0 has been read.
bool io_tracking_on();
void set_io_tracking(bool on);

// One I/O call on descriptor `fd` that moved `bytes` and took `ticks`.
void record_io(IoKind kind, int fd, uint64_t bytes, uint64_t ticks, void *return_address);
// An open of `path` that returned `fd` (-1: failed), which took `ticks`.
void record_open(const char *path, int fd, uint64_t ticks, void *return_address);
// The descriptor is closed: its number may next name another file.
void forget_descriptor(int fd);

PlaceTable<IoPlace> &io_places();
// In a forked child: every place's calls, bytes and times start from zero (the files stay
// named), so that the child's profile holds what the child did.
void forget_parent_io_counts();
// Calls f(path) for each file in index order.
template <typename F> void for_each_file(F f);
uint32_t file_count();
const char *file_path(uint32_t index);
template <typename F> void for_each_file(F f) {
  for (uint32_t i = 0, n = file_count(); i < n; ++i)
    f(file_path(i));
}

// Called once, from runtime_init: makes fork safe for the tracking tables.
void io_tracking_init();

// Whether the process's write is the runtime's hook (io_hooks.cpp); not when another definition
// came first (a sanitizer's interceptors), nor in the runtimes built without hooks: then no
// I/O call reaches the hooks.
bool io_hooks_in_effect();

} // namespace hotline::rt
