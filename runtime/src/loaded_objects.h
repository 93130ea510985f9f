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
// executable first, then the objects closed before the snapshot that held instrumented code
// (remember_closing_object), where no object loaded now lies: the places and samples in them
// keep their lines.
class LoadedObjects {
public:
  // Takes the snapshot; false when out of memory.
  bool collect();
  // Adds the loaded object that holds `address`, unless one at its load address with its path
  // is there already; false when none holds it.
  bool add_object_holding(const void *address);

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
  // Adds object i of `other` with its segments, unless one of them overlaps one of this
  // snapshot's (another object loaded at its addresses since).
  void add_unless_overlapping(const LoadedObjects &other, uint32_t i);
  const Object &object(uint32_t i) const {
    return reinterpret_cast<const Object *>(objects_.data())[i];
  }

  // Copies: a library may be unloaded while the snapshot is in use.
  ByteBuffer objects_, segments_, names_;
};

// Whether one of the object's loadable segments contains `address` (in a dl_iterate_phdr
// callback).
bool object_holds(const dl_phdr_info *info, uint64_t address);

// Called once from runtime_init, early: the closed objects' lock is held across fork.
void loaded_objects_init();

// Called before an object that holds instrumented code is closed (its module unregisters,
// modules.cpp): every later snapshot keeps it, where no other object was loaded since.
void remember_closing_object(const void *address);

// dlopen(name, RTLD_NOW | RTLD_LOCAL) of a library the runtime uses for itself (CUPTI, NVML).
// Unless the program had loaded it already, its object is HOTLINE_OBJECT_PROFILER in the
// profile. Never called from a signal handler.
void *open_profiler_library(const char *name);
// Whether the object loaded at `load_address` is such a library.
bool is_profiler_library(uint64_t load_address);

} // namespace hotline::rt
