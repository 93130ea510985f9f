// Source of fib.hotline and fib-n15.hotline (see README.md): a single-threaded program whose
// call counts are known in advance.
#include <cstdio>
#include <cstdlib>

static volatile double sink;

// No loop and no call: counted but not timed.
__attribute__((noinline)) int square(int x) { return x * x; }

// fib(20) makes 21891 calls, fib(15) 1973.
__attribute__((noinline)) long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// Most of the self time.
__attribute__((noinline)) void spin(int rounds) {
  double x = 1.0;
  for (int k = 0; k < rounds; ++k)
    x = x * 1.0000001 + 0.5;
  sink = x;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  long squares = 0;
  for (int i = 0; i < 100000; ++i)
    squares += square(i);
  spin(2000000);
  printf("fib(%d) = %ld, squares %ld\n", n, fib(n), squares);
  return 0;
}
