// Allocations to place on their source line, in a build without debug information.
#include <cstdio>
#include <cstdlib>

__attribute__((noinline)) long scratch_sums(int n) {
  long sum = 0;
  for (int i = 0; i < n; ++i) {
    char *scratch = static_cast<char *>(std::malloc(64));
    scratch[0] = static_cast<char>(i);
    asm volatile("" : : "r"(scratch) : "memory"); // the allocation stays
    sum += scratch[0];
    std::free(scratch);
  }
  return sum;
}

int main() {
  std::printf("sum %ld\n", scratch_sums(100));
  return 0;
}
