// An allocation counter to LD_PRELOAD, independent of hotline: counts each successful heap
// allocation (malloc, calloc, realloc, reallocarray, posix_memalign, aligned_alloc,
// memalign, valloc, and C++'s operator new and new[], which it serves itself so that their
// malloc inside the C++ library is not counted again) by the chain of the executable's
// return addresses on the stack, innermost first, found by a full unwind (libgcc's
// _Unwind_Backtrace, every frame, no cache): the address it returns to when that is the
// executable's, and the ones above it, up to kChain. (Which of them is the program's own
// line is for the reader to tell from the debug information: code from system headers that
// the executable holds, std::vector's _M_realloc_insert, is not.) An allocation made inside a
// library (the address it returns to is not the executable's) is counted from the
// executable's call into the library, with the library named as the way it came; one with no
// frame of the executable's on the stack stays at the library's address. At exit it writes
// one line per place to $ALLOC_COUNTER_OUT: "OBJECT OFFSETS COUNT BYTES VIA" (the object that
// holds the addresses and their offsets in it, comma-separated, for llvm-symbolizer; VIA the
// library's path, or "-"). glibc's __libc_* functions do the work.
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

enum { SLOTS = 1 << 16, kChain = 8 };
static struct {
  void *chain[kChain]; // the executable's return addresses, innermost first; or the library's
  void *via; // the library's address that called the allocator, or null
  unsigned long count, bytes;
} table[SLOTS];
static char table_lock;

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
  void *start;   // the return address the walk starts at
  int past;      // seen its frame
  int frames;    // the executable's return addresses found, from it up
  void *chain[kChain];
};
static _Unwind_Reason_Code visit(struct _Unwind_Context *context, void *arg) {
  struct walk *w = arg;
  uintptr_t ip = _Unwind_GetIP(context);
  if (!ip)
    return _URC_END_OF_STACK;
  if (!w->past) {
    w->past = (void *)ip == w->start;
    if (!w->past)
      return _URC_NO_REASON;
  }
  if (!in_program(ip - 1))
    return w->frames ? _URC_END_OF_STACK : _URC_NO_REASON; // the program's frames end here
  w->chain[w->frames++] = (void *)ip;
  return w->frames == kChain ? _URC_END_OF_STACK : _URC_NO_REASON;
}

static __thread int walking; // the unwinder's own allocations, if any, are not counted

static void *count(void *p, size_t bytes, void *caller) {
  if (!p || __atomic_load_n(&stopped, __ATOMIC_RELAXED) || walking)
    return p;
  struct walk w = {caller, 0, 0, {0}};
  walking = 1;
  _Unwind_Backtrace(visit, &w);
  walking = 0;
  void *via = NULL;
  if (!in_program((uintptr_t)caller - 1) && w.frames)
    via = caller;
  if (!w.frames)
    w.chain[0] = caller;
  while (__atomic_test_and_set(&table_lock, __ATOMIC_ACQUIRE))
    ;
  size_t slot = ((uintptr_t)w.chain[0] >> 2) * 2654435761u % SLOTS;
  while (table[slot].chain[0] &&
         (memcmp(table[slot].chain, w.chain, sizeof w.chain) != 0 || table[slot].via != via))
    slot = (slot + 1) % SLOTS;
  if (!table[slot].chain[0]) {
    memcpy(table[slot].chain, w.chain, sizeof w.chain);
    table[slot].via = via;
  }
  table[slot].count += 1;
  table[slot].bytes += bytes;
  __atomic_clear(&table_lock, __ATOMIC_RELEASE);
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
    if (!table[i].chain[0] || !dladdr(table[i].chain[0], &info) || !info.dli_fname)
      continue;
    Dl_info via;
    const char *via_name = table[i].via && dladdr(table[i].via, &via) && via.dli_fname ? via.dli_fname : "-";
    fprintf(out, "%s ", info.dli_fname);
    for (int f = 0; f < kChain && table[i].chain[f]; ++f)
      fprintf(out, "%s0x%lx", f ? "," : "", (unsigned long)((char *)table[i].chain[f] - (char *)info.dli_fbase));
    fprintf(out, " %lu %lu %s\n", table[i].count, table[i].bytes, via_name);
  }
  fclose(out);
}
