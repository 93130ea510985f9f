// The runtime's CUDA module: GPU work recorded through CUPTI (docs/cuda.md). It starts only
// when CUDA is in the process (the plugin's first __hotline_cuda_site mark, or libcudart or
// libcuda already loaded at start), loads libcuda and libcupti with dlopen, and records:
// every CUDA runtime call by place (GpuSitePlace), and the kernels, copies, memsets, waits and
// device allocations that CUPTI reports, each tied to the call that started it.
#pragma once

#include "attribution.h"
#include "byte_buffer.h"
#include "spin_lock.h"

#include <hotline/profile_format.h>

#include <stdint.h>

namespace hotline::rt {

// The calls to one CUDA runtime function (key.detail: its CUPTI callback id) from one place.
struct GpuSitePlace {
  PlaceKey key;
  uint64_t calls;
  uint64_t host_ticks; // the calling thread's time inside the calls
  uint32_t api;        // HOTLINE_GPU_API_*, from the function's name
  uint32_t index;      // its position in GPU_SITES, set while the profile is written
};

// A GPU record as kept until the profile is written: the site pointer becomes the record's
// `site` index then.
template <typename Record> struct GpuRecord {
  GpuSitePlace *site; // null: the launching call was not seen
  Record record;
};

// Off once HOTLINE_CUDA=0 has been read.
void set_cuda_tracing(bool on);

// Called once from runtime_init: starts the module if CUDA is already loaded.
void cuda_tracing_init();

// The plugin's mark before a CUDA call (__hotline_cuda_site): the call's place, and the start.
void mark_cuda_site(void *return_address);

// Whether the process used CUDA: the profile then gets the CUDA sections.
bool cuda_seen();

// Asks CUPTI for every record it still holds; called before the profile is written.
void flush_cuda_records();

// What the module could do, with its counts (the CUDA record, without its message string).
hotline_cuda_record cuda_status();
const char *cuda_status_message();

// The devices, as the driver described them.
uint32_t gpu_device_count();
const hotline_gpu_device_record &gpu_device(uint32_t index);
const char *gpu_device_name(uint32_t index);

PlaceTable<GpuSitePlace> &gpu_site_places();
// The name of the CUDA runtime function with CUPTI callback id `cbid`, without CUPTI's version
// suffix; the text lives until the next call.
const char *cuda_function_name(uint32_t cbid);

// Held while the logs below are read: CUPTI's thread may be adding to them.
SpinLock &gpu_records_lock();
// The records CUPTI delivered, in its order; kernel names are interned (gpu_kernel_name).
ByteBuffer &gpu_kernel_log();   // GpuRecord<hotline_gpu_kernel_record>, `name` an interned index
ByteBuffer &gpu_transfer_log(); // GpuRecord<hotline_gpu_transfer_record>
ByteBuffer &gpu_sync_log();     // GpuRecord<hotline_gpu_sync_record>
ByteBuffer &gpu_memory_log();   // GpuRecord<hotline_gpu_memory_record>
uint32_t gpu_kernel_name_count();
const char *gpu_kernel_name(uint32_t index);

} // namespace hotline::rt
