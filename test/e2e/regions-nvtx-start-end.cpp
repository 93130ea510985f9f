// NVTX start/end ranges, which need not nest and may end on another thread, are kept by name:
// how many ended, their time from start to end, how many ended on another thread, and how
// many were still open at exit. Found through the static runtime's injection symbol, and
// through NVTX_INJECTION64_PATH with the shared runtime.
// REQUIRES: nvtx
// RUN: %clangxx_hotline -O2 -g -I/usr/local/cuda/include %s -ldl -lpthread -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/regions_summary.py %t.json | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %clangxx_plain -O2 -g %hotline_cflags -I/usr/local/cuda/include %s %hotline_rt_shared -ldl -lpthread -o %t.shared
// RUN: rm -rf %t.s && mkdir -p %t.s && env HOTLINE_DIR=%t.s NVTX_INJECTION64_PATH=%hotline_rt_shared_path %t.shared
// RUN: %hotline report --format json %t.s/*.hotline > %t.s.json
// RUN: python3 %S/Inputs/regions_summary.py %t.s.json | FileCheck %s
// In trace mode each ended range is on the timeline of the thread that ended it, and the Chrome
// export draws it as a pair of async events:
// RUN: rm -rf %t.t && mkdir -p %t.t && env HOTLINE_DIR=%t.t HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=0 %t
// RUN: python3 %S/Inputs/trace_events.py %t.t/*.hotline | grep ' range ' | FileCheck %s --check-prefix=TRACE
// RUN: %hotline export --format chrome %t.t/*.hotline -o %t.chrome.json
// RUN: python3 -c "import json, sys, collections; e = [x for x in json.load(open(sys.argv[1]))['traceEvents'] if x.get('cat') == 'range']; print(sorted(collections.Counter((x['name'], x['ph'], x.get('args', {}).get('ended_on_another_thread')) for x in e).items()))" %t.chrome.json | FileCheck %s --check-prefix=CHROME

// CHECK-NOT: region
// CHECK: range batch | count=4 other_thread=4 open=0 min_ms={{[2-9]|[1-9][0-9]+}} ordered=true
// CHECK-NEXT: range decode | count=2 other_thread=0 open=0 min_ms={{[0-9]+}} ordered=true
// CHECK-NEXT: range epoch | count=3 other_thread=0 open=0 min_ms={{[2-9]|[1-9][0-9]+}} ordered=true
// CHECK-NEXT: range never ended | count=0 other_thread=0 open=1 min_ms=0 ordered=true
// CHECK-NEXT: range wide | count=1 other_thread=0 open=0 min_ms={{[0-9]+}} ordered=true

// TEXT:      Ranges (NVTX start/end: each from the call that started it to the one that ended it, on any thread)
// TEXT-EMPTY:
// TEXT-NEXT: {{ *}}time  count  mean  {{.*}}  ended elsewhere  open  range
// TEXT-NEXT: {{.*}}     4 {{.*}}  4     0  batch
// TEXT:      {{.*}}     0 {{.*}}  0     1  never ended
// TEXT:      ended elsewhere: on another thread than started them; open: not ended when the profile was written, not in the times.

// TRACE:      main range batch other_thread=1
// TRACE-NEXT: main range batch other_thread=1
// TRACE-NEXT: main range batch other_thread=1
// TRACE-NEXT: main range batch other_thread=1
// TRACE-NEXT: main range epoch other_thread=0
// TRACE-NEXT: main range epoch other_thread=0
// TRACE-NEXT: main range epoch other_thread=0
// TRACE-NEXT: main range wide other_thread=0
// TRACE-NEXT: main range decode other_thread=0
// TRACE-NEXT: main range decode other_thread=0
// TRACE-NOT: range
// CHROME: [(('batch', 'b', True), 4), (('batch', 'e', None), 4), (('decode', 'b', False), 2), (('decode', 'e', None), 2), (('epoch', 'b', False), 3), (('epoch', 'e', None), 3), (('wide', 'b', False), 1), (('wide', 'e', None), 1)]

#include <nvtx3/nvToolsExt.h>

#include <pthread.h>
#include <unistd.h>

static nvtxRangeId_t batches[4];

// The loader starts each batch's range; the main thread ends it when it has used the batch.
static void *loader(void *) {
  for (nvtxRangeId_t &batch : batches)
    batch = nvtxRangeStartA("batch");
  return nullptr;
}

int main() {
  pthread_t thread;
  pthread_create(&thread, nullptr, loader, nullptr);
  pthread_join(thread, nullptr);
  for (int i = 0; i < 3; ++i) {
    nvtxRangeId_t epoch = nvtxRangeStartA("epoch");
    usleep(2000);
    nvtxRangeEnd(batches[i]);
    nvtxRangeEnd(epoch);
  }
  nvtxRangeEnd(batches[3]);
  nvtxRangeEnd(batches[3]); // a second end is ignored
  nvtxRangeEnd(987654321);  // so is an id never started

  nvtxRangeEnd(nvtxRangeStartW(L"wide"));
  nvtxRangeStartA("never ended");

  nvtxDomainHandle_t domain = nvtxDomainCreateA("loader");
  nvtxEventAttributes_t attributes = {};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  attributes.message.registered = nvtxDomainRegisterStringA(domain, "decode");
  nvtxRangeId_t first = nvtxDomainRangeStartEx(domain, &attributes);
  nvtxRangeId_t second = nvtxDomainRangeStartEx(domain, &attributes); // overlaps the first
  nvtxDomainRangeEnd(domain, first);
  nvtxDomainRangeEnd(domain, second);
  return 0;
}
