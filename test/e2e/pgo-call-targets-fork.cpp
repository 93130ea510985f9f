// A forked child's call targets: like its other counts, the child's profile holds what the
// child counted after the fork (30 calls), not what the parent had counted before (300); the
// parent's holds its own calls (300 + 3000). Each process counts on after the fork, exactly,
// and the two profiles add up to every call once.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -fplugin-arg-hotline-call-targets %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: for f in %t.d/*.hotline; do %hotline pgo $f -o - 2>/dev/null | grep -A1 '^_Z5applyPFiiEi:'; done > %t.both
// RUN: FileCheck %s --check-prefix=CHILD < %t.both
// RUN: FileCheck %s --check-prefix=PARENT < %t.both

// OUT: child exited with status 0
// OUT: applied 23100

// CHILD: _Z5applyPFiiEi:{{[0-9]+}}:30{{$}}
// CHILD-NEXT: {{^ 0: 30 _Z5twicei:20 _Z6squarei:10$}}
// PARENT: _Z5applyPFiiEi:{{[0-9]+}}:3300{{$}}
// PARENT-NEXT: {{^ 0: 3300 _Z5twicei:2200 _Z6squarei:1100$}}

#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) int apply(int (*f)(int), int x) { return f(x); }
int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int (*volatile operations[2])(int) = {twice, square};

static int apply_many(int calls) {
  int applied = 0;
  for (int i = 0; i < calls; ++i)
    applied += apply(operations[i % 3 == 0], 3);
  return applied;
}

int main() {
  int applied = apply_many(300);
  pid_t child = fork();
  if (child == 0)
    return apply_many(30) == 0; // the child's own calls; exit status 0
  int status = 0;
  waitpid(child, &status, 0);
  std::printf("child exited with status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  applied += apply_many(3000);
  std::printf("applied %d\n", applied);
  return 0;
}
