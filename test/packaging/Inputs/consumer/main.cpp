#include <cstdio>

extern "C" int square(int x);

__attribute__((noinline)) int helper_twice(int x) { return 2 * x; }

__attribute__((noinline)) long sum_of_squares(int n) {
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += square(helper_twice(i));
  return sum;
}

int main() {
  std::printf("sum %ld\n", sum_of_squares(1000));
  return 0;
}
