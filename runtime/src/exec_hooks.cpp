// The exec family, and daemon. exec replaces the process image without running exit handlers,
// so the profile of the image being replaced is written just before. Only the process the
// runtime started in does this: a child of fork that execs (the usual way to start a program)
// would write only what it did between the two, and a vfork child shares its parent's
// memory, so writing there would take the parent's profile away. When exec fails, the profile
// just written is removed again and the process goes on to write it at exit.
#include "hooks.h"
#include "profile_writer.h"
#include "real_functions.h"
#include "runtime.h"
#include "runtime_scope.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>

using namespace hotline::rt;

namespace {

template <typename F> F next(const char *name) { return reinterpret_cast<F>(find_next(name)); }

// Writes the profile if this is the process the runtime started in; returns whether it did.
bool write_before_exec() {
  if (!runtime_started() || getpid() != runtime_start_pid())
    return false;
  write_profile();
  return true;
}

// exec returned, so it failed: the process goes on, and its profile is written at exit.
int exec_failed(bool written, int result) {
  int saved = errno;
  if (written) {
    RuntimeScope scope;
    withdraw_profile();
  }
  errno = saved;
  return result;
}

// The real function is looked up at each call: exec is rare, and a function-local static would
// need the C++ runtime's guard functions.
template <typename F, typename... Args> int exec_with_profile(const char *name, Args... args) {
  F real = next<F>(name);
  if (!real) {
    errno = ENOSYS;
    return -1;
  }
  bool written = write_before_exec();
  return exec_failed(written, real(args...));
}

// The arguments of execl, execlp and execle up to their null pointer, on the stack: as many
// as the system takes (ARG_MAX bounds the total size).
constexpr int kMaxListArguments = 4096;

} // namespace

using Execve = int (*)(const char *, char *const[], char *const[]);
using Execv = int (*)(const char *, char *const[]);
using Fexecve = int (*)(int, char *const[], char *const[]);

HOOK int execve(const char *path, char *const argv[], char *const envp[]) {
  return exec_with_profile<Execve>("execve", path, argv, envp);
}
HOOK int execv(const char *path, char *const argv[]) {
  return exec_with_profile<Execv>("execv", path, argv);
}
HOOK int execvp(const char *file, char *const argv[]) {
  return exec_with_profile<Execv>("execvp", file, argv);
}
HOOK int execvpe(const char *file, char *const argv[], char *const envp[]) {
  return exec_with_profile<Execve>("execvpe", file, argv, envp);
}
HOOK int fexecve(int fd, char *const argv[], char *const envp[]) {
  return exec_with_profile<Fexecve>("fexecve", fd, argv, envp);
}

// The list forms gather their arguments and go through the vector forms above.
#define GATHER_ARGUMENTS(first, list)                                                              \
  char *arguments[kMaxListArguments + 1];                                                          \
  int count = 0;                                                                                   \
  for (char *a = const_cast<char *>(first); a && count < kMaxListArguments;                        \
       a = va_arg(list, char *))                                                                   \
    arguments[count++] = a;                                                                        \
  arguments[count] = nullptr

// daemon forks; the parent leaves at once with _exit (no profile) and the child carries on
// the process, with the parent's counts and calls so far, which no other profile holds.
HOOK int daemon(int nochdir, int noclose) {
  using Daemon = int (*)(int, int);
  Daemon real = next<Daemon>("daemon");
  if (!real) {
    errno = ENOSYS;
    return -1;
  }
  set_child_keeps_parent_counts(true);
  int result = real(nochdir, noclose);
  set_child_keeps_parent_counts(false);
  return result;
}

HOOK int execl(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  GATHER_ARGUMENTS(arg, list);
  va_end(list);
  return execv(path, arguments);
}
HOOK int execlp(const char *file, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  GATHER_ARGUMENTS(arg, list);
  va_end(list);
  return execvp(file, arguments);
}
HOOK int execle(const char *path, const char *arg, ...) {
  va_list list;
  va_start(list, arg);
  GATHER_ARGUMENTS(arg, list);
  char *const *envp = va_arg(list, char *const *);
  va_end(list);
  return execve(path, arguments, envp);
}
