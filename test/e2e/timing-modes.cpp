// Where timing goes, by option: after inlining (default: -O2's tail-recursion elimination
// leaves 10946 real calls to time), before inlining (every source-level call is timed), off
// (counted only). -fpass-plugin= gives the defaults. Counts are exact in every mode.
// RUN: rm -rf %t.d && mkdir -p %t.d/before %t.d/off %t.d/pass
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-timing=before-inlining %s -o %t.before
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-timing=off %s -o %t.off
// RUN: %clangxx_plain -O2 -g -fpass-plugin=%hotline_plugin %hotline_ldflags %s -o %t.pass
// RUN: export HOTLINE_STOP_TIMING_AFTER=0 && env HOTLINE_DIR=%t.d/before %t.before && env HOTLINE_DIR=%t.d/off %t.off && env HOTLINE_DIR=%t.d/pass %t.pass
// RUN: %hotline report --sort calls --format json %t.d/before/*.hotline | FileCheck %s --check-prefix=BEFORE
// RUN: %hotline report --sort calls --format json %t.d/off/*.hotline | FileCheck %s --check-prefix=OFF
// RUN: %hotline report --sort calls --format json %t.d/pass/*.hotline | FileCheck %s --check-prefix=PASS

#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  printf("fib(20) = %ld\n", fib(20));
  return 0;
}

// BEFORE:      "name": "fib(int)",
// BEFORE:      "calls": 21891,
// BEFORE-NEXT: "timed_calls": 21891,
// OFF:         "name": "fib(int)",
// OFF:         "calls": 21891,
// OFF-NEXT:    "timed_calls": 0,
// OFF:         "timed": false
// PASS:        "name": "fib(int)",
// PASS:        "calls": 21891,
// PASS-NEXT:   "timed_calls": 10946,
