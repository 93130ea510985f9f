// Source of two-threads.hotline (see README.md): the main thread and one helper thread run
// the same functions a known number of times.
#include <pthread.h>
#include <cstdio>

static volatile double sink;

__attribute__((noinline)) void work(int i) {
  double x = i;
  for (int k = 0; k < 1000; ++k)
    x = x * 0.999 + k;
  sink = x;
}

__attribute__((noinline)) void worker(int calls) {
  for (int i = 0; i < calls; ++i)
    work(i);
}

void *helper(void *) {
  worker(3000);
  return nullptr;
}

int main() {
  pthread_t thread;
  pthread_create(&thread, nullptr, helper, nullptr);
  worker(1000);
  pthread_join(thread, nullptr);
  puts("done");
  return 0;
}
