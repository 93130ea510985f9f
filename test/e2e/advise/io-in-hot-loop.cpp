// io-in-hot-loop: std::endl in the hot loop gets a fix-it to '\n'; std::flush, fflush,
// write(2) and std::cerr in hot loops are advised; the same calls in a cold loop, and a
// std::cerr line of the hot loop that never ran, are not.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog > %t/out.txt 2>&1
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 10: the hot loops take 24% and more of the run, the cold one under 1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 10 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <fstream>
#include <iostream>
#include <unistd.h>

__attribute__((noinline)) void lines(std::ostream &out, int n) {
  for (int i = 0; i < n; ++i)
    out << i << std::endl;
  // CHECK: [[FILE]]:[[#@LINE-1]]:17: std::endl in a hot loop flushes the stream on every iteration [io-in-hot-loop]
  // CHECK-NEXT: range [[#@LINE-2]]:17-[[#@LINE-2]]:25 in lines(std::ostream&, int)
  // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 80,000 iterations in 1 entry, {{[0-9.]+}}% of the run
  // CHECK-NEXT: line [[#@LINE-4]] ran 80,000 times
  // CHECK-NEXT: fix-it: replace std::endl with '\n': the same output, flushed when the buffer fills
}

__attribute__((noinline)) void flushed(std::ostream &out, FILE *file, int fd, int n) {
  for (int i = 0; i < n; ++i) {
    out << i << std::flush;
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: a flush in a hot loop makes a write(2) system call on every iteration [io-in-hot-loop]
    // CHECK-NEXT: range [[#@LINE-2]]:5-[[#@LINE-2]]:26 in flushed(std::ostream&, _IO_FILE*, int, int)
    // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 80,000 iterations in 1 entry
    // CHECK-NEXT: line [[#@LINE-4]] ran 80,000 times
    // CHECK-EMPTY:
    std::fputc('x', file);
    std::fflush(file);
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: a flush in a hot loop
    if (write(fd, "y", 1) != 1)
      break;
    // CHECK: [[FILE]]:[[#@LINE-2]]:9: an unbuffered write(2) on every iteration of a hot loop [io-in-hot-loop]
    std::cerr << "";
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: std::cerr is unbuffered: each output operation in this hot loop is a write(2) [io-in-hot-loop]
    if (i < 0)
      std::cerr << i; // never runs: no advice
  }
}

__attribute__((noinline)) void cold(std::ostream &out, int n) {
  for (int i = 0; i < n; ++i)
    out << i << std::endl << std::flush;
}

int main() {
  std::ofstream text("/dev/null");
  FILE *file = std::fopen("/dev/null", "w");
  lines(text, 80000);
  flushed(text, file, fileno(file), 80000);
  cold(text, 1000);
  std::fclose(file);
  std::cout << "done\n";
  return 0;
}

// CHECK: 5 findings, 1 with a fix-it
