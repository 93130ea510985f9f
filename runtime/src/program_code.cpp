// The program's code ranges, and the walk from a library's call to the program's line.
#include "program_code.h"

#include "loaded_objects.h"
#include "memory.h"
#include "spin_lock.h"
#include "threads.h"

#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <unwind.h>

namespace hotline::rt {

namespace {

// The executable segments of some loaded objects; added to under a lock, read without one.
class CodeRanges {
public:
  // Adds the executable segments of the object whose loadable segments contain `address`.
  void add_object_of(uint64_t address) {
    SpinLockGuard guard(lock_);
    Lookup lookup{this, address};
    dl_iterate_phdr(add_if_containing, &lookup);
  }
  // Adds [start, end) itself (a section's bounds); nothing when it is empty.
  void add_range(uint64_t start, uint64_t end) {
    if (start >= end)
      return;
    SpinLockGuard guard(lock_);
    add({start, end});
  }
  bool empty() const { return __atomic_load_n(&count_, __ATOMIC_ACQUIRE) == 0; }
  bool contain(uint64_t pc) const {
    uint32_t n = __atomic_load_n(&count_, __ATOMIC_ACQUIRE);
    for (uint32_t r = 0; r < n; ++r)
      if (pc - ranges_[r].start < ranges_[r].end - ranges_[r].start)
        return true;
    return false;
  }

private:
  static constexpr uint32_t kMaxRanges = 256;
  struct Range {
    uint64_t start, end;
  };
  struct Lookup {
    CodeRanges *self;
    uint64_t address;
  };
  // dl_iterate_phdr's callback.
  static int add_if_containing(dl_phdr_info *info, size_t, void *arg) {
    auto *lookup = static_cast<Lookup *>(arg);
    if (!object_holds(info, lookup->address))
      return 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
      const ElfW(Phdr) &segment = info->dlpi_phdr[i];
      if (segment.p_type == PT_LOAD && (segment.p_flags & PF_X))
        lookup->self->add({info->dlpi_addr + segment.p_vaddr,
                           info->dlpi_addr + segment.p_vaddr + segment.p_memsz});
    }
    return 1;
  }
  void add(Range range) {
    for (uint32_t r = 0; r < count_; ++r)
      if (ranges_[r].start == range.start && ranges_[r].end == range.end)
        return;
    if (count_ == kMaxRanges)
      return;
    ranges_[count_] = range;
    __atomic_store_n(&count_, count_ + 1, __ATOMIC_RELEASE); // after the range it publishes
  }

  Range ranges_[kMaxRanges];
  uint32_t count_ = 0;
  SpinLock lock_;
};

CodeRanges program_ranges;
// The parts of them that hold code from system headers (abi.h, library_code_start): a call
// made there is made inside a library, as far as places go.
CodeRanges library_code_ranges;
// The unwinder's own object (libgcc_s, or the executable when linked statically). A call from
// it is never walked: libgcc may allocate while holding the lock that a walk would take.
CodeRanges unwinder_ranges;

// One walk, remembered: where, from the frame address of program_caller (the anchor), the walk
// found each frame's return address, and what it was: the library frames' (the first is the
// key, `library_return`), then the program's.
constexpr int kCachedFrames = 8;
struct CachedWalk {
  uint64_t library_return; // 0: empty
  uint32_t frames;
  bool confirmed; // a second walk found the same: the frames' sizes did not change
  int32_t offsets[kCachedFrames];
  uint64_t values[kCachedFrames];

  bool same_as(const CachedWalk &other) const {
    if (library_return != other.library_return || frames != other.frames)
      return false;
    for (uint32_t i = 0; i < frames; ++i)
      if (offsets[i] != other.offsets[i] || values[i] != other.values[i])
        return false;
    return true;
  }
};

struct Walk {
  uint64_t library_return;
  uint64_t anchor;
  uint64_t program_pc;
  int frames;
  bool past_library_frame;
  bool cacheable; // each frame's return address was read from the stack slot found for it
  CachedWalk cached;
};

_Unwind_Reason_Code visit(_Unwind_Context *context, void *arg) {
  auto *walk = static_cast<Walk *>(arg);
  int before_instruction = 0;
  uint64_t ip = _Unwind_GetIPInfo(context, &before_instruction);
  if (ip == 0 || ++walk->frames > kMaxWalkFrames)
    return _URC_END_OF_STACK;
  // The runtime's own frames come first; the walk starts at the library's frame that called
  // the hook.
  bool library_frame = !walk->past_library_frame;
  if (library_frame) {
    walk->past_library_frame = ip == walk->library_return;
    if (!walk->past_library_frame)
      return _URC_NO_REASON;
  }
  // On x86-64 a frame's return address is the word just below its callee's CFA, which the
  // unwinder's context for the frame holds.
  uint64_t slot = _Unwind_GetCFA(context) - 8;
  CachedWalk &cached = walk->cached;
  int64_t offset = int64_t(slot - walk->anchor);
  walk->cacheable = walk->cacheable && !before_instruction && cached.frames < kCachedFrames &&
                    offset > 0 && offset < INT32_MAX && *reinterpret_cast<uint64_t *>(slot) == ip;
  if (walk->cacheable) {
    cached.offsets[cached.frames] = int32_t(offset);
    cached.values[cached.frames] = ip;
    ++cached.frames;
  }
  uint64_t pc = before_instruction ? ip : ip - 1; // a return address points past its call
  if (library_frame || !in_program_code(pc))
    return _URC_NO_REASON;
  walk->program_pc = pc;
  return _URC_END_OF_STACK;
}

// Whether the stack holds a remembered walk's return addresses at its slots, none of them past
// the top of the thread's stack.
bool replays(const CachedWalk &walk, uint64_t anchor, uint64_t stack_top) {
  for (uint32_t i = 0; i < walk.frames; ++i) {
    uint64_t slot = anchor + uint64_t(walk.offsets[i]);
    if (slot + 8 > stack_top || *reinterpret_cast<const uint64_t *>(slot) != walk.values[i])
      return false;
  }
  return true;
}

// The highest address of the calling thread's stack, or 0 when it cannot be told. (For the
// main thread glibc reads /proc/self/maps: errno is kept for the program.)
uint64_t stack_top() {
  int saved_errno = errno;
  pthread_attr_t attributes;
  uint64_t top = 0;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    void *low = nullptr;
    size_t size = 0;
    if (pthread_attr_getstack(&attributes, &low, &size) == 0)
      top = reinterpret_cast<uint64_t>(low) + size;
    pthread_attr_destroy(&attributes);
  }
  errno = saved_errno;
  return top;
}

} // namespace

// The walks a thread made, eight per set of library return addresses (the lines of one loop
// that call the same library function each need a way: with two, bench/'s allocations workload
// walked 391,100 times for 737,533 replays; with eight, 19 walks). A walk is replayed only
// once a second walk from the same library instruction found it again, the same return
// addresses at the same places: a library frame whose size changes from call to call (a
// variable-length array, alloca: the C++ demangler has one) moves the slots above it, and is
// not trusted until it repeats. Replaying compares every slot, the program's too, so a match
// is the same chain of calls, not just the same library instruction.
struct WalkCache {
  static constexpr uint32_t kSets = 64, kWays = 8;
  CachedWalk walks[kSets][kWays];
  uint8_t next_way[kSets];
  uint64_t stack_top;
  static uint32_t set_of(uint64_t library_return) {
    return uint32_t((library_return * 0x9e3779b97f4a7c15u) >> 58);
  }
};

// The section's bounds are the linker's; weak: a compiler without the section pragma leaves
// them undefined, and nothing is the runtime's.
extern "C" __attribute__((weak, visibility("hidden"))) char __start_hotline_runtime[];
extern "C" __attribute__((weak, visibility("hidden"))) char __stop_hotline_runtime[];
bool in_runtime_code(uint64_t pc) {
  return pc >= uint64_t(uintptr_t(__start_hotline_runtime)) &&
         pc < uint64_t(uintptr_t(__stop_hotline_runtime));
}

void add_program_object(const __hotline_module *module) {
  program_ranges.add_object_of(reinterpret_cast<uint64_t>(module));
  library_code_ranges.add_range(reinterpret_cast<uint64_t>(module->library_code_start),
                                reinterpret_cast<uint64_t>(module->library_code_end));
  if (unwinder_ranges.empty()) // the unwinder's object, once
    unwinder_ranges.add_object_of(reinterpret_cast<uint64_t>(&_Unwind_Backtrace));
}

bool in_program_code(uint64_t pc) {
  return program_ranges.contain(pc) && !in_runtime_code(pc) && !library_code_ranges.contain(pc);
}

__attribute__((noinline)) uint64_t program_caller(uint64_t library_return, WalkCache **cache) {
  if (unwinder_ranges.contain(library_return))
    return 0;
  uint64_t anchor = reinterpret_cast<uint64_t>(__builtin_frame_address(0));
  if (!*cache) {
    *cache = static_cast<WalkCache *>(reserve_pages(sizeof(WalkCache)));
    if (*cache) {
      // Its sets are hashed over 14 pages: committed in one call, not a fault each.
      commit_pages(*cache, sizeof(WalkCache));
      (*cache)->stack_top = stack_top();
    }
  }
  CachedWalk *set = *cache ? (*cache)->walks[WalkCache::set_of(library_return)] : nullptr;
#if defined(__x86_64__)
  if (set && (*cache)->stack_top)
    for (uint32_t way = 0; way < WalkCache::kWays; ++way)
      if (set[way].confirmed && set[way].library_return == library_return &&
          replays(set[way], anchor, (*cache)->stack_top))
        return set[way].values[set[way].frames - 1] - 1;
#endif
  Walk walk{};
  walk.library_return = library_return;
  walk.anchor = anchor;
#if defined(__x86_64__)
  walk.cacheable = true;
#endif
  {
    ProgramCodeHidden hidden; // the unwinder may allocate (a program's own malloc)
    _Unwind_Backtrace(visit, &walk);
  }
  if (set && walk.program_pc && walk.cacheable) {
    walk.cached.library_return = library_return;
    uint32_t way = 0;
    while (way < WalkCache::kWays && !set[way].same_as(walk.cached))
      ++way;
    if (way < WalkCache::kWays) {
      set[way].confirmed = true;
    } else {
      uint8_t &next = (*cache)->next_way[WalkCache::set_of(library_return)];
      set[next] = walk.cached;
      next = uint8_t((next + 1) % WalkCache::kWays);
    }
  }
  return walk.program_pc;
}

void release_walk_cache(WalkCache *cache) {
  if (cache)
    release_pages(cache, sizeof(WalkCache));
}

} // namespace hotline::rt
