// Putting the hooks into the loaded objects' tables of imported functions (hook_patching.h).
#include "hook_patching.h"

#include "heap_tracking.h"
#include "io_tracking.h"
#include "real_functions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"

#include <hotline/profile_format.h>

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hotline::rt {

#if defined(__x86_64__) || defined(__aarch64__)
namespace {

#if defined(__x86_64__)
constexpr uint32_t kJumpSlot = R_X86_64_JUMP_SLOT, kGlobalData = R_X86_64_GLOB_DAT;
#else
constexpr uint32_t kJumpSlot = R_AARCH64_JUMP_SLOT, kGlobalData = R_AARCH64_GLOB_DAT;
#endif

// One of the runtime's hooks (its weak exported functions, hooks.h) and the function it calls:
// the next definition after the runtime's. A slot is patched only where that next definition
// is also the process's (a program that brought jemalloc, or defines its own write, keeps it).
struct Hook {
  const char *name;
  void *address;
  void *next;     // null: not patched anywhere
  uint32_t flags; // HOTLINE_RUN_*_NOT_HOOKED that patching this hook lifts
};
constexpr uint32_t kHookSlots = 1024; // a power of two, over four times the runtime's hooks
Hook g_hooks[kHookSlots];
bool g_hooks_listed = false;

SpinLock g_lock;
unsigned long long g_objects_seen = 0; // dl_phdr_info::dlpi_adds when last patched
const link_map *g_runtime = nullptr;
uint32_t g_patched = 0;

uint32_t name_hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; ++s)
    h = (h ^ uint8_t(*s)) * 16777619u;
  return h;
}

Hook *hook_named(const char *name) {
  for (uint32_t i = name_hash(name) & (kHookSlots - 1); g_hooks[i].name;
       i = (i + 1) & (kHookSlots - 1))
    if (strcmp(g_hooks[i].name, name) == 0)
      return &g_hooks[i];
  return nullptr;
}

// An object's dynamic symbols and relocations. The dynamic linker relocates these addresses in
// place in most objects; where it did not (the vDSO's read-only one), they are relative.
struct DynamicTables {
  const ElfW(Sym) *symbols = nullptr;
  const char *strings = nullptr;
  const ElfW(Rela) *jump_slots = nullptr;
  size_t jump_slot_bytes = 0;
  bool jump_slots_rela = false;
  const ElfW(Rela) *relocations = nullptr;
  size_t relocation_bytes = 0;
  const uint32_t *hash = nullptr, *gnu_hash = nullptr;
};

DynamicTables read_dynamic(const ElfW(Dyn) * dynamic, ElfW(Addr) base) {
  DynamicTables t;
  auto at = [base](ElfW(Addr) a) {
    return reinterpret_cast<const void *>(a < base ? a + base : a);
  };
  for (const ElfW(Dyn) *d = dynamic; d->d_tag != DT_NULL; ++d)
    switch (d->d_tag) {
    case DT_SYMTAB:
      t.symbols = static_cast<const ElfW(Sym) *>(at(d->d_un.d_ptr));
      break;
    case DT_STRTAB:
      t.strings = static_cast<const char *>(at(d->d_un.d_ptr));
      break;
    case DT_JMPREL:
      t.jump_slots = static_cast<const ElfW(Rela) *>(at(d->d_un.d_ptr));
      break;
    case DT_PLTRELSZ:
      t.jump_slot_bytes = d->d_un.d_val;
      break;
    case DT_PLTREL:
      t.jump_slots_rela = d->d_un.d_val == DT_RELA;
      break;
    case DT_RELA:
      t.relocations = static_cast<const ElfW(Rela) *>(at(d->d_un.d_ptr));
      break;
    case DT_RELASZ:
      t.relocation_bytes = d->d_un.d_val;
      break;
    case DT_HASH:
      t.hash = static_cast<const uint32_t *>(at(d->d_un.d_ptr));
      break;
    case DT_GNU_HASH:
      t.gnu_hash = static_cast<const uint32_t *>(at(d->d_un.d_ptr));
      break;
    }
  return t;
}

// The number of dynamic symbols: DT_HASH says it; DT_GNU_HASH's last chain ends at the last.
size_t symbol_count(const DynamicTables &t) {
  if (t.hash)
    return t.hash[1];
  if (!t.gnu_hash)
    return 0;
  uint32_t buckets = t.gnu_hash[0], first = t.gnu_hash[1], bloom_words = t.gnu_hash[2];
  const uint32_t *bucket = reinterpret_cast<const uint32_t *>(
      reinterpret_cast<const ElfW(Addr) *>(t.gnu_hash + 4) + bloom_words);
  const uint32_t *chain = bucket + buckets;
  uint32_t last = 0;
  for (uint32_t i = 0; i < buckets; ++i)
    last = bucket[i] > last ? bucket[i] : last;
  if (last < first)
    return first;
  while (!(chain[last - first] & 1))
    ++last;
  return last + 1;
}

uint32_t flags_lifted_by(const char *name) {
  if (strcmp(name, "malloc") == 0)
    return HOTLINE_RUN_HEAP_NOT_HOOKED;
  if (strcmp(name, "write") == 0)
    return HOTLINE_RUN_IO_NOT_HOOKED;
  return 0;
}

// Adds a hook at `address` for `name`, in front of the next definition where that is the
// process's definition too.
void add_hook(const char *name, void *address) {
  uint32_t slot = name_hash(name) & (kHookSlots - 1);
  while (g_hooks[slot].name)
    slot = (slot + 1) & (kHookSlots - 1);
  Hook &hook = g_hooks[slot];
  hook.name = name;
  hook.address = address;
  void *next = find_next(name);
  hook.next = next && next != address && process_definition(name) == next ? next : nullptr;
  hook.flags = flags_lifted_by(name);
}

// dlsym, put into the objects' slots as the hooks are: a library loaded after the last module
// registered (an uninstrumented extension module, a library that ctypes opens) is patched as
// soon as its loader looks a symbol up in it, before the loader calls into it. Asked for
// RTLD_DEFAULT or RTLD_NEXT, whose answers depend on who asks, it jumps to the C library's (a
// tail call: dlsym sees the caller's return address, as without hotline).
using DlsymFunction = void *(*)(void *, const char *);
DlsymFunction g_next_dlsym = nullptr;

void *dlsym_then_patch(void *handle, const char *name) {
  if (handle == RTLD_DEFAULT || handle == RTLD_NEXT) {
    [[clang::musttail]] return g_next_dlsym(handle, name);
  }
  void *found = g_next_dlsym(handle, name);
  if (found) { // a failed lookup's dlerror stays for the caller: nothing else is asked
    int saved_errno = errno;
    lift_hooks_not_in_effect(patch_hooks_into_objects());
    errno = saved_errno;
  }
  return found;
}

// Lists the runtime's hooks, each with the function it stands in front of where that is the
// process's definition too.
void list_hooks(const link_map *runtime) {
  DynamicTables t = read_dynamic(runtime->l_ld, runtime->l_addr);
  if (!t.symbols || !t.strings)
    return;
  for (size_t i = 0, n = symbol_count(t); i < n; ++i) {
    const ElfW(Sym) &s = t.symbols[i];
    const char *name = t.strings + s.st_name;
    if (s.st_shndx == SHN_UNDEF || ELF64_ST_TYPE(s.st_info) != STT_FUNC ||
        ELF64_ST_BIND(s.st_info) != STB_WEAK || ELF64_ST_VISIBILITY(s.st_other) != STV_DEFAULT ||
        strncmp(name, "hotline_", 8) == 0 || hook_named(name))
      continue;
    add_hook(name, reinterpret_cast<void *>(runtime->l_addr + s.st_value));
  }
  if (!hook_named("dlsym")) {
    add_hook("dlsym", reinterpret_cast<void *>(dlsym_then_patch));
    g_next_dlsym = reinterpret_cast<DlsymFunction>(hook_named("dlsym")->next); // null: unpatched
  }
}

// Writes a slot. Those in the part of RELRO that the dynamic linker made read-only (its whole
// pages) are made writable for the store and read-only again.
void write_slot(void **slot, void *value, uintptr_t read_only_start, uintptr_t read_only_end) {
  uintptr_t at = reinterpret_cast<uintptr_t>(slot);
  if (at < read_only_start || at >= read_only_end) {
    __atomic_store_n(slot, value, __ATOMIC_RELAXED);
    return;
  }
  uintptr_t page_size = uintptr_t(getpagesize());
  auto *page = reinterpret_cast<void *>(at & ~(page_size - 1));
  if (mprotect(page, page_size, PROT_READ | PROT_WRITE) != 0)
    return;
  __atomic_store_n(slot, value, __ATOMIC_RELAXED);
  mprotect(page, page_size, PROT_READ);
}

bool is_skipped(const dl_phdr_info *info) {
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  return (info->dlpi_addr == g_runtime->l_addr && strcmp(name, g_runtime->l_name) == 0) ||
         strstr(name, "/ld-linux") || strstr(name, "linux-vdso") || strstr(name, "linux-gate");
}

// Puts the hooks into one object's slots that lead to what they stand in front of: bound to it,
// or not bound yet (lazy binding: the slot still leads into the object's own PLT, and the
// object does not define the name itself).
int patch_object(dl_phdr_info *info, size_t, void *) {
  if (is_skipped(info))
    return 0;
  const ElfW(Dyn) *dynamic = nullptr;
  uintptr_t code_start = UINTPTR_MAX, code_end = 0, relro_start = 0, relro_end = 0;
  uintptr_t page_size = uintptr_t(getpagesize());
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &p = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + p.p_vaddr;
    if (p.p_type == PT_DYNAMIC) {
      dynamic = reinterpret_cast<const ElfW(Dyn) *>(start);
    } else if (p.p_type == PT_LOAD && (p.p_flags & PF_X)) {
      code_start = start < code_start ? start : code_start;
      code_end = start + p.p_memsz > code_end ? start + p.p_memsz : code_end;
    } else if (p.p_type == PT_GNU_RELRO) { // protected as the dynamic linker does: whole pages
      relro_start = start & ~(page_size - 1);
      relro_end = (start + p.p_memsz) & ~(page_size - 1);
    }
  }
  if (!dynamic)
    return 0;
  DynamicTables t = read_dynamic(dynamic, info->dlpi_addr);
  if (!t.symbols || !t.strings)
    return 0;
  auto patch = [&](const ElfW(Rela) * relocations, size_t bytes) {
    for (size_t i = 0; relocations && i < bytes / sizeof *relocations; ++i) {
      const ElfW(Rela) &r = relocations[i];
      uint32_t type = uint32_t(ELF64_R_TYPE(r.r_info)), symbol = uint32_t(ELF64_R_SYM(r.r_info));
      if ((type != kJumpSlot && type != kGlobalData) || symbol == 0)
        continue;
      const ElfW(Sym) &s = t.symbols[symbol];
      Hook *hook = hook_named(t.strings + s.st_name);
      if (!hook || !hook->next)
        continue;
      auto *slot = reinterpret_cast<void **>(info->dlpi_addr + r.r_offset);
      uintptr_t now = reinterpret_cast<uintptr_t>(__atomic_load_n(slot, __ATOMIC_RELAXED));
      bool unbound =
          type == kJumpSlot && s.st_shndx == SHN_UNDEF && now >= code_start && now < code_end;
      if (now != reinterpret_cast<uintptr_t>(hook->next) && !unbound)
        continue;
      write_slot(slot, hook->address, relro_start, relro_end);
      g_patched |= hook->flags;
    }
  };
  if (t.jump_slots_rela)
    patch(t.jump_slots, t.jump_slot_bytes);
  patch(t.relocations, t.relocation_bytes);
  return 0;
}

int count_objects(dl_phdr_info *info, size_t, void *adds) {
  *static_cast<unsigned long long *>(adds) = info->dlpi_adds;
  return 1; // the first says it
}

} // namespace

uint32_t patch_hooks_into_objects() {
  SpinLockGuard guard(g_lock);
  RuntimeScope scope; // dlsym may allocate
  if (!g_hooks_listed) {
    g_hooks_listed = true;
    const link_map *runtime = object_of(reinterpret_cast<void *>(&patch_hooks_into_objects));
    if (!runtime || !runtime->l_name || !runtime->l_name[0])
      return 0; // the runtime is the executable's: its hooks are the process's, or none are
    if (heap_hooks_in_effect() && io_hooks_in_effect())
      return 0; // a shared runtime in the global scope (linked or preloaded), before the C library
    g_runtime = runtime;
    list_hooks(runtime);
  }
  if (!g_runtime)
    return 0;
  unsigned long long adds = 0;
  dl_iterate_phdr(count_objects, &adds);
  if (adds == g_objects_seen)
    return g_patched;
  g_objects_seen = adds;
  // The slots will lead into the runtime: it must stay loaded when the module that brought it
  // is closed.
  if (!dlopen(g_runtime->l_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE))
    return g_patched;
  dl_iterate_phdr(patch_object, nullptr);
  return g_patched;
}

#else
uint32_t patch_hooks_into_objects() { return 0; }
#endif

} // namespace hotline::rt
