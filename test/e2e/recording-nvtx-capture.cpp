// HOTLINE_START=nvtx:NAME (docs/runtime-options.md, "Recording windows and dumps"): the
// recording runs only while an NVTX range of that name is open, as Nsight Systems'
// --capture-range=nvtx: its push starts it, the pop of the last one open (a nested one keeps
// it going) stops it. Two epochs of ten are captured: 100 + 110 calls of work(), two windows,
// and the ranges' own regions; without it, all of them. A bad value is one line and the default.
// REQUIRES: nvtx
// DEFINE: %{summary} = import json, sys; r = json.load(sys.stdin); w = r['runs'][0].get('windows'); \
// DEFINE:   calls = {f['name'].split('(')[0]: f['calls'] for f in r['functions']}; \
// DEFINE:   print('windows', 'none' if w is None else len(w), 'work', calls.get('work', 0), 'regions', \
// DEFINE:         ' '.join(sorted(g['path'].replace(' > ', '>') + ':' + str(g['entries']) for g in r['regions']['regions'])))
// RUN: %clangxx_hotline -O2 -g -I/usr/local/cuda/include %s -ldl -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/capture %t.d/whole %t.d/bad
// RUN: env HOTLINE_DIR=%t.d/capture HOTLINE_QUIET=1 HOTLINE_START=nvtx:epoch %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/capture | python3 -c "%{summary}" | FileCheck %s --check-prefix=CAPTURE
// CAPTURE: windows 2 work 210 regions epoch:2 epoch>epoch:1
// RUN: env HOTLINE_DIR=%t.d/whole HOTLINE_QUIET=1 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/whole | python3 -c "%{summary}" | FileCheck %s --check-prefix=WHOLE
// WHOLE: windows none work 1010 regions epoch:2 epoch>epoch:1 other:8
// RUN: env HOTLINE_DIR=%t.d/bad HOTLINE_QUIET=1 HOTLINE_START=nvtx: %t 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hotline: HOTLINE_START=nvtx: is not now, paused, cudaProfilerApi or nvtx:NAME; using now
// BAD-NEXT: done
// OUT: done

#include <nvtx3/nvToolsExt.h>

#include <stdio.h>

volatile unsigned long sink;

__attribute__((noinline)) void work(unsigned long i) { sink = sink + i; }

int main() {
  for (int epoch = 0; epoch < 10; ++epoch) {
    bool captured = epoch == 3 || epoch == 4;
    nvtxRangePushA(captured ? "epoch" : "other");
    for (int i = 0; i < 100; ++i)
      work(i);
    if (epoch == 4) { // nested: the outer one keeps the recording going after its pop
      nvtxRangePushA("epoch");
      nvtxRangePop();
      for (int i = 0; i < 10; ++i)
        work(i);
    }
    nvtxRangePop();
  }
  puts("done");
  return 0;
}
