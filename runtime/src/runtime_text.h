// Included first in every runtime source file (runtime/CMakeLists.txt: -include): all of the
// runtime's functions go to one section, so that a sampled instruction in it can be told to be
// the profiler's own (is_runtime_code, profile_writer.cpp) and never shown as the program's.
#pragma once

#if defined(__clang__)
#pragma clang section text = "hotline_runtime"
#endif
