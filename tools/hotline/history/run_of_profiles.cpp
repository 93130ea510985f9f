// Profiles into runs, with what git and the machine say about them.
#include "history/run_of_profiles.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hotline::history {

namespace {

// FNV-1a, 64 bits: enough to tell two profiles apart (they differ in their pid, start time
// and counts); not a defence against someone forging one.
uint64_t fnv1a(const unsigned char *data, size_t size, uint64_t hash = 0xcbf29ce484222325ull) {
  for (size_t i = 0; i < size; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// What a command printed on its standard output, or nothing when it could not run or failed.
std::optional<std::string> command_output(const std::vector<const char *> &argv) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0)
    return std::nullopt;
  pid_t child = fork();
  if (child < 0) {
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    return std::nullopt;
  }
  if (child == 0) {
    dup2(pipe_ends[1], STDOUT_FILENO);
    int null = open("/dev/null", O_RDWR);
    dup2(null, STDERR_FILENO);
    dup2(null, STDIN_FILENO);
    close(pipe_ends[0]);
    std::vector<char *> args;
    for (const char *arg : argv)
      args.push_back(const_cast<char *>(arg));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(pipe_ends[1]);
  std::string out;
  char buffer[4096];
  ssize_t got;
  while ((got = read(pipe_ends[0], buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR))
    if (got > 0)
      out.append(buffer, size_t(got));
  close(pipe_ends[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return std::nullopt;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
    out.pop_back();
  return out;
}

std::string this_host() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0)
    return "";
  return name;
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line))
    if (line.rfind("model name", 0) == 0) {
      size_t colon = line.find(':');
      if (colon != std::string::npos)
        return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  return "";
}

void set_tag(std::vector<std::pair<std::string, std::string>> &tags, const std::string &key,
             const std::string &value) {
  for (auto &[existing, old] : tags)
    if (existing == key) {
      old = value;
      return;
    }
  tags.push_back({key, value});
}

} // namespace

std::vector<ProfileFile> read_profile_files(const std::vector<std::string> &paths) {
  std::vector<ProfileFile> files;
  for (const std::string &path : paths) {
    std::vector<unsigned char> bytes = profile::read_profile_bytes(path);
    ProfileFile file;
    file.path = path;
    file.profiles = profile::parse_profiles(bytes, path);
    file.checksum = fnv1a(bytes.data(), bytes.size());
    files.push_back(std::move(file));
  }
  return files;
}

std::vector<std::vector<const ProfileFile *>> group_runs(const std::vector<ProfileFile> &files,
                                                         bool one_run) {
  std::vector<std::vector<const ProfileFile *>> runs;
  if (files.empty())
    return runs;
  if (one_run) {
    runs.emplace_back();
    for (const ProfileFile &file : files)
      runs.back().push_back(&file);
    return runs;
  }
  // Each file's root: follow parent pids to the first file whose process forked nothing given.
  std::map<std::pair<std::string, uint64_t>, size_t> file_of_process;
  for (size_t i = 0; i < files.size(); ++i)
    for (const profile::Profile &profile : files[i].profiles)
      file_of_process.emplace(std::make_pair(profile.run.host, profile.run.pid), i);
  std::vector<size_t> root(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    size_t at = i;
    for (size_t steps = 0; steps < files.size(); ++steps) {
      const profile::RunInfo &run = files[at].profiles.front().run;
      auto parent = file_of_process.find({run.host, run.parent_pid});
      if (run.parent_pid == 0 || parent == file_of_process.end() || parent->second == at)
        break;
      at = parent->second;
    }
    root[i] = at;
  }
  std::map<size_t, size_t> run_of_root;
  for (size_t i = 0; i < files.size(); ++i) {
    auto [entry, inserted] = run_of_root.emplace(root[i], runs.size());
    if (inserted)
      runs.emplace_back();
    runs[entry->second].push_back(&files[i]);
  }
  return runs;
}

Run run_of_files(const std::vector<const ProfileFile *> &files, const RunFacts &facts) {
  Run run;
  std::vector<uint64_t> checksums;
  const profile::Profile *first = nullptr;
  for (const ProfileFile *file : files) {
    run.profiles.push_back(file->path);
    checksums.push_back(file->checksum);
    for (const profile::Profile &profile : file->profiles) {
      ++run.processes;
      if (!first || profile.run.start_unix_ns < first->run.start_unix_ns)
        first = &profile;
      run.wall_ns = std::max(run.wall_ns, int64_t(profile.run.wall_ns));
      for (const profile::Tag &tag : profile.tags)
        set_tag(run.tags, tag.key, tag.value);
    }
  }
  std::sort(checksums.begin(), checksums.end());
  run.checksum = fmt::format(
      "fnv1a64:{:016x}",
      fnv1a(reinterpret_cast<const unsigned char *>(checksums.data()), checksums.size() * 8));
  if (first) {
    run.program = first->run.program;
    run.command = first->run.command_line;
    run.host = first->run.host;
    run.clock = first->run.clock_source;
    run.runtime_version = first->run.runtime_version;
    run.start_unix_ns = first->run.start_unix_ns;
  }
  for (const auto &[key, value] : facts.tags)
    set_tag(run.tags, key, value);
  std::sort(run.tags.begin(), run.tags.end());
  // The machine and the checkout are this one's only when the run was made here.
  bool here = !run.host.empty() && run.host == this_host();
  if (here)
    run.cpu = cpu_model();
  run.commit = facts.commit;
  run.branch = facts.branch;
  if (run.commit.empty() && here)
    if (std::optional<std::string> commit = command_output({"git", "rev-parse", "HEAD"})) {
      run.commit = *commit;
      std::optional<std::string> status =
          command_output({"git", "status", "--porcelain", "--untracked-files=no"});
      run.dirty = status ? (status->empty() ? 0 : 1) : -1;
    }
  if (run.branch.empty() && here && !run.commit.empty())
    if (std::optional<std::string> branch =
            command_output({"git", "rev-parse", "--abbrev-ref", "HEAD"}))
      run.branch = *branch == "HEAD" ? "" : *branch;
  run.build = facts.build;
  if (run.build.empty()) { // how the plugin says the modules were built, each way once
    std::set<std::string> builds;
    for (const ProfileFile *file : files)
      for (const profile::Profile &profile : file->profiles)
        for (const profile::Module &module : profile.modules)
          if (!module.build.empty())
            builds.insert(module.build);
    for (const std::string &build : builds)
      run.build += (run.build.empty() ? "" : "; ") + build;
  }
  return run;
}

std::vector<Measure> measures_of_run(const std::vector<const ProfileFile *> &files) {
  std::vector<profile::Profile> profiles;
  for (const ProfileFile *file : files)
    profiles.insert(profiles.end(), file->profiles.begin(), file->profiles.end());
  analysis::AnalysisOptions options;
  options.call_tree = true;
  return measures_of(analysis::analyze(std::move(profiles), options));
}

std::vector<std::pair<std::string, std::string>> parse_tags(const std::string &text) {
  std::vector<std::pair<std::string, std::string>> tags;
  for (const std::string &item : split_list(text)) {
    size_t equals = item.find('=');
    if (equals == 0 || equals == std::string::npos)
      throw HistoryError(fmt::format("--tag: '{}' is not KEY=VALUE", item));
    set_tag(tags, item.substr(0, equals), item.substr(equals + 1));
  }
  return tags;
}

} // namespace hotline::history
