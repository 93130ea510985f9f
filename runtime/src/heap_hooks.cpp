// The heap hooks: every malloc-family function and every form of C++ operator new and
// delete, defined weak (a program's own definition wins) and exported, so that calls from the
// program and from its libraries come here first. Each forwards to the real function, then
// records the block with its place; a free counts against the place the block was allocated
// at. Some tracked calls are also timed inside the real function (heap_tracking.h,
// allocator_timing_weight): the thread's memory time.
//
// Where the hooks keep what they recorded of a block (its place, size and call stamp) is
// decided once, at the first call, by the allocator behind them:
// - in a header of 16 bytes just in front of the block the program gets, when every
//   malloc-family function of the process is the runtime's and the allocator behind them is
//   the C library's: a free finds its record from the block's address, with nothing shared
//   between threads. The program never sees the header (malloc_usable_size counts the bytes
//   after it).
// - in the live-block table (heap_tracking.h) otherwise: another allocator library (jemalloc,
//   tcmalloc) has functions of its own that a program may call on a malloc'd block
//   (`sallocx`, `dallocx`), and a program that defines one of the functions itself hands out
//   blocks the hooks never saw. The table finds a block by its address, under a lock.
#include "clock.h"
#include "heap_tracking.h"
#include "hooks.h"
#include "real_functions.h"
#include "runtime.h"
#include "runtime_scope.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <new>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

using namespace hotline::rt;

namespace {

enum Layout : int { kUndecided, kHeaders, kTable };
int g_layout = kUndecided;

// In front of each block, when blocks have headers.
struct BlockHeader {
  uint32_t place : 24;      // heap_place_number(); 0: the hooks did not track the block
  uint32_t offset_log2 : 8; // the allocator's block starts 2^offset_log2 bytes before the
                            // program's: the header's 16, or an alignment above 16
  uint32_t call_stamp;
  uint64_t bytes; // what the program asked for
};
constexpr size_t kHeaderBytes = 16; // keeps the 16 bytes' alignment that malloc gives
static_assert(sizeof(BlockHeader) == kHeaderBytes);

bool headers() { return __atomic_load_n(&g_layout, __ATOMIC_RELAXED) == kHeaders; }

BlockHeader header_of(const void *p) {
  BlockHeader h;
  memcpy(&h, static_cast<const char *>(p) - kHeaderBytes, sizeof h);
  return h;
}
size_t offset_of(const BlockHeader &h) { return size_t(1) << h.offset_log2; }
void *base_of(void *p, const BlockHeader &h) { return static_cast<char *>(p) - offset_of(h); }
TrackedBlock tracked_of(const BlockHeader &h) {
  return {h.place ? heap_place_numbered(h.place) : nullptr, h.bytes, h.call_stamp};
}

// The bytes a block needs in front of the program's part: a header's, or the alignment when
// larger, so that the program's part keeps it; none without headers.
size_t front_bytes(size_t alignment) {
  if (!headers())
    return 0;
  return alignment > kHeaderBytes ? alignment : kHeaderBytes;
}

// The program's part of the allocator's block `base` (null: the allocation failed), with
// its record (`tracked.place` null: not tracked) in its header or in the table.
void *hand_out(void *base, size_t front, const TrackedBlock &tracked) {
  if (!base)
    return nullptr;
  if (!front) {
    if (tracked.place)
      remember_block(base, tracked);
    return base;
  }
  char *p = static_cast<char *>(base) + front;
  BlockHeader h{};
  h.place = tracked.place ? heap_place_number(tracked.place) : 0;
  h.offset_log2 = uint32_t(__builtin_ctzll(front));
  h.call_stamp = tracked.call_stamp;
  h.bytes = tracked.bytes;
  memcpy(p - kHeaderBytes, &h, sizeof h);
  return p;
}

bool every_hook_in_effect(); // defined after the hooks

// Headers, when every malloc-family function is the runtime's and the next malloc is the C
// library's (in the object that defines gnu_get_libc_version). Not with HOTLINE_MEMORY=0,
// read here (by the options table's name and boolean parsing) because the first allocation
// comes before the runtime reads its options: then nothing is tracked, and the hooks pass
// each call through as it is.
Layout choose_layout() {
  const char *memory = option_text(&options().memory);
  if (memory && option_says_off(memory))
    return kTable;
  Dl_info next{}, c_library{};
  void *c_library_function = find_next("gnu_get_libc_version");
  bool c_library_malloc =
      c_library_function && dladdr(reinterpret_cast<void *>(real.malloc), &next) &&
      dladdr(c_library_function, &c_library) && next.dli_fbase == c_library.dli_fbase;
  return c_library_malloc && every_hook_in_effect() ? kHeaders : kTable;
}

// Whether the hooks can serve a call: the real functions found and the layout chosen. Not
// while either is under way on this thread (dlsym allocates): those calls get bootstrap
// memory.
bool layout_chosen() {
  static __thread bool choosing __attribute__((tls_model("initial-exec")));
  if (!real_functions_found() || choosing)
    return false;
  choosing = true;
  {
    RuntimeScope scope;
    __atomic_store_n(&g_layout, choose_layout(), __ATOMIC_RELEASE);
  }
  choosing = false;
  return true;
}
inline bool allocator_ready() {
  ensure_real_functions();
  if (__builtin_expect(__atomic_load_n(&g_layout, __ATOMIC_ACQUIRE) != kUndecided, 1))
    return true;
  return layout_chosen();
}

bool tracking() { return heap_tracking_on() && !in_runtime(); }

// Runs the real function of a tracked call on a block of `bytes`, timed when
// allocator_timing_weight picks it.
template <typename Call> auto in_allocator(size_t bytes, Call call) {
  uint32_t weight = allocator_timing_weight(bytes);
  if (weight == 0)
    return call();
  uint64_t start = now_ticks();
  auto result = call();
  add_allocator_time(now_ticks() - start, weight);
  return result;
}

// Serves an allocation of `bytes` for `caller`: `real_call(request)` asks the real allocator
// for a block of `request` bytes, the program's and the `front` bytes before them. A realloc
// names the block it `replaces`, whose free counts once the call succeeded (a failed one
// leaves it as it was).
template <typename RealCall>
void *serve(size_t bytes, size_t front, void *caller, RealCall real_call,
            const TrackedBlock *replaces = nullptr) {
  size_t request;
  if (__builtin_add_overflow(bytes, front, &request)) {
    errno = ENOMEM;
    return nullptr;
  }
  if (!tracking())
    return hand_out(real_call(request), front, {nullptr, bytes, 0});
  RuntimeScope scope;
  size_t timed_bytes = replaces && replaces->bytes > bytes ? replaces->bytes : bytes;
  void *base = in_allocator(timed_bytes, [&] { return real_call(request); });
  if (!base)
    return nullptr;
  if (replaces)
    account_free(*replaces);
  return hand_out(base, front, record_allocation(bytes, caller));
}

void *allocate(size_t bytes, void *caller) {
  if (!allocator_ready())
    return bootstrap_alloc(bytes, 16);
  return serve(bytes, front_bytes(0), caller, [](size_t request) { return real.malloc(request); });
}

void *posix_memalign_block(size_t alignment, size_t bytes, int *error) {
  void *block = nullptr;
  *error = real.posix_memalign(&block, alignment, bytes);
  return *error == 0 ? block : nullptr;
}

// An allocation aligned to `alignment`, a power of two. With headers, posix_memalign's (or
// malloc's, for an alignment that malloc gives anyway), with room in front for the alignment;
// the hooks that take other alignments or round sizes have done so before they come here.
// Without, `real_call` asks the hook's own real function, as the program did: they differ in
// what they accept and how they round.
template <typename RealCall>
void *allocate_aligned(size_t alignment, size_t bytes, void *caller, RealCall real_call) {
  if (!allocator_ready())
    return bootstrap_alloc(bytes, alignment);
  if (!headers())
    return serve(bytes, 0, caller, real_call);
  if (alignment <= kHeaderBytes)
    return serve(bytes, kHeaderBytes, caller, [](size_t request) { return real.malloc(request); });
  return serve(bytes, alignment, caller, [alignment](size_t request) {
    int error;
    void *block = posix_memalign_block(alignment, request, &error);
    if (!block)
      errno = error;
    return block;
  });
}
void *allocate_aligned(size_t alignment, size_t bytes, void *caller) {
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  return allocate_aligned(alignment, bytes, caller, [alignment](size_t request) {
    int error;
    return posix_memalign_block(alignment, request, &error);
  });
}

void release(void *p) {
  if (!p || is_bootstrap_block(p) || !allocator_ready())
    return;
  if (headers()) {
    BlockHeader h = header_of(p);
    void *base = base_of(p, h);
    if (!tracking())
      return real.free(base);
    RuntimeScope scope;
    account_free(tracked_of(h));
    in_allocator(h.bytes, [&] {
      real.free(base);
      return 0;
    });
    return;
  }
  if (!tracking())
    return real.free(p);
  RuntimeScope scope;
  TrackedBlock block{};
  forget_block(p, &block); // not there: an untracked free (no place)
  account_free(block);
  in_allocator(block.bytes, [&] {
    real.free(p);
    return 0;
  });
}

// The bytes the program may use in a block (malloc_usable_size).
size_t usable_bytes(void *p) {
  if (!p)
    return 0;
  if (is_bootstrap_block(p))
    return bootstrap_block_size(p);
  if (!allocator_ready() || !real.malloc_usable_size)
    return 0;
  if (!headers())
    return real.malloc_usable_size(p);
  BlockHeader h = header_of(p);
  return real.malloc_usable_size(base_of(p, h)) - offset_of(h);
}

void *reallocate_with_header(void *p, size_t bytes, void *caller) {
  if (bytes == 0) { // as the C library's realloc: frees the block and returns null
    release(p);
    return nullptr;
  }
  BlockHeader h = header_of(p);
  if (offset_of(h) != kHeaderBytes) { // an aligned block: realloc does not keep alignment either
    void *q = allocate(bytes, caller);
    if (q) {
      size_t old = usable_bytes(p);
      memcpy(q, p, old < bytes ? old : bytes);
      release(p);
    }
    return q;
  }
  void *base = base_of(p, h);
  TrackedBlock old = tracked_of(h);
  return serve(
      bytes, kHeaderBytes, caller, [base](size_t request) { return real.realloc(base, request); },
      &old);
}

void *reallocate(void *p, size_t bytes, void *caller) {
  if (!p)
    return allocate(bytes, caller);
  if (is_bootstrap_block(p)) { // moves out of bootstrap memory
    void *q = allocate(bytes, caller);
    size_t old = bootstrap_block_size(p);
    if (q)
      memcpy(q, p, old < bytes ? old : bytes);
    return q;
  }
  if (!allocator_ready()) {
    errno = ENOMEM;
    return nullptr;
  }
  if (headers())
    return reallocate_with_header(p, bytes, caller);
  if (!tracking())
    return real.realloc(p, bytes);
  RuntimeScope scope;
  TrackedBlock block{};
  bool known = forget_block(p, &block);
  size_t larger = block.bytes > bytes ? block.bytes : bytes;
  void *q = in_allocator(larger, [&] { return real.realloc(p, bytes); });
  if (!q && bytes != 0) { // failed: the old block is still there
    if (known)
      remember_block(p, block);
    return nullptr;
  }
  account_free(block); // no place when not known: an untracked free
  return q ? hand_out(q, 0, record_allocation(bytes, caller)) : nullptr;
}

size_t page_bytes() { return size_t(sysconf(_SC_PAGESIZE)); }
bool power_of_two(size_t n) { return n != 0 && (n & (n - 1)) == 0; }
size_t next_power_of_two(size_t n) {
  size_t p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

// Operator new when malloc failed: the C++ library's own runs the new-handler and throws.
[[noreturn]] void no_operator_new() {
  report_problem("operator new: the C++ library's definition is not found; aborting");
  abort();
}

} // namespace

HOOK void *malloc(size_t bytes) noexcept { return allocate(bytes, CALLER); }
HOOK void free(void *p) noexcept { release(p); }
HOOK void *realloc(void *p, size_t bytes) noexcept { return reallocate(p, bytes, CALLER); }

HOOK void *calloc(size_t count, size_t size) noexcept {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  if (!allocator_ready())
    return bootstrap_alloc(bytes, 16); // zeroed
  return serve(bytes, front_bytes(0), CALLER,
               [](size_t request) { return real.calloc(1, request); });
}

HOOK void *reallocarray(void *p, size_t count, size_t size) noexcept {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return reallocate(p, bytes, CALLER);
}

HOOK size_t malloc_usable_size(void *p) noexcept { return usable_bytes(p); }

// C23's sized frees, which newer C libraries define: a block with a header must come back
// through the hooks whichever way the program frees it.
HOOK void free_sized(void *p, size_t) noexcept { release(p); }
HOOK void free_aligned_sized(void *p, size_t, size_t) noexcept { release(p); }

HOOK int posix_memalign(void **out, size_t alignment, size_t bytes) noexcept {
  if (alignment % sizeof(void *) != 0 || !power_of_two(alignment))
    return EINVAL;
  int error = ENOMEM;
  void *p = allocate_aligned(alignment, bytes, CALLER, [&](size_t request) {
    return posix_memalign_block(alignment, request, &error);
  });
  if (!p)
    return error;
  *out = p;
  return 0;
}

// With headers, the aligned forms do what the C library's do (glibc's malloc/malloc.c):
// memalign rounds an alignment up to a power of two, and so did aligned_alloc before
// glibc 2.38, which fails with EINVAL instead (its answer on a one-byte block says which).
HOOK void *aligned_alloc(size_t alignment, size_t bytes) noexcept {
  if (!power_of_two(alignment) && allocator_ready() && headers()) {
    void *probe = real.aligned_alloc(alignment, 1);
    if (!probe)
      return nullptr;
    real.free(probe);
  }
  size_t rounded = next_power_of_two(alignment);
  return allocate_aligned(rounded, bytes, CALLER,
                          [=](size_t request) { return real.aligned_alloc(alignment, request); });
}

HOOK void *memalign(size_t alignment, size_t bytes) noexcept {
  if (alignment > SIZE_MAX / 2 + 1) {
    errno = EINVAL;
    return nullptr;
  }
  return allocate_aligned(next_power_of_two(alignment), bytes, CALLER,
                          [=](size_t request) { return real.memalign(alignment, request); });
}

HOOK void *valloc(size_t bytes) noexcept {
  return allocate_aligned(page_bytes(), bytes, CALLER,
                          [](size_t request) { return real.valloc(request); });
}

// pvalloc rounds the size up to whole pages: those are the block's bytes.
HOOK void *pvalloc(size_t bytes) noexcept {
  size_t page = page_bytes(), rounded;
  if (__builtin_add_overflow(bytes, page - 1, &rounded)) {
    errno = ENOMEM;
    return nullptr;
  }
  rounded = rounded / page * page;
  if (rounded == 0)
    rounded = page;
  return allocate_aligned(page, rounded, CALLER,
                          [](size_t request) { return real.pvalloc(request); });
}

// The hooks under names of their own, which stay on them when another definition of a name
// is the process's.
#define RUNTIME_NAME(name)                                                                         \
  extern "C" decltype(name) hotline_runtime_##name __attribute__((alias(#name)));
RUNTIME_NAME(malloc)
RUNTIME_NAME(free)
RUNTIME_NAME(realloc)
RUNTIME_NAME(calloc)
RUNTIME_NAME(reallocarray)
RUNTIME_NAME(malloc_usable_size)
RUNTIME_NAME(free_sized)
RUNTIME_NAME(free_aligned_sized)
RUNTIME_NAME(posix_memalign)
RUNTIME_NAME(aligned_alloc)
RUNTIME_NAME(memalign)
RUNTIME_NAME(valloc)
RUNTIME_NAME(pvalloc)
#undef RUNTIME_NAME

namespace {
bool in_effect(void *found, void *hook) { return found == hook || found == nullptr; }

// Whether a call to each name reaches the hook: the process's definition is the hook's, or
// there is none (the C23 frees where the C library has none, which the linker did not export
// from the executable either).
bool every_hook_in_effect() {
#define IN_EFFECT(name)                                                                            \
  in_effect(process_definition(#name), reinterpret_cast<void *>(&hotline_runtime_##name))
  return IN_EFFECT(malloc) && IN_EFFECT(free) && IN_EFFECT(realloc) && IN_EFFECT(calloc) &&
         IN_EFFECT(reallocarray) && IN_EFFECT(malloc_usable_size) && IN_EFFECT(free_sized) &&
         IN_EFFECT(free_aligned_sized) && IN_EFFECT(posix_memalign) && IN_EFFECT(aligned_alloc) &&
         IN_EFFECT(memalign) && IN_EFFECT(valloc) && IN_EFFECT(pvalloc);
#undef IN_EFFECT
}
} // namespace

namespace hotline::rt {
bool heap_hooks_in_effect() {
  return process_definition("malloc") == reinterpret_cast<void *>(&hotline_runtime_malloc);
}
} // namespace hotline::rt

// C++: new asks malloc (or posix_memalign) directly, so that the recorded caller is the
// program's code, not the C++ library's operator new; only when that fails does the
// library's operator new take over, for the new-handler and std::bad_alloc.
namespace {
void *new_block(size_t bytes, void *caller) {
  if (void *p = allocate(bytes ? bytes : 1, caller))
    return p;
  if (!real.operator_new)
    no_operator_new();
  return real.operator_new(bytes);
}
void *new_block_nothrow(size_t bytes, const std::nothrow_t &tag, void *caller) {
  if (void *p = allocate(bytes ? bytes : 1, caller))
    return p;
  return real.operator_new_nothrow ? real.operator_new_nothrow(bytes, &tag) : nullptr;
}
void *new_aligned_block(size_t bytes, std::align_val_t alignment, void *caller) {
  if (void *p = allocate_aligned(size_t(alignment), bytes ? bytes : 1, caller))
    return p;
  if (!real.operator_new_aligned)
    no_operator_new();
  return real.operator_new_aligned(bytes, size_t(alignment));
}
void *new_aligned_block_nothrow(size_t bytes, std::align_val_t alignment, const std::nothrow_t &tag,
                                void *caller) {
  if (void *p = allocate_aligned(size_t(alignment), bytes ? bytes : 1, caller))
    return p;
  return real.operator_new_aligned_nothrow
             ? real.operator_new_aligned_nothrow(bytes, size_t(alignment), &tag)
             : nullptr;
}
} // namespace

CXX_HOOK void *operator new(size_t bytes) { return new_block(bytes, CALLER); }
CXX_HOOK void *operator new[](size_t bytes) { return new_block(bytes, CALLER); }
CXX_HOOK void *operator new(size_t bytes, const std::nothrow_t &tag) noexcept {
  return new_block_nothrow(bytes, tag, CALLER);
}
CXX_HOOK void *operator new[](size_t bytes, const std::nothrow_t &tag) noexcept {
  return new_block_nothrow(bytes, tag, CALLER);
}
CXX_HOOK void *operator new(size_t bytes, std::align_val_t alignment) {
  return new_aligned_block(bytes, alignment, CALLER);
}
CXX_HOOK void *operator new[](size_t bytes, std::align_val_t alignment) {
  return new_aligned_block(bytes, alignment, CALLER);
}
CXX_HOOK void *operator new(size_t bytes, std::align_val_t alignment,
                            const std::nothrow_t &tag) noexcept {
  return new_aligned_block_nothrow(bytes, alignment, tag, CALLER);
}
CXX_HOOK void *operator new[](size_t bytes, std::align_val_t alignment,
                              const std::nothrow_t &tag) noexcept {
  return new_aligned_block_nothrow(bytes, alignment, tag, CALLER);
}

CXX_HOOK void operator delete(void *p) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p) noexcept { release(p); }
CXX_HOOK void operator delete(void *p, size_t) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p, size_t) noexcept { release(p); }
CXX_HOOK void operator delete(void *p, std::align_val_t) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p, std::align_val_t) noexcept { release(p); }
CXX_HOOK void operator delete(void *p, size_t, std::align_val_t) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p, size_t, std::align_val_t) noexcept { release(p); }
CXX_HOOK void operator delete(void *p, const std::nothrow_t &) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p, const std::nothrow_t &) noexcept { release(p); }
CXX_HOOK void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept {
  release(p);
}
CXX_HOOK void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept {
  release(p);
}
