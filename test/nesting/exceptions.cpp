// C++ exceptions thrown across frames and caught, templates and lambdas.
// RUN: %check_nesting_cxx --work %t %s
#include <cstdio>
#include <stdexcept>

namespace shapes {
template <typename T> __attribute__((noinline)) T twice(T v) { return v * 2; }
}
static volatile int sink;

__attribute__((noinline)) void thrower(int i) {
  if (i % 2)
    throw std::runtime_error("odd");
  sink = i;
}
__attribute__((noinline)) void middle(int i) {
  thrower(i);
  sink = shapes::twice(i);
}
__attribute__((noinline)) void outer(int i) { middle(i); }

int main() {
  auto lambda = [](int x) { return shapes::twice(x) + 1; };
  for (int i = 0; i < 4; i++) {
    try {
      outer(i);
    } catch (const std::exception &) {
      sink = lambda(i) + int(shapes::twice(1.5));
    }
  }
  std::printf("%d\n", int(sink));
  return 0;
}
