// Writes the process's profile (docs/profile-format.md) once, at exit.
#pragma once

namespace hotline::rt {

// Writes <program>.<pid>.hotline into the output directory, atomically, and says where on
// stderr (unless quiet). Only the first call writes; errno is preserved.
void write_profile();

} // namespace hotline::rt
