// The lcov export has the program's functions only: not the ones the compiler writes itself,
// which have no source line (__clang_call_terminate, for a noexcept function that calls one
// that may throw), and which made a record of their own, "SF:" with the file's name as given
// and "FN:0,__clang_call_terminate".
// RUN: %clangxx_hotline -O0 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline export --format lcov %t.d/*.hotline | FileCheck %s --match-full-lines
// OUT: bye
// CHECK:     SF:{{.*}}export-lcov-compiler-functions.cpp
// CHECK-NOT: FN:0,
// CHECK:     end_of_record
// CHECK-NOT: {{.}}

#include <cstdio>

struct Guard {
  ~Guard() noexcept { std::puts("bye"); }
};

__attribute__((noinline)) void may_throw(int n) {
  if (n > 5)
    throw n;
}

__attribute__((noinline)) void safe(int n) noexcept {
  Guard g;
  may_throw(n);
}

int main() {
  safe(1);
  try {
    may_throw(9);
  } catch (int) {
  }
  return 0;
}
