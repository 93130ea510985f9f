// Writing the profile on a fatal signal (fatal_signals.h). The writer takes no allocator lock,
// but it takes runtime locks that the interrupted thread may hold; so the write runs under an
// alarm: if it has not finished after kWriteSeconds, the signal is raised again with its default
// action and the process ends as it would have, without a profile.
#include "fatal_signals.h"

#include "profile_writer.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

namespace hotline::rt {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGINT, SIGHUP, SIGQUIT};
constexpr unsigned kWriteSeconds = 10;

volatile sig_atomic_t g_fatal_signal = 0; // the signal being handled, 0 before any

// Gives `signal` the handler and lets it be delivered (a handler runs with its signal blocked).
void handle_now(int signal, void (*handler)(int)) {
  struct sigaction action{};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal);
  sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
}

void die_with(int signal) {
  handle_now(signal, SIG_DFL);
  raise(signal);
}

// The write took too long (a lock held by the interrupted code): end as the signal would have.
void on_alarm(int) { die_with(g_fatal_signal); }

void on_fatal_signal(int signal) {
  if (g_fatal_signal != 0) { // a second fatal signal, while writing: end now
    die_with(signal);
    return;
  }
  g_fatal_signal = signal;
  handle_now(SIGALRM, on_alarm);
  alarm(kWriteSeconds);
  write_profile();
  alarm(0);
  die_with(signal);
}

} // namespace

void fatal_signals_init() {
  for (int signal : kSignals) {
    struct sigaction current{};
    if (sigaction(signal, nullptr, &current) != 0 || (current.sa_flags & SA_SIGINFO) ||
        current.sa_handler != SIG_DFL)
      continue; // the program's (or its launcher's) choice stands
    struct sigaction action{};
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK; // a stack overflow can still be reported where an alternate stack is set
    sigaction(signal, &action, nullptr);
  }
}

} // namespace hotline::rt
