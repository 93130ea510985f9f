// System sampling: totals from getrusage-like clocks and powercap, a time series from a
// thread that wakes every HOTLINE_SAMPLE_MS. The thread runs no program code, takes no
// signals, and its own file reads are the runtime's (not counted as the program's I/O).
#include "system_sampler.h"

#include "clock.h"
#include "loaded_objects.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"
#include "threads.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <new>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <type_traits>
#include <unistd.h>

namespace hotline::rt {

namespace {

// --- Small file reads, without stdio (which allocates) ---

bool read_text(const char *path, char *buf, size_t capacity) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t n = read(fd, buf, capacity - 1);
  close(fd);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  return true;
}

bool read_number(const char *path, uint64_t *value) {
  char text[64];
  if (!read_text(path, text, sizeof text))
    return false;
  char *end = nullptr;
  *value = strtoull(text, &end, 10);
  return end != text;
}

// --- CPU package energy: the top-level RAPL zones of powercap ---

constexpr int kMaxZones = 8;
struct EnergyZone {
  char path[128];    // .../energy_uj
  uint64_t range_uj; // the counter wraps after this
  uint64_t start_uj;
  uint64_t last_uj;
  uint64_t wraps_uj; // sum of the ranges of the wraps seen
};
EnergyZone g_zones[kMaxZones];
int g_zone_count = 0;
SpinLock g_energy_lock;

void find_energy_zones() {
  DIR *dir = opendir("/sys/class/powercap");
  if (!dir)
    return;
  while (dirent *entry = readdir(dir)) {
    // Packages are "intel-rapl:N" (AMD's RAPL appears under the same name); their
    // sub-zones "intel-rapl:N:M" are parts of them, not added.
    const char *name = entry->d_name;
    if (strncmp(name, "intel-rapl:", 11) || strchr(name + 11, ':') || g_zone_count == kMaxZones)
      continue;
    EnergyZone &z = g_zones[g_zone_count];
    char range_path[128];
    snprintf(z.path, sizeof z.path, "/sys/class/powercap/%s/energy_uj", name);
    snprintf(range_path, sizeof range_path, "/sys/class/powercap/%s/max_energy_range_uj", name);
    if (read_number(z.path, &z.start_uj) && read_number(range_path, &z.range_uj)) {
      z.last_uj = z.start_uj;
      ++g_zone_count;
    }
  }
  closedir(dir);
}

// Energy since start, all packages; reading often enough keeps wraps counted (a wrap takes
// hours at full power).
uint64_t energy_since_start_uj() {
  SpinLockGuard guard(g_energy_lock);
  uint64_t total = 0;
  for (int i = 0; i < g_zone_count; ++i) {
    EnergyZone &z = g_zones[i];
    uint64_t now;
    if (read_number(z.path, &now)) {
      if (now < z.last_uj)
        z.wraps_uj += z.range_uj;
      z.last_uj = now;
    }
    total += z.wraps_uj + z.last_uj - z.start_uj;
  }
  return total;
}

// --- GPUs through NVML, loaded only if the driver's library is there ---

struct NvmlUtilization {
  unsigned gpu, memory;
};
struct NvmlMemory {
  unsigned long long total, free, used;
};
struct Nvml {
  int (*init)();
  int (*device_count)(unsigned *);
  int (*device_handle)(unsigned, void **);
  int (*utilization)(void *, NvmlUtilization *);
  int (*memory)(void *, NvmlMemory *);
  int (*temperature)(void *, int, unsigned *);
  int (*power)(void *, unsigned *);
};
Nvml g_nvml;
constexpr unsigned kMaxGpus = 16;
void *g_gpus[kMaxGpus];
unsigned g_gpu_count = 0;

void open_nvml() {
  void *lib = open_profiler_library("libnvidia-ml.so.1");
  if (!lib)
    return;
  auto find = [&](auto &slot, const char *name) {
    slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(dlsym(lib, name));
    return slot != nullptr;
  };
  bool found = find(g_nvml.init, "nvmlInit_v2") &&
               find(g_nvml.device_count, "nvmlDeviceGetCount_v2") &&
               find(g_nvml.device_handle, "nvmlDeviceGetHandleByIndex_v2") &&
               find(g_nvml.utilization, "nvmlDeviceGetUtilizationRates") &&
               find(g_nvml.memory, "nvmlDeviceGetMemoryInfo") &&
               find(g_nvml.temperature, "nvmlDeviceGetTemperature") &&
               find(g_nvml.power, "nvmlDeviceGetPowerUsage");
  unsigned count = 0;
  if (!found || g_nvml.init() != 0 || g_nvml.device_count(&count) != 0)
    return;
  for (unsigned i = 0; i < count && g_gpu_count < kMaxGpus; ++i)
    if (g_nvml.device_handle(i, &g_gpus[g_gpu_count]) == 0)
      ++g_gpu_count;
}

void read_gpus(hotline_system_sample_record &s) {
  for (unsigned i = 0; i < g_gpu_count; ++i) {
    NvmlUtilization use{};
    NvmlMemory memory{};
    unsigned temperature = 0, power = 0;
    if (g_nvml.utilization(g_gpus[i], &use) == 0 && use.gpu > s.gpu_utilization_percent)
      s.gpu_utilization_percent = use.gpu;
    if (g_nvml.memory(g_gpus[i], &memory) == 0)
      s.gpu_memory_bytes += memory.used;
    if (g_nvml.temperature(g_gpus[i], 0 /* NVML_TEMPERATURE_GPU */, &temperature) == 0 &&
        temperature > s.gpu_temperature_c)
      s.gpu_temperature_c = temperature;
    if (g_nvml.power(g_gpus[i], &power) == 0)
      s.gpu_power_mw += power;
  }
}

// --- The sampler thread ---

constexpr size_t kMaxSamples = 1u << 16;
SpinLock g_samples_lock;
ByteBuffer *g_samples = nullptr; // in static storage below, once the sampler starts
alignas(ByteBuffer) char g_samples_storage[sizeof(ByteBuffer)];
uint64_t g_period_ns = 0;
uint32_t g_stride = 1;  // samples taken per sample kept (doubles when the table fills)
uint32_t g_skipped = 0; // samples taken since the last kept one

uint64_t g_start_cpu_ns = 0; // the process's CPU time when the runtime started

uint64_t resident_bytes() {
  char text[128];
  if (!read_text("/proc/self/statm", text, sizeof text))
    return 0;
  unsigned long long size = 0, resident = 0;
  if (sscanf(text, "%llu %llu", &size, &resident) != 2)
    return 0;
  return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

// Keeps every other sample: the table then covers twice the time at half the resolution.
void halve_samples() {
  auto *records = reinterpret_cast<hotline_system_sample_record *>(g_samples->data());
  size_t count = g_samples->size() / sizeof *records;
  for (size_t i = 0; 2 * i < count; ++i)
    records[i] = records[2 * i];
  g_samples->truncate((count + 1) / 2 * sizeof *records);
  g_stride *= 2;
}

void *sampler_main(void *) {
  tls_in_runtime = true; // everything this thread does is the runtime's
  uint64_t start_ns = runtime_start_clock().mono_ns;
  uint64_t last_ns = monotonic_ns(), last_cpu = process_cpu_ns();
  for (;;) {
    timespec pause{time_t(g_period_ns / 1000000000u), long(g_period_ns % 1000000000u)};
    while (nanosleep(&pause, &pause) != 0) {
    }
    uint64_t now = monotonic_ns(), cpu = process_cpu_ns();
    hotline_system_sample_record s{};
    s.time_ns = now - start_ns;
    s.rss_bytes = resident_bytes();
    s.energy_uj = energy_since_start_uj();
    s.cpu_percent_x100 = now > last_ns ? uint32_t((cpu - last_cpu) * 10000 / (now - last_ns)) : 0;
    read_gpus(s);
    last_ns = now;
    last_cpu = cpu;
    SpinLockGuard guard(g_samples_lock);
    if (++g_skipped < g_stride)
      continue;
    g_skipped = 0;
    if (g_samples->size() / sizeof s >= kMaxSamples)
      halve_samples();
    g_samples->append_record(s);
  }
  return nullptr;
}

void start_sampler(uint64_t period_ms) {
  g_samples = new (g_samples_storage) ByteBuffer();
  g_period_ns = period_ms * 1000000u;
  open_nvml();
  int error = start_runtime_thread(sampler_main, "hotline-sampler");
  if (error != 0) {
    report_problem("cannot start the system sampler thread: %s; HOTLINE_SAMPLE_MS ignored",
                   strerror(error));
    g_period_ns = 0;
    return;
  }
}

} // namespace

uint64_t process_cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

void system_sampler_init() {
  g_start_cpu_ns = process_cpu_ns();
  hold_across_fork<g_energy_lock>();
  hold_across_fork<g_samples_lock>();
  find_energy_zones();
  if (options().system_sample_ms > 0)
    start_sampler(options().system_sample_ms);
}

hotline_system_record system_totals(uint64_t end_cpu_ns) {
  hotline_system_record r{};
  // A forked child's CPU clock starts at the fork: all of it is inside the run.
  bool from_start = getpid() == runtime_start_pid() && end_cpu_ns >= g_start_cpu_ns;
  r.cpu_ns = from_start ? end_cpu_ns - g_start_cpu_ns : end_cpu_ns;
  if (g_zone_count > 0) {
    r.energy_uj = energy_since_start_uj();
    r.flags |= HOTLINE_SYSTEM_ENERGY;
  }
  SpinLockGuard guard(g_samples_lock);
  r.sample_period_ns = g_period_ns * g_stride;
  if (g_gpu_count > 0) {
    r.flags |= HOTLINE_SYSTEM_GPU;
    r.gpu_count = g_gpu_count;
  }
  return r;
}

void copy_system_samples(ByteBuffer &out) {
  SpinLockGuard guard(g_samples_lock);
  if (g_samples)
    out.append(g_samples->data(), g_samples->size());
}

} // namespace hotline::rt
