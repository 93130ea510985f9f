// The snapshot of mapped objects behind the profile's OBJECTS section.
#include "loaded_objects.h"

#include "spin_lock.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>

namespace hotline::rt {

namespace {

// The bytes of the NT_GNU_BUILD_ID note among an object's PT_NOTE segments, mapped in memory;
// null when it has none.
const uint8_t *find_build_id(const dl_phdr_info *info, uint32_t *size) {
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &header = info->dlpi_phdr[i];
    if (header.p_type != PT_NOTE)
      continue;
    auto *at = reinterpret_cast<const uint8_t *>(info->dlpi_addr + header.p_vaddr);
    const uint8_t *end = at + header.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      auto *note = reinterpret_cast<const ElfW(Nhdr) *>(at);
      const uint8_t *name = at + sizeof(ElfW(Nhdr));
      const uint8_t *desc = name + ((note->n_namesz + 3) & ~3u);
      const uint8_t *next = desc + ((note->n_descsz + 3) & ~3u);
      if (next > end || next <= at)
        break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && !memcmp(name, "GNU", 4)) {
        *size = note->n_descsz;
        return desc;
      }
      at = next;
    }
  }
  return nullptr;
}

} // namespace

int LoadedObjects::add(dl_phdr_info *info, size_t, void *self) {
  auto *objects = static_cast<LoadedObjects *>(self);
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  uint64_t index = objects->count();
  uint64_t path = objects->names_.size();
  objects->names_.append(name, strlen(name) + 1);
  uint64_t build_id = objects->names_.size();
  uint32_t id_size = 0;
  if (const uint8_t *id = find_build_id(info, &id_size)) {
    static const char digits[] = "0123456789abcdef";
    for (uint32_t i = 0; i < id_size && i < 64; ++i) {
      char hex[2] = {digits[id[i] >> 4], digits[id[i] & 15]};
      objects->names_.append(hex, 2);
    }
  }
  objects->names_.append("", 1);
  objects->objects_.append_record(Object{info->dlpi_addr, path, build_id});
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &header = info->dlpi_phdr[i];
    if (header.p_type != PT_LOAD)
      continue;
    uint64_t start = info->dlpi_addr + header.p_vaddr;
    objects->segments_.append_record(Segment{start, start + header.p_memsz, index});
  }
  return 0;
}

namespace {
SpinLock g_closed_lock;
LoadedObjects g_closed; // under g_closed_lock
} // namespace

bool object_holds(const dl_phdr_info *info, uint64_t address) {
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &header = info->dlpi_phdr[i];
    uint64_t start = info->dlpi_addr + header.p_vaddr;
    if (header.p_type == PT_LOAD && address - start < header.p_memsz)
      return true;
  }
  return false;
}

bool LoadedObjects::collect() {
  dl_iterate_phdr(add, this);
  {
    SpinLockGuard guard(g_closed_lock);
    for (uint32_t i = 0; i < g_closed.count(); ++i)
      add_unless_overlapping(g_closed, i);
  }
  return !objects_.failed() && !segments_.failed() && !names_.failed();
}

bool LoadedObjects::add_object_holding(const void *address) {
  struct Search {
    LoadedObjects *objects;
    uintptr_t address;
    bool found;
  } search{this, reinterpret_cast<uintptr_t>(address), false};
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t size, void *data) {
        auto *s = static_cast<Search *>(data);
        if (!object_holds(info, s->address))
          return 0;
        s->found = true;
        const char *name = info->dlpi_name ? info->dlpi_name : "";
        for (uint32_t i = 0; i < s->objects->count(); ++i)
          if (s->objects->load_address(i) == info->dlpi_addr &&
              strcmp(s->objects->path(i), name) == 0)
            return 1; // kept already (a library opened and closed again)
        add(info, size, s->objects);
        return 1;
      },
      &search);
  return search.found;
}

void LoadedObjects::add_unless_overlapping(const LoadedObjects &other, uint32_t i) {
  const auto *theirs = reinterpret_cast<const Segment *>(other.segments_.data());
  size_t their_count = other.segments_.size() / sizeof(Segment);
  for (size_t s = 0; s < their_count; ++s)
    if (theirs[s].object == i && (find(theirs[s].start) != HOTLINE_NO_OBJECT ||
                                  find(theirs[s].end - 1) != HOTLINE_NO_OBJECT))
      return;
  uint64_t index = count();
  uint64_t path = names_.size();
  names_.append(other.path(i), strlen(other.path(i)) + 1);
  uint64_t build_id = names_.size();
  names_.append(other.build_id(i), strlen(other.build_id(i)) + 1);
  objects_.append_record(Object{other.load_address(i), path, build_id});
  for (size_t s = 0; s < their_count; ++s)
    if (theirs[s].object == i)
      segments_.append_record(Segment{theirs[s].start, theirs[s].end, index});
}

void loaded_objects_init() { hold_across_fork<g_closed_lock>(); }

void remember_closing_object(const void *address) {
  SpinLockGuard guard(g_closed_lock);
  g_closed.add_object_holding(address);
}

const char *LoadedObjects::path(uint32_t i) const { return names_.data() + object(i).path; }

uint64_t LoadedObjects::load_address(uint32_t i) const { return object(i).load_address; }

const char *LoadedObjects::build_id(uint32_t i) const { return names_.data() + object(i).build_id; }

// A linear scan: a process maps tens of objects with a few segments each, and the profile
// writer looks up each distinct sampled address once.
uint32_t LoadedObjects::find(uint64_t address) const {
  const auto *segments = reinterpret_cast<const Segment *>(segments_.data());
  for (size_t i = 0, n = segments_.size() / sizeof(Segment); i < n; ++i)
    if (address >= segments[i].start && address < segments[i].end)
      return uint32_t(segments[i].object);
  return HOTLINE_NO_OBJECT;
}

namespace {
constexpr int kMaxProfilerLibraries = 8;
uint64_t g_profiler_libraries[kMaxProfilerLibraries]; // load addresses
int g_profiler_library_count = 0;                     // read after a release store
} // namespace

void *open_profiler_library(const char *name) {
  void *loaded_before = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (loaded_before) {
    dlclose(loaded_before);
    return handle;
  }
  link_map *map = nullptr;
  if (handle && dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map) {
    int count = __atomic_load_n(&g_profiler_library_count, __ATOMIC_ACQUIRE);
    if (count < kMaxProfilerLibraries) {
      g_profiler_libraries[count] = map->l_addr;
      __atomic_store_n(&g_profiler_library_count, count + 1, __ATOMIC_RELEASE);
    }
  }
  return handle;
}

bool is_profiler_library(uint64_t load_address) {
  int count = __atomic_load_n(&g_profiler_library_count, __ATOMIC_ACQUIRE);
  for (int i = 0; i < count; ++i)
    if (g_profiler_libraries[i] == load_address)
      return true;
  return false;
}

} // namespace hotline::rt
