// Timing adds nothing to a function's stack frame: the instrumented build recurses exactly as
// deep as the plain one in the same stack. Each recursion below measures its bytes per level
// (the distance between the stack pointers of its first and last levels, seen through a
// helper it calls) and the plain and the instrumented builds must print the same, at -O0, -O1
// and -O2. Before, the call's site id and its "timed" decision were kept across the body
// (two callee-saved registers, or two stack slots at -O0): 16 -> 32 bytes for `down` at -O2,
// 48 -> 96 at -O0, where a recursion 100,000 deep overflowed the instrumented build's 8 MiB
// stack and not the plain one's. Now the exit computes both again from the stack pointer and
// the module (abi.h __hotline_enter). The profile still counts every call exactly.
// RUN: rm -rf %t.d && mkdir -p -- %t.d/-O0 %t.d/-O1 %t.d/-O2
// At -O0 without exceptions: with them, each call that may throw becomes an invoke (its
// cleanup pad ends the call on unwinding), and -O0 keeps its result in a slot of its own.
// RUN: for o in -O0 -O1 -O2; do x=; [ $o = -O0 ] && x=-fno-exceptions; \
// RUN:   %clangxx_plain $o $x %s -o %t.plain$o && %t.plain$o > %t.plain$o.out && \
// RUN:   %clangxx_hotline $o $x %s -o %t$o && HOTLINE_DIR=%t.d/$o %t$o > %t$o.out && \
// RUN:   diff %t.plain$o.out %t$o.out || exit 1; done
// RUN: FileCheck %s --input-file %t-O2.out
// RUN: %hotline report --top 0 --format json %t.d/-O2/*.hotline > %t.O2.json
// RUN: python3 %S/Inputs/function_calls.py %t.O2.json | FileCheck %s --check-prefix=COUNTS
// RUN: %hotline report --top 0 --format json %t.d/-O0/*.hotline > %t.O0.json
// RUN: python3 %S/Inputs/function_calls.py %t.O0.json | FileCheck %s --check-prefix=COUNTS
// CHECK: down: {{[0-9]+}} bytes per level
// CHECK: walk: {{[0-9]+}} bytes per level
// CHECK: with_loop: {{[0-9]+}} bytes per level
// CHECK: with_cleanup: {{[0-9]+}} bytes per level
// COUNTS-DAG: {{^}}down(long) 1001{{$}}
// COUNTS-DAG: {{^}}walk(Node const*) 2001{{$}}
// COUNTS-DAG: {{^}}with_loop(int) 1001{{$}}
// COUNTS-DAG: {{^}}with_cleanup[abi:cxx11](int) 1002{{$}}

#include <stdint.h>
#include <stdio.h>
#include <string>

static const int kLevels = 1000;
static uintptr_t first_level, last_level;
static volatile long sink;

// The stack pointer of its caller, give or take a constant.
__attribute__((noinline)) uintptr_t stack_here() { return uintptr_t(__builtin_frame_address(0)); }

static void note_level(int level) {
  if (level == 1)
    first_level = stack_here();
  else if (level == kLevels)
    last_level = stack_here();
}

static void print_bytes_per_level(const char *name) {
  printf("%s: %lu bytes per level\n", name, (unsigned long)(first_level - last_level) / (kLevels - 1));
}

// One value kept across the recursive call.
__attribute__((noinline)) long down(long n) {
  if (n == 0)
    return 0;
  note_level(int(kLevels + 1 - n));
  long below = down(n - 1);
  sink = below;
  return below + n * sink;
}

struct Node {
  const Node *left, *right;
  long value;
};

// Two recursive calls.
__attribute__((noinline)) long walk(const Node *node) {
  if (!node)
    return 0;
  note_level(int(node->value));
  return walk(node->left) + walk(node->right) + node->value;
}

// A loop at every level, which makes the function worth timing even without its call.
__attribute__((noinline)) long with_loop(int level) {
  long sum = 0;
  for (int i = 0; i < level % 7; i++)
    sum += sink + i;
  if (level > kLevels)
    return sum;
  note_level(level);
  long below = with_loop(level + 1);
  sink = below;
  return sum + below;
}

// A local with a destructor: the call may end by unwinding, through a cleanup pad.
__attribute__((noinline)) std::string with_cleanup(int level) {
  std::string mine(1, char('a' + level % 26));
  if (level > kLevels + 1)
    return mine;
  note_level(level);
  std::string below = with_cleanup(level + 1);
  return mine.size() + below.size() > 4 ? mine : mine + below;
}

int main() {
  long total = down(kLevels);
  print_bytes_per_level("down");

  static Node nodes[kLevels];
  for (int i = 0; i < kLevels; i++)
    nodes[i] = {i + 1 < kLevels ? &nodes[i + 1] : nullptr, nullptr, i + 1};
  total += walk(&nodes[0]);
  print_bytes_per_level("walk");

  total += with_loop(1);
  print_bytes_per_level("with_loop");

  total += long(with_cleanup(1).size());
  print_bytes_per_level("with_cleanup");
  printf("total %ld\n", total);
  return 0;
}
