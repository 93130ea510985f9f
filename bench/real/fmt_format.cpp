// Template-heavy C++: {fmt} (Debian's libfmt-dev, header-only mode, vendored into the build
// folder by bench/run) formats a table of mixed records into memory buffers.
#define FMT_HEADER_ONLY
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  unsigned long checksum = 0, bytes = 0;
  std::string names[] = {"alpha", "beta", "gamma", "delta", "epsilon"};
  for (int round = 0; round < 60 * scale; ++round) {
    fmt::memory_buffer out;
    for (int i = 0; i < 4000; ++i) {
      double value = (i * 7919 % 10007) / 3.0 + round;
      fmt::format_to(std::back_inserter(out), "{:>8} | {:<8} | {:12.4f} | {:#010x} | {:e} | {}\n", i,
                     names[i % 5], value, unsigned(i * 2654435761u), value * 1e-3, i % 3 == 0);
    }
    bytes += out.size();
    for (size_t i = 0; i < out.size(); i += 13)
      checksum = checksum * 31 + static_cast<unsigned char>(out[i]);
  }
  std::printf("%lu %lu\n", bytes, checksum);
  return 0;
}
