// SIGPROF sampling, for line mode from the start and in the other modes from the runtime's
// first stop of timing (the stopped functions' time, sampling.h). Each thread gets its own
// CPU-time interrupt: a perf_event task-clock counter, which fires at exactly the requested rate,
// or, where perf_event_open is not allowed (perf_event_paranoid 3, seccomp), a POSIX timer on the
// thread's CPU clock, which the kernel checks only at its tick (about 250 Hz) and which then
// reports how many periods elapsed. Blocked threads are never interrupted.
#include "sampling.h"

#include "recording_control.h"

#include "modules.h"
#include "pc_table.h"
#include "runtime.h"
#include "spin_lock.h"
#include "threads.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid // the kernel's name; older glibc lacks it
#endif

namespace hotline::rt {

namespace {

// A thread's table refuses new addresses at 3/4 of this: 12,288 distinct instructions, the
// hot code of a large program (a hot loop is a few dozen). Slots are 16 bytes, so this
// reserves 256 KiB per thread, of which only the pages that samples land on are committed:
// at most one page per distinct address, 64 pages in all.
constexpr uint32_t kThreadTableCapacity = 1u << 14;

enum Method : uint32_t { kNotSampled = 0, kPerf = 1, kTimer = 2 };
enum HandlerState { kHandlerUntried, kHandlerInstalled, kHandlerRefused };

// The table the calling thread's SIGPROF handler counts into; null while it is not sampled.
__attribute__((tls_model("initial-exec"))) __thread PcTable *tls_table = nullptr;

SpinLock setup_lock; // installing the handler
int handler_state = kHandlerUntried;
int perf_errno = 0;        // why perf_event_open cannot work in this process, 0 if it can
uint32_t methods_used = 0; // Method bits: how threads were sampled, for the profile
bool start_failure_reported = false;

SpinLock samples_lock; // exited_samples, and ThreadSampler::table against the writer
PcTable *exited_samples = nullptr;

uint64_t interrupted_pc(const void *context) {
  const auto *uc = static_cast<const ucontext_t *>(context);
#if defined(__x86_64__)
  return uint64_t(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uint64_t(uc->uc_mcontext.pc);
#else
  (void)uc;
  return 0; // an architecture we cannot read: every sample is dropped
#endif
}

// Async-signal-safe: touches only the thread's table, allocates nothing, takes no lock.
void on_sigprof(int, siginfo_t *info, void *context) {
  int saved_errno = errno;
  PcTable *table = __atomic_load_n(&tls_table, __ATOMIC_RELAXED);
  if (table && !recording_stopped()) { // a stopped recording keeps no sample
    // A timer whose signal comes at a tick after several periods says how many it missed;
    // each period is one sample, so counts stay proportional to CPU time.
    uint64_t periods = 1;
    if (info->si_code == SI_TIMER && info->si_overrun > 0)
      periods += uint64_t(info->si_overrun);
    table->add(interrupted_pc(context), periods);
  }
  errno = saved_errno;
}

// Why threads are sampled: line mode (HOTLINE_SAMPLE_HZ), or stopped timing
// (HOTLINE_SAMPLE_STOPPED_HZ), whichever came first; one period for the whole run, so that
// every sample stands for the same CPU time. 0: neither yet.
uint64_t g_period_ns = 0;

uint64_t period_ns() { return __atomic_load_n(&g_period_ns, __ATOMIC_ACQUIRE); }

// Sets the period from the first reason to sample; false when that reason's rate is 0.
bool choose_period(uint64_t hz) {
  if (hz == 0 && period_ns() == 0)
    return false;
  uint64_t none = 0;
  if (hz != 0)
    __atomic_compare_exchange_n(&g_period_ns, &none, 1000000000u / hz, false, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
  return true;
}

// A task-clock counter of the calling thread that signals the thread itself at each period.
// It has no ring buffer: the overflow alone sends the signal, and nothing accumulates.
// Once it failed other than for lack of descriptors, it is not tried again.
bool start_perf(ThreadSampler &s, pid_t tid) {
  if (int error = __atomic_load_n(&perf_errno, __ATOMIC_RELAXED)) {
    errno = error;
    return false;
  }
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  attr.sample_period = period_ns();
  attr.disabled = 1;
  attr.exclude_kernel = 1; // allowed up to perf_event_paranoid 2; samples user code only
  attr.exclude_hv = 1;
  attr.wakeup_events = 1;
  int fd = int(syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
  if (fd < 0) {
    if (errno != EMFILE && errno != ENFILE)
      __atomic_store_n(&perf_errno, errno, __ATOMIC_RELAXED);
    return false;
  }
  f_owner_ex owner{F_OWNER_TID, tid};
  uint64_t id = 0;
  if (fcntl(fd, F_SETOWN_EX, &owner) != 0 || fcntl(fd, F_SETSIG, SIGPROF) != 0 ||
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC) != 0 ||
      ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
    int error = errno;
    close(fd);
    errno = error;
    return false;
  }
  s.perf_fd = fd;
  s.perf_id = id;
  s.method = kPerf;
  return true;
}

// Whether s.perf_fd is still our event: a program may close descriptors it did not open
// (daemons close them all), and the number may since name one of its own files.
bool owns_perf_fd(const ThreadSampler &s) {
  uint64_t id = 0;
  return ioctl(s.perf_fd, PERF_EVENT_IOC_ID, &id) == 0 && id == s.perf_id;
}

// A timer on the calling thread's CPU clock, signalling that thread. Unlike setitimer's
// process-wide ITIMER_PROF, it is deleted by execve, so a program this one executes is not
// killed by a SIGPROF it does not handle.
bool start_timer(ThreadSampler &s, pid_t tid) {
  sigevent event{};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = SIGPROF;
  event.sigev_notify_thread_id = tid;
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &s.timer) != 0)
    return false;
  uint64_t period = period_ns();
  timespec every{time_t(period / 1000000000u), long(period % 1000000000u)};
  itimerspec schedule{every, every};
  if (timer_settime(s.timer, 0, &schedule, nullptr) != 0) {
    int error = errno;
    timer_delete(s.timer);
    errno = error;
    return false;
  }
  s.method = kTimer;
  return true;
}

void before_fork() { samples_lock.lock(); }
void after_fork_in_parent() { samples_lock.unlock(); }

// The child has one thread, and none of the parent's perf events or timers work for it: it
// closes its copies of the events (without disabling them: they still serve the parent's
// threads), forgets the timers (not inherited; their ids mean nothing here), and samples its
// own thread afresh. Its profile includes the parent's samples from before the fork, as it
// includes the parent's counts.
void after_fork_in_child() {
  samples_lock.unlock();
  for (ThreadState *t = all_threads(); t; t = t->next) {
    if (t->sampler.method == kPerf && owns_perf_fd(t->sampler))
      close(t->sampler.perf_fd);
    t->sampler.method = kNotSampled;
  }
  if (__atomic_load_n(&handler_state, __ATOMIC_RELAXED) == kHandlerInstalled &&
      __atomic_load_n(&tls_table, __ATOMIC_RELAXED))
    if (ThreadState *t = current_thread_if_started())
      start_thread_sampling(t);
}

// Installs the SIGPROF handler once, unless the program has a disposition of its own for
// SIGPROF (a profiler of its own, or SIG_IGN): then nothing is sampled.
bool install_handler() {
  int state = __atomic_load_n(&handler_state, __ATOMIC_ACQUIRE);
  if (state != kHandlerUntried)
    return state == kHandlerInstalled;
  SpinLockGuard guard(setup_lock);
  if (handler_state != kHandlerUntried)
    return handler_state == kHandlerInstalled;
  struct sigaction old{};
  sigaction(SIGPROF, nullptr, &old);
  if (old.sa_handler != SIG_DFL) {
    report_problem("the program handles or ignores SIGPROF itself, so hotline cannot sample "
                   "where threads run: the profile has no line times, and the time of functions "
                   "whose timing stopped is estimated from re-timing windows only");
    __atomic_store_n(&handler_state, kHandlerRefused, __ATOMIC_RELEASE);
    return false;
  }
  struct sigaction action{};
  action.sa_sigaction = on_sigprof;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGPROF, &action, nullptr);
  __atomic_store_n(&handler_state, kHandlerInstalled, __ATOMIC_RELEASE);
  return true;
}

const char *method_name(uint32_t methods) {
  switch (methods) {
  case kPerf:
    return "perf task-clock";
  case kTimer:
    return "POSIX thread CPU timer";
  case kPerf | kTimer:
    return "perf task-clock, POSIX thread CPU timer for some threads";
  default:
    return "";
  }
}

} // namespace

// From runtime_init, whether or not the program is ever sampled: the fork handlers are
// registered in a fixed order (see hold_sent_signals_across_fork).
void sampling_init() { pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child); }

void start_thread_sampling(ThreadState *t) {
  ThreadSampler &s = t->sampler;
  if (s.method != kNotSampled || !sampling_wanted() || !install_handler())
    return;
  pid_t tid = pid_t(syscall(SYS_gettid));
  if (!s.table)
    __atomic_store_n(&s.table, PcTable::create(kThreadTableCapacity), __ATOMIC_RELEASE);
  if (!s.table) {
    if (!__atomic_exchange_n(&start_failure_reported, true, __ATOMIC_RELAXED))
      report_problem("out of memory for the samples of thread %d; the samples miss it", int(tid));
    return;
  }
  // Interrupts count into the table from the moment they are enabled.
  __atomic_store_n(&tls_table, s.table, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  if (!start_perf(s, tid)) {
    int perf_error = errno;
    if (!start_timer(s, tid)) {
      __atomic_store_n(&tls_table, nullptr, __ATOMIC_RELAXED);
      if (!__atomic_exchange_n(&start_failure_reported, true, __ATOMIC_RELAXED))
        report_problem(
            "cannot sample where thread %d runs (perf_event_open: %s; timer_create: %s); "
            "the samples miss it",
            int(tid), strerror(perf_error), strerror(errno));
      return;
    }
  }
  __atomic_or_fetch(&methods_used, s.method, __ATOMIC_RELAXED);
}

// Outside line mode a period is chosen only by sample_for_stopped_calls.
bool sampling_wanted() {
  return line_mode_registered() ? choose_period(options().sample_hz) : period_ns() != 0;
}

void sample_for_stopped_calls(ThreadState *t) {
  if (line_mode_registered()) // sampled from the start at HOTLINE_SAMPLE_HZ, or not at all
    return;
  if (choose_period(options().sample_stopped_hz) && t && !t->sampler.table)
    start_thread_sampling(t);
}

void stop_thread_sampling(ThreadState *t) {
  ThreadSampler &s = t->sampler;
  __atomic_store_n(&tls_table, nullptr, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST); // a signal still pending now counts nothing
  if (s.method == kPerf && owns_perf_fd(s)) {
    ioctl(s.perf_fd, PERF_EVENT_IOC_DISABLE, 0); // a fork child may still hold the event open
    close(s.perf_fd);
  } else if (s.method == kTimer) {
    timer_delete(s.timer);
  }
  s.method = kNotSampled;
}

void retire_thread_sampling(ThreadState *t) {
  stop_thread_sampling(t);
  PcTable *table = t->sampler.table;
  if (!table)
    return;
  {
    SpinLockGuard guard(samples_lock);
    if (!exited_samples)
      exited_samples = PcTable::create(kThreadTableCapacity);
    if (exited_samples)
      add_all_samples(&exited_samples, *table);
    __atomic_store_n(&t->sampler.table, nullptr, __ATOMIC_RELAXED);
  }
  PcTable::destroy(table);
}

SampleSnapshot snapshot_samples() {
  SampleSnapshot snapshot{};
  int state = __atomic_load_n(&handler_state, __ATOMIC_ACQUIRE);
  struct sigaction current{};
  if (state == kHandlerInstalled && sigaction(SIGPROF, nullptr, &current) == 0 &&
      current.sa_sigaction != on_sigprof)
    report_problem("the program replaced hotline's SIGPROF handler (with a profiler of its own?): "
                   "the samples miss what ran after that");
  snapshot.period_ns = state == kHandlerRefused ? 0 : period_ns();
  snapshot.method = method_name(__atomic_load_n(&methods_used, __ATOMIC_RELAXED));
  {
    // Live threads keep counting meanwhile; what they add after their table is read is left
    // out, as their counters are.
    SpinLockGuard guard(samples_lock);
    // Sized for the addresses there are (it grows if threads add more meanwhile), so that
    // reading it back touches no more pages than it needs.
    uint64_t addresses = exited_samples ? exited_samples->used() : 0;
    for (ThreadState *t = all_threads(); t; t = t->next)
      if (const PcTable *table = __atomic_load_n(&t->sampler.table, __ATOMIC_ACQUIRE))
        addresses += table->used();
    uint32_t capacity = 64;
    while (capacity < kThreadTableCapacity * 4 && capacity / 4 * 3 <= addresses)
      capacity *= 2;
    snapshot.table = PcTable::create(capacity);
    if (!snapshot.table)
      return snapshot;
    if (exited_samples)
      add_all_samples(&snapshot.table, *exited_samples);
    for (ThreadState *t = all_threads(); t; t = t->next)
      if (const PcTable *table = __atomic_load_n(&t->sampler.table, __ATOMIC_ACQUIRE))
        add_all_samples(&snapshot.table, *table);
  }
  snapshot.dropped = snapshot.table->dropped();
  snapshot.samples = snapshot.dropped;
  snapshot.table->for_each([&](uint64_t, uint64_t count) { snapshot.samples += count; });
  return snapshot;
}

} // namespace hotline::rt
