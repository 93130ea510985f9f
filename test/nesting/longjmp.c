// A longjmp past one frame, past several, and siglongjmp out of a signal handler: the frames
// it skipped end where it lands, and later calls nest under the function that called setjmp.
// RUN: %check_nesting --work %t %s
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

static jmp_buf env;
static sigjmp_buf signal_env;
static volatile int sink;

__attribute__((noinline)) void jump(int i) { if (i >= 0) longjmp(env, 1); sink = i; }
__attribute__((noinline)) void inner(int i) { jump(i); sink = 1; }
__attribute__((noinline)) void middle(int i) { inner(i); sink = 2; }
__attribute__((noinline)) void after(void) { sink = 3; }
__attribute__((noinline)) void on_signal(int signal) { sink = signal; siglongjmp(signal_env, 1); }
__attribute__((noinline)) void raise_from_depth(void) { raise(SIGUSR1); sink = 4; }

int main(void) {
  for (int i = 0; i < 3; i++) {
    if (setjmp(env) == 0)
      jump(i); // one frame
    after();
    if (setjmp(env) == 0)
      middle(i); // three frames
    after();
  }
  signal(SIGUSR1, on_signal);
  if (sigsetjmp(signal_env, 1) == 0)
    raise_from_depth();
  after();
  printf("%d\n", sink);
  return 0;
}
