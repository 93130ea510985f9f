// The place of an allocation or I/O call: thread, innermost timed call, calling instruction.
#include "attribution.h"

#include "program_code.h"
#include "runtime.h"

namespace hotline::rt {

Place current_place(void *return_address) {
  uint64_t pc = reinterpret_cast<uint64_t>(return_address) - 1;
  // Before the runtime has started (the dynamic loader's and early constructors'
  // allocations), creating a thread state would start the runtime from inside the loader.
  ThreadState *t = runtime_started() ? current_thread() : nullptr;
  if (!t)
    return {nullptr, nullptr, pc, 0};
  return {t, t->current, pc, 0};
}

Place program_place(void *return_address) {
  Place place = current_place(return_address);
  if (!place.thread || place.thread->depth == 0 || in_program_code(place.pc))
    return place;
  if (uint64_t caller =
          program_caller(reinterpret_cast<uint64_t>(return_address), &place.thread->walk_cache)) {
    place.via_pc = place.pc;
    place.pc = caller;
  }
  return place;
}

} // namespace hotline::rt
