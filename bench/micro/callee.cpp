// The function whose call the micro benchmarks time; bench/run compiles it three times under
// three names (-DCALLEE=...): plain, timed by hotline, and counted but not timed by hotline.
extern "C" __attribute__((noinline)) int CALLEE(int x) { return x * 3 + 1; }
