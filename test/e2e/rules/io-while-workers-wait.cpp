// io-while-workers-wait: the main thread reads 6 batches from a pipe that a slow writer feeds
// (30 ms a batch) and hands each to two workers, which wait on a condition variable while it
// reads: the rule fires, on the pipe, and the JSON's waited time equals, to the nanosecond,
// the overlap that Inputs/main_io_waits.py computes from the profile's own sections. With
// LOADER, a loader thread reads instead, as the rule suggests: no finding.
// RUN: %clangxx_hotline -O2 -g %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -DLOADER %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger HOTLINE_TRACE=1 %t.trigger | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/clean HOTLINE_TRACE=1 %t.clean | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// RUN: %hotline report --format json %t.d/trigger/*.hotline > %t.json
// RUN: python3 %S/../Inputs/main_io_waits.py %t.d/trigger/*.hotline > %t.expected
// RUN: python3 -c "import json, sys; w = json.load(open(sys.argv[1]))['synchronization']['main_io_waits'][0]; print(w['workers'], w['waiting_workers'], w['waited_ns'] == int(open(sys.argv[2]).read()), max(w['kinds'], key=w['kinds'].get), [(f['path'][:5], f['calls'], f['bytes']) for f in w['files']])" %t.json %t.expected | FileCheck %s --check-prefix=JSON
// RUN: python3 %S/../Inputs/trace_events.py %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRACE
// RUN: %hotline export --format chrome %t.d/trigger/*.hotline -o %t.chrome.json
// RUN: python3 -c "import json, sys; e = json.load(open(sys.argv[1]))['traceEvents']; print(sorted({x['name'] for x in e if x.get('cat') == 'wait'}))" %t.chrome.json | FileCheck %s --check-prefix=CHROME
// OUT: read 6 batches, 24576 bytes
// TRIGGER: [io-while-workers-wait] While the main thread was blocked in I/O, 2 of its 3 other threads waited: {{[0-9.]+ ms}} together, {{[1-9][0-9]\.[0-9]}}% of their time.
// TRIGGER-NEXT: evidence: the main thread's I/O took {{[0-9.]+ ms}}; the other threads' waits during it, by kind: condition {{[0-9.]+ ms}}{{$|, mutex .*}}
// TRIGGER-NEXT: evidence: the other threads lived {{[0-9.]+ ms}} together
// TRIGGER-NEXT: evidence: pipe:[{{[0-9]+}}]: 6 calls, 24.6 kB, {{[0-9.]+ ms}} of waiting during them
// TRIGGER: While the main thread was blocked in I/O ({{[0-9.]+ ms}}), 2 of its 3 other threads waited: {{[0-9.]+ ms}} together
// CLEAN: Suggestions
// CLEAN-NOT: [io-while-workers-wait]
// JSON: 3 2 True condition [('pipe:', 6, 24576)]
// TRACE: other wait condition
// CHROME: 'wait (condition)'

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "../Inputs/compute_for_ms.h"
#include "../Inputs/slow_pipe.h"

constexpr int kBatches = 6, kWorkers = 2;

std::mutex lock;
std::condition_variable changed;
int batches_read = 0, batches_taken = 0; // under lock
bool all_read = false;
long bytes_read = 0;

void slow_writer() { write_batches(kBatches, 30000); }

// Reads every batch and hands each to the workers as it comes.
void load_batches() {
  static char batch[kBatchBytes];
  for (int i = 0; i < kBatches; ++i) {
    long got = read_batch(batch);
    std::lock_guard<std::mutex> guard(lock);
    bytes_read += got;
    ++batches_read;
    changed.notify_all();
  }
  std::lock_guard<std::mutex> guard(lock);
  all_read = true;
  changed.notify_all();
}

// Takes batches as they come, computing 2 ms on each.
void work() {
  for (;;) {
    {
      std::unique_lock<std::mutex> guard(lock);
      changed.wait(guard, [] { return all_read || batches_taken < batches_read; });
      if (batches_taken == batches_read)
        return;
      ++batches_taken;
    }
    compute_for_ms(2);
  }
}

int main() {
  if (pipe(pipe_ends) != 0)
    return 1;
  std::thread writer(slow_writer);
  std::vector<std::thread> workers;
  for (int w = 0; w < kWorkers; ++w)
    workers.emplace_back(work);
#ifdef LOADER
  std::thread loader(load_batches);
  loader.join();
#else
  load_batches();
#endif
  for (std::thread &worker : workers)
    worker.join();
  writer.join();
  printf("read %d batches, %ld bytes\n", batches_read, bytes_read);
  return 0;
}
