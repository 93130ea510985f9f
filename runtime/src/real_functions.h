// The allocation and I/O functions that the hooks stand in front of: the next definitions
// after the runtime's own in the dynamic loader's search order (the C library's, or those of
// another allocator library the program uses), found with dlsym(RTLD_NEXT).
#pragma once

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/uio.h>

struct link_map; // <link.h>

namespace hotline::rt {

struct RealFunctions {
  void *(*malloc)(size_t);
  void (*free)(void *);
  void *(*calloc)(size_t, size_t);
  void *(*realloc)(void *, size_t);
  void *(*reallocarray)(void *, size_t, size_t);
  int (*posix_memalign)(void **, size_t, size_t);
  void *(*aligned_alloc)(size_t, size_t);
  void *(*memalign)(size_t, size_t);
  void *(*valloc)(size_t);
  void *(*pvalloc)(size_t);
  size_t (*malloc_usable_size)(void *);
  // The C++ library's operator new forms, called only when malloc fails: they run the
  // program's new-handler and throw std::bad_alloc.
  void *(*operator_new)(size_t);
  void *(*operator_new_nothrow)(size_t, const void *);
  void *(*operator_new_aligned)(size_t, size_t);
  void *(*operator_new_aligned_nothrow)(size_t, size_t, const void *);

  ssize_t (*read)(int, void *, size_t);
  ssize_t (*pread)(int, void *, size_t, off_t);
  ssize_t (*readv)(int, const iovec *, int);
  ssize_t (*preadv)(int, const iovec *, int, off_t);
  ssize_t (*write)(int, const void *, size_t);
  ssize_t (*pwrite)(int, const void *, size_t, off_t);
  ssize_t (*writev)(int, const iovec *, int);
  ssize_t (*pwritev)(int, const iovec *, int, off_t);
  size_t (*fread)(void *, size_t, size_t, FILE *);
  size_t (*fread_unlocked)(void *, size_t, size_t, FILE *);
  size_t (*fwrite)(const void *, size_t, size_t, FILE *);
  size_t (*fwrite_unlocked)(const void *, size_t, size_t, FILE *);
  // stdio's other ways of moving bytes (io_hooks.cpp): their buffered writes and reads reach
  // the kernel from inside the C library, where no hook sees them.
  int (*fputs)(const char *, FILE *);
  int (*fputs_unlocked)(const char *, FILE *);
  int (*puts)(const char *);
  int (*fputc)(int, FILE *);
  int (*fputc_unlocked)(int, FILE *);
  int (*putc)(int, FILE *);
  int (*putc_unlocked)(int, FILE *);
  int (*putchar)(int);
  int (*putchar_unlocked)(int);
  int (*vfprintf)(FILE *, const char *, va_list);
  int (*vfprintf_chk)(FILE *, int, const char *, va_list);
  int (*vdprintf)(int, const char *, va_list);
  char *(*fgets)(char *, int, FILE *);
  char *(*fgets_unlocked)(char *, int, FILE *);
  int (*fgetc)(FILE *);
  int (*fgetc_unlocked)(FILE *);
  int (*getc)(FILE *);
  int (*getc_unlocked)(FILE *);
  int (*getchar)();
  int (*getchar_unlocked)();
  ssize_t (*getdelim)(char **, size_t *, int, FILE *);
  int (*vfscanf)(FILE *, const char *, va_list);
  int (*isoc99_vfscanf)(FILE *, const char *, va_list);
  int (*open)(const char *, int, ...);
  int (*openat)(int, const char *, int, ...);
  int (*creat)(const char *, mode_t);
  FILE *(*fopen)(const char *, const char *);
  int (*fclose)(FILE *);
  int (*close)(int);
  void *(*mmap)(void *, size_t, int, int, int, off_t);
  int (*fsync)(int);
  int (*fdatasync)(int);
};

extern RealFunctions real;

// The next definition of `name` after the runtime's own (dlsym(RTLD_NEXT)), looked up as the
// runtime's work: what dlsym calls (a program's own malloc) is not the program's.
void *find_next(const char *name);

// Where a call of `name` lands, from the executable and from every library in the global scope:
// dlsym(RTLD_DEFAULT)'s answer, unless that is the executable's canonical PLT entry for a
// function it takes the address of without defining it (a non-PIE executable's: Debian's
// python3 has one for malloc and write); then the first definition after the executable in the
// global scope, where that entry's calls go. Null where nothing defines it.
void *process_definition(const char *name);

// The loaded object that holds `address` (null: none), and whether two addresses lie in the
// same one. Without dladdr, which walks the object's symbols to name the nearest (3,000 in the
// C library's: tens of microseconds a call, at every process's first allocation), where the
// C library has _dl_find_object.
::link_map *object_of(const void *address);
bool same_object(const void *a, const void *b);

// Fills `real` once; hooks call it before their first use of a pointer. While it runs, dlsym
// may allocate: such nested calls are served by bootstrap_alloc.
void resolve_real_functions();
inline bool real_functions_found() {
  return __atomic_load_n(&real.close, __ATOMIC_ACQUIRE) != nullptr;
}
inline void ensure_real_functions() {
  if (__builtin_expect(!real_functions_found(), 0))
    resolve_real_functions();
}

// Memory for allocations made before `real` is known (by dlsym itself): a small static
// block that is never freed. Returns nullptr when it is used up.
void *bootstrap_alloc(size_t bytes, size_t alignment);
extern char g_bootstrap_area[64 << 10];
inline bool is_bootstrap_block(const void *p) { // on every free: inline
  auto *c = static_cast<const char *>(p);
  return c >= g_bootstrap_area && c < g_bootstrap_area + sizeof g_bootstrap_area;
}
// The size asked for when a bootstrap block was allocated (for realloc).
size_t bootstrap_block_size(const void *p);

} // namespace hotline::rt
