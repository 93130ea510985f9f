// A pipe that a slow writer feeds: the input whose reads block a test program's reader. C and
// C++. The writer writes `batches` batches of 4 KiB, sleeping `delay_us` before each, then
// closes its end; a reader takes one whole batch per read_batch.
#pragma once

#include <string.h>
#include <sys/types.h>
#include <unistd.h>

enum { kBatchBytes = 4096 };

static int pipe_ends[2];

static void write_batches(int batches, long delay_us) {
  static char batch[kBatchBytes];
  memset(batch, 7, sizeof batch);
  for (int i = 0; i < batches; ++i) {
    usleep(delay_us);
    if (write(pipe_ends[1], batch, sizeof batch) != (ssize_t)sizeof batch)
      break;
  }
  close(pipe_ends[1]);
}

// One whole batch (a pipe writes PIPE_BUF bytes at once: one read gets them); fewer bytes
// only at the end of the input.
static long read_batch(char *batch) {
  long got = 0;
  while (got < kBatchBytes) {
    ssize_t n = read(pipe_ends[0], batch + got, kBatchBytes - got);
    if (n <= 0)
      return got;
    got += n;
  }
  return got;
}
