// NVTX ranges as regions: the runtime is an NVTX injection (the tool that NVTX's header-only
// API hands its calls to), so nvtxRangePush/Pop open and close regions like HOTLINE_REGION,
// nvtxRangeStart/End ranges go to start_end_ranges, and each nvtxMark counts 1 in the current
// region like HOTLINE_COUNT(name, 1).
// NVTX 3 is header-only: the first NVTX call of a program looks for a tool
// (the library named by NVTX_INJECTION64_PATH, else the InitializeInjectionNvtx2_fnptr symbol,
// which the program's NVTX defines weak and null) and, when one answers, asks it for the
// functions behind each call. The types and ids below are NVTX's published ABI
// (nvtx3/nvtxDetail/nvtxTypes.h, nvToolsExt.h); they are declared here so that building the
// runtime needs no CUDA headers.
#include "recording_control.h"
#include "regions.h"
#include "start_end_ranges.h"

#include <hotline/abi.h>

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

namespace {

using NvtxFunctionPointer = void (*)(void);
using NvtxFunctionTable = NvtxFunctionPointer **;
struct NvtxExportTableCallbacks {
  size_t struct_size;
  int (*GetModuleFunctionTable)(int module, NvtxFunctionTable *out_table, unsigned int *out_size);
};
using NvtxGetExportTable = const void *(*)(uint32_t export_table_id);
using NvtxInitializeInjection = int (*)(NvtxGetExportTable);

constexpr uint32_t kExportTableCallbacks = 1; // NVTX_ETID_CALLBACKS
constexpr int kModuleCore = 1;                // NVTX_CB_MODULE_CORE
constexpr int kModuleCore2 = 5;               // NVTX_CB_MODULE_CORE2
constexpr unsigned kCoreMarkEx = 1, kCoreMarkA = 2, kCoreMarkW = 3;
constexpr unsigned kCoreRangeStartEx = 4, kCoreRangeStartA = 5, kCoreRangeStartW = 6,
                   kCoreRangeEnd = 7;
constexpr unsigned kCoreRangePushEx = 8, kCoreRangePushA = 9, kCoreRangePushW = 10,
                   kCoreRangePop = 11;
constexpr unsigned kCore2DomainMarkEx = 1;
constexpr unsigned kCore2DomainRangeStartEx = 2, kCore2DomainRangeEnd = 3;
constexpr unsigned kCore2DomainRangePushEx = 4, kCore2DomainRangePop = 5,
                   kCore2DomainRegisterStringA = 10, kCore2DomainRegisterStringW = 11;

// nvtxEventAttributes_t, version 2 (NVTX 3 still sends it).
struct NvtxEventAttributes {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t color_type;
  uint32_t color;
  int32_t payload_type;
  int32_t reserved0;
  uint64_t payload;
  int32_t message_type; // 1 ASCII, 2 Unicode, 3 registered
  union {
    const char *ascii;
    const wchar_t *unicode;
    const void *registered;
  } message;
};
constexpr int kMessageAscii = 1, kMessageUnicode = 2, kMessageRegistered = 3;

// A wide name, narrowed to ASCII ('?' for the rest) into a buffer on the caller's stack.
const char *narrow(const wchar_t *wide, char *buffer, size_t capacity) {
  size_t i = 0;
  for (; wide && wide[i] && i + 1 < capacity; ++i)
    buffer[i] = wide[i] > 0 && wide[i] < 128 ? char(wide[i]) : '?';
  buffer[i] = '\0';
  return buffer;
}

// A registered string's handle is a copy of its text, kept for the life of the process.
const void *register_string(const char *text) { return hotline::rt::region_name_handle(text); }

// A range without a name is called "nvtx".
const char *named(const char *name) { return name && name[0] ? name : "nvtx"; }

// HOTLINE_START=nvtx:NAME (recording_control.h): bit d says the range open at depth d + 1 of
// this thread is a capture range, which starts the recording at its push and may stop it at its
// pop. A capture range deeper than 64 regions stops it at once.
__attribute__((tls_model("initial-exec"))) __thread uint64_t tls_capture_depths = 0;

int push_named(const char *name) {
  bool capture = hotline::rt::is_capture_range(named(name));
  if (capture)
    hotline::rt::open_capture_range(); // first, so that the range's region is recorded
  int depth = hotline::rt::begin_region(named(name));
  if (capture && depth >= 1 && depth <= 64)
    tls_capture_depths |= uint64_t(1) << (depth - 1);
  else if (capture)
    hotline::rt::close_capture_range();
  return depth;
}

int pop_range() {
  int depth = hotline::rt::end_region(); // the popped range was at depth + 1
  if (depth >= 0 && depth < 64 && (tls_capture_depths >> depth & 1)) {
    tls_capture_depths &= ~(uint64_t(1) << depth);
    hotline::rt::close_capture_range();
  }
  return depth;
}
void mark_named(const char *name) { __hotline_count(named(name), 1); }
uint64_t start_named(const char *name) { return hotline::rt::start_range(named(name)); }

// The name an event's attributes give, narrowed into `buffer` when it is wide; null for none.
const char *attributes_name(const NvtxEventAttributes *a, char *buffer, size_t capacity) {
  if (!a)
    return nullptr;
  switch (a->message_type) {
  case kMessageAscii:
    return a->message.ascii;
  case kMessageUnicode:
    return narrow(a->message.unicode, buffer, capacity);
  case kMessageRegistered:
    return static_cast<const char *>(a->message.registered);
  }
  return nullptr;
}

int push_attributes(const NvtxEventAttributes *a) {
  char buffer[256];
  return push_named(attributes_name(a, buffer, sizeof buffer));
}

uint64_t start_attributes(const NvtxEventAttributes *a) {
  char buffer[256];
  return start_named(attributes_name(a, buffer, sizeof buffer));
}

void mark_a(const char *message) { mark_named(message); }
void mark_w(const wchar_t *message) {
  char buffer[256];
  mark_named(narrow(message, buffer, sizeof buffer));
}
void mark_ex(const NvtxEventAttributes *a) {
  char buffer[256];
  mark_named(attributes_name(a, buffer, sizeof buffer));
}
void domain_mark_ex(void *, const NvtxEventAttributes *a) { mark_ex(a); }
int range_push_a(const char *message) { return push_named(message); }
int range_push_w(const wchar_t *message) {
  char buffer[256];
  return push_named(narrow(message, buffer, sizeof buffer));
}
int range_push_ex(const NvtxEventAttributes *a) { return push_attributes(a); }
int range_pop() { return pop_range(); }
uint64_t range_start_a(const char *message) { return start_named(message); }
uint64_t range_start_w(const wchar_t *message) {
  char buffer[256];
  return start_named(narrow(message, buffer, sizeof buffer));
}
uint64_t range_start_ex(const NvtxEventAttributes *a) { return start_attributes(a); }
void range_end(uint64_t id) { hotline::rt::end_range(id); }
uint64_t domain_range_start_ex(void *, const NvtxEventAttributes *a) { return start_attributes(a); }
void domain_range_end(void *, uint64_t id) { hotline::rt::end_range(id); }
int domain_range_push_ex(void *, const NvtxEventAttributes *a) { return push_attributes(a); }
int domain_range_pop(void *) { return pop_range(); }
const void *domain_register_string_a(void *, const char *text) { return register_string(text); }
const void *domain_register_string_w(void *, const wchar_t *text) {
  char buffer[256];
  return register_string(narrow(text, buffer, sizeof buffer));
}

template <typename F> void attach(NvtxFunctionTable table, unsigned size, unsigned id, F function) {
  if (id < size && table[id])
    *table[id] = reinterpret_cast<NvtxFunctionPointer>(function);
}

int initialize_injection(NvtxGetExportTable get_export_table) {
  auto *callbacks =
      static_cast<const NvtxExportTableCallbacks *>(get_export_table(kExportTableCallbacks));
  if (!callbacks || callbacks->struct_size < sizeof(NvtxExportTableCallbacks))
    return 0;
  NvtxFunctionTable core = nullptr, core2 = nullptr;
  unsigned core_size = 0, core2_size = 0;
  if (!callbacks->GetModuleFunctionTable(kModuleCore, &core, &core_size) || !core)
    return 0;
  attach(core, core_size, kCoreMarkA, mark_a);
  attach(core, core_size, kCoreMarkW, mark_w);
  attach(core, core_size, kCoreMarkEx, mark_ex);
  attach(core, core_size, kCoreRangePushA, range_push_a);
  attach(core, core_size, kCoreRangePushW, range_push_w);
  attach(core, core_size, kCoreRangePushEx, range_push_ex);
  attach(core, core_size, kCoreRangePop, range_pop);
  attach(core, core_size, kCoreRangeStartA, range_start_a);
  attach(core, core_size, kCoreRangeStartW, range_start_w);
  attach(core, core_size, kCoreRangeStartEx, range_start_ex);
  attach(core, core_size, kCoreRangeEnd, range_end);
  if (callbacks->GetModuleFunctionTable(kModuleCore2, &core2, &core2_size) && core2) {
    attach(core2, core2_size, kCore2DomainMarkEx, domain_mark_ex);
    attach(core2, core2_size, kCore2DomainRangePushEx, domain_range_push_ex);
    attach(core2, core2_size, kCore2DomainRangePop, domain_range_pop);
    attach(core2, core2_size, kCore2DomainRangeStartEx, domain_range_start_ex);
    attach(core2, core2_size, kCore2DomainRangeEnd, domain_range_end);
    attach(core2, core2_size, kCore2DomainRegisterStringA, domain_register_string_a);
    attach(core2, core2_size, kCore2DomainRegisterStringW, domain_register_string_w);
  }
  return 1;
}

} // namespace

// The dynamic injection's entry point: NVTX_INJECTION64_PATH=<path of libhotline_rt.so> makes a
// program's NVTX call it. The shared runtime needs that: the program's NVTX keeps its
// InitializeInjectionNvtx2_fnptr hidden, out of a shared library's reach.
extern "C" __attribute__((visibility("default"))) int
InitializeInjectionNvtx2(NvtxGetExportTable get) {
  return initialize_injection(get);
}

// The static injection: the program's NVTX defines this pointer weak and null, and calls what
// it points to at its first NVTX call. Linked statically, the runtime's strong definition
// replaces it, and NVTX ranges are regions without any setting.
extern "C"
    __attribute__((visibility("default"))) NvtxInitializeInjection InitializeInjectionNvtx2_fnptr =
        InitializeInjectionNvtx2;
