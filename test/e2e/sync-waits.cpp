// Waits are recorded where the program waited, with exact counts: a lock that had to wait
// (one, however many locks were taken at once), every semaphore wait, the join; the report's
// Synchronization section and the time-by-category table show them. HOTLINE_SYNC=0 records none.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/sync_places.py %t.json %s | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off HOTLINE_SYNC=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.off/*.hotline | FileCheck %s --check-prefix=OFF
// OFF: "regions": {
// OFF-NOT: "synchronization": {

// OUT: done 3

// CHECK: mutex waits=1 line=contended min_ms=15
// CHECK: semaphore waits=3 line=sem-wait min_ms={{[6-9]|1[0-5]}}

// TEXT: Time by category
// TEXT: synchronization
// TEXT: Synchronization (
// TEXT: mutex {{.*}}sync-waits.cpp:{{[0-9]+}}

#include <atomic>
#include <cstdio>
#include <mutex>
#include <semaphore.h>
#include <thread>
#include <unistd.h>

#include "Inputs/wait_until_asleep.h"

pid_t main_thread;
std::mutex lock;
std::atomic<bool> held{false};
sem_t ready;
std::atomic<int> posts_taken{0};

int main() {
  main_thread = gettid();
  sem_init(&ready, 0, 0);
  for (int i = 0; i < 1000; ++i) { // taken at once: not waits
    std::lock_guard<std::mutex> guard(lock);
  }
  std::thread holder([] {
    std::lock_guard<std::mutex> guard(lock);
    held = true;
    wait_until_asleep_in_futex(main_thread);
    usleep(20000);
  });
  while (!held)
    ;
  lock.lock(); // LINE: contended
  lock.unlock();
  holder.join();
  std::thread poster([] {
    for (int i = 0; i < 3; ++i) {
      while (posts_taken.load() != i) // each post comes after the wait before it ended
        usleep(100);
      wait_until_asleep_in_futex(main_thread);
      usleep(2000);
      sem_post(&ready);
    }
  });
  int got = 0;
  for (int i = 0; i < 3; ++i) {
    got += sem_wait(&ready) == 0; // LINE: sem-wait
    posts_taken.store(got);
  }
  poster.join();
  std::printf("done %d\n", got);
  return 0;
}
