// Source of trace.hotline (see README.md), run with HOTLINE_TRACE=1: a timeline with calls that
// nest, a region, a large allocation, file I/O and a second thread.
#include <hotline/hotline.h>

#include <pthread.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

static volatile double sink;

// Spins for about `us` microseconds: long enough to pass the trace's 10 µs floor.
__attribute__((noinline)) void spin(int us) {
  timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    sink = sink + 1;
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000000 + (now.tv_nsec - start.tv_nsec) / 1000 < us);
}

__attribute__((noinline)) void step(int i) { spin(100 + 10 * i); }

__attribute__((noinline)) void load(const char *path) {
  HOTLINE_REGION("load");
  FILE *f = fopen(path, "w");
  static char block[64 * 1024];
  memset(block, 'x', sizeof block);
  fwrite(block, 1, sizeof block, f);
  fclose(f);
  char *buffer = static_cast<char *>(malloc(2 << 20)); // a large block: traced
  f = fopen(path, "r");
  size_t n = fread(buffer, 1, 2 << 20, f);
  fclose(f);
  sink = double(n) + buffer[0];
  free(buffer);
  remove(path);
}

void *helper(void *) {
  for (int i = 0; i < 3; ++i)
    step(i);
  return nullptr;
}

int main() {
  load("trace-input.bin");
  pthread_t thread;
  pthread_create(&thread, nullptr, helper, nullptr);
  for (int i = 0; i < 5; ++i)
    step(i);
  pthread_join(thread, nullptr);
  puts("done");
  return 0;
}
