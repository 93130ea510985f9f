// Waits inside the C++ library's out-of-line functions (std::thread::join,
// std::condition_variable::wait, the futex wait behind std::future::wait) are placed at the
// program's line that called them: the plugin marks those calls (WaitSitePass.cpp), since the
// hooks' own caller is inside libstdc++. Each wait is made to last 20 ms: exact counts, lower
// bounds on time.
// RUN: %clangxx_hotline -std=c++17 -O2 -g %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/sync_places.py %t.json %s | FileCheck %s
// RUN: %clangxx_plain %hotline_cflags -std=c++17 -O0 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR

// OUT: ready 1, answer 42

// CHECK: condition waits=1 line=cv-wait min_ms=15
// CHECK: futex waits=1 line=future-wait min_ms=15
// CHECK: join waits=1 line=join min_ms=15

// IR-LABEL: define {{.*}}@main(
// IR:       call void @__hotline_wait_site()
// IR-NEXT:  invoke void @_ZNSt6thread4joinEv(
// IR:       call void @__hotline_wait_site_end()

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <future>
#include <mutex>
#include <thread>
#include <unistd.h>

#include "Inputs/wait_until_asleep.h"

std::mutex mutex;
std::condition_variable condition;
bool ready = false;
std::atomic<bool> consumed{false};

__attribute__((noinline)) void consume() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!ready)
    condition.wait(lock); // LINE: cv-wait
}

int main() {
  pid_t main_tid = gettid();
  std::thread producer([main_tid] {
    wait_until_asleep_in_futex(main_tid); // in the condition wait
    usleep(20000);
    {
      std::lock_guard<std::mutex> guard(mutex);
      ready = true;
    }
    condition.notify_one();
    while (!consumed)
      usleep(100);
    wait_until_asleep_in_futex(main_tid); // in the join
    usleep(20000);
  });
  consume();
  consumed = true;
  producer.join(); // LINE: join
  std::promise<int> promise;
  std::future<int> answer = promise.get_future();
  std::thread answerer([main_tid, &promise] {
    wait_until_asleep_in_futex(main_tid);
    usleep(20000);
    promise.set_value(42);
  });
  answer.wait(); // LINE: future-wait
  int value = answer.get();
  answerer.join();
  std::printf("ready %d, answer %d\n", ready, value);
}
