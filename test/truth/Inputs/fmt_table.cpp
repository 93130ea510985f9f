// A driver of {fmt} in header-only mode (third-party, from Debian's libfmt-dev, copied into
// the test's tree as projects vendor it): formats a table of numbers, strings and floats
// into memory buffers and strings, and prints a checksum of what it formatted.
#define FMT_HEADER_ONLY
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

int main() {
  std::vector<std::string> names = {"alpha", "beta", "gamma", "delta", "epsilon"};
  unsigned long checksum = 0;
  fmt::memory_buffer out;
  for (int row = 0; row < 20000; ++row) {
    out.clear();
    fmt::format_to(std::back_inserter(out), "{:>8} | {:<10} | {:08.3f} | {:#x} | {}\n", row,
                   names[row % names.size()], row / 7.0, row * 2654435761u, row % 3 == 0);
    std::string line = fmt::format("{}-{:>24}", names[row % 5], row);
    for (char c : out)
      checksum = checksum * 31 + (unsigned char)c;
    checksum += line.size();
  }
  std::printf("%lu\n", checksum);
  return 0;
}
