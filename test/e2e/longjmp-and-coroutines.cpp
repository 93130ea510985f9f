// longjmp out of instrumented frames and C++20 coroutines suspended and resumed across calls:
// the program behaves as without hotline, every entry is counted exactly, and the frames that
// longjmp skipped are closed by the next exit of a frame below them.
// RUN: %clangxx_hotline -std=c++20 -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: %clangxx_plain -std=c++20 -O1 -g %s -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: env HOTLINE_DIR=%t.d %t > %t.out; echo "exit $?" >> %t.out
// RUN: diff %t.plain.out %t.out
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; [print(f['name'], f['calls']) for f in sorted(json.load(open(sys.argv[1]))['functions'], key=lambda f: f['name']) if f['name'].startswith(('jump','level','after','count_to','consume'))]" %t.json | FileCheck %s

// 10 jumps out of level3 through level2 and level1; after_jumps once, outside any skipped frame.
// The coroutine is entered once (its resumptions continue that call) and yields 50 times.
// CHECK: after_jumps() 1
// CHECK: consume(int) 1
// CHECK: count_to(int) 1
// CHECK: count_to(int) (.__await_suspend_wrapper__yield) 50
// CHECK: jump_back() 10
// CHECK: level1(int) 10
// CHECK: level2(int) 10
// CHECK: level3(int) 10

#include <coroutine>
#include <csetjmp>
#include <cstdio>

static std::jmp_buf where;
static volatile int sink;

__attribute__((noinline)) void jump_back() { std::longjmp(where, 1); }
__attribute__((noinline)) void level3(int i) {
  sink = i;
  jump_back();
}
__attribute__((noinline)) void level2(int i) { level3(i + 1); sink = sink + 1; }
__attribute__((noinline)) void level1(int i) { level2(i + 1); sink = sink + 1; }
__attribute__((noinline)) void after_jumps() { sink = sink + 100; }

// A minimal generator: each resume produces the next number.
struct Generator {
  struct promise_type {
    int value = 0;
    Generator get_return_object() { return Generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) {
      value = v;
      return {};
    }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> handle;
  ~Generator() { handle.destroy(); }
  bool next() {
    handle.resume();
    return !handle.done();
  }
  int value() const { return handle.promise().value; }
};

Generator count_to(int n) {
  for (int i = 1; i <= n; ++i)
    co_yield i;
}

__attribute__((noinline)) int consume(int n) {
  Generator g = count_to(n);
  int sum = 0;
  while (g.next())
    sum += g.value();
  return sum;
}

int main() {
  volatile int jumps = 0;
  setjmp(where); // each longjmp comes back here
  if (jumps < 10) {
    ++jumps;
    level1(jumps);
  }
  after_jumps();
  std::printf("jumps %d, sum %d\n", int(jumps), consume(50));
  return 0;
}
