// Threads that come and go in thousands, a thread cancelled inside an instrumented call,
// thread_local destructors that call instrumented code, and recursion 100,000 deep: the program
// behaves as without hotline, and every call is counted exactly.
// RUN: %clangxx_hotline -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -lpthread -o %t
// RUN: %clangxx_plain -O1 -g %s -lpthread -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: env HOTLINE_DIR=%t.d %t > %t.out; echo "exit $?" >> %t.out
// RUN: diff %t.plain.out %t.out
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; [print(f['name'], f['calls']) for f in sorted(json.load(open(sys.argv[1]))['functions'], key=lambda f: f['name'])]" %t.json | FileCheck %s

// Calls are entries: the cancelled thread's one call is counted though it never returns;
// count_down runs from 100,000 to 0; 100 thread_local destructors; 5,000 short threads.
// CHECK: Owner::~Owner() 100
// CHECK: blocks_until_cancelled(void*) 1
// CHECK: count_down(int) 100001
// CHECK: in_destructor(int) 100
// CHECK: main 1
// CHECK: short_lived(void*) 5000
// CHECK: with_thread_local(void*) 100

#include <pthread.h>
#include <unistd.h>

#include <cstdio>

static thread_local volatile long sink; // one per thread: the threads share nothing

__attribute__((noinline)) void *short_lived(void *arg) {
  sink = sink + reinterpret_cast<long>(arg);
  return nullptr;
}

__attribute__((noinline)) void *blocks_until_cancelled(void *) {
  for (;;)
    pause(); // a cancellation point
  return nullptr;
}

__attribute__((noinline)) void in_destructor(int i) { sink = sink + i; }

struct Owner {
  int id = 0;
  ~Owner() { in_destructor(id); }
};
thread_local Owner owner;

void *with_thread_local(void *arg) {
  owner.id = int(reinterpret_cast<long>(arg));
  return nullptr;
}

__attribute__((noinline)) long count_down(int n) {
  if (n == 0)
    return 0;
  return 1 + count_down(n - 1) + (sink & 0); // not a tail call
}

int main() {
  for (int batch = 0; batch < 50; ++batch) {
    pthread_t threads[100];
    for (long i = 0; i < 100; ++i)
      pthread_create(&threads[i], nullptr, short_lived, reinterpret_cast<void *>(i));
    for (pthread_t t : threads)
      pthread_join(t, nullptr);
  }
  pthread_t cancelled;
  pthread_create(&cancelled, nullptr, blocks_until_cancelled, nullptr);
  usleep(10000);
  pthread_cancel(cancelled);
  void *result = nullptr;
  pthread_join(cancelled, &result);
  std::printf("cancelled: %s\n", result == PTHREAD_CANCELED ? "yes" : "no");
  for (long i = 0; i < 100; ++i) {
    pthread_t t;
    pthread_create(&t, nullptr, with_thread_local, reinterpret_cast<void *>(i));
    pthread_join(t, nullptr);
  }
  std::printf("depth %ld\n", count_down(100000));
  return 0;
}
