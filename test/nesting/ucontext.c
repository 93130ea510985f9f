// A function run on a stack of its own (makecontext, swapcontext) to its end, then back
// through uc_link: its calls nest under the swapcontext call that started it, as uftrace
// records them. (A coroutine that swaps back and forth in the middle of its calls is not
// followed: the thread has one stack of open calls.)
// REQUIRES: uftrace
// RUN: %check_nesting --tracer uftrace --work %t %s
#include <stdio.h>
#include <ucontext.h>

static ucontext_t main_context, task_context;
static char stack[64 << 10];
static volatile int sink;

__attribute__((noinline)) void step(int i) { sink = i; }
__attribute__((noinline)) void task(void) {
  for (int i = 0; i < 3; i++)
    step(i);
}
__attribute__((noinline)) void run_task(void) {
  getcontext(&task_context);
  task_context.uc_stack.ss_sp = stack;
  task_context.uc_stack.ss_size = sizeof stack;
  task_context.uc_link = &main_context;
  makecontext(&task_context, task, 0);
  swapcontext(&main_context, &task_context);
}

int main(void) {
  for (int i = 0; i < 2; i++)
    run_task();
  step(9);
  printf("%d\n", sink);
  return 0;
}
