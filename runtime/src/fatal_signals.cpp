// The runtime's handler in front of the fatal signals, and the program's own actions behind it
// (fatal_signals.h). Writing the profile takes no allocator lock, but it takes runtime locks
// that the interrupted thread may hold; so the write runs under an alarm: if it has not
// finished after kWriteSeconds, the signal is raised again with its default action and the
// process ends as it would have, without a profile.
#include "fatal_signals.h"

#include "memory.h"
#include "profile_writer.h"
#include "spin_lock.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hotline::rt {

namespace {

// The faults the process raises itself, then the signals others send to end it.
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
                            SIGTERM, SIGINT, SIGHUP, SIGQUIT};
constexpr int kFirstSentSignal = 5; // SIGTERM
constexpr unsigned kWriteSeconds = 10;

volatile sig_atomic_t g_fatal_signal = 0; // the signal whose profile is being written, 0 before

// The program's action for a fatal signal, and whether the runtime's handler is the kernel's
// (otherwise the kernel has the program's action: the signal is ignored).
struct ProgramAction {
  struct sigaction action;
  bool runtime_in_front;
};

// Changed under g_lock with every signal blocked; read by the handler, which cannot take a
// lock, as a sequence lock: g_version is odd while an action changes.
ProgramAction g_program[NSIG];
unsigned g_version = 0;
SpinLock g_lock;
bool g_initialized = false;

bool is_default(const struct sigaction &action) { return action.sa_handler == SIG_DFL; }
bool is_ignored(const struct sigaction &action) { return action.sa_handler == SIG_IGN; }

ProgramAction read_program_action(int signal) {
  for (;;) {
    unsigned before = __atomic_load_n(&g_version, __ATOMIC_ACQUIRE);
    ProgramAction copy;
    memcpy(&copy, &g_program[signal], sizeof copy);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (!(before & 1) && __atomic_load_n(&g_version, __ATOMIC_RELAXED) == before)
      return copy;
  }
}

// The kernel's action for a signal the runtime stands in front of: the program's mask and
// flags when the program handles it, so its handler runs as it would have.
void on_fatal_signal(int signal, siginfo_t *info, void *context);
void put_runtime_in_front(int signal, const struct sigaction &program) {
  struct sigaction action{};
  action.sa_sigaction = on_fatal_signal;
  if (is_default(program)) {
    sigemptyset(&action.sa_mask);
    // On the alternate stack where one is set: a stack overflow can still be reported.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  } else {
    action.sa_mask = program.sa_mask;
    action.sa_flags = SA_SIGINFO | (program.sa_flags & (SA_RESTART | SA_ONSTACK | SA_NODEFER));
  }
  kernel_sigaction(signal, &action, nullptr);
}

// Under g_lock. The table first: a signal that arrives before the kernel has the new action
// already finds the program's new choice there.
void set_program_action(int signal, const struct sigaction &action) {
  ProgramAction next{action, !is_ignored(action)};
  __atomic_store_n(&g_version, g_version + 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_RELEASE);
  g_program[signal] = next;
  __atomic_store_n(&g_version, g_version + 1, __ATOMIC_RELEASE);
  if (next.runtime_in_front)
    put_runtime_in_front(signal, action);
  else
    kernel_sigaction(signal, &action, nullptr);
}

class AllSignalsBlocked {
public:
  AllSignalsBlocked() {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved_);
  }
  ~AllSignalsBlocked() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }
  AllSignalsBlocked(const AllSignalsBlocked &) = delete;
  AllSignalsBlocked &operator=(const AllSignalsBlocked &) = delete;

private:
  sigset_t saved_;
};

// Gives `signal` the handler and lets it be delivered (a handler runs with its signal blocked).
void handle_now(int signal, void (*handler)(int)) {
  struct sigaction action{};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  kernel_sigaction(signal, &action, nullptr);
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

void write_profile_then_die(int signal) {
  if (g_fatal_signal != 0) { // a second fatal signal, while writing: end now
    die_with(signal);
    return;
  }
  g_fatal_signal = signal;
  handle_now(SIGALRM, on_alarm);
  alarm(kWriteSeconds);
  write_profile_as_process_ends();
  alarm(0);
  die_with(signal);
}

void on_fatal_signal(int signal, siginfo_t *info, void *context) {
  ProgramAction program = read_program_action(signal);
  if (is_default(program.action)) {
    write_profile_then_die(signal);
    return;
  }
  if (is_ignored(program.action)) // ignored since the kernel chose this handler
    return;
  if (program.action.sa_flags & SA_RESETHAND) { // the kernel would have reset it on delivery
    int saved_errno = errno;
    struct sigaction reset{};
    reset.sa_handler = SIG_DFL;
    sigemptyset(&reset.sa_mask);
    SpinLockGuard guard(g_lock);
    set_program_action(signal, reset);
    errno = saved_errno;
  }
  if (program.action.sa_flags & SA_SIGINFO)
    program.action.sa_sigaction(signal, info, context);
  else
    program.action.sa_handler(signal);
}

} // namespace

__attribute__((weak)) int kernel_sigaction(int signal, const struct sigaction *action,
                                           struct sigaction *old) {
  return ::sigaction(signal, action, old);
}

namespace {
void block_sent_signals(sigset_t *previous) {
  sigset_t sent;
  sigemptyset(&sent);
  for (size_t i = kFirstSentSignal; i < sizeof kSignals / sizeof kSignals[0]; ++i)
    sigaddset(&sent, kSignals[i]);
  pthread_sigmask(SIG_BLOCK, &sent, previous);
}

// The forking thread's mask before fork. One fork at a time runs the handlers: glibc holds its
// handler lock from the first prepare handler to the last parent or child handler.
sigset_t g_mask_before_fork;
void hold_before_fork() { block_sent_signals(&g_mask_before_fork); }
void release_after_fork() { pthread_sigmask(SIG_SETMASK, &g_mask_before_fork, nullptr); }
} // namespace

SentFatalSignalsHeld::SentFatalSignalsHeld() { block_sent_signals(&previous_); }

SentFatalSignalsHeld::~SentFatalSignalsHeld() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

void hold_sent_signals_across_fork() {
  pthread_atfork(hold_before_fork, release_after_fork, release_after_fork);
}

bool is_fatal_signal(int signal) {
  for (int fatal : kSignals)
    if (signal == fatal)
      return true;
  return false;
}

void fatal_signals_init() {
  hold_across_fork<g_lock>();
  AllSignalsBlocked blocked;
  SpinLockGuard guard(g_lock);
  for (int signal : kSignals) {
    struct sigaction current{};
    if (kernel_sigaction(signal, nullptr, &current) == 0)
      set_program_action(signal, current);
  }
  __atomic_store_n(&g_initialized, true, __ATOMIC_RELEASE);
}

int program_sigaction(int signal, const struct sigaction *action, struct sigaction *old) {
  if (!__atomic_load_n(&g_initialized, __ATOMIC_ACQUIRE))
    return kernel_sigaction(signal, action, old);
  struct sigaction previous{};
  {
    AllSignalsBlocked blocked;
    SpinLockGuard guard(g_lock);
    if (g_program[signal].runtime_in_front)
      previous = g_program[signal].action;
    else if (kernel_sigaction(signal, nullptr, &previous) != 0)
      return -1;
    if (action)
      set_program_action(signal, *action);
  }
  if (old)
    *old = previous;
  return 0;
}

void *install_signal_stack() {
  stack_t current;
  if (sigaltstack(nullptr, &current) != 0 || !(current.ss_flags & SS_DISABLE))
    return nullptr;
  size_t guard = size_t(sysconf(_SC_PAGESIZE));
  auto *region = static_cast<char *>(reserve_pages(guard + kSignalStackBytes));
  if (!region)
    return nullptr;
  stack_t stack{};
  stack.ss_sp = region + guard;
  stack.ss_size = kSignalStackBytes;
  if (mprotect(region, guard, PROT_NONE) != 0 || sigaltstack(&stack, nullptr) != 0) {
    release_pages(region, guard + kSignalStackBytes);
    return nullptr;
  }
  return region;
}

void remove_signal_stack(void *region) {
  if (!region)
    return;
  size_t guard = size_t(sysconf(_SC_PAGESIZE));
  stack_t current;
  if (sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_ONSTACK))
    return; // on it now (a handler ends the thread): left as it is
  if (current.ss_sp == static_cast<char *>(region) + guard) {
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
  }
  release_pages(region, guard + kSignalStackBytes);
}

} // namespace hotline::rt
