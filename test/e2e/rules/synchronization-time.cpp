// synchronization-time: four threads that sleep while holding one mutex spend most of their
// time waiting for it, reported at the lock; sleeping outside the lock, they do not wait.
// RUN: %clangxx_hotline -O2 -g -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [synchronization-time] {{.*}}synchronization-time.cpp:[[#@LINE+17]]: Threads waited here on a mutex for {{[0-9.]+}}% of all threads' time.
// CLEAN: Suggestions
// CLEAN-NOT: [synchronization-time]

#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

std::mutex shared;
long counter;

__attribute__((noinline)) void work() {
  for (int i = 0; i < 10; ++i) {
#ifndef TRIGGER
    usleep(2000);
#endif
    std::lock_guard<std::mutex> guard(shared);
#ifdef TRIGGER
    usleep(2000);
#endif
    ++counter;
  }
}

int main() {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(work);
  for (std::thread &t : threads)
    t.join();
  return counter == 40 ? 0 : 1;
}
