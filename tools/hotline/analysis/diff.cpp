// Matches the functions, lines and kernels of two runs and finds what grew.
#include "analysis/diff.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace hotline::analysis {

namespace {

// Changes in time, then in count, largest first; then by name (functions,
// kernels) or place (lines), so output is stable.
void sort_by_change(std::vector<DiffItem> &items, bool by_place) {
  auto magnitude = [](int64_t change) {
    return change < 0 ? uint64_t(0) - uint64_t(change) : uint64_t(change);
  };
  std::sort(items.begin(), items.end(), [&](const DiffItem &a, const DiffItem &b) {
    uint64_t time_a = magnitude(a.change_ns()), time_b = magnitude(b.change_ns());
    if (time_a != time_b)
      return time_a > time_b;
    uint64_t count_a = magnitude(a.count_change()), count_b = magnitude(b.count_change());
    if (count_a != count_b)
      return count_a > count_b;
    if (by_place)
      return std::tie(a.file, a.line) < std::tie(b.file, b.line);
    return std::tie(a.name, a.file, a.line, a.linkage_name) <
           std::tie(b.name, b.file, b.line, b.linkage_name);
  });
}

// Base's files under new's paths, where they moved.
using FileMap = std::map<std::string, std::string>;

const std::string &file_in_new(const FileMap &moved, const std::string &file, bool is_new) {
  if (is_new)
    return file;
  auto it = moved.find(file);
  return it == moved.end() ? file : it->second;
}

// How many whole path components `a` and `b` end with in common.
size_t common_ending(const std::string &a, const std::string &b) {
  size_t components = 0, i = a.size(), j = b.size();
  while (i > 0 && j > 0 && a[i - 1] == b[j - 1]) {
    --i, --j;
    if (a[i] == '/')
      ++components;
  }
  bool whole = (i == 0 || a[i - 1] == '/') && (j == 0 || b[j - 1] == '/');
  return components + (whole && i + j != a.size() + b.size() ? 1 : 0);
}

std::vector<DiffItem> diff_functions(const FunctionTable &base, const FunctionTable &next,
                                     const FileMap &moved) {
  std::map<std::pair<std::string, std::string>, DiffItem> items;
  auto add = [&](const FunctionStats &f, bool is_new) {
    const std::string &file = file_in_new(moved, f.function.file, is_new);
    DiffItem &item = items[{f.function.linkage_name, file}];
    // Named as in the new run when it has the function (base comes first).
    if ((!item.in_base && !item.in_new) || (is_new && !item.in_new)) {
      item.name = f.function.name;
      item.linkage_name = f.function.linkage_name;
      item.file = file;
      item.line = f.function.line;
    }
    (is_new ? item.in_new : item.in_base) = true;
    (is_new ? item.new_ns : item.base_ns) += f.self_ns;
    (is_new ? item.new_count : item.base_count) += f.calls;
    (is_new ? item.new_estimated_ns : item.base_estimated_ns) += f.estimated_ns;
    (is_new ? item.new_stopped : item.base_stopped) |= f.timing_stopped;
  };
  for (const FunctionStats &f : base.functions)
    add(f, false);
  for (const FunctionStats &f : next.functions)
    add(f, true);
  std::vector<DiffItem> result;
  for (auto &[key, item] : items)
    result.push_back(std::move(item));
  sort_by_change(result, false);
  return result;
}

std::vector<DiffItem> diff_lines(const LineTable &base, const LineTable &next,
                                 const FileMap &moved) {
  std::map<std::pair<std::string, uint32_t>, DiffItem> items;
  auto add = [&](const LineStats &l, bool is_new) {
    const std::string &file = file_in_new(moved, l.file, is_new);
    DiffItem &item = items[{file, l.line}];
    item.file = file;
    item.line = l.line;
    if (!l.function.empty() && (item.name.empty() || is_new))
      item.name = l.function;
    (is_new ? item.in_new : item.in_base) = true;
    (is_new ? item.new_ns : item.base_ns) += l.time_ns;
    (is_new ? item.new_count : item.base_count) += l.count;
  };
  for (const LineStats &l : base.lines)
    add(l, false);
  for (const LineStats &l : next.lines)
    add(l, true);
  std::vector<DiffItem> result;
  for (auto &[key, item] : items)
    result.push_back(std::move(item));
  sort_by_change(result, true);
  return result;
}

std::vector<DiffItem> diff_kernels(const GpuTable &base, const GpuTable &next) {
  std::map<std::string, DiffItem> items;
  auto add = [&](const KernelStats &k, bool is_new) {
    DiffItem &item = items[k.name];
    item.name = k.name;
    (is_new ? item.in_new : item.in_base) = true;
    (is_new ? item.new_ns : item.base_ns) += k.gpu_ns;
    (is_new ? item.new_count : item.base_count) += k.launches;
  };
  for (const KernelStats &k : base.kernels)
    add(k, false);
  for (const KernelStats &k : next.kernels)
    add(k, true);
  std::vector<DiffItem> result;
  for (auto &[key, item] : items)
    result.push_back(std::move(item));
  sort_by_change(result, false);
  return result;
}

} // namespace

int64_t DiffItem::change_ns() const { return int64_t(new_ns - base_ns); }

int64_t DiffItem::count_change() const { return int64_t(new_count - base_count); }

DiffTable diff_runs(const FunctionTable &base, const FunctionTable &next,
                    const LineTable &base_lines, const LineTable &next_lines,
                    const GpuTable &base_gpu, const GpuTable &next_gpu) {
  DiffTable diff;
  diff.base_measured_ns = base.measured_ns;
  diff.new_measured_ns = next.measured_ns;
  auto files_of = [](const FunctionTable &functions, const LineTable &lines) {
    std::set<std::string> files;
    for (const FunctionStats &f : functions.functions)
      if (!f.function.file.empty())
        files.insert(f.function.file);
    for (const LineStats &l : lines.lines)
      if (!l.file.empty())
        files.insert(l.file);
    return std::vector<std::string>(files.begin(), files.end());
  };
  diff.matched_files = match_moved_files(files_of(base, base_lines), files_of(next, next_lines));
  FileMap moved(diff.matched_files.begin(), diff.matched_files.end());
  diff.functions = diff_functions(base, next, moved);
  diff.lines_compared = !base_lines.lines.empty() || !next_lines.lines.empty();
  diff.lines = diff_lines(base_lines, next_lines, moved);
  diff.kernels_compared = !base_gpu.kernels.empty() || !next_gpu.kernels.empty();
  diff.kernels = diff_kernels(base_gpu, next_gpu);
  return diff;
}

std::vector<std::pair<std::string, std::string>>
match_moved_files(const std::vector<std::string> &base_files,
                  const std::vector<std::string> &new_files) {
  std::set<std::string> in_base(base_files.begin(), base_files.end());
  std::set<std::string> in_new(new_files.begin(), new_files.end());
  std::vector<std::string> only_base, only_new;
  for (const std::string &file : base_files)
    if (!in_new.count(file))
      only_base.push_back(file);
  for (const std::string &file : new_files)
    if (!in_base.count(file))
      only_new.push_back(file);
  // Each file's best partner: the most components in common, and the only one with as many.
  auto best = [](const std::string &file, const std::vector<std::string> &others) {
    size_t most = 0, count = 0, at = 0;
    for (size_t i = 0; i < others.size(); ++i) {
      size_t common = common_ending(file, others[i]);
      if (common > most)
        most = common, count = 1, at = i;
      else if (common == most && common > 0)
        ++count;
    }
    return most > 0 && count == 1 ? std::optional<size_t>(at) : std::nullopt;
  };
  std::vector<std::pair<std::string, std::string>> matched;
  for (const std::string &file : only_base) {
    std::optional<size_t> partner = best(file, only_new);
    if (!partner)
      continue;
    std::optional<size_t> back = best(only_new[*partner], only_base);
    if (back && only_base[*back] == file)
      matched.push_back({file, only_new[*partner]});
  }
  std::sort(matched.begin(), matched.end());
  return matched;
}

std::optional<double> change_percent(uint64_t before, uint64_t after) {
  if (before == 0)
    return after == 0 ? std::optional<double>(0.0) : std::nullopt;
  return 100.0 * (double(after) - double(before)) / double(before);
}

bool grew_by_more_than(uint64_t before, uint64_t after, double percent) {
  if (after <= before)
    return false;
  std::optional<double> change = change_percent(before, after);
  return !change || *change > percent;
}

Regressions find_regressions(const DiffTable &diff, double percent, uint64_t floor_ns) {
  Regressions found;
  found.total = grew_by_more_than(diff.base_measured_ns, diff.new_measured_ns, percent);
  auto judge = [&](const std::vector<DiffItem> &items, std::vector<DiffItem> &regressed) {
    for (const DiffItem &item : items)
      if (item.new_ns > floor_ns && grew_by_more_than(item.base_ns, item.new_ns, percent))
        regressed.push_back(item);
  };
  judge(diff.functions, found.functions);
  judge(diff.lines, found.lines);
  judge(diff.kernels, found.kernels);
  return found;
}

} // namespace hotline::analysis
