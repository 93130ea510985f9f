// The heap hooks: every malloc-family function and every form of C++ operator new and
// delete, defined weak (a program's own definition wins) and exported, so that calls from the
// program and from its libraries come here first. Each forwards to the real function, then
// records the block with its place; a free counts against the place the block was allocated
// at. Some tracked calls are also timed inside the real function (heap_tracking.h,
// allocator_timing_weight): the thread's memory time.
//
// Where the hooks keep what they recorded of a block (its place, size and call stamp) is
// decided once, at the first call, by the allocator behind them:
// - in a trailer of 8 bytes at the end of the block, when every malloc-family function of
//   the process is the runtime's and the allocator behind them is the C library's: the hooks
//   ask for 8 bytes more and keep the record in the last 8 of the block's usable bytes
//   (malloc_usable_size), where a free finds it, with nothing shared between threads. The
//   program never sees the trailer (malloc_usable_size counts the bytes before it). Behind
//   the block rather than in front: a block of a multiple of 16 bytes then takes no more of
//   the C library's memory than without it (glibc gives 8 bytes of its next chunk's header),
//   where a header of 16 bytes moved every block to the next size and cost json_documents 17%
//   of its plain run time in glibc's allocator (bench/RESULTS.md).
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

enum Layout : int { kUndecided, kTrailers, kTable };
int g_layout = kUndecided;

// At the end of each block, when blocks have trailers. The call stamp comes first: a program
// that writes a byte or two past its block, which the C library's slack would forgive,
// damages only that.
struct BlockTrailer {
  uint32_t call_stamp;
  uint32_t place : 20; // heap_place_number(); 0: the hooks did not track the block
  uint32_t slack : 12; // the usable bytes before the trailer less the program's, or
                       // kSlackInWordBefore: the program's bytes are in the 8 bytes before
                       // the trailer (a block mapped by itself has up to a page of slack)
};
constexpr size_t kTrailerBytes = 8;
constexpr uint32_t kSlackInWordBefore = 4095;
static_assert(sizeof(BlockTrailer) == kTrailerBytes);
static_assert(PlaceTable<HeapPlace>::kCapacity + 1 < (1u << 20), "a place's number fits");

bool trailers() { return __atomic_load_n(&g_layout, __ATOMIC_RELAXED) == kTrailers; }

// What glibc's malloc_usable_size gives for a block in use, read where it reads it (malloc.c,
// `musable`): the word in front of a block holds its chunk's size, its low 3 bits flags, of
// which 2 says that the chunk was mapped by itself (then its header takes 16 bytes of it, else
// 8). Calling the function instead also read the next chunk's header, another cache line:
// 4% of json_documents' samples. choose_layout checks it against the function first.
size_t c_library_usable_size(const void *p) {
  uint64_t word;
  memcpy(&word, static_cast<const char *>(p) - sizeof word, sizeof word);
  return size_t(word & ~uint64_t(7)) - (word & 2 ? 16 : 8);
}

// The bytes the program may use in a block with a trailer: those before it.
size_t room_before_trailer(void *p) { return c_library_usable_size(p) - kTrailerBytes; }

void put_trailer(void *p, const TrackedBlock &tracked) {
  char *block = static_cast<char *>(p);
  size_t room = room_before_trailer(p);
  BlockTrailer t{};
  t.call_stamp = tracked.call_stamp;
  t.place = tracked.place ? heap_place_number(tracked.place) : 0;
  size_t slack = room - tracked.bytes;
  if (slack < kSlackInWordBefore) {
    t.slack = uint32_t(slack);
  } else { // the slack holds the word
    t.slack = kSlackInWordBefore;
    uint64_t bytes = tracked.bytes;
    memcpy(block + room - sizeof bytes, &bytes, sizeof bytes);
  }
  memcpy(block + room, &t, sizeof t);
}

// A block's record from its trailer. A trailer that a program's overflow damaged gives a
// wrong record, never a wild one: a number that is no place's is no place.
TrackedBlock trailer_of(void *p) {
  const char *block = static_cast<const char *>(p);
  size_t room = room_before_trailer(p);
  BlockTrailer t;
  memcpy(&t, block + room, sizeof t);
  uint64_t bytes = 0;
  if (t.slack == kSlackInWordBefore)
    memcpy(&bytes, block + room - sizeof bytes, sizeof bytes);
  else if (t.slack <= room)
    bytes = room - t.slack;
  return {heap_place_numbered(t.place), bytes, t.call_stamp};
}

// The bytes the hooks ask the allocator for beyond the program's: a trailer's, or none.
size_t extra_bytes() { return trailers() ? kTrailerBytes : 0; }

// Gives the program the allocator's block (null: the allocation failed) with its record
// (`tracked.place` null: not tracked) in its trailer or in the table.
void *hand_out(void *block, const TrackedBlock &tracked) {
  if (!block)
    return nullptr;
  if (trailers())
    put_trailer(block, tracked);
  else if (tracked.place)
    remember_block(block, tracked);
  return block;
}

bool every_hook_in_effect(); // defined after the hooks

// Whether c_library_usable_size gives what the C library's malloc_usable_size does, on small,
// larger and aligned blocks. Not on a block mapped by itself: freeing one raises glibc's
// threshold for mapping blocks to its size, which would change how the program's own
// blocks are made (test/e2e/memory-block-trailers.c checks those).
bool usable_size_read_right() {
  if (!real.malloc_usable_size || !real.posix_memalign)
    return false;
  bool right = true;
  static const size_t sizes[] = {1, 24, 1000, 5000};
  for (size_t bytes : sizes) {
    void *p = real.malloc(bytes);
    if (!p)
      return false;
    right &= c_library_usable_size(p) == real.malloc_usable_size(p);
    real.free(p);
  }
  void *aligned = nullptr;
  if (real.posix_memalign(&aligned, 4096, 100) != 0)
    return false;
  right &= c_library_usable_size(aligned) == real.malloc_usable_size(aligned);
  real.free(aligned);
  return right;
}

// Trailers, when every malloc-family function is the runtime's and the next malloc is the C
// library's (in the object that defines gnu_get_libc_version), with its malloc_usable_size. Not
// with HOTLINE_MEMORY=0, read here (by the options table's name and boolean parsing) because the
// first allocation comes before the runtime reads its options: then nothing is tracked, and the
// hooks pass each call through as it is.
Layout choose_layout() {
  const char *memory = option_text(&options().memory);
  if (memory && option_says_off(memory))
    return kTable;
  bool c_library_malloc =
      same_object(reinterpret_cast<void *>(real.malloc), find_next("gnu_get_libc_version"));
  return c_library_malloc && usable_size_read_right() && every_hook_in_effect() ? kTrailers
                                                                                : kTable;
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
// for a block of `request` bytes, the program's and the `extra` after them. A realloc names
// the block it `replaces`, whose free counts once the call succeeded (a failed one leaves it
// as it was).
template <typename RealCall>
void *serve(size_t bytes, size_t extra, void *caller, RealCall real_call,
            const TrackedBlock *replaces = nullptr) {
  size_t request;
  if (__builtin_add_overflow(bytes, extra, &request)) {
    errno = ENOMEM;
    return nullptr;
  }
  if (!tracking())
    return hand_out(real_call(request), {nullptr, bytes, 0});
  RuntimeScope scope;
  size_t timed_bytes = replaces && replaces->bytes > bytes ? replaces->bytes : bytes;
  void *block = in_allocator(timed_bytes, [&] { return real_call(request); });
  if (!block)
    return nullptr;
  if (replaces)
    account_free(*replaces);
  return hand_out(block, record_allocation(bytes, caller));
}

void *allocate(size_t bytes, void *caller) {
  if (!allocator_ready())
    return bootstrap_alloc(bytes, 16);
  return serve(bytes, extra_bytes(), caller, [](size_t request) { return real.malloc(request); });
}

void *posix_memalign_block(size_t alignment, size_t bytes, int *error) {
  void *block = nullptr;
  *error = real.posix_memalign(&block, alignment, bytes);
  return *error == 0 ? block : nullptr;
}

// An allocation aligned to `alignment` (for bootstrap memory, before the real functions are
// found: a power of two). `real_call` asks the hook's own real function, as the program did,
// for the bytes and the trailer: they differ in what they accept and how they round.
template <typename RealCall>
void *allocate_aligned(size_t alignment, size_t bytes, void *caller, RealCall real_call) {
  if (!allocator_ready())
    return bootstrap_alloc(bytes, alignment);
  return serve(bytes, extra_bytes(), caller, real_call);
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
  if (!tracking())
    return real.free(p);
  RuntimeScope scope;
  TrackedBlock block{};
  if (trailers())
    block = trailer_of(p);
  else
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
  return trailers() ? room_before_trailer(p) : real.malloc_usable_size(p);
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
  if (trailers()) {
    if (bytes == 0) { // as the C library's realloc: frees the block and returns null
      release(p);
      return nullptr;
    }
    TrackedBlock old = trailer_of(p);
    return serve(
        bytes, kTrailerBytes, caller, [p](size_t request) { return real.realloc(p, request); },
        &old);
  }
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
  return q ? hand_out(q, record_allocation(bytes, caller)) : nullptr;
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
  return serve(bytes, extra_bytes(), CALLER,
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

// C23's sized frees, which newer C libraries define: a block with a trailer must come back
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

// The aligned forms ask the C library's own, which decide what alignments they take and how
// they round; the power of two above an alignment is for bootstrap memory only.
HOOK void *aligned_alloc(size_t alignment, size_t bytes) noexcept {
  if (alignment > SIZE_MAX / 2 + 1) {
    errno = EINVAL;
    return nullptr;
  }
  return allocate_aligned(next_power_of_two(alignment), bytes, CALLER,
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
