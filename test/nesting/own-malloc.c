// A program with its own malloc and free: the runtime's own work (dlsym finding the real
// functions) must not call them as the program's; the C library's calls (stdout's buffer)
// are the program's, under main.
// RUN: %check_nesting --work %t %s
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static char arena[1 << 20];
static size_t used, freed;

__attribute__((noinline)) void *malloc(size_t n) {
  void *p = arena + used;
  used += (n + 15) & ~(size_t)15;
  return p;
}
__attribute__((noinline)) void free(void *p) { freed += p != NULL; }
__attribute__((noinline)) void *calloc(size_t count, size_t size) {
  void *p = malloc(count * size);
  memset(p, 0, count * size);
  return p;
}
__attribute__((noinline)) void *realloc(void *p, size_t n) {
  void *q = malloc(n);
  if (p)
    memcpy(q, p, n);
  return q;
}
__attribute__((noinline)) void use(void) {
  char *p = malloc(32);
  strcpy(p, "x");
  free(p);
}

int main(void) {
  use();
  printf("done\n");
  return 0;
}
