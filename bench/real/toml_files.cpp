// I/O-heavy C++: toml++ (Debian's libtomlplusplus-dev, vendored into the build folder by
// bench/run) writes configuration files through std::ofstream and parses them back from
// disk with toml::parse_file (std::ifstream).
#include <toml++/toml.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

int main(int argc, char **argv) {
  int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  unsigned long checksum = 0;
  for (int file = 0; file < 6 * scale; ++file) {
    std::string path = "settings-" + std::to_string(file % 3) + ".toml";
    toml::table root;
    toml::array jobs;
    for (int i = 0; i < 2500; ++i)
      jobs.push_back(toml::table{{"name", "job-" + std::to_string(i + file)},
                                 {"weight", (i % 89) / 4.0},
                                 {"enabled", i % 3 == 0},
                                 {"ports", toml::array{8000 + i % 7, 9000 + i % 11}}});
    root.insert("title", "bench-" + std::to_string(file));
    root.insert("job", std::move(jobs));
    {
      std::ofstream out(path);
      out << root << "\n";
      if (!out)
        return 1;
    }
    toml::table back = toml::parse_file(path);
    if (auto *array = back["job"].as_array())
      for (auto &job : *array)
        checksum += job.as_table()->get("name")->value_or(std::string_view{}).size() +
                    unsigned(job.as_table()->get("ports")->as_array()->size());
    checksum += back["title"].value_or(std::string_view{}).size();
  }
  std::printf("%lu\n", checksum);
  return 0;
}
