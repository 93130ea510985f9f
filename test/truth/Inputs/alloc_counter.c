// An allocation counter to LD_PRELOAD, independent of hotline: counts each successful heap
// allocation (malloc, calloc, realloc, reallocarray, posix_memalign, aligned_alloc,
// memalign, valloc, and C++'s operator new and new[], which it serves itself so that their
// malloc inside the C++ library is not counted again) by the address it returns to. An
// allocation made inside a library (the address is not the executable's) is counted at the
// executable's call into the library, found by a full unwind of the stack (libgcc's
// _Unwind_Backtrace, every frame, no cache), with the library named as the way it came; one
// with no frame of the executable's on the stack stays at the library's address. At exit it
// writes one line per place to $ALLOC_COUNTER_OUT: "OBJECT OFFSET COUNT BYTES VIA" (the object
// that holds the address and the address's offset in it, for llvm-symbolizer; VIA the library's
// path, or "-"). glibc's __libc_* functions do the work.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <link.h>
#include <unwind.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

enum { SLOTS = 1 << 16 };
static struct {
  void *caller;
  void *via; // the library's address that called the allocator, or null
  unsigned long count, bytes;
} table[SLOTS];

static int stopped; // at exit: the counter's own writing is not the program's

// The executable's loadable segments, from the loader's first object.
static uintptr_t program_start, program_end;
static int find_program(struct dl_phdr_info *info, size_t size, void *unused) {
  (void)size, (void)unused;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X))
      continue;
    program_start = info->dlpi_addr + segment->p_vaddr;
    program_end = program_start + segment->p_memsz;
  }
  return 1; // the first object is the executable
}
__attribute__((constructor)) static void start(void) { dl_iterate_phdr(find_program, NULL); }

static int in_program(uintptr_t address) { return address >= program_start && address < program_end; }

struct walk {
  void *library;  // the return address the walk starts above
  int past;       // seen the library's frame
  void *program;  // the first return address into the executable above it
};
static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *arg) {
  struct walk *w = arg;
  uintptr_t ip = _Unwind_GetIP(context);
  if (!ip)
    return _URC_END_OF_STACK;
  if (!w->past) {
    w->past = (void *)ip == w->library;
    return _URC_NO_REASON;
  }
  if (!in_program(ip - 1))
    return _URC_NO_REASON;
  w->program = (void *)ip;
  return _URC_END_OF_STACK;
}

static __thread int walking; // the unwinder's own allocations, if any, are not counted

static void *count(void *p, size_t bytes, void *caller) {
  if (!p || __atomic_load_n(&stopped, __ATOMIC_RELAXED) || walking)
    return p;
  void *via = NULL;
  if (!in_program((uintptr_t)caller - 1)) {
    struct walk w = {caller, 0, NULL};
    walking = 1;
    _Unwind_Backtrace(visit, &w);
    walking = 0;
    if (w.program) {
      via = caller;
      caller = w.program;
    }
  }
  size_t slot = ((uintptr_t)caller >> 2) * 2654435761u % SLOTS;
  while (table[slot].caller && (table[slot].caller != caller || table[slot].via != via))
    slot = (slot + 1) % SLOTS;
  __atomic_store_n(&table[slot].caller, caller, __ATOMIC_RELAXED);
  __atomic_store_n(&table[slot].via, via, __ATOMIC_RELAXED);
  __atomic_fetch_add(&table[slot].count, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&table[slot].bytes, bytes, __ATOMIC_RELAXED);
  return p;
}

#define CALLER __builtin_extract_return_addr(__builtin_return_address(0))

void *malloc(size_t n) { return count(__libc_malloc(n), n, CALLER); }
void *calloc(size_t c, size_t n) { return count(__libc_calloc(c, n), c * n, CALLER); }
void *realloc(void *p, size_t n) { return count(__libc_realloc(p, n), n, CALLER); }
void *reallocarray(void *p, size_t c, size_t n) { return count(__libc_realloc(p, c * n), c * n, CALLER); }
void *memalign(size_t a, size_t n) { return count(__libc_memalign(a, n), n, CALLER); }
void *aligned_alloc(size_t a, size_t n) { return count(__libc_memalign(a, n), n, CALLER); }
void *valloc(size_t n) { return count(__libc_memalign(4096, n), n, CALLER); }
int posix_memalign(void **out, size_t a, size_t n) {
  void *p = __libc_memalign(a, n);
  if (!p)
    return ENOMEM;
  *out = count(p, n, CALLER);
  return 0;
}

// operator new(size_t), new[](size_t), their nothrow_t and align_val_t forms. (A failure
// aborts: the programs counted do not run out of memory.)
static void *new_block(size_t n, size_t alignment, void *caller) {
  void *p = alignment ? __libc_memalign(alignment, n ? n : 1) : __libc_malloc(n ? n : 1);
  if (!p)
    abort();
  return count(p, n, caller);
}
void *_Znwm(size_t n) { return new_block(n, 0, CALLER); }
void *_Znam(size_t n) { return new_block(n, 0, CALLER); }
void *_ZnwmRKSt9nothrow_t(size_t n, const void *tag) { (void)tag; return new_block(n, 0, CALLER); }
void *_ZnamRKSt9nothrow_t(size_t n, const void *tag) { (void)tag; return new_block(n, 0, CALLER); }
void *_ZnwmSt11align_val_t(size_t n, size_t a) { return new_block(n, a, CALLER); }
void *_ZnamSt11align_val_t(size_t n, size_t a) { return new_block(n, a, CALLER); }

__attribute__((destructor)) static void write_counts(void) {
  __atomic_store_n(&stopped, 1, __ATOMIC_RELAXED);
  const char *path = getenv("ALLOC_COUNTER_OUT");
  FILE *out = path ? fopen(path, "w") : NULL;
  if (!out)
    return;
  for (size_t i = 0; i < SLOTS; ++i) {
    Dl_info info;
    if (!table[i].caller || !dladdr(table[i].caller, &info) || !info.dli_fname)
      continue;
    Dl_info via;
    const char *via_name = table[i].via && dladdr(table[i].via, &via) && via.dli_fname ? via.dli_fname : "-";
    fprintf(out, "%s 0x%lx %lu %lu %s\n", info.dli_fname,
            (unsigned long)((char *)table[i].caller - (char *)info.dli_fbase), table[i].count,
            table[i].bytes, via_name);
  }
  fclose(out);
}
