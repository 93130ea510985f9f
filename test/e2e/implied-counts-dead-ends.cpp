// A handler whose inlined checks branch to an error path that never returns (it throws, or
// exits) keeps one increment for its whole body: the plugin joins the stretches across each
// check, and the error path starts by correcting the counts of what it skipped. Counts stay
// exact: here 667 of 1000 additions fail and throw, and in the `exit` run the last one exits
// the program from inside the handler. Built with -g too: the corrections' debug locations
// are the dead ends' own.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.lines
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-timing=off -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t.d && mkdir -p %t.d/functions %t.d/lines %t.d/exit
// RUN: env HOTLINE_DIR=%t.d/functions %t | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/lines %t.lines | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/exit %t exit > %t.exit.txt; echo "status $?" >> %t.exit.txt
// RUN: FileCheck %s --check-prefix=EXIT-OUT < %t.exit.txt
// RUN: %hotline report --top 0 --format json %t.d/functions/*.hotline > %t.functions.json
// RUN: %hotline report --top 0 --format json %t.d/lines/*.hotline > %t.lines-functions.json
// RUN: %hotline report --top 0 --format json %t.d/exit/*.hotline > %t.exit.json
// RUN: python3 %S/Inputs/function_calls.py %t.functions.json | FileCheck %s --check-prefix=CALLS
// RUN: python3 %S/Inputs/function_calls.py %t.lines-functions.json | FileCheck %s --check-prefix=CALLS
// RUN: python3 %S/Inputs/function_calls.py %t.exit.json | FileCheck %s --check-prefix=EXIT-CALLS
// RUN: %hotline lines --top 0 --format json %t.d/lines/*.hotline > %t.lines.json
// RUN: FileCheck %s --check-prefix=POPPED < %t.lines.json
// RUN: FileCheck %s --check-prefix=UNDERFLOW < %t.lines.json
// RUN: FileCheck %s --check-prefix=PUSHED < %t.lines.json

#include <cstdio>
#include <cstdlib>
#include <cstring>

struct Stack {
  long values[4];
  int size = 0;
};

struct Failure {
  const char *what;
};

static bool exit_on_failure = false;

[[noreturn]] __attribute__((noinline)) void fail(const char *what) {
  if (exit_on_failure) {
    std::printf("failed: %s\n", what);
    std::exit(3);
  }
  throw Failure{what};
}

static long pop(Stack &s) {
  if (s.size == 0)
    fail("stack underflow");
  return s.values[--s.size];
}

static void push(Stack &s, long v) {
  if (s.size == 4)
    fail("stack overflow");
  s.values[s.size++] = v;
}

// Before op_add, so that the first markers of pop and push are in another function than the
// corrections copied from them.
__attribute__((noinline)) void op_dup(Stack &s) {
  long a = pop(s);
  push(s, a);
  push(s, a);
}

__attribute__((noinline)) void op_add(Stack &s) {
  long b = pop(s), a = pop(s);
  push(s, a + b);
}

int main(int argc, char **argv) {
  exit_on_failure = argc == 2 && std::strcmp(argv[1], "exit") == 0;
  long sum = 0;
  int failed = 0;
  if (exit_on_failure) {
    // Nine additions that work, then one that exits in its second pop.
    for (int i = 0; i < 10; ++i) {
      Stack s;
      s.values[0] = i;
      s.values[1] = 1;
      s.size = i < 9 ? 2 : 1;
      op_add(s);
      sum += s.values[0];
    }
    return 0;
  }
  // i % 3 values on the stack: the first pop fails (334 times), the second (333), none (333).
  for (int i = 0; i < 1000; ++i) {
    Stack s;
    for (int k = 0; k < i % 3; ++k)
      s.values[s.size++] = i + k;
    try {
      op_add(s);
      sum += s.values[0];
    } catch (const Failure &) {
      ++failed;
    }
  }
  Stack s;
  s.values[s.size++] = sum;
  op_dup(s);
  std::printf("sum %ld, failed %d, dup %ld\n", sum, failed, s.values[1]);
  return 0;
}

// The handler keeps one increment; the first check's error path corrects pop (it ran once,
// counted twice) and push (it did not run): one add of -1 to each.
// IR-LABEL: define {{.*}}void @_Z6op_addR5Stack(
// IR:           add i64 %{{[0-9]+}}, 1{{$}}
// IR-NOT:       add i64 %{{[0-9]+}}, 1{{(, !dbg .*)?$}}
// IR:           add i64 %{{[0-9]+}}, -1{{(, !dbg .*)?$}}
// IR-NEXT:      store i64 {{.*}}!hotline.own
// IR:           add i64 %{{[0-9]+}}, -1{{(, !dbg .*)?$}}
// IR-NEXT:      store i64 {{.*}}!hotline.own
// IR-NEXT:      call void @_Z4failPKc(
// IR-NOT:       add i64 %{{[0-9]+}}, 1{{(, !dbg .*)?$}}
// IR:           {{^}}}{{$}}

// OUT: sum 333333, failed 667, dup 333333
// EXIT-OUT: failed: stack underflow
// EXIT-OUT: status 3

// pop: 334 x 1 + 333 x 2 + 333 x 2 in op_add, 1 in op_dup; push: 333, and 2 in op_dup.
// CALLS-DAG: op_add(Stack&) 1000
// CALLS-DAG: op_dup(Stack&) 1
// CALLS-DAG: pop(Stack&) 1667
// CALLS-DAG: push(Stack&, long) 335
// CALLS-DAG: fail(char const*) 667
// pop: 9 x 2 + 2; push: 9; the last op_add and its fail counted, though they never returned.
// EXIT-CALLS-DAG: op_add(Stack&) 10
// EXIT-CALLS-DAG: pop(Stack&) 20
// EXIT-CALLS-DAG: push(Stack&, long) 9
// EXIT-CALLS-DAG: fail(char const*) 1

// Line mode: the lines after each check count the checks that passed, the error path's line
// the checks that failed.
// POPPED:      "line": 52,
// POPPED-NEXT: "function": "pop(Stack&)",
// POPPED-NEXT: "function_line": 49,
// POPPED-NEXT: "counted": true,
// POPPED-NEXT: "count": 1000,
// UNDERFLOW:      "line": 51,
// UNDERFLOW-NEXT: "function": "pop(Stack&)",
// UNDERFLOW-NEXT: "function_line": 49,
// UNDERFLOW-NEXT: "counted": true,
// UNDERFLOW-NEXT: "count": 667,
// PUSHED:      "line": 58,
// PUSHED-NEXT: "function": "push(Stack&, long)",
// PUSHED-NEXT: "function_line": 55,
// PUSHED-NEXT: "counted": true,
// PUSHED-NEXT: "count": 335,
