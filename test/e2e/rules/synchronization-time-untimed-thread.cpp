// synchronization-time places waits made where no timed call is open on their line: four
// threads whose lambda (inlined into std::thread's start routine, which comes from a system
// header and is not timed) waits on a condition variable until main lets them go. main lets
// them go only once all four are waiting, then 50 ms later: the waits are most of all threads'
// time on any machine. (A wait with no line at all is reported "(outside timed calls)".)
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t
// RUN: %hotline report %t.d/*.hotline | FileCheck %s
// CHECK: [synchronization-time] {{.*}}synchronization-time-untimed-thread.cpp:[[#@LINE+20]]: Threads waited here on a condition for {{[0-9.]+}}% of all threads' time.

#include <condition_variable>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

std::mutex lock;
std::condition_variable changed;
int waiting = 0;
bool go = false;

int main() {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([] {
      std::unique_lock<std::mutex> held(lock);
      ++waiting;
      changed.notify_all();
      changed.wait(held, [] { return go; });
    });
  {
    std::unique_lock<std::mutex> held(lock);
    changed.wait(held, [] { return waiting == 4; }); // all four are in their wait now
  }
  usleep(50000);
  {
    std::lock_guard<std::mutex> held(lock);
    go = true;
  }
  changed.notify_all();
  for (std::thread &t : threads)
    t.join();
  return 0;
}
