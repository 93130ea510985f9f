// What every file of hooks (*_hooks.cpp) defines its functions with.
#pragma once

// A function the runtime puts in place of the C library's or another library's: exported, and
// weak, so that a program or library that defines the function itself keeps its own.
#define HOOK extern "C" __attribute__((visibility("default"), weak))
// The same for C++ functions (operator new and delete).
#define CXX_HOOK __attribute__((visibility("default"), weak))
// The instruction after the hooked call in its caller: where the call is placed.
#define CALLER __builtin_return_address(0)
