// Threads: each thread's calls are a tree of their own, rooted at its start routine.
// RUN: %check_nesting --work %t %s
#include <pthread.h>
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) void leaf(int i) { sink = i; }
__attribute__((noinline)) void *thread_main(void *arg) {
  for (int i = 0; i < 3; i++)
    leaf(i);
  return arg;
}

int main(void) {
  pthread_t threads[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&threads[i], NULL, thread_main, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(threads[i], NULL);
  leaf(9);
  printf("%d\n", sink);
  return 0;
}
