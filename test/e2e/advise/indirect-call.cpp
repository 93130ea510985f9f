// indirect-call: a virtual call and a call through std::function in the hottest loop are
// advised; a call on an object of known type and a call through a final class are not, and
// neither are the same indirect calls in the second-hottest loop (hot, but not the hottest).
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// RUN: %advise -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
struct Square final : Shape {
  double side = 2;
  double area() const override { return side * side; }
};
struct Circle : Shape {
  double r = 1;
  double area() const override { return 3 * r * r; }
};

__attribute__((noinline)) double hottest(const std::vector<std::unique_ptr<Shape>> &shapes,
                                         const std::function<double(double)> &scale,
                                         const Square *square, int rounds) {
  double total = 0;
  Circle local;
  for (int round = 0; round < rounds; ++round)
    for (const auto &shape : shapes) {
      total += scale(shape->area());
      // CHECK: [[FILE]]:[[#@LINE-1]]:16: a call through std::function 'scale' in the hottest loop: an indirect call that cannot be inlined [indirect-call]
      // CHECK-NEXT: range [[#@LINE-2]]:16-[[#@LINE-2]]:35 in hottest(
      // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 8,000,000 iterations in 10,000 entries, {{[0-9.]+}}% of the run
      // CHECK-NEXT: line [[#@LINE-4]] ran 8,000,000 times
      // CHECK: [[FILE]]:[[#@LINE-5]]:22: a virtual call to Shape::area() in the hottest loop: an indirect call that cannot be inlined [indirect-call]
      total += local.area() + square->area(); // direct calls
    }
  return total;
}

__attribute__((noinline)) double second(const std::vector<std::unique_ptr<Shape>> &shapes, int rounds) {
  double total = 0;
  for (int round = 0; round < rounds; ++round)
    for (const auto &shape : shapes)
      total += shape->area();
  return total;
}

int main() {
  std::vector<std::unique_ptr<Shape>> shapes;
  shapes.reserve(800);
  for (int i = 0; i < 800; ++i) { // fewer than --min-count: no allocation advice
    if (i % 2)
      shapes.push_back(std::make_unique<Square>());
    else
      shapes.push_back(std::make_unique<Circle>());
  }
  std::function<double(double)> scale = [](double a) { return a * 0.5; };
  Square square;
  double total = hottest(shapes, scale, &square, 10000);
  total += second(shapes, 2000);
  std::printf("%.0f\n", total);
  return 0;
}

// OUT: 75600000
// CHECK: 2 findings, 0 with a fix-it
