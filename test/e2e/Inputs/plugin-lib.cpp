// An instrumented library that shared-library.cpp loads with dlopen and unloads again.
__attribute__((noinline)) static int plugin_step(int x) { return x * 3 + 1; }
extern "C" int plugin_run(int n) {
  int v = 0;
  for (int i = 0; i < n; ++i)
    v = plugin_step(v) % 1000;
  return v;
}
