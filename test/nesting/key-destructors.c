// Thread-specific-data destructors run after the thread's function returns, in the exiting
// thread: their calls are the thread's, at the top of its tree (the C library calls them).
// RUN: %check_nesting --work %t %s
#include <pthread.h>
#include <stdio.h>

static pthread_key_t key;
static volatile int sink;

__attribute__((noinline)) void release(void *p) { sink = p != NULL; }
__attribute__((noinline)) void destroy(void *p) { release(p); }
__attribute__((noinline)) void *thread_main(void *arg) { pthread_setspecific(key, &key); return arg; }

int main(void) {
  pthread_key_create(&key, destroy);
  pthread_t threads[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&threads[i], NULL, thread_main, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(threads[i], NULL);
  printf("%d\n", sink);
  return 0;
}
