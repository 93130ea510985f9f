// With call-targets, line mode counts the functions each indirect call called, exactly (a
// virtual call and a call through a function pointer here), and `hotline pgo` writes them
// after the call's line count, the most called first. Rebuilt with the profile, clang promotes
// them to direct calls. Without the option, no call targets are counted.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -fplugin-arg-hotline-call-targets %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline pgo %t.d -o %t.prof
// RUN: FileCheck %s --check-prefix=TOTAL < %t.prof
// RUN: FileCheck %s --check-prefix=APPLY < %t.prof
// RUN: %clangxx_plain -O2 -g -fprofile-sample-use=%t.prof -Rpass=pgo-icall-prom -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PROMOTED
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.plain-lines
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off %t.plain-lines | FileCheck %s --check-prefix=OUT
// RUN: %hotline pgo %t.off -o - 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: not %clangxx_hotline -fplugin-arg-hotline-call-targets=yes -c %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=BAD

// OUT: total 50000 applied 46500

// TOTAL: _Z5totalPP5Shapei:{{[0-9]+}}:1000
// TOTAL: {{^ 3(\.[0-9]+)?: 100000 _ZNK6Square4areaEd:90000 _ZNK6Circle4areaEd:10000$}}
// APPLY: _Z5applyPFiiEi:{{[0-9]+}}:3000
// APPLY: {{^ 0: 3000 _Z5twicei:2000 _Z6squarei:1000$}}

// PROMOTED-DAG: remark: Promote indirect call to _ZNK6Square4areaEd with count 90000 out of 100000
// PROMOTED-DAG: remark: Promote indirect call to _Z5twicei with count 2000 out of 3000

// OFF: {{^ 0: 3000$}}
// OFF-NOT: {{[0-9]}} _ZNK6Square4areaEd:

// BAD: option 'call-targets' takes no value

#include <cstdio>

struct Shape {
  virtual double area(double side) const = 0;
  virtual ~Shape() {}
};
struct Square : Shape {
  double area(double side) const override { return side * side; }
};
struct Circle : Shape {
  double area(double side) const override { return 3 * side * side; }
};

__attribute__((noinline)) double total(Shape **shapes, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += shapes[i]->area(i % 2);
  return sum;
}

__attribute__((noinline)) int apply(int (*f)(int), int x) { return f(x); }
int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int (*volatile operations[2])(int) = {twice, square};

int main() {
  Shape *shapes[100];
  for (int i = 0; i < 100; ++i)
    shapes[i] = i % 10 ? static_cast<Shape *>(new Square) : new Circle;
  double sum = 0;
  for (int r = 0; r < 1000; ++r)
    sum += total(shapes, 100);
  int applied = 0;
  for (int i = 0; i < 3000; ++i)
    applied += apply(operations[i % 3 == 0], i % 10);
  std::printf("total %.0f applied %d\n", sum, applied);
  return 0;
}
