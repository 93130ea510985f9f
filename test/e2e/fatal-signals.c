// A crash, abort, or a terminating signal: the exit status is the same as without hotline
// (the signal is raised again with its default action), and the profile is written first. A
// program's own handler, set with sigaction or signal after the runtime started, is chained
// to: it runs as it would have, sees its own actions, and when it ends the process by raising
// the signal again with the default action the profile is written then.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d/segv %t.d/abort %t.d/term %t.d/hup %t.d/handled %t.d/chained-segv %t.d/reraise-abort %t.d/flag-term %t.d/ignored-hup %t.d/actions
// RUN: sh -c 'ulimit -c 0; for how in segv abort term hup handled chained-segv reraise-abort flag-term ignored-hup actions; do %t.plain $how; echo "$how $?"; done' > %t.plain.out 2>/dev/null
// RUN: sh -c 'ulimit -c 0; for how in segv abort term hup handled chained-segv reraise-abort flag-term ignored-hup actions; do HOTLINE_DIR=%t.d/$how %t $how; echo "$how $?"; done' > %t.out 2>/dev/null
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=STATUS --input-file %t.out
// RUN: for how in segv abort term hup handled chained-segv reraise-abort flag-term ignored-hup actions; do %hotline report %t.d/$how/*.hotline | FileCheck %s; done

// 128 + the signal's number, as the shell reports a death by signal.
// STATUS: segv 139
// STATUS: abort 134
// STATUS: term 143
// STATUS: hup 129
// STATUS: handled 7
// STATUS: segv handler ran
// STATUS: chained-segv 139
// STATUS: abort handler ran
// STATUS: reraise-abort 134
// STATUS: term handler ran
// STATUS: flag-term 3
// STATUS: ignored-hup 4
// STATUS: segv default
// STATUS: old handler h, SA_RESTART 1, SA_SIGINFO 0, SIGUSR1 in mask 1
// STATUS: signal returned h
// STATUS: info handler i, SA_SIGINFO 1, SA_RESETHAND 1
// STATUS: actions 0

// CHECK: work

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;
static int *volatile nowhere;

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 100000; ++i)
    sink = sink + i;
}

static void exit_seven(int signal) {
  (void)signal;
  exit(7);
}

static void say(const char *line) { write(STDOUT_FILENO, line, strlen(line)); }

// A crash reporter's handler that returns: the kernel reset the action (SA_RESETHAND), so the
// faulting store runs again and the default action ends the process.
static void report_segv(int signal, siginfo_t *info, void *context) {
  (void)context;
  if (signal == SIGSEGV && info->si_signo == SIGSEGV)
    say("segv handler ran\n");
}

// glog's way: back to the default action, and the signal again.
static void report_abort(int number) {
  say("abort handler ran\n");
  signal(number, SIG_DFL);
  raise(number);
}

static volatile sig_atomic_t terminate_requested;
static void request_termination(int signal) {
  (void)signal;
  terminate_requested = 1;
}

static void h(int signal) { (void)signal; }
static void i(int signal, siginfo_t *info, void *context) { (void)signal, (void)info, (void)context; }

// What sigaction and signal give back is what the program set, as without hotline.
static int show_actions(void) {
  struct sigaction old;
  sigaction(SIGSEGV, NULL, &old);
  printf("segv %s\n", old.sa_handler == SIG_DFL ? "default" : "not default");
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = h;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGUSR1);
  action.sa_flags = SA_RESTART;
  sigaction(SIGSEGV, &action, NULL);
  sigaction(SIGSEGV, NULL, &old);
  printf("old handler %s, SA_RESTART %d, SA_SIGINFO %d, SIGUSR1 in mask %d\n",
         old.sa_handler == h ? "h" : "other", !!(old.sa_flags & SA_RESTART),
         !!(old.sa_flags & SA_SIGINFO), sigismember(&old.sa_mask, SIGUSR1));
  printf("signal returned %s\n", signal(SIGSEGV, SIG_DFL) == h ? "h" : "other");
  action.sa_sigaction = i;
  action.sa_flags = SA_SIGINFO | SA_RESETHAND;
  sigaction(SIGBUS, &action, NULL);
  sigaction(SIGBUS, NULL, &old);
  printf("info handler %s, SA_SIGINFO %d, SA_RESETHAND %d\n", old.sa_sigaction == i ? "i" : "other",
         !!(old.sa_flags & SA_SIGINFO), !!(old.sa_flags & SA_RESETHAND));
  return 0;
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  work();
  fflush(stdout);
  if (!strcmp(how, "segv"))
    *nowhere = 1;
  if (!strcmp(how, "abort"))
    abort();
  if (!strcmp(how, "term"))
    raise(SIGTERM);
  // Not SIGINT: a shell's background jobs ignore it, as lit's do. SIGHUP is ignored too when
  // the tests run under nohup: the default action is set first (the runtime's handler then
  // stays, and the profile is written before the process ends as the default action would).
  if (!strcmp(how, "hup")) {
    signal(SIGHUP, SIG_DFL);
    kill(getpid(), SIGHUP);
  }
  if (!strcmp(how, "handled")) {
    signal(SIGTERM, exit_seven);
    raise(SIGTERM);
  }
  if (!strcmp(how, "chained-segv")) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = report_segv;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigaction(SIGSEGV, &action, NULL);
    *nowhere = 1;
  }
  if (!strcmp(how, "reraise-abort")) {
    signal(SIGABRT, report_abort);
    abort();
  }
  if (!strcmp(how, "flag-term")) {
    signal(SIGTERM, request_termination);
    raise(SIGTERM);
    if (terminate_requested)
      say("term handler ran\n");
    work();
    return 3;
  }
  if (!strcmp(how, "ignored-hup")) {
    signal(SIGHUP, SIG_IGN);
    raise(SIGHUP);
    return 4;
  }
  if (!strcmp(how, "actions")) {
    fflush(stdout);
    return show_actions();
  }
  return 0;
}
