// An instrumented library loaded with dlopen, unloaded and loaded again: its functions nest
// under the program's caller, and a program function it calls back nests under it.
// RUN: %check_nesting --library %S/Inputs/dlopen_library.c --work %t %s
#include <dlfcn.h>
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) void callback(int i) { sink = i; }
__attribute__((noinline)) int load_and_call(int n) {
  void *library = dlopen("libnesting.so", RTLD_NOW);
  if (!library)
    return -1;
  int (*entry)(int, void (*)(int)) = (int (*)(int, void (*)(int)))dlsym(library, "library_entry");
  int result = entry(n, callback);
  dlclose(library);
  return result;
}

int main(void) {
  int a = load_and_call(2);
  int b = load_and_call(3);
  printf("%d %d %d\n", a, b, sink);
  return 0;
}
