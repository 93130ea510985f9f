// Putting the hooks where the dynamic linker did not. A shared runtime that a Python extension
// module brought into the interpreter lies in the module's local scope, behind the C library:
// calls of malloc, read and the rest reach the C library, not the hooks (docs/python.md). The
// runtime then writes its hook into each loaded object's table of imported functions (its GOT),
// in every slot that leads to the function the hook itself calls, as heaptrack's inject does;
// it is then in front of that function for calls from those objects, as if it had been
// preloaded.
#pragma once

#include <stdint.h>

namespace hotline::rt {

// Patches the objects loaded since the last call (the dynamic linker, the runtime and the
// vDSO excepted), where the runtime is a shared library whose hooks are not the process's
// definitions. Called at each module registration, so that objects loaded with a later module
// are patched too, and after each dlsym that found a symbol through a handle (the runtime puts
// its own dlsym into the objects' slots too), so that libraries loaded later without a module
// of their own are patched before their loader calls into them. Returns HOTLINE_RUN_HEAP_NOT_HOOKED
// and HOTLINE_RUN_IO_NOT_HOOKED for the hooks it put in place of the process's malloc and write; 0
// when it patched neither.
uint32_t patch_hooks_into_objects();

} // namespace hotline::rt
