// sigaction and signal, defined weak and exported: for the fatal signals (fatal_signals.h) the
// program reads and changes its own actions while the runtime's handler stays in front; every
// other signal passes straight through. sysv_signal, bsd_signal and sigset are not hooked: a
// handler set through them replaces the runtime's, and the profile is then written only if
// the program ends through exit.
#include "fatal_signals.h"
#include "hooks.h"
#include "real_functions.h"

#include <dlfcn.h>
#include <errno.h>

using namespace hotline::rt;

namespace {

using SigactionFunction = int (*)(int, const struct sigaction *, struct sigaction *);
using SignalFunction = sighandler_t (*)(int, sighandler_t);

SigactionFunction g_real_sigaction = nullptr;
SignalFunction g_real_signal = nullptr;

template <typename F> F next(F &slot, const char *name) {
  F found = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);
  if (!found) {
    found = reinterpret_cast<F>(find_next(name));
    __atomic_store_n(&slot, found, __ATOMIC_RELEASE);
  }
  return found;
}

} // namespace

// Strong: replaces the plain sigaction that fatal_signals.cpp falls back on where this file is
// not built in (the sanitizer builds). Found once, from runtime_init, before any handler needs it.
int hotline::rt::kernel_sigaction(int signal, const struct sigaction *action,
                                  struct sigaction *old) {
  SigactionFunction real = next(g_real_sigaction, "sigaction");
  if (!real) {
    errno = ENOSYS;
    return -1;
  }
  return real(signal, action, old);
}

HOOK int sigaction(int signal, const struct sigaction *action, struct sigaction *old) {
  if (!is_fatal_signal(signal))
    return kernel_sigaction(signal, action, old);
  return program_sigaction(signal, action, old);
}

// As the C library's signal: BSD semantics (the handler stays, interrupted calls restart, the
// signal is blocked while its handler runs).
HOOK sighandler_t signal(int signal, sighandler_t handler) {
  if (!is_fatal_signal(signal)) {
    SignalFunction real = next(g_real_signal, "signal");
    if (!real) {
      errno = ENOSYS;
      return SIG_ERR;
    }
    return real(signal, handler);
  }
  struct sigaction action{};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, signal);
  action.sa_flags = SA_RESTART;
  struct sigaction old{};
  if (program_sigaction(signal, &action, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}
