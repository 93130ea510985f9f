// Which instructions are the program's own: the executable segments of the objects that hold
// instrumented modules. A hooked call (malloc, write, a wait) whose calling instruction is
// anywhere else was made inside a library; its place is the program's line that called into
// the library, found by a bounded walk up the stack.
#pragma once

#include <hotline/abi.h>

#include <stdint.h>

namespace hotline::rt {

// Adds the executable segments of the object that holds `module`, once per object, and its
// library-code section (the functions it defines from system headers), which is left out.
// Called at module registration.
void add_program_object(const __hotline_module *module);

// Whether `pc` is in the runtime's own code: the one section all of it is in (runtime_text.h).
bool in_runtime_code(uint64_t pc);

// Whether `pc` lies in an executable segment of an object added above, outside the runtime's
// own code (which is linked into the program) and outside the objects' library-code sections.
// An object unloaded later stays listed: a library loaded at its addresses afterwards counts
// as the program's (its records are then placed at their timed calls, as any line outside the
// program's source).
bool in_program_code(uint64_t pc);

// The calling instruction of the innermost frame in the program's code above the frame whose
// return address is `library_return` (the library code that called the hook), looking at no
// more than kMaxWalkFrames frames; 0 when there is none, and for a call from the unwinder's own
// object (libgcc may allocate while it holds a lock that a walk would take). Unwinding costs
// about a microsecond, so each thread keeps the walks it made in `*cache` (created on first
// use): a call that comes back through the same chain of library frames is placed by reading
// the stack slots the walk found, after checking that each library frame's return address is
// still the one it saw.
constexpr int kMaxWalkFrames = 32;
struct WalkCache;
uint64_t program_caller(uint64_t library_return, WalkCache **cache);
// At the thread's exit.
void release_walk_cache(WalkCache *cache);

} // namespace hotline::rt
