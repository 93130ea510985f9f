// An instrumented shared library, linked at start-up by shared-library.cpp.
__attribute__((noinline)) int lib_square(int x) { return x * x; }
int lib_sum_squares(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += lib_square(i);
  return sum;
}
