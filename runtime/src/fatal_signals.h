// Signals that end the process (a crash, abort, or SIGTERM/SIGINT/SIGHUP/SIGQUIT left at their
// default action): the profile is written first, then the signal is raised again with its
// default action, so the exit status and any core dump stay what they would have been.
#pragma once

namespace hotline::rt {

// From runtime_init: installs the handler for each such signal whose disposition is still the
// default. A program that installs its own handler later keeps it; its profile is written
// when it exits through exit().
void fatal_signals_init();

} // namespace hotline::rt
