// The library that dlopen.c loads, unloads and loads again.
static volatile int sink;

__attribute__((noinline)) void library_leaf(int i) { sink = i; }
__attribute__((noinline)) int library_entry(int n, void (*callback)(int)) {
  for (int i = 0; i < n; i++) {
    library_leaf(i);
    callback(i);
  }
  return sink;
}
