// Direct and mutual recursion: each level is a node of its own.
// RUN: %check_nesting --work %t %s
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
__attribute__((noinline)) int is_odd(int n);
__attribute__((noinline)) int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

int main(void) {
  for (int i = 0; i < 3; i++)
    sink = factorial(4 + i) + is_even(3 + i);
  printf("%d\n", sink);
  return 0;
}
