// fixable.cpp as `hotline advise --fix` leaves it (fix-its.test compares all but this line).
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

__attribute__((noinline)) long total(const std::vector<long> &values) {
  long sum = 0;
  for (long value : values)
    sum += value;
  return sum;
}

int main() {
  std::vector<long> values(50000, 3);
  std::vector<std::shared_ptr<int>> shared;
  shared.reserve(100);
  for (int i = 0; i < 100; ++i)
    shared.push_back(std::make_shared<int>(i));
  std::ostringstream out;
  std::string text;
  long sum = 0;
  for (int round = 0; round < 2000; ++round) {
    sum += total(values);
    text += "x";
    out << round << '\n';
    for (const auto &p : shared)
      sum += *p;
  }
  std::printf("%ld %zu %zu\n", sum, text.size(), out.str().size());
  return 0;
}
