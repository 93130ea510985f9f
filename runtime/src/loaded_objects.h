// The executable and shared libraries mapped in the process, to turn sampled instruction
// addresses into the object-relative addresses that a symbolizer reads.
#pragma once

#include "byte_buffer.h"

#include <hotline/profile_format.h>

#include <stddef.h>
#include <stdint.h>

struct dl_phdr_info;

namespace hotline::rt {

// A snapshot taken with dl_iterate_phdr. Objects are numbered in the loader's order, the main
// executable first.
class LoadedObjects {
public:
  // Takes the snapshot; false when out of memory.
  bool collect();

  uint32_t count() const { return uint32_t(objects_.size() / sizeof(Object)); }
  // The loader's name: "" for the main executable, "linux-vdso.so.1" for the vDSO.
  const char *path(uint32_t object) const;
  // What the loader added to the object's addresses (0 for a non-PIE executable).
  uint64_t load_address(uint32_t object) const;
  // The object one of whose loadable segments contains `address`, or HOTLINE_NO_OBJECT.
  uint32_t find(uint64_t address) const;
  // Its build id (the NT_GNU_BUILD_ID note) in lowercase hex; "" when it has none.
  const char *build_id(uint32_t object) const;

private:
  struct Object {
    uint64_t load_address;
    uint64_t path;     // offset into names_
    uint64_t build_id; // offset into names_
  };
  struct Segment {
    uint64_t start, end;
    uint64_t object;
  };
  static int add(dl_phdr_info *info, size_t size, void *self); // dl_iterate_phdr's callback
  const Object &object(uint32_t i) const {
    return reinterpret_cast<const Object *>(objects_.data())[i];
  }

  // Copies: a library may be unloaded while the snapshot is in use.
  ByteBuffer objects_, segments_, names_;
};

// dlopen(name, RTLD_NOW | RTLD_LOCAL) of a library the runtime uses for itself (CUPTI, NVML).
// Unless the program had loaded it already, its object is HOTLINE_OBJECT_PROFILER in the
// profile. Never called from a signal handler.
void *open_profiler_library(const char *name);
// Whether the object loaded at `load_address` is such a library.
bool is_profiler_library(uint64_t load_address);

} // namespace hotline::rt
