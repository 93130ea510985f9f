// io-while-gpu-idle: the main thread reads 6 batches from a pipe that a slow writer feeds
// (40 ms a batch, of 4 KiB), computing 10 ms after each. The run is real, in trace mode; the GPU
// side is made up by Inputs/add_kernels_around_io.py from the trace itself: kernels that run
// only between the reads (the GPU waits for each batch: the rule fires, on the pipe, with the
// exact idle time under the reads), or one kernel through all of them (loading overlapped
// with the GPU's work: no finding).
// RUN: %clang_hotline -O2 -g %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_TRACE=1 %t | FileCheck %s --check-prefix=OUT
// RUN: python3 %S/../Inputs/add_kernels_around_io.py %t.d/*.hotline %t.idle.hotline idle-while-reading > %t.expected
// RUN: python3 %S/../Inputs/add_kernels_around_io.py %t.d/*.hotline %t.busy.hotline busy-while-reading
// RUN: %hotline report %t.idle.hotline | FileCheck %s --check-prefix=IDLE
// RUN: %hotline report %t.busy.hotline | FileCheck %s --check-prefix=BUSY
// RUN: %hotline gpu %t.idle.hotline | FileCheck %s --check-prefix=GPU
// RUN: %hotline gpu --format json %t.idle.hotline > %t.json
// RUN: python3 -c "import json, sys; d = json.load(open(sys.argv[1]))['devices'][0]; print(d['main_io_in_gaps_ns'] == int(open(sys.argv[2]).read()), [(f['path'][:5], f['calls'], f['bytes']) for f in d['main_io_in_gaps']])" %t.json %t.expected | FileCheck %s --check-prefix=JSON
// OUT: read 6 batches, 24576 bytes
// IDLE: [io-while-gpu-idle] GPU device 0 {{.*}}was idle while the main thread was blocked in I/O for {{.*}}, {{[1-9][0-9]\.[0-9]}}% of the {{.*}} between its first and last work.
// IDLE-NEXT: evidence: the GPU was idle {{.*}} in all between its first and last work; the main thread's I/O covered {{100\.0|9[0-9]\.[0-9]}}% of that
// IDLE-NEXT: evidence: pipe:[{{[0-9]+}}]: 5 calls, 20.5 kB, {{.*}} of them while the GPU idled
// BUSY: Suggestions
// BUSY-NOT: [io-while-gpu-idle]
// BUSY-NOT: [gpu-idle]
// GPU: the main thread was blocked in I/O for {{[1-9][0-9.]* ms}} of that idle time
// JSON: True [('pipe:', 5, 20480)]

#include <pthread.h>
#include <stdio.h>

#include "../Inputs/compute_for_ms.h"
#include "../Inputs/slow_pipe.h"

enum { kBatches = 6 };

static void *slow_writer(void *unused) {
  (void)unused;
  write_batches(kBatches, 40000);
  return NULL;
}

int main(void) {
  if (pipe(pipe_ends) != 0)
    return 1;
  pthread_t writer;
  pthread_create(&writer, NULL, slow_writer, NULL);
  static char batch[kBatchBytes];
  long total = 0;
  int batches = 0;
  for (; batches < kBatches; ++batches) {
    total += read_batch(batch);
    compute_for_ms(10);
  }
  pthread_join(writer, NULL);
  printf("read %d batches, %ld bytes\n", batches, total);
  return 0;
}
