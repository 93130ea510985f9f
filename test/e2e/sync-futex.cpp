// C++20's waits come down to futex system calls, not to the pthread functions: each one that
// slept is recorded at the program's line, with exact counts. A wait on a value that has
// already changed, and the notifications, are not waits.
// RUN: %clangxx_hotline -std=c++20 -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/sync_places.py %t.json %s | FileCheck %s --implicit-check-not=no-wait
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off HOTLINE_SYNC=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.off/*.hotline | FileCheck %s --check-prefix=OFF
// OFF: "regions": {
// OFF-NOT: "synchronization": {

// OUT: flag 1, latch done, acquired 3

// CHECK: futex waits=1 line=atomic-wait min_ms=15
// CHECK: futex waits=1 line=latch-wait min_ms=15
// CHECK: futex waits=3 line=acquire min_ms=15

// TEXT: Synchronization (
// TEXT: futex {{.*}}sync-futex.cpp:{{[0-9]+}}

#include <atomic>
#include <cstdio>
#include <latch>
#include <semaphore>
#include <thread>
#include <unistd.h>

#include "Inputs/wait_until_asleep.h"

pid_t main_thread;
std::atomic<int> flag{0};
std::latch done(2);
std::counting_semaphore<3> items(0);
std::atomic<int> taken{0};

// The C++ library's wait functions are not all inlined; those compiled into the program from
// its headers are walked past as a library's code is (docs/memory-and-io.md), so each wait is
// placed on its own line.
__attribute__((noinline)) void wait_for_changed_flag() {
  flag.wait(1); // LINE: no-wait (the value is 0, not 1: returns at once)
}

__attribute__((noinline)) void wait_for_flag() {
  flag.wait(0); // LINE: atomic-wait
}

__attribute__((noinline)) void wait_for_latch() {
  done.wait(); // LINE: latch-wait
}

__attribute__((noinline)) int acquire_items() {
  int acquired = 0;
  for (int i = 0; i < 3; ++i) {
    items.acquire(); // LINE: acquire
    ++acquired;
    taken.store(acquired);
  }
  return acquired;
}

int main() {
  main_thread = gettid();
  wait_for_changed_flag();
  std::thread setter([] {
    wait_until_asleep_in_futex(main_thread);
    usleep(20000);
    flag.store(1);
    flag.notify_one();
  });
  wait_for_flag();
  setter.join();

  std::thread counter([] {
    done.count_down();
    wait_until_asleep_in_futex(main_thread);
    usleep(20000);
    done.count_down();
  });
  wait_for_latch();
  counter.join();

  std::thread producer([] {
    for (int i = 0; i < 3; ++i) {
      while (taken.load() != i) // each release comes after the wait before it ended
        usleep(100);
      wait_until_asleep_in_futex(main_thread);
      usleep(6000);
      items.release();
    }
  });
  int acquired = acquire_items();
  producer.join();
  std::printf("flag %d, latch done, acquired %d\n", flag.load(), acquired);
  return 0;
}
