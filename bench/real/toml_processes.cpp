// Many short processes: a parent starts itself again and again, as build tools and test
// runners do. With `parse`, each child parses a configuration with toml++ (Debian's
// libtomlplusplus-dev, vendored into the build folder by bench/run) and answers in its exit
// status; with `empty`, each child returns at once, so the run measures what a process's
// start and exit cost.
#include <toml++/toml.h>

#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

extern char **environ;

static int parse_configuration(int seed) {
  std::string text = "title = \"bench\"\n[server]\nhost = \"example.org\"\nports = [8000, 8001, 8002]\n";
  for (int i = 0; i < 60; ++i)
    text += "[[job]]\nname = \"job-" + std::to_string(i + seed) + "\"\nweight = " + std::to_string(i * 0.5) +
            "\nenabled = " + (i % 2 ? "true" : "false") + "\n";
  toml::table table = toml::parse(text);
  long sum = table["server"]["ports"][1].value_or(0);
  if (auto *jobs = table["job"].as_array())
    for (auto &job : *jobs)
      sum += long(job.as_table()->get("name")->value_or(std::string_view{}).size());
  return int(sum % 100);
}

int main(int argc, char **argv) {
  if (argc == 3 && !std::strcmp(argv[1], "child"))
    return std::strcmp(argv[2], "parse") ? 0 : parse_configuration(0);
  if (argc != 3 || (std::strcmp(argv[1], "parse") && std::strcmp(argv[1], "empty"))) {
    std::fprintf(stderr, "usage: toml_processes parse|empty CHILDREN\n");
    return 2;
  }
  long statuses = 0;
  for (int i = 0, n = std::atoi(argv[2]); i < n; ++i) {
    char child[] = "child";
    char *child_argv[] = {argv[0], child, argv[1], nullptr};
    pid_t pid;
    if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, child_argv, environ) != 0)
      return 1;
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
      return 1;
    statuses += WEXITSTATUS(status);
  }
  std::printf("%ld\n", statuses);
  return 0;
}
