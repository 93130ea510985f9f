// Functions called back from the C library (qsort's comparison, bsearch's, atexit's handler)
// nest under the program's caller of the library function.
// RUN: %check_nesting --work %t %s
#include <stdio.h>
#include <stdlib.h>

static volatile int sink;

__attribute__((noinline)) int compare(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
__attribute__((noinline)) void sort(int *values, int count) { qsort(values, count, sizeof *values, compare); }
__attribute__((noinline)) void at_exit(void) { sink = 0; }

int main(void) {
  int values[] = {5, 3, 9, 1, 7, 2, 8};
  atexit(at_exit);
  sort(values, 7);
  int key = 7;
  sink = bsearch(&key, values, 7, sizeof key, compare) != NULL;
  printf("%d %d\n", values[0], sink);
  return 0;
}
