// Finds the allocation and I/O functions behind the hooks, and serves the allocations that
// dlsym makes while it looks for them.
#include "real_functions.h"

#include "runtime_scope.h"
#include "threads.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>

namespace hotline::rt {

RealFunctions real;

namespace {

template <typename F> void find(F &slot, const char *name) {
  if (!slot)
    __atomic_store_n(&slot, reinterpret_cast<F>(find_next(name)), __ATOMIC_RELEASE);
}

size_t bootstrap_used = 0;
constexpr size_t kBootstrapHeader = 16;

} // namespace

void *find_next(const char *name) {
  ProgramCodeHidden hidden;
  return dlsym(RTLD_NEXT, name);
}

link_map *object_of(const void *address) {
#ifdef DLFO_STRUCT_HAS_EH_DBASE // glibc 2.35 and later
  dl_find_object found;
  return _dl_find_object(const_cast<void *>(address), &found) == 0 ? found.dlfo_link_map : nullptr;
#else
  Dl_info info;
  link_map *map = nullptr;
  return dladdr1(address, &info, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) ? map : nullptr;
#endif
}

bool same_object(const void *a, const void *b) {
  link_map *object = a && b ? object_of(a) : nullptr;
  return object && object == object_of(b);
}

void *process_definition(const char *name) {
  ProgramCodeHidden hidden;
  void *found = dlsym(RTLD_DEFAULT, name);
  Dl_info info;
  ElfW(Sym) *symbol = nullptr;
  // Only an executable has canonical PLT entries; the executable's link map is the first.
  if (link_map *object = found ? object_of(found) : nullptr; object && object->l_prev)
    return found;
  if (!found || !dladdr1(found, &info, reinterpret_cast<void **>(&symbol), RTLD_DL_SYMENT) ||
      !symbol || symbol->st_shndx != SHN_UNDEF)
    return found;
  // A canonical PLT entry: the objects after the executable, in the global scope's order.
  void *program = dlopen(nullptr, RTLD_LAZY | RTLD_NOLOAD);
  link_map *map = nullptr;
  if (!program || dlinfo(program, RTLD_DI_LINKMAP, &map) != 0 || !map)
    return found;
  for (map = map->l_next; map; map = map->l_next) {
    void *object =
        map->l_name && map->l_name[0] ? dlopen(map->l_name, RTLD_LAZY | RTLD_NOLOAD) : nullptr;
    void *definition = object ? dlsym(object, name) : nullptr;
    bool its_own = definition &&
                   dladdr1(definition, &info, reinterpret_cast<void **>(&symbol), RTLD_DL_SYMENT) &&
                   symbol && symbol->st_shndx != SHN_UNDEF && info.dli_fname &&
                   strcmp(info.dli_fname, map->l_name) == 0;
    if (object)
      dlclose(object); // the NOLOAD open's reference
    if (its_own)
      return definition;
  }
  return found;
}

void resolve_real_functions() {
  // dlsym may call a hook, which comes back here: the nested call returns at once, and the
  // hook falls back to bootstrap memory or a system call for what is not found yet.
  static __thread bool resolving __attribute__((tls_model("initial-exec")));
  if (resolving)
    return;
  resolving = true;
  RuntimeScope scope;
  find(real.malloc, "malloc");
  find(real.free, "free");
  find(real.calloc, "calloc");
  find(real.realloc, "realloc");
  find(real.reallocarray, "reallocarray");
  find(real.posix_memalign, "posix_memalign");
  find(real.aligned_alloc, "aligned_alloc");
  find(real.memalign, "memalign");
  find(real.valloc, "valloc");
  find(real.pvalloc, "pvalloc");
  find(real.malloc_usable_size, "malloc_usable_size");
  find(real.operator_new, "_Znwm");
  find(real.operator_new_nothrow, "_ZnwmRKSt9nothrow_t");
  find(real.operator_new_aligned, "_ZnwmSt11align_val_t");
  find(real.operator_new_aligned_nothrow, "_ZnwmSt11align_val_tRKSt9nothrow_t");
  find(real.read, "read");
  find(real.pread, "pread");
  find(real.readv, "readv");
  find(real.preadv, "preadv");
  find(real.write, "write");
  find(real.pwrite, "pwrite");
  find(real.writev, "writev");
  find(real.pwritev, "pwritev");
  find(real.fread, "fread");
  find(real.fread_unlocked, "fread_unlocked");
  find(real.fwrite, "fwrite");
  find(real.fwrite_unlocked, "fwrite_unlocked");
  find(real.fputs, "fputs");
  find(real.fputs_unlocked, "fputs_unlocked");
  find(real.puts, "puts");
  find(real.fputc, "fputc");
  find(real.fputc_unlocked, "fputc_unlocked");
  find(real.putc, "putc");
  find(real.putc_unlocked, "putc_unlocked");
  find(real.putchar, "putchar");
  find(real.putchar_unlocked, "putchar_unlocked");
  find(real.vfprintf, "vfprintf");
  find(real.vfprintf_chk, "__vfprintf_chk");
  find(real.vdprintf, "vdprintf");
  find(real.fgets, "fgets");
  find(real.fgets_unlocked, "fgets_unlocked");
  find(real.fgetc, "fgetc");
  find(real.fgetc_unlocked, "fgetc_unlocked");
  find(real.getc, "getc");
  find(real.getc_unlocked, "getc_unlocked");
  find(real.getchar, "getchar");
  find(real.getchar_unlocked, "getchar_unlocked");
  find(real.getdelim, "getdelim");
  find(real.vfscanf, "vfscanf");
  find(real.isoc99_vfscanf, "__isoc99_vfscanf");
  find(real.open, "open");
  find(real.openat, "openat");
  find(real.creat, "creat");
  find(real.fopen, "fopen");
  find(real.fclose, "fclose");
  find(real.mmap, "mmap");
  find(real.fsync, "fsync");
  find(real.fdatasync, "fdatasync");
  find(real.close, "close"); // last: ensure_real_functions() tests it
  resolving = false;
}

// Bootstrap blocks: [size][padding to alignment][block], bumped out of one static array.
alignas(64) char g_bootstrap_area[64 << 10];

void *bootstrap_alloc(size_t bytes, size_t alignment) {
  if (alignment < kBootstrapHeader)
    alignment = kBootstrapHeader;
  size_t need = kBootstrapHeader + alignment + bytes;
  size_t start = __atomic_fetch_add(&bootstrap_used, need, __ATOMIC_RELAXED);
  if (start + need > sizeof g_bootstrap_area || need < bytes)
    return nullptr;
  uintptr_t base = reinterpret_cast<uintptr_t>(g_bootstrap_area + start) + kBootstrapHeader;
  uintptr_t block = (base + alignment - 1) & ~uintptr_t(alignment - 1);
  memcpy(reinterpret_cast<char *>(block) - sizeof(size_t), &bytes, sizeof bytes);
  return reinterpret_cast<void *>(block); // zeroed: the area is static and never reused
}

size_t bootstrap_block_size(const void *p) {
  size_t bytes;
  memcpy(&bytes, static_cast<const char *>(p) - sizeof(size_t), sizeof bytes);
  return bytes;
}

} // namespace hotline::rt
