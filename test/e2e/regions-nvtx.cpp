// NVTX ranges are regions: pushed and popped by NVTX 3's header-only API, found through the
// static runtime's injection symbol, and through NVTX_INJECTION64_PATH with the shared runtime.
// NVTX marks count 1 each in the region they are made in, like HOTLINE_COUNT(name, 1).
// REQUIRES: nvtx
// RUN: %clangxx_hotline -O2 -g -I/usr/local/cuda/include %s -ldl -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/regions_summary.py %t.json | FileCheck %s
// RUN: %clangxx_plain -O2 -g %hotline_cflags -I/usr/local/cuda/include %s %hotline_rt_shared -ldl -o %t.shared
// RUN: rm -rf %t.s && mkdir -p %t.s && env HOTLINE_DIR=%t.s NVTX_INJECTION64_PATH=%hotline_rt_shared_path %t.shared
// RUN: %hotline report --format json %t.s/*.hotline > %t.s.json
// RUN: python3 %S/Inputs/regions_summary.py %t.s.json | FileCheck %s

// CHECK: region batch | category=other entries=3 threads=1 open=false counters=checkpoint=3
// CHECK-NEXT: region batch > compute/matmul | category=compute entries=3 threads=1 open=false counters=tick=6
// CHECK-NEXT: region data_loading | category=data loading entries=2 threads=1 open=false counters=loaded=1
// CHECK-NEXT: outside done=1

#include <nvtx3/nvToolsExt.h>

#include <unistd.h>

int main() {
  for (int i = 0; i < 3; ++i) {
    nvtxRangePushA("batch");
    nvtxEventAttributes_t attributes = {};
    attributes.version = NVTX_VERSION;
    attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attributes.message.ascii = "compute/matmul";
    nvtxRangePushEx(&attributes);
    usleep(1000);
    nvtxMarkA("tick");
    nvtxMarkA("tick");
    nvtxRangePop();
    attributes.message.ascii = "checkpoint";
    nvtxMarkEx(&attributes);
    nvtxRangePop();
  }
  nvtxRangePushW(L"data_loading");
  nvtxRangePop();
  nvtxDomainHandle_t domain = nvtxDomainCreateA("loader");
  nvtxEventAttributes_t attributes = {};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  attributes.message.registered = nvtxDomainRegisterStringA(domain, "data_loading");
  nvtxDomainRangePushEx(domain, &attributes);
  attributes.message.registered = nvtxDomainRegisterStringA(domain, "loaded");
  nvtxDomainMarkEx(domain, &attributes);
  nvtxDomainRangePop(domain);
  nvtxMarkW(L"done");
  return 0;
}
