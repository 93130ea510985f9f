// Writes the process's profile (docs/profile-format.md) once, at exit, and dumps on demand.
#pragma once

namespace hotline::rt {

// Writes <program>.<pid>.hotline into the output directory, atomically, and says where on
// stderr (unless quiet). Only the first call writes; errno is preserved.
void write_profile();
// The same, when the process ends right after (at exit, on a fatal signal): the memory that
// assembled the profile is left for the process's end to take back (keep_pages_until_exit).
void write_profile_as_process_ends();

// Writes <program>.<pid>.dump-<n>.hotline, a profile of what was recorded so far (its RUN
// flagged HOTLINE_RUN_DUMP), while the program goes on: hotline_dump and HOTLINE_DUMP_SIGNAL.
// Nothing once the last profile is being written.
void dump_profile();

// Reads what the profile says of the run (the program, its command line, the host) at start:
// from runtime_init. Once the main thread has ended (pthread_exit) the program cannot be read.
void remember_run_facts();

// Undoes the last write_profile: removes the profile it published, and lets the next call
// write again (an exec that failed, see exec_hooks.cpp).
void withdraw_profile();

} // namespace hotline::rt
