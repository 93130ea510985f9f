// Line accuracy: a program whose true cost split across three source lines is known. Each of
// three loops spends its time on one line (a dependent chain of multiply-adds, so the line's
// cost is its iterations times one chain step), with iteration counts in the ratio 1 : 3 : 6.
// The plain build times each loop itself (one clock read around each, no instrumentation) and
// prints the times; bench/run compares them with the time `hotline lines` samples on the
// three lines (LINE_A, LINE_B, LINE_C below).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

static volatile double sink;

__attribute__((noinline)) void chain_a(long n) {
  double x = 1;
  for (long i = 0; i < n; ++i)
    x = x * 0.9999999 + 0.5; // LINE_A
  sink = x;
}

__attribute__((noinline)) void chain_b(long n) {
  double x = 2;
  for (long i = 0; i < n; ++i)
    x = x * 0.9999998 + 0.25; // LINE_B
  sink = x;
}

__attribute__((noinline)) void chain_c(long n) {
  double x = 3;
  for (long i = 0; i < n; ++i)
    x = x * 0.9999997 + 0.125; // LINE_C
  sink = x;
}

static int64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv) {
  long scale = argc > 1 ? atol(argv[1]) : 10;
  if (scale <= 0) {
    fprintf(stderr, "usage: lines [SCALE]\n");
    return 2;
  }
  struct Part {
    const char *line;
    void (*run)(long);
    long iterations;
  } parts[] = {{"LINE_A", chain_a, 1}, {"LINE_B", chain_b, 3}, {"LINE_C", chain_c, 6}};
  for (const Part &part : parts) {
    int64_t start = now_ns();
    part.run(part.iterations * scale * 10000000);
    printf("%s %lld\n", part.line, (long long)(now_ns() - start));
  }
  return 0;
}
