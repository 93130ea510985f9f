// Readable names: the standard library's names, thousands of characters demangled, are shown
// as people write them (std::string, no default template arguments, the deepest template
// arguments elided to fit about 100 columns) in every text view, and the JSON keeps the full
// name beside the short one. Before, a report line of this program was 2,100 characters long.
// RUN: %clangxx_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_MEMORY=1 %t | FileCheck %s --check-prefix=OUT
// OUT: 400000
// RUN: %hotline report %t.d/*.hotline > %t.report
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %hotline tree %t.d/*.hotline > %t.tree
// RUN: FileCheck %s --check-prefix=TREE < %t.tree
// RUN: awk '{ if (length($0) > m) m = length($0) } END { print "longest line:", m }' %t.report \
// RUN:   %t.tree | FileCheck %s --check-prefix=LONGEST
// RUN: %hotline report --format json %t.d/*.hotline | FileCheck %s --check-prefix=JSON

// REPORT:     Functions by self time
// REPORT-DAG: 400,000 lookup(std::unordered_map<std::string, std::vector<std::map<…>>> const&, std::string const&){{( \*)?}} {{.*}}readable-names.cpp:[[#@LINE+22]]
// REPORT-DAG: 400,000 std::_Hashtable<…>::find(std::string const&) const
// REPORT:     Bottlenecks
// REPORT-NOT: std::allocator
// REPORT-NOT: __cxx11
// TREE:       lookup(std::unordered_map<std::string, std::vector<std::map<…>>> const&, std::string const&)
// TREE-NOT:   std::allocator

// No line longer than a name of about 100 columns, its numbers and its place.
// LONGEST:    longest line: {{[0-9]?[0-9]|1[0-9][0-9]|2[0-4][0-9]}}{{$}}

// JSON:      "name": "lookup(std::unordered_map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>, {{.*}}> const&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>> const&)",
// JSON-NEXT: "short_name": "lookup(std::unordered_map<std::string, std::vector<std::map<…>>> const&, std::string const&)",

#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

using Index = std::unordered_map<std::string, std::vector<std::map<std::string, int>>>;

__attribute__((noinline)) int lookup(const Index &index, const std::string &key) {
  auto found = index.find(key);
  return found == index.end() ? 0 : int(found->second.size());
}

int main() {
  Index index;
  for (int i = 0; i < 2000; ++i)
    index["key" + std::to_string(i)].push_back({{"a", i}});
  long total = 0;
  for (int round = 0; round < 200; ++round)
    for (int i = 0; i < 2000; ++i)
      total += lookup(index, "key" + std::to_string(i));
  std::printf("%ld\n", total);
  return 0;
}
