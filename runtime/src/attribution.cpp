// The place of an allocation or I/O call: thread, innermost timed call, calling instruction.
#include "attribution.h"

#include "runtime.h"

namespace hotline::rt {

Place current_place(void *return_address) {
  uint64_t pc = reinterpret_cast<uint64_t>(return_address) - 1;
  // Before the runtime has started (the dynamic loader's and early constructors'
  // allocations), creating a thread state would start the runtime from inside the loader.
  ThreadState *t = runtime_started() ? current_thread() : nullptr;
  if (!t)
    return {nullptr, nullptr, pc};
  return {t, t->current, pc};
}

} // namespace hotline::rt
