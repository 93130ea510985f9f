// The re-timing windows' thread (runtime/src/timing_policy.cpp, threads.h start_hidden_thread)
// does not make a single-threaded program multi-threaded in the C library's eyes: after
// timing stopped and the thread started, glibc's __libc_single_threaded still says one
// thread (with a pthread it said none, and malloc, stdio and shared_ptr locked from then on),
// while the process has the runtime's thread beside main. The windows still time the stopped
// function (window_calls), in a forked child too, which starts a thread of its own, and the
// program's own first thread makes the process multi-threaded as it would without hotline.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 HOTLINE_STOP_TIMING_AFTER=100 %t | FileCheck %s
// RUN: for f in %t.d/*.hotline; do %hotline report --format json --top 0 $f > $f.json; done
// RUN: python3 -c "import glob, json, sys; \
// RUN:   reports = [json.load(open(f)) for f in glob.glob(sys.argv[1] + '/*.json')]; \
// RUN:   tiny = [f for r in reports for f in r['functions'] if f['name'].startswith('tiny')]; \
// RUN:   print('profiles', len(reports), 'tiny stopped', all(f.get('timing_stopped') for f in tiny), \
// RUN:         'windows timed it', all(f['window_calls'] > 0 for f in tiny))" %t.d | FileCheck %s --check-prefix=PROFILES
// PROFILES: profiles 2 tiny stopped True windows timed it True
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/single_threaded.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) void tiny(unsigned long i) { sink = sink + i; }

// Calls tiny for about `ms` milliseconds: long enough for the windows (20 ms apart) to time it
// even where the machine is loaded and the runtime's thread wakes late.
__attribute__((noinline)) void run_for(long ms) {
  timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    for (unsigned long i = 0; i < 100000; ++i)
      tiny(i);
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

// The process's threads, by name, as the kernel lists them.
void list_threads(const char *who) {
  DIR *tasks = opendir("/proc/self/task");
  int count = 0, retime = 0;
  while (dirent *task = readdir(tasks)) {
    if (task->d_name[0] == '.')
      continue;
    ++count;
    char path[64], name[32] = "";
    snprintf(path, sizeof path, "/proc/self/task/%s/comm", task->d_name);
    if (FILE *f = fopen(path, "r")) {
      if (fgets(name, sizeof name, f) && strncmp(name, "hotline-retime", 14) == 0)
        ++retime;
      fclose(f);
    }
  }
  closedir(tasks);
  printf("%s: %d threads, %d of them hotline-retime, single-threaded for glibc: %d\n", who, count,
         retime, __libc_single_threaded ? 1 : 0);
}

void *worker(void *) { return nullptr; }

int main() {
  run_for(300);
  list_threads("parent");
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) { // the child's thread starts at the first timed call to end 20 ms after the fork
    run_for(50);
    run_for(300);
    list_threads("child");
    return 0;
  }
  int status;
  waitpid(child, &status, 0);
  pthread_t thread;
  pthread_create(&thread, nullptr, worker, nullptr);
  pthread_join(thread, nullptr);
  printf("after the program's thread, single-threaded for glibc: %d\n", __libc_single_threaded ? 1 : 0);
  return 0;
}

// CHECK: parent: 2 threads, 1 of them hotline-retime, single-threaded for glibc: 1
// CHECK: child: 2 threads, 1 of them hotline-retime, single-threaded for glibc: 1
// CHECK: after the program's thread, single-threaded for glibc: 0
