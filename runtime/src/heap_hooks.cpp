// The heap hooks: every malloc-family function and every form of C++ operator new and
// delete, defined weak (a program's own definition wins) and exported, so that calls from the
// program and from its libraries come here first. Each forwards to the real function, then
// records the block with its place; frees forget the block first. Some tracked calls are also
// timed inside the real function (heap_tracking.h, allocator_timing_weight): the thread's
// memory time.
#include "clock.h"
#include "heap_tracking.h"
#include "real_functions.h"
#include "runtime.h"
#include "runtime_scope.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <new>
#include <stdlib.h>
#include <string.h>

using namespace hotline::rt;

#define HOOK extern "C" __attribute__((visibility("default"), weak))
#define CXX_HOOK __attribute__((visibility("default"), weak))
#define CALLER __builtin_return_address(0)

namespace {

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

void *track(void *p, size_t bytes, void *caller) {
  if (p)
    record_allocation(p, bytes, caller);
  return p;
}

// Before the real functions are known (inside dlsym), allocations come from bootstrap memory.
void *allocate(size_t bytes, void *caller) {
  ensure_real_functions();
  if (!real.malloc)
    return bootstrap_alloc(bytes, 16);
  if (!tracking())
    return real.malloc(bytes);
  RuntimeScope scope;
  return track(in_allocator(bytes, [&] { return real.malloc(bytes); }), bytes, caller);
}

void *allocate_aligned(size_t alignment, size_t bytes, void *caller) {
  ensure_real_functions();
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  void *p = nullptr;
  if (!real.posix_memalign)
    return bootstrap_alloc(bytes, alignment);
  if (!tracking())
    return real.posix_memalign(&p, alignment, bytes) == 0 ? p : nullptr;
  RuntimeScope scope;
  int result = in_allocator(bytes, [&] { return real.posix_memalign(&p, alignment, bytes); });
  return track(result == 0 ? p : nullptr, bytes, caller);
}

void release(void *p) {
  if (!p || is_bootstrap_block(p))
    return;
  ensure_real_functions();
  if (!real.free)
    return;
  if (!tracking())
    return real.free(p);
  RuntimeScope scope;
  LiveBlock block{};
  if (forget_block(p, &block))
    account_free(block);
  else
    count_untracked_free();
  in_allocator(block.bytes, [&] {
    real.free(p);
    return 0;
  });
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
  ensure_real_functions();
  if (!tracking())
    return real.realloc(p, bytes);
  RuntimeScope scope;
  LiveBlock block;
  bool known = forget_block(p, &block);
  size_t larger = known && block.bytes > bytes ? block.bytes : bytes;
  void *q = in_allocator(larger, [&] { return real.realloc(p, bytes); });
  if (!q && bytes != 0) { // failed: the old block is still there
    if (known)
      remember_block(block);
    return nullptr;
  }
  if (known)
    account_free(block);
  else
    count_untracked_free();
  return track(q, bytes, caller);
}

// Operator new when malloc failed: the C++ library's own runs the new-handler and throws.
[[noreturn]] void no_operator_new() {
  report_problem("operator new: the C++ library's definition is not found; aborting");
  abort();
}

} // namespace

HOOK void *malloc(size_t bytes) noexcept { return allocate(bytes, CALLER); }

// The runtime's malloc under a name of its own, which stays on it when another definition of
// malloc is the process's (see heap_hooks_in_effect).
extern "C" void *hotline_runtime_malloc(size_t) noexcept __attribute__((alias("malloc")));
HOOK void free(void *p) noexcept { release(p); }

namespace hotline::rt {
bool heap_hooks_in_effect() {
  return dlsym(RTLD_DEFAULT, "malloc") == reinterpret_cast<void *>(&hotline_runtime_malloc);
}
} // namespace hotline::rt
HOOK void *realloc(void *p, size_t bytes) noexcept { return reallocate(p, bytes, CALLER); }

HOOK void *calloc(size_t count, size_t size) noexcept {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  ensure_real_functions();
  if (!real.calloc)
    return bootstrap_alloc(bytes, 16); // zeroed
  if (!tracking())
    return real.calloc(count, size);
  RuntimeScope scope;
  return track(in_allocator(bytes, [&] { return real.calloc(count, size); }), bytes, CALLER);
}

HOOK void *reallocarray(void *p, size_t count, size_t size) noexcept {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return reallocate(p, bytes, CALLER);
}

HOOK int posix_memalign(void **out, size_t alignment, size_t bytes) noexcept {
  ensure_real_functions();
  if (!tracking() || !real.posix_memalign)
    return real.posix_memalign ? real.posix_memalign(out, alignment, bytes) : ENOMEM;
  RuntimeScope scope;
  int result = in_allocator(bytes, [&] { return real.posix_memalign(out, alignment, bytes); });
  if (result == 0)
    track(*out, bytes, CALLER);
  return result;
}

// aligned_alloc, memalign, valloc and pvalloc go to their own real functions, which differ
// in what they accept and how they round.
#define ALIGNED_HOOK(name, params, args, bytes)                                                    \
  HOOK void *name params noexcept {                                                                \
    ensure_real_functions();                                                                       \
    if (!real.name)                                                                                \
      return nullptr;                                                                              \
    if (!tracking())                                                                               \
      return real.name args;                                                                       \
    RuntimeScope scope;                                                                            \
    return track(in_allocator(bytes, [&] { return real.name args; }), bytes, CALLER);              \
  }
ALIGNED_HOOK(aligned_alloc, (size_t alignment, size_t bytes), (alignment, bytes), bytes)
ALIGNED_HOOK(memalign, (size_t alignment, size_t bytes), (alignment, bytes), bytes)
ALIGNED_HOOK(valloc, (size_t bytes), (bytes), bytes)
ALIGNED_HOOK(pvalloc, (size_t bytes), (bytes), bytes)
#undef ALIGNED_HOOK

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
void *new_aligned_block_nothrow(size_t bytes, std::align_val_t alignment,
                                const std::nothrow_t &tag, void *caller) {
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
CXX_HOOK void *operator new(size_t bytes, std::align_val_t alignment, const std::nothrow_t &tag) noexcept {
  return new_aligned_block_nothrow(bytes, alignment, tag, CALLER);
}
CXX_HOOK void *operator new[](size_t bytes, std::align_val_t alignment, const std::nothrow_t &tag) noexcept {
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
CXX_HOOK void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }
CXX_HOOK void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept { release(p); }
