// A small program for errors.test: one hot function with a by-value vector, one hot loop.
#include <cstdio>
#include <vector>

__attribute__((noinline)) long total(std::vector<int> values) {
  long sum = 0;
  for (int value : values)
    sum += value;
  return sum;
}

int main() {
  std::vector<int> values(20000, 1);
  long sum = 0;
  for (int round = 0; round < 2000; ++round)
    sum += total(values);
  std::printf("%ld\n", sum);
  return 0;
}
