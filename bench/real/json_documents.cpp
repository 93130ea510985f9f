// Allocation-heavy C++: nlohmann-json (Debian's nlohmann-json3-dev, vendored into the build
// folder by bench/run) builds a document of records, serializes it, parses it back and walks
// it: every string, array and object is a heap allocation.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  unsigned long checksum = 0;
  for (int round = 0; round < 3 * scale; ++round) {
    nlohmann::json document = nlohmann::json::array();
    for (int i = 0; i < 12000; ++i) {
      nlohmann::json record;
      record["id"] = i;
      record["name"] = "record-" + std::to_string(i * 7 + round);
      record["score"] = (i % 97) / 7.0;
      record["tags"] = {"t" + std::to_string(i % 13), "t" + std::to_string(i % 17), "common"};
      record["point"] = {{"x", i % 101}, {"y", i % 103}, {"valid", i % 2 == 0}};
      document.push_back(std::move(record));
    }
    std::string text = document.dump();
    nlohmann::json parsed = nlohmann::json::parse(text);
    for (const auto &record : parsed) {
      checksum += record["id"].get<unsigned long>() + record["name"].get<std::string>().size();
      for (const auto &tag : record["tags"])
        checksum += tag.get<std::string>().size();
      checksum += record["point"]["x"].get<unsigned long>();
    }
    checksum += text.size();
  }
  std::printf("%lu\n", checksum);
  return 0;
}
