// Test-only: a function of a header that is always inlined into its caller and calls out
// from there, as std::vector::push_back calls operator new, so the calling instruction's
// innermost source line is in this header and the next one out is the caller's.
#pragma once

#include <cstdint>

// The calling instruction (its return address minus one) in the function that called it.
extern "C" uintptr_t hotline_test_calling_instruction();

namespace hotline::test {

inline constexpr const char *kInlinedCallFile = __FILE__;
inline constexpr uint32_t kInlinedCallLine = __LINE__ + 3;

__attribute__((always_inline)) inline uintptr_t call_from_header() {
  return hotline_test_calling_instruction();
}

} // namespace hotline::test
