// fork while other threads are inside the runtime: starting and ending threads (the thread
// list, the arena), naming regions, and the system sampler every millisecond. A fork child
// has only the forking thread, so a runtime lock another thread held at that moment must not
// stay locked in the child: every child here runs instrumented code, names a region, starts a
// thread and exits, writing its own profile, within 20 s, or the parent reports it hung.
// With the argument `no-child-thread` the children start no thread: the ASan build in
// sanitizers.test needs it, since ASan itself is not fork-safe with threads (its thread start
// in a child can find a dead parent thread's state: "CHECK failed: asan_thread.cpp ...
// AsanTSDGet", 1 child in 200 under load; google/sanitizers#47, #836).
// RUN: %clangxx_hotline -O2 -g -pthread %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_MS=1 %t | FileCheck %s
// CHECK: 200 children exited with status 7
// RUN: ls %t.d/*.hotline | wc -l | FileCheck %s --check-prefix=PROFILES
// PROFILES: 201
// RUN: %hotline report --top 1 %t.d/*.hotline | FileCheck %s --check-prefix=READ
// READ: 201 profiles

#include <hotline/hotline.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <signal.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

static std::atomic<bool> stop{false};
static volatile int sink;

__attribute__((noinline)) static void work(int n) {
  for (int i = 0; i < n; ++i)
    sink = sink + i;
}

// Threads that start and end, one every 50 us or so: each start and end takes the runtime's
// thread list lock and allocates from its arena. (Unpaced, they number hundreds of thousands
// once forks slow down under load, and each ended thread keeps its call tree for the profile.)
static void churn_threads() {
  while (!stop.load()) {
    std::thread t([] { work(10); });
    t.join();
    usleep(50);
  }
}

// New region names, each interned under the runtime's name lock.
static void churn_regions() {
  for (unsigned i = 0; !stop.load(); ++i) {
    std::string name = "region " + std::to_string(i % 2000);
    hotline_region_begin(name.c_str());
    work(10);
    hotline_region_end();
    if (i % 16 == 0)
      usleep(50);
  }
}

// Waits up to 20 s for the child; false when it is still running (then kills it).
static bool child_exited(pid_t child, int *status) {
  for (int waited_ms = 0; waited_ms < 20000; ++waited_ms) {
    if (waitpid(child, status, WNOHANG) == child)
      return true;
    usleep(1000);
  }
  kill(child, SIGKILL);
  waitpid(child, status, 0);
  return false;
}

int main(int argc, char **argv) {
  bool child_thread = !(argc == 2 && std::string(argv[1]) == "no-child-thread");
  std::thread threads(churn_threads), regions(churn_regions);
  int exited = 0;
  for (int i = 0; i < 200; ++i) {
    work(1000);
    pid_t child = fork();
    if (child == 0) {
      work(100);
      hotline_region_begin("child");
      if (child_thread) {
        std::thread t([] { work(100); });
        t.join();
      }
      hotline_region_end();
      exit(7);
    }
    int status = 0;
    if (!child_exited(child, &status)) {
      std::printf("child %d of 200 hung\n", i + 1);
      stop = true;
      threads.join();
      regions.join();
      return 1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 7)
      ++exited;
    else if (WIFSIGNALED(status))
      std::fprintf(stderr, "child %d of 200 ended by signal %d\n", i + 1, WTERMSIG(status));
    else
      std::fprintf(stderr, "child %d of 200 exited with status %d\n", i + 1, WEXITSTATUS(status));
  }
  stop = true;
  threads.join();
  regions.join();
  std::printf("%d children exited with status 7\n", exited);
  return 0;
}
