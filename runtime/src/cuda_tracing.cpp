// The CUDA module (cuda_tracing.h): CUPTI's callback API for the CUDA runtime calls, its
// activity API for the GPU work. Nothing here is linked against CUDA: libcuda.so.1 and
// libcupti are loaded with dlopen when the module starts, so a program without CUDA never
// needs them, and a machine without a driver or a GPU gets one line in the profile.
#include "cuda_tracing.h"
#include "recording_control.h"

#include "clock.h"
#include "loaded_objects.h"
#include "memory.h"
#include "regions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"

#include <hotline/abi.h>

#include <dlfcn.h>
#include <link.h>
#include <new>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if HOTLINE_HAVE_CUPTI
#include <cuda.h>
#include <cupti.h>
#endif

namespace hotline::rt {

namespace {

constexpr uint32_t kMaxDevices = 64;
constexpr uint32_t kMaxKernelNames = 1u << 14;

bool g_tracing = true;
int g_start = 0; // 0: not started, 1: starting, 2: started
hotline_cuda_record g_status{};
char g_message[512];
hotline_gpu_device_record g_devices[kMaxDevices];
char g_device_names[kMaxDevices][256];
uint32_t g_device_count = 0;
PlaceTable<GpuSitePlace> g_sites;

SpinLock g_records_lock; // the logs and the kernel names
// The logs live in static storage and are never destroyed: the profile is written by an exit
// handler that runs after the destructors of this file's globals would have.
struct GpuLogs {
  ByteBuffer kernels, transfers, syncs, memory;
};
alignas(GpuLogs) char g_logs_storage[sizeof(GpuLogs)];
GpuLogs *g_logs = nullptr;               // set by cuda_tracing_init, before the module can start
const char **g_kernel_names = nullptr;   // kMaxKernelNames interned names, in arena memory
uint32_t *g_kernel_name_slots = nullptr; // open addressing: name index + 1, 0 when free
uint32_t g_kernel_name_count = 0;

// The plugin's mark of the CUDA call about to be made on this thread, and the call under way.
__thread void *tls_site_mark __attribute__((tls_model("initial-exec")));
__thread uint32_t tls_api_depth __attribute__((tls_model("initial-exec")));
__thread GpuSitePlace *tls_call_site __attribute__((tls_model("initial-exec")));
__thread uint64_t tls_call_start __attribute__((tls_model("initial-exec")));

void set_status(uint32_t state, const char *format, ...) {
  g_status.state = state;
  va_list args;
  va_start(args, format);
  vsnprintf(g_message, sizeof g_message, format, args);
  va_end(args);
}

void add(uint64_t *field, uint64_t amount) { __atomic_fetch_add(field, amount, __ATOMIC_RELAXED); }

uint32_t api_of(const char *function) {
  auto starts = [&](const char *prefix) { return !strncmp(function, prefix, strlen(prefix)); };
  if (starts("cudaLaunch") || starts("cudaGraphLaunch") || starts("__cudaLaunch"))
    return HOTLINE_GPU_API_LAUNCH;
  if (starts("cudaMemcpy"))
    return HOTLINE_GPU_API_MEMCPY;
  if (starts("cudaMemset"))
    return HOTLINE_GPU_API_MEMSET;
  if (starts("cudaMalloc") || starts("cudaHostAlloc"))
    return HOTLINE_GPU_API_ALLOC;
  if (starts("cudaFree"))
    return HOTLINE_GPU_API_FREE;
  if (strstr(function, "Synchronize") || starts("cudaStreamWaitEvent"))
    return HOTLINE_GPU_API_SYNCHRONIZE;
  return HOTLINE_GPU_API_OTHER;
}

// Where the CUDA call being made now comes from: the plugin's mark, or (a call the plugin did
// not see, from a library) only the thread and its innermost timed call.
Place cuda_call_place() {
  void *mark = tls_site_mark;
  Place place = current_place(mark);
  if (!mark)
    place.pc = 0;
  return place;
}

// CUPTI numbers every CUDA call (correlation id) and names it again in the records of the GPU
// work the call started; this ring keeps the site of the last calls by that number. The GPU
// work of a call is delivered within seconds, long before a million more calls have been made.
struct Correlation {
  uint32_t id;
  GpuSitePlace *site;
};
constexpr uint32_t kCorrelations = 1u << 20;
Correlation *g_correlations = nullptr;

void remember_site(uint32_t id, GpuSitePlace *site) {
  if (!g_correlations)
    return;
  Correlation &c = g_correlations[id & (kCorrelations - 1)];
  __atomic_store_n(&c.id, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&c.site, site, __ATOMIC_RELEASE);
  __atomic_store_n(&c.id, id, __ATOMIC_RELEASE);
}

GpuSitePlace *site_of(uint32_t id) {
  if (!g_correlations || id == 0)
    return nullptr;
  Correlation &c = g_correlations[id & (kCorrelations - 1)];
  if (__atomic_load_n(&c.id, __ATOMIC_ACQUIRE) != id)
    return nullptr;
  GpuSitePlace *site = __atomic_load_n(&c.site, __ATOMIC_ACQUIRE);
  return __atomic_load_n(&c.id, __ATOMIC_ACQUIRE) == id ? site : nullptr;
}

uint64_t hash_text(const char *s) {
  uint64_t h = 1469598103934665603u;
  for (; *s; ++s)
    h = (h ^ uint8_t(*s)) * 1099511628211u;
  return h;
}

// The index of kernel name `name`, copied on first sight; 0 ("") when the table is full.
// Called with g_records_lock held.
uint32_t intern_kernel_name(const char *name) {
  if (!name)
    return 0;
  if (!g_kernel_names) {
    g_kernel_names = static_cast<const char **>(reserve_pages(sizeof(char *) * kMaxKernelNames));
    g_kernel_name_slots =
        static_cast<uint32_t *>(reserve_pages(sizeof(uint32_t) * kMaxKernelNames * 2));
    if (!g_kernel_names || !g_kernel_name_slots)
      return 0;
    g_kernel_names[g_kernel_name_count++] = "";
  }
  uint32_t mask = kMaxKernelNames * 2 - 1;
  for (uint32_t slot = uint32_t(hash_text(name)) & mask;; slot = (slot + 1) & mask) {
    uint32_t held = g_kernel_name_slots[slot];
    if (held == 0) {
      if (g_kernel_name_count == kMaxKernelNames)
        return 0;
      size_t length = strlen(name) + 1;
      char *copy = static_cast<char *>(arena_alloc(length));
      if (!copy)
        return 0;
      memcpy(copy, name, length);
      g_kernel_names[g_kernel_name_count] = copy;
      g_kernel_name_slots[slot] = g_kernel_name_count + 1;
      return g_kernel_name_count++;
    }
    if (!strcmp(g_kernel_names[held - 1], name))
      return held - 1;
  }
}

template <typename Record> void keep(ByteBuffer &log, GpuSitePlace *site, const Record &record) {
  GpuRecord<Record> kept{site, record};
  if (log.append_record(kept) == UINT64_MAX)
    ++g_status.lost_records;
}

#if HOTLINE_HAVE_CUPTI

// The driver and CUPTI functions the module calls, from dlsym.
struct CudaLibraries {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
  CUresult (*cuGetErrorName)(CUresult, const char **);

  CUptiResult (*cuptiGetVersion)(uint32_t *);
  CUptiResult (*cuptiGetResultString)(CUptiResult, const char **);
  CUptiResult (*cuptiSubscribe)(CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *);
  CUptiResult (*cuptiEnableDomain)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain);
  CUptiResult (*cuptiEnableCallback)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain,
                                     CUpti_CallbackId);
  CUptiResult (*cuptiGetCallbackName)(CUpti_CallbackDomain, uint32_t, const char **);
  CUptiResult (*cuptiActivityEnable)(CUpti_ActivityKind);
  CUptiResult (*cuptiActivityRegisterCallbacks)(CUpti_BuffersCallbackRequestFunc,
                                                CUpti_BuffersCallbackCompleteFunc);
  CUptiResult (*cuptiActivityGetNextRecord)(uint8_t *, size_t, CUpti_Activity **);
  CUptiResult (*cuptiActivityGetNumDroppedRecords)(CUcontext, uint32_t, size_t *);
  CUptiResult (*cuptiActivityFlushAll)(uint32_t);
  CUptiResult (*cuptiGetTimestamp)(uint64_t *);
};
CudaLibraries g_cuda;

template <typename Function> bool find(void *library, const char *name, Function &function) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function)
    set_status(HOTLINE_CUDA_NO_CUPTI, "%s is missing from the loaded library", name);
  return function != nullptr;
}

// The name of a driver error; the stub driver cannot name its own, so the likely ones are here.
const char *driver_error(CUresult r) {
  const char *name = nullptr;
  if (g_cuda.cuGetErrorName && g_cuda.cuGetErrorName(r, &name) == CUDA_SUCCESS && name)
    return name;
  switch (r) {
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY (libcuda.so.1 is the toolkit's stub, not a driver)";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  default:
    return "an error the driver could not name";
  }
}

const char *cupti_error(CUptiResult r) {
  const char *text = nullptr;
  if (g_cuda.cuptiGetResultString && g_cuda.cuptiGetResultString(r, &text) == CUPTI_SUCCESS && text)
    return text;
  return "an unknown error";
}

// CUPTI's timestamps are on its own clock: the offset to CLOCK_MONOTONIC, measured by reading
// CUPTI's clock between two monotonic readings, is measured again with every buffer.
int64_t g_cupti_to_mono_ns = 0;

void calibrate_clock() {
  uint64_t before = monotonic_ns(), cupti = 0;
  if (g_cuda.cuptiGetTimestamp(&cupti) != CUPTI_SUCCESS)
    return;
  uint64_t after = monotonic_ns();
  __atomic_store_n(&g_cupti_to_mono_ns, int64_t(before / 2 + after / 2) - int64_t(cupti),
                   __ATOMIC_RELAXED);
}

// A CUPTI timestamp as ns since the run's start (0 for anything before it).
uint64_t run_ns(uint64_t cupti_ns) {
  int64_t mono = int64_t(cupti_ns) + __atomic_load_n(&g_cupti_to_mono_ns, __ATOMIC_RELAXED);
  int64_t since = mono - int64_t(runtime_start_clock().mono_ns);
  return since > 0 ? uint64_t(since) : 0;
}

uint8_t memory_kind(uint32_t cupti_kind) {
  switch (cupti_kind) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
    return HOTLINE_GPU_MEMORY_PAGEABLE;
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
    return HOTLINE_GPU_MEMORY_PINNED;
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC:
    return HOTLINE_GPU_MEMORY_DEVICE;
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
    return HOTLINE_GPU_MEMORY_MANAGED;
  case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY:
    return HOTLINE_GPU_MEMORY_ARRAY;
  default:
    return HOTLINE_GPU_MEMORY_UNKNOWN;
  }
}

uint8_t copy_kind(uint32_t cupti_kind) {
  switch (cupti_kind) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
    return HOTLINE_GPU_COPY_HOST_TO_DEVICE;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
    return HOTLINE_GPU_COPY_DEVICE_TO_HOST;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
    return HOTLINE_GPU_COPY_DEVICE_TO_DEVICE;
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
    return HOTLINE_GPU_COPY_HOST_TO_HOST;
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
    return HOTLINE_GPU_COPY_PEER_TO_PEER;
  default:
    return HOTLINE_GPU_COPY_OTHER;
  }
}

uint32_t sync_kind(uint32_t cupti_type) {
  switch (cupti_type) {
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE:
    return HOTLINE_GPU_SYNC_EVENT;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT:
    return HOTLINE_GPU_SYNC_STREAM_WAIT_EVENT;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE:
    return HOTLINE_GPU_SYNC_STREAM;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE:
    return HOTLINE_GPU_SYNC_DEVICE;
  default:
    return HOTLINE_GPU_SYNC_OTHER;
  }
}

// A record's start and end on the run's clock; its length as the GPU measured it.
template <typename Record> void set_interval(Record &r, uint64_t cupti_start, uint64_t cupti_end) {
  r.start_ns = run_ns(cupti_start);
  r.end_ns = r.start_ns + (cupti_end > cupti_start ? cupti_end - cupti_start : 0);
}

// Keeps one activity record; called with g_records_lock held.
void keep_activity(const CUpti_Activity *activity) {
  switch (activity->kind) {
  case CUPTI_ACTIVITY_KIND_KERNEL:
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
    auto *k = reinterpret_cast<const CUpti_ActivityKernel10 *>(activity);
    hotline_gpu_kernel_record r{};
    set_interval(r, k->start, k->end);
    r.name = intern_kernel_name(k->name);
    r.device = k->deviceId;
    r.stream = k->streamId;
    r.grid_x = uint32_t(k->gridX), r.grid_y = uint32_t(k->gridY), r.grid_z = uint32_t(k->gridZ);
    r.block_x = uint32_t(k->blockX), r.block_y = uint32_t(k->blockY),
    r.block_z = uint32_t(k->blockZ);
    r.shared_bytes = uint32_t(k->staticSharedMemory) + uint32_t(k->dynamicSharedMemory);
    r.registers = k->registersPerThread;
    keep(g_logs->kernels, site_of(k->correlationId), r);
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMCPY: {
    auto *m = reinterpret_cast<const CUpti_ActivityMemcpy6 *>(activity);
    hotline_gpu_transfer_record r{};
    set_interval(r, m->start, m->end);
    r.bytes = m->bytes;
    r.device = m->deviceId;
    r.stream = m->streamId;
    r.kind = copy_kind(m->copyKind);
    r.source = memory_kind(m->srcKind);
    r.destination = memory_kind(m->dstKind);
    keep(g_logs->transfers, site_of(m->correlationId), r);
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMSET: {
    auto *m = reinterpret_cast<const CUpti_ActivityMemset4 *>(activity);
    hotline_gpu_transfer_record r{};
    set_interval(r, m->start, m->end);
    r.bytes = m->bytes;
    r.device = m->deviceId;
    r.stream = m->streamId;
    r.kind = HOTLINE_GPU_MEMSET;
    r.source = r.destination = memory_kind(m->memoryKind);
    keep(g_logs->transfers, site_of(m->correlationId), r);
    break;
  }
  case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
    auto *s = reinterpret_cast<const CUpti_ActivitySynchronization2 *>(activity);
    hotline_gpu_sync_record r{};
    set_interval(r, s->start, s->end);
    r.kind = sync_kind(s->type);
    r.stream = s->streamId;
    keep(g_logs->syncs, site_of(s->correlationId), r);
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMORY2: {
    auto *m = reinterpret_cast<const CUpti_ActivityMemory4 *>(activity);
    hotline_gpu_memory_record r{};
    r.time_ns = run_ns(m->timestamp);
    r.address = m->address;
    r.bytes = m->bytes;
    r.device = m->deviceId;
    r.operation = m->memoryOperationType == CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_RELEASE
                      ? HOTLINE_GPU_FREE
                      : HOTLINE_GPU_ALLOCATE;
    r.memory = memory_kind(m->memoryKind);
    keep(g_logs->memory, site_of(m->correlationId), r);
    break;
  }
  default:
    break;
  }
}

constexpr size_t kBufferBytes = 8u << 20;

void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records) {
  RuntimeScope scope;
  *buffer = static_cast<uint8_t *>(reserve_pages(kBufferBytes)); // page-aligned
  *size = *buffer ? kBufferBytes : 0; // no buffer: CUPTI drops the records and counts them
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream, uint8_t *buffer, size_t size,
                               size_t valid_size) {
  RuntimeScope scope;
  calibrate_clock();
  {
    SpinLockGuard guard(g_records_lock);
    CUpti_Activity *activity = nullptr;
    while (g_cuda.cuptiActivityGetNextRecord(buffer, valid_size, &activity) == CUPTI_SUCCESS)
      keep_activity(activity);
    size_t dropped = 0;
    if (g_cuda.cuptiActivityGetNumDroppedRecords(context, stream, &dropped) == CUPTI_SUCCESS)
      g_status.dropped_records += dropped;
  }
  release_pages(buffer, size);
}

// CUPTI may name a function with its version ("cudaMalloc_v3020"): names are compared by prefix.
bool is_launch_plumbing(const char *function) {
  return !strncmp(function, "__cudaPushCallConfiguration", 27) ||
         !strncmp(function, "__cudaPopCallConfiguration", 26);
}

void CUPTIAPI on_callback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                          const void *data) {
  if (domain == CUPTI_CB_DOMAIN_RESOURCE) {
    // The context's GPU work must be collected before the context goes.
    if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING)
      g_cuda.cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    return;
  }
  if (domain != CUPTI_CB_DOMAIN_RUNTIME_API)
    return;
  auto *call = static_cast<const CUpti_CallbackData *>(data);
  // The launch's configuration is pushed and popped between the mark and cudaLaunchKernel.
  if (!call->functionName || is_launch_plumbing(call->functionName))
    return;
  // HOTLINE_START=cudaProfilerApi (recording_control.h): a stop before its call, a start after.
  if (cuda_profiler_api_captures() && !strncmp(call->functionName, "cudaProfilerSt", 14)) {
    bool start = call->functionName[14] == 'a';
    if (start == (call->callbackSite == CUPTI_API_EXIT))
      cuda_profiler_api_called(start);
  }
  if (call->callbackSite == CUPTI_API_ENTER) {
    if (tls_api_depth++ > 0)
      return; // a CUDA call made by a CUDA call belongs to the outer one
    RuntimeScope scope;
    Place place = cuda_call_place();
    GpuSitePlace *site = g_sites.find_or_add(place, cbid);
    if (!site->api)
      __atomic_store_n(&site->api, api_of(call->functionName), __ATOMIC_RELAXED);
    remember_site(call->correlationId, site);
    tls_call_site = site;
    tls_call_start = now_ticks();
    return;
  }
  if (tls_api_depth == 0 || --tls_api_depth > 0)
    return;
  uint64_t ticks = now_ticks() - tls_call_start;
  GpuSitePlace *site = tls_call_site;
  add(&site->calls, 1);
  add(&site->host_ticks, ticks);
  if (site->api == HOTLINE_GPU_API_SYNCHRONIZE)
    add_region_time(site->key.thread, &RegionNode::sync_ticks, ticks);
  else
    add_region_time(site->key.thread, &RegionNode::gpu_ticks, ticks);
  tls_site_mark = nullptr;
  tls_call_site = nullptr;
}

void *open_first(const char *const *names, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (names[i] && names[i][0])
      if (void *library = open_profiler_library(names[i]))
        return library;
  return nullptr;
}

// The devices, through the driver; false (with the status set) when there is none to trace.
bool open_driver() {
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) {
    const char *why = dlerror();
    set_status(HOTLINE_CUDA_NO_DRIVER, "%s", why ? why : "libcuda.so.1 did not load");
    return false;
  }
  if (!find(driver, "cuInit", g_cuda.cuInit) ||
      !find(driver, "cuDriverGetVersion", g_cuda.cuDriverGetVersion) ||
      !find(driver, "cuDeviceGetCount", g_cuda.cuDeviceGetCount) ||
      !find(driver, "cuDeviceGet", g_cuda.cuDeviceGet) ||
      !find(driver, "cuDeviceGetName", g_cuda.cuDeviceGetName) ||
      !find(driver, "cuDeviceTotalMem_v2", g_cuda.cuDeviceTotalMem) ||
      !find(driver, "cuDeviceGetAttribute", g_cuda.cuDeviceGetAttribute) ||
      !find(driver, "cuGetErrorName", g_cuda.cuGetErrorName)) {
    g_status.state = HOTLINE_CUDA_NO_DRIVER;
    return false;
  }
  int version = 0;
  if (g_cuda.cuDriverGetVersion(&version) == CUDA_SUCCESS)
    g_status.driver_version = uint32_t(version);
  if (CUresult r = g_cuda.cuInit(0); r != CUDA_SUCCESS) {
    set_status(r == CUDA_ERROR_NO_DEVICE ? HOTLINE_CUDA_NO_DEVICE : HOTLINE_CUDA_NO_DRIVER,
               "cuInit: %s", driver_error(r));
    return false;
  }
  int count = 0;
  if (CUresult r = g_cuda.cuDeviceGetCount(&count); r != CUDA_SUCCESS || count <= 0) {
    set_status(HOTLINE_CUDA_NO_DEVICE, "cuDeviceGetCount: %s",
               r == CUDA_SUCCESS ? "0 devices" : driver_error(r));
    return false;
  }
  g_status.device_count = uint32_t(count);
  for (int i = 0; i < count && g_device_count < kMaxDevices; ++i) {
    CUdevice device;
    if (g_cuda.cuDeviceGet(&device, i) != CUDA_SUCCESS)
      continue;
    hotline_gpu_device_record &d = g_devices[g_device_count];
    char *name = g_device_names[g_device_count];
    d.device = uint32_t(i);
    if (g_cuda.cuDeviceGetName(name, sizeof g_device_names[0], device) != CUDA_SUCCESS)
      name[0] = '\0';
    size_t bytes = 0;
    if (g_cuda.cuDeviceTotalMem(&bytes, device) == CUDA_SUCCESS)
      d.memory_bytes = bytes;
    int value = 0;
    if (g_cuda.cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device) ==
        CUDA_SUCCESS)
      d.compute_major = uint32_t(value);
    if (g_cuda.cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device) ==
        CUDA_SUCCESS)
      d.compute_minor = uint32_t(value);
    if (g_cuda.cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device) ==
        CUDA_SUCCESS)
      d.multiprocessors = uint32_t(value);
    ++g_device_count;
  }
  return true;
}

#ifndef HOTLINE_CUPTI_LIBRARY
#define HOTLINE_CUPTI_LIBRARY ""
#endif

bool open_cupti() {
  const char *names[] = {HOTLINE_CUPTI_LIBRARY, "libcupti.so"};
  void *cupti = open_first(names, sizeof names / sizeof names[0]);
  if (!cupti) {
    const char *why = dlerror();
    set_status(HOTLINE_CUDA_NO_CUPTI, "libcupti did not load: %s", why ? why : "not found");
    return false;
  }
  return find(cupti, "cuptiGetVersion", g_cuda.cuptiGetVersion) &&
         find(cupti, "cuptiGetResultString", g_cuda.cuptiGetResultString) &&
         find(cupti, "cuptiSubscribe", g_cuda.cuptiSubscribe) &&
         find(cupti, "cuptiEnableDomain", g_cuda.cuptiEnableDomain) &&
         find(cupti, "cuptiEnableCallback", g_cuda.cuptiEnableCallback) &&
         find(cupti, "cuptiGetCallbackName", g_cuda.cuptiGetCallbackName) &&
         find(cupti, "cuptiActivityEnable", g_cuda.cuptiActivityEnable) &&
         find(cupti, "cuptiActivityRegisterCallbacks", g_cuda.cuptiActivityRegisterCallbacks) &&
         find(cupti, "cuptiActivityGetNextRecord", g_cuda.cuptiActivityGetNextRecord) &&
         find(cupti, "cuptiActivityGetNumDroppedRecords",
              g_cuda.cuptiActivityGetNumDroppedRecords) &&
         find(cupti, "cuptiActivityFlushAll", g_cuda.cuptiActivityFlushAll) &&
         find(cupti, "cuptiGetTimestamp", g_cuda.cuptiGetTimestamp);
}

// Subscribes and enables the records; false with the status set when CUPTI refuses.
bool start_cupti() {
  uint32_t version = 0;
  if (g_cuda.cuptiGetVersion(&version) == CUPTI_SUCCESS)
    g_status.cupti_version = version;
  // The activity records' layouts are those of the headers this runtime was built with.
  if (version / 10000 != CUPTI_API_VERSION / 10000) {
    set_status(HOTLINE_CUDA_NO_CUPTI, "libcupti has API version %u; this runtime was built for %u",
               version, unsigned(CUPTI_API_VERSION));
    return false;
  }
  static CUpti_SubscriberHandle subscriber;
  if (CUptiResult r = g_cuda.cuptiSubscribe(&subscriber, on_callback, nullptr);
      r != CUPTI_SUCCESS) {
    set_status(r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED ? HOTLINE_CUDA_CUPTI_TAKEN
                                                                   : HOTLINE_CUDA_CUPTI_FAILED,
               "cuptiSubscribe: %s", cupti_error(r));
    return false;
  }
  g_correlations = static_cast<Correlation *>(reserve_pages(sizeof(Correlation) * kCorrelations));
  calibrate_clock();
  struct Step {
    const char *what;
    CUptiResult result;
  } steps[] = {
      {"cuptiActivityRegisterCallbacks",
       g_cuda.cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed)},
      {"cuptiEnableDomain(RUNTIME_API)",
       g_cuda.cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API)},
      {"cuptiEnableCallback(CONTEXT_DESTROY_STARTING)",
       g_cuda.cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                  CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING)},
      {"cuptiActivityEnable(CONCURRENT_KERNEL)",
       g_cuda.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)},
      {"cuptiActivityEnable(MEMCPY)", g_cuda.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY)},
      {"cuptiActivityEnable(MEMSET)", g_cuda.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET)},
      {"cuptiActivityEnable(SYNCHRONIZATION)",
       g_cuda.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION)},
      {"cuptiActivityEnable(MEMORY2)", g_cuda.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMORY2)},
  };
  for (const Step &step : steps)
    if (step.result != CUPTI_SUCCESS) {
      set_status(HOTLINE_CUDA_CUPTI_FAILED, "%s: %s", step.what, cupti_error(step.result));
      return false;
    }
  return true;
}

void start_module() {
  if (!open_driver() || !open_cupti() || !start_cupti()) {
    if (g_status.state == HOTLINE_CUDA_CUPTI_TAKEN)
      report_problem(
          "CUPTI is already in use by another tool (%s); hotline records no GPU work, the rest of "
          "the profile as usual",
          g_message);
    return;
  }
  set_status(HOTLINE_CUDA_TRACED, "%s", "");
}

#else // built without the CUPTI headers

void start_module() {
  set_status(HOTLINE_CUDA_NOT_BUILT,
             "this libhotline_rt was built without the CUDA toolkit's CUPTI headers");
}

#endif

// Starts the module once; a second thread arriving meanwhile goes on without waiting.
void start_once() {
  int expected = 0;
  if (!__atomic_load_n(&g_tracing, __ATOMIC_RELAXED) ||
      !__atomic_compare_exchange_n(&g_start, &expected, 1, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return;
  RuntimeScope scope;
  start_module();
  __atomic_store_n(&g_start, 2, __ATOMIC_RELEASE);
}

int find_cuda_library(dl_phdr_info *info, size_t, void *found) {
  const char *name = info->dlpi_name;
  if (name && (strstr(name, "/libcudart.so") || strstr(name, "/libcuda.so") ||
               !strncmp(name, "libcudart.so", 12) || !strncmp(name, "libcuda.so", 10)))
    *static_cast<bool *>(found) = true;
  return 0;
}

} // namespace

void set_cuda_tracing(bool on) { __atomic_store_n(&g_tracing, on, __ATOMIC_RELAXED); }

void cuda_tracing_init() {
  g_logs = new (g_logs_storage) GpuLogs();
  hold_across_fork<g_records_lock>();
  hold_across_fork<g_sites>();
  bool loaded = false;
  dl_iterate_phdr(find_cuda_library, &loaded);
  if (loaded)
    start_once();
}

void mark_cuda_site(void *return_address) {
  tls_site_mark = return_address;
  if (__builtin_expect(__atomic_load_n(&g_start, __ATOMIC_ACQUIRE) == 0, 0) && runtime_started())
    start_once();
}

bool cuda_seen() { return __atomic_load_n(&g_start, __ATOMIC_ACQUIRE) == 2; }

void flush_cuda_records() {
#if HOTLINE_HAVE_CUPTI
  if (cuda_seen() && g_status.state == HOTLINE_CUDA_TRACED)
    g_cuda.cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
#endif
}

hotline_cuda_record cuda_status() {
  SpinLockGuard guard(g_records_lock);
  return g_status;
}
const char *cuda_status_message() { return g_message; }

uint32_t gpu_device_count() { return g_device_count; }
const hotline_gpu_device_record &gpu_device(uint32_t index) { return g_devices[index]; }
const char *gpu_device_name(uint32_t index) { return g_device_names[index]; }

PlaceTable<GpuSitePlace> &gpu_site_places() { return g_sites; }

const char *cuda_function_name(uint32_t cbid) {
  const char *name = nullptr;
#if HOTLINE_HAVE_CUPTI
  if (g_cuda.cuptiGetCallbackName &&
      g_cuda.cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &name) != CUPTI_SUCCESS)
    name = nullptr;
#endif
  if (!name)
    return "";
  // Without CUPTI's version suffix: "cudaMalloc_v3020" is the program's cudaMalloc.
  static char plain[256];
  snprintf(plain, sizeof plain, "%s", name);
  char *suffix = strstr(plain, "_v");
  if (suffix && suffix[2] >= '0' && suffix[2] <= '9' &&
      strspn(suffix + 2, "0123456789") == strlen(suffix + 2))
    *suffix = '\0';
  return plain;
}

SpinLock &gpu_records_lock() { return g_records_lock; }
ByteBuffer &gpu_kernel_log() { return g_logs->kernels; }
ByteBuffer &gpu_transfer_log() { return g_logs->transfers; }
ByteBuffer &gpu_sync_log() { return g_logs->syncs; }
ByteBuffer &gpu_memory_log() { return g_logs->memory; }
uint32_t gpu_kernel_name_count() { return g_kernel_name_count; }
const char *gpu_kernel_name(uint32_t index) { return g_kernel_names[index]; }

} // namespace hotline::rt

// Marked `noinline` by being exported: its return address is the instruction after the mark.
extern "C" HOTLINE_ABI_EXPORT __attribute__((noinline)) void __hotline_cuda_site(void) {
  hotline::rt::mark_cuda_site(__builtin_return_address(0));
}
