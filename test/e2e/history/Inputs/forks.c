// A run of two processes: the parent forks a child that does some work, then waits for it.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) long work(long n) {
  long sum = 0;
  for (long i = 0; i < n; ++i)
    sum += i % 7;
  return sum;
}

int main(void) {
  pid_t child = fork();
  if (child == 0)
    return work(200000) > 0 ? 0 : 1;
  int status = 0;
  waitpid(child, &status, 0);
  printf("%ld\n", work(100000));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
