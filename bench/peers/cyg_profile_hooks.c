/* The -finstrument-functions peer: the least a profiler must do in these hooks to measure time
 * per function, as a user would write it. Per thread: a shadow stack of (function, rdtsc at
 * entry) and an open-addressing table of calls and inclusive ticks per function address. No
 * call tree, no locks; nothing is written out (the cost of recording is what is compared). */
#include <stdint.h>
#include <x86intrin.h>

#define HOOK __attribute__((no_instrument_function, visibility("default")))

enum { kStackDepth = 1 << 16, kTableSize = 1 << 14 };

struct Frame {
  void *function;
  uint64_t start;
};
struct Entry {
  void *function;
  uint64_t calls;
  uint64_t ticks;
};

static __thread struct Frame stack[kStackDepth];
static __thread unsigned depth;
static __thread struct Entry table[kTableSize];

__attribute__((no_instrument_function)) static struct Entry *entry_for(void *function) {
  static __thread struct Entry overflow; /* shared by functions past the table's capacity */
  uintptr_t h = ((uintptr_t)function >> 4) * 0x9E3779B97F4A7C15ull;
  unsigned i = (unsigned)(h >> 50) & (kTableSize - 1);
  for (unsigned probes = 0; probes < kTableSize; ++probes, i = (i + 1) & (kTableSize - 1))
    if (table[i].function == function || !table[i].function) {
      table[i].function = function;
      return &table[i];
    }
  return &overflow;
}

HOOK void __cyg_profile_func_enter(void *function, void *call_site) {
  (void)call_site;
  unsigned d = depth++;
  if (d < kStackDepth)
    stack[d] = (struct Frame){function, __rdtsc()};
}

HOOK void __cyg_profile_func_exit(void *function, void *call_site) {
  (void)call_site;
  uint64_t end = __rdtsc();
  unsigned d = --depth;
  if (d < kStackDepth) {
    struct Entry *e = entry_for(function);
    e->calls++;
    e->ticks += end - stack[d].start;
  }
}
