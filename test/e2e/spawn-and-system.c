// posix_spawn, posix_spawnp and system start a new program without running the parent's fork
// handlers or exec hooks (glibc clones and execs inside the call): the parent keeps its own
// profile and counts, each spawned program (instrumented too) writes its own under its own
// pid, and exit statuses pass through unchanged, the same as in the plain build.
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %t.plain %t.plain > %t.plain.txt
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t %t > %t.txt
// RUN: diff %t.plain.txt %t.txt
// RUN: FileCheck %s --check-prefix=OUT < %t.txt
// RUN: ls %t.d/*.hotline | count 4
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; r=json.load(open(sys.argv[1])); \
// RUN:   print(sorted((f['name'], f['calls']) for f in r['functions'] if f['name'] in ('in_parent', 'in_spawned')))" %t.json \
// RUN:   | FileCheck %s --check-prefix=CALLS

// OUT: spawned 1 exited with 11
// OUT-NEXT: spawned 2 exited with 12
// OUT-NEXT: spawned 3 exited with 13
// OUT-NEXT: parent ran in_parent 10 times

// Over the four profiles: the parent's 10 calls, and 5 in each of the three spawned programs.
// CALLS: [('in_parent', 10), ('in_spawned', 15)]

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static volatile long sink;
static int parent_calls;

__attribute__((noinline)) void in_parent(void) { ++parent_calls; }
__attribute__((noinline)) void in_spawned(void) { sink = sink + 2; }

static void report(int which, int status) {
  printf("spawned %d exited with %d\n", which, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

int main(int argc, char **argv) {
  if (argc > 2) { // a spawned copy: argv[2] is its exit status
    for (int i = 0; i < 5; ++i)
      in_spawned();
    return atoi(argv[2]);
  }
  for (int i = 0; i < 5; ++i)
    in_parent();
  fflush(stdout);
  pid_t child;
  int status = 0;
  char *first[] = {argv[1], argv[1], "11", NULL};
  if (posix_spawn(&child, argv[1], NULL, NULL, first, environ) != 0)
    return 1;
  waitpid(child, &status, 0);
  report(1, status);
  char *second[] = {argv[1], argv[1], "12", NULL};
  if (posix_spawnp(&child, argv[1], NULL, NULL, second, environ) != 0)
    return 1;
  waitpid(child, &status, 0);
  report(2, status);
  char command[4096];
  snprintf(command, sizeof command, "'%s' '%s' 13", argv[1], argv[1]);
  fflush(stdout);
  report(3, system(command));
  for (int i = 0; i < 5; ++i)
    in_parent();
  printf("parent ran in_parent %d times\n", parent_calls);
  return 0;
}
