// Lets a test's helper thread start the delay that ends a wait only once the waiting thread is
// asleep in a futex system call, so that the wait lasts at least that delay however the
// machine schedules the two threads. Linux only: it reads /proc/self/task/<tid>/syscall, whose
// first field is the number of the system call the thread is blocked in.
#pragma once

#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static int thread_asleep_in_futex(pid_t tid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/syscall", (int)tid);
  FILE *file = fopen(path, "r");
  if (!file)
    return 0;
  long number = -1;
  int read = fscanf(file, "%ld", &number); // "running" reads as nothing
  fclose(file);
  return read == 1 && number == SYS_futex;
}

static void wait_until_asleep_in_futex(pid_t tid) {
  while (!thread_asleep_in_futex(tid))
    usleep(100);
}
