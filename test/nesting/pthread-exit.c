// pthread_exit from inside nested calls: the thread's calls end there, each counted once, and
// the thread's function is in the tree.
// RUN: %check_nesting --work %t %s
// Timed before inlining too (where the thread's function showed 0 calls before).
// RUN: %check_nesting --hotline-flags=-fplugin-arg-hotline-timing=before-inlining --work %t.before %s
#include <pthread.h>
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) void leave(void) { pthread_exit(NULL); }
__attribute__((noinline)) void work(int i) { if (i == 1) leave(); sink = i; }
__attribute__((noinline)) void *thread_main(void *arg) { work(0); work(1); return arg; }

int main(void) {
  pthread_t threads[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&threads[i], NULL, thread_main, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(threads[i], NULL);
  printf("%d\n", sink);
  return 0;
}
