// Children started by vfork and exec, fork and exec, and posix_spawn write no profile (a copy of
// the parent's, or its memory); the parent's tree is its own calls.
// RUN: %check_nesting --work %t %s
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static volatile int sink;

__attribute__((noinline)) void note(int i) { sink = i; }
__attribute__((noinline)) void with_vfork(void) {
  pid_t pid = vfork();
  if (pid == 0) {
    execl("/bin/true", "true", (char *)NULL);
    _exit(127);
  }
  waitpid(pid, NULL, 0);
  note(1);
}
__attribute__((noinline)) void with_fork(void) {
  pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/true", "true", (char *)NULL);
    _exit(127);
  }
  waitpid(pid, NULL, 0);
  note(2);
}
__attribute__((noinline)) void with_posix_spawn(void) {
  pid_t pid;
  char *argv[] = {"true", NULL};
  if (posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ) == 0)
    waitpid(pid, NULL, 0);
  note(3);
}

int main(void) {
  with_vfork();
  with_fork();
  with_posix_spawn();
  printf("%d\n", sink);
  return 0;
}
