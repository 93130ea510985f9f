// hotline's version, from the build (the CMake project version).
#pragma once

#ifndef HOTLINE_VERSION
#error "HOTLINE_VERSION must come from the build (the CMake project version)"
#endif

namespace hotline {

inline constexpr const char *kVersion = HOTLINE_VERSION;

} // namespace hotline
