// Source of trace-waits.hotline (see README.md), run with HOTLINE_TRACE=1: the waits and NVTX
// start/end ranges of a timeline. A worker waits on a condition while the main thread reads a
// pipe that a writer thread fills after 2 ms; the writer starts an NVTX range that the main
// thread ends once it has read, and the main thread's own range spans the read.
#include <nvtx3/nvToolsExt.h>

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <unistd.h>

int pipe_ends[2];
std::mutex lock;
std::condition_variable changed;
bool ready = false;
nvtxRangeId_t batch;

void writer() {
  batch = nvtxRangeStartA("batch");
  usleep(2000);
  char byte = 1;
  if (write(pipe_ends[1], &byte, 1) != 1)
    perror("write");
}

void worker() {
  std::unique_lock<std::mutex> guard(lock);
  changed.wait(guard, [] { return ready; });
}

int main() {
  if (pipe(pipe_ends) != 0)
    return 1;
  std::thread waiting(worker);
  std::thread writing(writer);
  nvtxRangeId_t load = nvtxRangeStartA("load");
  char byte = 0;
  if (read(pipe_ends[0], &byte, 1) != 1)
    return 1;
  nvtxRangeEnd(load);
  writing.join();
  nvtxRangeEnd(batch);
  {
    std::lock_guard<std::mutex> guard(lock);
    ready = true;
  }
  changed.notify_all();
  waiting.join();
  std::printf("read %d\n", byte);
  return 0;
}
