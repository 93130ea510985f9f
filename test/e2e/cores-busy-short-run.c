// A run of well under a millisecond: its CPU time covers the same interval as its wall time
// (from the runtime's start, not the process's, whose loading came first), so one thread keeps
// at most one core busy. Before, a 0.3 ms run read 11.9 cores busy on a 2-core machine.
// RUN: %clang_hotline -O2 %s -o %t.exe && rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTLINE_DIR=%t.dir %t.exe
// RUN: %hotline report --format json %t.dir/*.hotline > %t.json
// RUN: python3 -c "import json, sys; t = json.load(open(sys.argv[1]))['system']['total']; \
// RUN:   print(t['cpu_ns'], t['cores_busy']); assert 0 < t['cores_busy'] <= 1.05, t" %t.json
int main(void) { return 0; }
