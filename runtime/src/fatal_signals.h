// Signals that end the process (a crash, abort, or SIGTERM/SIGINT/SIGHUP/SIGQUIT): the runtime's
// handler stands in front of each of them for the whole run, and the program's own actions for
// them are kept here and chained to.
// - A signal whose program action is the default: the profile is written first, then the
//   signal is raised again with its default action, so the exit status and any core dump stay
//   what they would have been.
// - A signal the program handles: its handler is called as the kernel would have called it
//   (same arguments, mask and flags). If that handler ends the process through exit, abort, or
//   by raising the signal again with the default action, the profile is written then.
// - A signal the program ignores is left to the kernel.
// The program sees its own actions only: sigaction and signal (signal_hooks.cpp) read and
// change them here.
#pragma once

#include <signal.h>
#include <stddef.h>

namespace hotline::rt {

// From runtime_init: puts the runtime's handler in front of each such signal that is not
// ignored, keeping the action already set (by the program or its launcher) as the program's.
void fatal_signals_init();

// Whether `signal` is one of them.
bool is_fatal_signal(int signal);

// While it lives, the calling thread holds back those of them that others send (SIGTERM, SIGINT,
// SIGHUP, SIGQUIT): the profile's writer, whose write the handler would otherwise find under
// way, skip, and end the process before the file is complete (a multiprocessing pool
// terminating a worker that is writing its own at os._exit). Another thread takes them and
// waits for the write; with none, they come after it.
class SentFatalSignalsHeld {
public:
  SentFatalSignalsHeld();
  ~SentFatalSignalsHeld();
  SentFatalSignalsHeld(const SentFatalSignalsHeld &) = delete;
  SentFatalSignalsHeld &operator=(const SentFatalSignalsHeld &) = delete;

private:
  sigset_t previous_;
};

// A signal sent to a fork child before it first ran (a pool terminating a worker the machine
// had not yet scheduled) is delivered as the child returns from fork, before the fork handlers
// have released the locks that the parent's handlers took: the handler's profile write would
// wait on them until its alarm, and the child would die without a profile. Registered after
// every other fork handler of the runtime (so that its prepare handler runs first and its
// child handler last), this holds back the sent signals from just before fork until the
// runtime's state in the child is whole again.
void hold_sent_signals_across_fork();

// sigaction for one of them, as the program sees it: `old` gets the program's action, and
// `action` becomes the program's action. Before fatal_signals_init, the plain sigaction.
int program_sigaction(int signal, const struct sigaction *action, struct sigaction *old);

// A stack overflow raises SIGSEGV where the thread's stack has no room left for a handler:
// the handler above can write the profile only on an alternate signal stack. Each thread that
// has none when the runtime first sees it gets one of kSignalStackBytes (room for the profile
// writer; pages are committed when touched) above a guard page; a stack the program installs,
// before or after, is the one used. install_signal_stack returns the region to give back to
// remove_signal_stack at the thread's exit, or null (the thread had one; out of memory).
constexpr size_t kSignalStackBytes = 256 << 10;
void *install_signal_stack();
void remove_signal_stack(void *region);

// The C library's sigaction, past the runtime's own hook where there is one.
int kernel_sigaction(int signal, const struct sigaction *action, struct sigaction *old);

} // namespace hotline::rt
