// Signal handlers, from raise() at depth and from a one-shot setitimer timer, nest under the
// call that was running when the signal came.
// RUN: %check_nesting --work %t %s
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>

static volatile sig_atomic_t alarmed;
static volatile int sink;

__attribute__((noinline)) void note(int signal) { sink = signal; }
__attribute__((noinline)) void on_signal(int signal) { note(signal); alarmed = 1; }
__attribute__((noinline)) void raise_here(void) { raise(SIGUSR1); }
__attribute__((noinline)) void wait_for_alarm(void) {
  struct itimerval once = {{0, 0}, {0, 20000}};
  setitimer(ITIMER_REAL, &once, NULL);
  sigset_t none;
  sigemptyset(&none);
  while (!alarmed)
    sigsuspend(&none);
}

int main(void) {
  signal(SIGUSR1, on_signal);
  signal(SIGALRM, on_signal);
  raise_here();
  alarmed = 0;
  sigset_t alarm;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  sigprocmask(SIG_BLOCK, &alarm, NULL); // delivered only inside sigsuspend, in wait_for_alarm
  wait_for_alarm();
  printf("%d\n", sink);
  return 0;
}
