// string-concatenation: `s = s + x` in a hot loop gets a fix-it to `s += x`; `s = s + a + b`
// and `s = x + s` are advised without one; the same in a cold loop is not. (The temporary
// strings are also each line's allocations, made by operator+ inlined from the system header,
// inside libstdc++'s compiled code, or in instances compiled into the program from the header,
// which are walked past to the line as a library's code is.)
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 25: the hot loop takes about 99% of the run, the cold one under 1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 25 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <string>

__attribute__((noinline)) size_t build(const std::string &word, int n) {
  std::string line, framed, reversed;
  for (int i = 0; i < n; ++i) {
    line = line + word;
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: 2.00 heap allocations per iteration of a hot loop are made here (1.00 inside libstdc++.so.6): {{.*}} [allocation-per-iteration]
    // CHECK: [[FILE]]:[[#@LINE-2]]:5: 'line = line + ...' in a hot loop copies all of 'line' on every iteration [string-concatenation]
    // CHECK-NEXT: range [[#@LINE-3]]:5-[[#@LINE-3]]:22 in build(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>> const&, int)
    // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-5]] ran 8,000 iterations in 1 entry, {{[0-9.]+}}% of the run
    // CHECK-NEXT: line [[#@LINE-5]] ran 8,000 times
    // CHECK-NEXT: fix-it: append in place: 'line += word'
    framed = framed + "[" + word;
    // operator+(const std::string &, const char *), inlined from a system header, allocates the
    // first temporary here; the second is made inside libstdc++'s compiled code, which this
    // line calls.
    // CHECK: [[FILE]]:[[#@LINE-4]]:5: 2.00 heap allocations per iteration of a hot loop are made here (1.00 inside libstdc++.so.6): {{.*}} [allocation-per-iteration]
    // CHECK: 15,997 allocations ({{.*}}) at this line inside the loop
    // CHECK: [[FILE]]:[[#@LINE-6]]:5: 'framed = framed + ...' in a hot loop copies all of 'framed' on every iteration [string-concatenation]
    // CHECK-NOT: fix-it
    reversed = word + reversed;
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: 1.00 heap allocations per iteration of a hot loop are made here, inside libstdc++.so.6: {{.*}} [allocation-per-iteration]
    // CHECK: [[FILE]]:[[#@LINE-2]]:5: 'reversed = ... + reversed' in a hot loop copies all of 'reversed' on every iteration [string-concatenation]
    // CHECK-NOT: fix-it
  }
  return line.size() + framed.size() + reversed.size();
}

__attribute__((noinline)) size_t cold(const std::string &word, int n) {
  std::string line;
  for (int i = 0; i < n; ++i)
    line = line + word;
  return line.size();
}

int main() {
  std::string word = "abcdefgh";
  size_t total = build(word, 8000) + cold("x", 1000);
  std::printf("%zu\n", total);
  return 0;
}

// OUT: 201000
// CHECK: 6 findings, 1 with a fix-it
