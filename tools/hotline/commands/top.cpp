// `hotline top PID`: the live view of a program running with HOTLINE_LIVE=1 (docs/live.md):
// its hottest functions over the last interval and since it started, its regions, heap and
// GPU, redrawn in the terminal until `q`; one snapshot when the output is not a terminal.
#include "analysis/percent.h"
#include "cli/options.h"
#include "cli/text_format.h"
#include "commands/commands.h"

#include <hotline/live_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <poll.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

namespace hotline {

const cli::CommandSpec kTopCommand = {
    "top",
    "hotline top [options] PID",
    "Shows what a running program has done so far: its functions with the most time over\n"
    "the last interval and since it started, its regions, its heap and GPU. The program\n"
    "must run with HOTLINE_LIVE=1, which publishes a snapshot every HOTLINE_LIVE_MS (see\n"
    "docs/live.md). In a terminal the view is redrawn every interval; 'q' quits. When the\n"
    "output is not a terminal, or with --once, it prints one snapshot (since start) and\n"
    "exits. When the program ends, it says so and exits with status 0.",
    {
        cli::OptionSpec::count("interval", "MS", "redraw every MS milliseconds (default 1000)"),
        {"once", nullptr, "print one snapshot and exit"},
        cli::OptionSpec::count(
            "top", "N",
            "functions and regions shown (default: what fits the terminal; 20 when "
            "printing once)"),
    }};

namespace {

using text::TextTable;
using Align = TextTable::Align;
using Snapshot = hotline_live_snapshot;

// --- Finding and reading the live file ---

std::string live_path_for_user(uid_t uid, pid_t pid) {
  return fmt::format("/tmp/hotline-{}/{}.live", uid, pid);
}

// Where the runtime of `pid` publishes (runtime/src/live.cpp): $XDG_RUNTIME_DIR/hotline when
// it could use it, else /tmp/hotline-<uid> of the process's user.
std::vector<std::string> live_paths(pid_t pid) {
  std::vector<std::string> paths;
  const char *xdg = std::getenv("XDG_RUNTIME_DIR");
  if (xdg && xdg[0] == '/')
    paths.push_back(fmt::format("{}/hotline/{}.live", xdg, pid));
  struct stat process;
  uid_t uid =
      stat(fmt::format("/proc/{}", pid).c_str(), &process) == 0 ? process.st_uid : geteuid();
  paths.push_back(live_path_for_user(uid, pid));
  return paths;
}

// Whether `pid` is a process that has not ended (a zombie has).
bool process_running(pid_t pid) {
  if (kill(pid, 0) != 0 && errno == ESRCH)
    return false;
  char stat_line[512] = "";
  FILE *f = std::fopen(fmt::format("/proc/{}/stat", pid).c_str(), "r");
  if (!f)
    return true; // no /proc: kill said it exists
  size_t n = std::fread(stat_line, 1, sizeof stat_line - 1, f);
  std::fclose(f);
  stat_line[n] = '\0';
  // "pid (comm) S ...": the state follows the last ')'.
  const char *paren = std::strrchr(stat_line, ')');
  return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

class LiveFile {
public:
  explicit LiveFile(std::string path) : path_(std::move(path)) {
    int fd = open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
      throw std::runtime_error(fmt::format("cannot open {}: {}", path_, std::strerror(errno)));
    struct stat st;
    bool sized = fstat(fd, &st) == 0 && size_t(st.st_size) >= sizeof(Snapshot);
    inode_ = st.st_ino;
    void *mapping =
        sized ? mmap(nullptr, sizeof(Snapshot), PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
    close(fd);
    if (mapping == MAP_FAILED)
      throw std::runtime_error(fmt::format("{} is not a hotline live file (too short)", path_));
    shared_ = static_cast<const Snapshot *>(mapping);
    if (std::memcmp(shared_->magic, HOTLINE_LIVE_MAGIC, sizeof shared_->magic) != 0) {
      munmap(const_cast<Snapshot *>(shared_), sizeof(Snapshot));
      throw std::runtime_error(fmt::format("{} is not a hotline live file", path_));
    }
  }
  ~LiveFile() { munmap(const_cast<Snapshot *>(shared_), sizeof(Snapshot)); }
  LiveFile(const LiveFile &) = delete;
  LiveFile &operator=(const LiveFile &) = delete;

  // A snapshot that the writer did not change while it was copied (live_format.h).
  Snapshot read() const {
    Snapshot copy;
    for (int attempt = 0;; ++attempt) {
      uint64_t before = __atomic_load_n(&shared_->sequence, __ATOMIC_ACQUIRE);
      if (before % 2 == 0) {
        std::memcpy(&copy, shared_, sizeof copy);
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (__atomic_load_n(&shared_->sequence, __ATOMIC_RELAXED) == before)
          break;
      }
      if (attempt == 1000)
        throw std::runtime_error(fmt::format("{}: the writer never finished a snapshot", path_));
      usleep(100);
    }
    if (copy.version != HOTLINE_LIVE_VERSION || copy.size != sizeof(Snapshot))
      throw std::runtime_error(
          fmt::format("{} is a live file of version {}; this hotline reads version {}", path_,
                      copy.version, HOTLINE_LIVE_VERSION));
    copy.program[sizeof copy.program - 1] = '\0';
    return copy;
  }

  // Whether the runtime removed the file (its process wrote its profile).
  bool removed() const {
    struct stat st;
    return stat(path_.c_str(), &st) != 0 || st.st_ino != inode_;
  }

  const std::string &path() const { return path_; }

private:
  std::string path_;
  ino_t inode_ = 0;
  const Snapshot *shared_ = nullptr;
};

pid_t parse_pid(const std::string &text) {
  bool digits = !text.empty() && text.size() <= 9 &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  long pid = digits ? std::strtol(text.c_str(), nullptr, 10) : 0;
  if (pid <= 0)
    throw cli::UsageError(fmt::format("top: '{}' is not a process id", text::printable(text)));
  return pid_t(pid);
}

std::string opened_path(pid_t pid) {
  std::vector<std::string> paths = live_paths(pid);
  for (const std::string &path : paths)
    if (access(path.c_str(), F_OK) == 0)
      return path;
  if (!process_running(pid))
    throw std::runtime_error(fmt::format("no process {} is running", pid));
  std::string tried = paths[0];
  for (size_t i = 1; i < paths.size(); ++i)
    tried += " nor " + paths[i];
  throw std::runtime_error(fmt::format(
      "process {} has no live view: there is no {} (run it with HOTLINE_LIVE=1)", pid, tried));
}

// --- What is shown ---

std::string null_terminated(const char *text, size_t capacity) {
  return text::printable(std::string(text, strnlen(text, capacity)));
}

// "name (file:line)": what tells a function apart, as the reports do.
std::string function_label(const hotline_live_function &f) {
  std::string label = null_terminated(f.name, sizeof f.name);
  if (label.empty())
    label = fmt::format("<site {}>", f.site);
  if (f.file[0])
    label += fmt::format(" ({}:{})", null_terminated(f.file, sizeof f.file), f.line);
  return label;
}

// Cuts `text` to `width` terminal cells (UTF-8 code points), marking the cut with "...".
std::string fit(std::string text, size_t width) {
  if (width < 4 || text::display_width(text) <= width)
    return text;
  size_t cells = 0, i = 0;
  for (; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80 && ++cells > width - 3)
      break;
  return text.substr(0, i) + "...";
}

// The lines of a table, indented, each cut to `width` cells: a terminal would wrap them.
std::string indented(const std::string &lines, size_t width) {
  std::string out;
  for (size_t begin = 0; begin < lines.size();) {
    size_t end = lines.find('\n', begin);
    out += "  " + fit(lines.substr(begin, end - begin), width > 2 ? width - 2 : width) + "\n";
    begin = end + 1;
  }
  return out;
}

// A share, or "-" of nothing.
std::string percent_cell(uint64_t part, uint64_t whole) {
  return whole ? text::format_percent(analysis::percent_of(part, whole)) : "-";
}

struct FunctionRow {
  std::string label;
  bool timing_stopped = false;
  uint64_t calls = 0, self_ns = 0, total_ns = 0;
};

// A snapshot's functions by label: a library loaded again with dlopen gives its functions new
// sites, and each stays one row.
std::map<std::string, FunctionRow> rows_by_label(const Snapshot &snapshot) {
  std::map<std::string, FunctionRow> rows;
  for (uint32_t i = 0; i < snapshot.function_count && i < HOTLINE_LIVE_MAX_FUNCTIONS; ++i) {
    const hotline_live_function &f = snapshot.functions[i];
    std::string label = function_label(f);
    FunctionRow &row = rows[label];
    row.label = label;
    row.timing_stopped |= (f.flags & HOTLINE_LIVE_TIMING_STOPPED) != 0;
    row.calls += f.calls;
    row.self_ns += f.self_ns;
    row.total_ns += f.total_ns;
  }
  return rows;
}

// The functions' figures between two snapshots. A function listed now but not before had
// none before only if the earlier snapshot listed every function; otherwise it is left out.
std::vector<FunctionRow> interval_rows(const Snapshot &before, const Snapshot &now) {
  std::map<std::string, FunctionRow> earlier = rows_by_label(before);
  bool before_complete = before.function_count >= before.functions_seen;
  auto minus = [](uint64_t a, uint64_t b) { return a > b ? a - b : 0; };
  std::vector<FunctionRow> rows;
  for (auto &[label, row] : rows_by_label(now)) {
    auto found = earlier.find(label);
    if (found == earlier.end() && !before_complete)
      continue;
    if (found != earlier.end()) {
      row.calls = minus(row.calls, found->second.calls);
      row.self_ns = minus(row.self_ns, found->second.self_ns);
      row.total_ns = minus(row.total_ns, found->second.total_ns);
    }
    if (row.calls || row.self_ns || row.total_ns)
      rows.push_back(row);
  }
  return rows;
}

std::vector<FunctionRow> since_start_rows(const Snapshot &now) {
  std::vector<FunctionRow> rows;
  for (auto &[label, row] : rows_by_label(now))
    rows.push_back(row);
  return rows;
}

// Hottest first: self time, then total time, then calls (then a fixed order).
void sort_hottest(std::vector<FunctionRow> &rows) {
  std::sort(rows.begin(), rows.end(), [](const FunctionRow &a, const FunctionRow &b) {
    if (a.self_ns != b.self_ns)
      return a.self_ns > b.self_ns;
    if (a.total_ns != b.total_ns)
      return a.total_ns > b.total_ns;
    if (a.calls != b.calls)
      return a.calls > b.calls;
    return a.label < b.label;
  });
}

std::string functions_table(std::vector<FunctionRow> rows, uint64_t wall_ns, size_t limit,
                            size_t width) {
  sort_hottest(rows);
  if (rows.empty())
    return "  (no calls)\n";
  TextTable table({{"self", Align::Right},
                   {"share", Align::Right},
                   {"total", Align::Right},
                   {"calls", Align::Right},
                   {"function", Align::Left}});
  size_t shown = std::min(rows.size(), limit);
  for (size_t i = 0; i < shown; ++i) {
    const FunctionRow &r = rows[i];
    table.add_row({text::format_duration(r.self_ns), percent_cell(r.self_ns, wall_ns),
                   text::format_duration(r.total_ns), text::format_count(r.calls),
                   r.timing_stopped ? r.label + " *" : r.label});
  }
  std::string out = indented(table.render(), width);
  if (rows.size() > shown)
    out += fmt::format("  ... and {} more\n", rows.size() - shown);
  return out;
}

std::string regions_table(const Snapshot &now, size_t limit, size_t width) {
  if (now.region_count == 0)
    return "  (no regions)\n";
  TextTable table({{"time", Align::Right},
                   {"share", Align::Right},
                   {"entries", Align::Right},
                   {"region", Align::Left}});
  size_t shown = std::min<size_t>({now.region_count, HOTLINE_LIVE_MAX_REGIONS, limit});
  for (size_t i = 0; i < shown; ++i) {
    const hotline_live_region &r = now.regions[i];
    table.add_row({text::format_duration(r.time_ns), percent_cell(r.time_ns, now.elapsed_ns),
                   text::format_count(r.entries), null_terminated(r.name, sizeof r.name)});
  }
  std::string out = indented(table.render(), width);
  if (now.regions_seen > shown)
    out += fmt::format("  ... and {} more\n", now.regions_seen - shown);
  return out;
}

std::string header(const Snapshot &now, uint64_t cpu_ns, uint64_t wall_ns) {
  std::string out = fmt::format("hotline top: {}, pid {}", text::printable(now.program), now.pid);
  if (now.flags & HOTLINE_LIVE_JOB)
    out += fmt::format(", rank {} of {}", now.rank, now.world_size);
  out += fmt::format(", running {}, {} thread{}, CPU {}\n", text::format_duration(now.elapsed_ns),
                     now.thread_count, now.thread_count == 1 ? "" : "s",
                     percent_cell(cpu_ns, wall_ns));
  if (now.flags & HOTLINE_LIVE_HEAP_TRACKED)
    out += fmt::format("heap: {} in use, peak {}\n", text::format_bytes(now.heap_live_bytes),
                       text::format_bytes(now.heap_peak_bytes));
  else
    out += "heap: not tracked (HOTLINE_MEMORY=0)\n";
  if (!(now.flags & HOTLINE_LIVE_NO_GPU_DATA))
    out += fmt::format("GPU: {} kernels, {}\n", text::format_count(now.gpu_kernels),
                       text::format_duration(now.gpu_kernel_ns));
  else if (now.flags & HOTLINE_LIVE_CUDA_USED)
    out += "GPU: no data (the program uses CUDA: its GPU work is in the profile at exit)\n";
  else
    out += "GPU: no data\n";
  return out;
}

bool any_timing_stopped(const Snapshot &now) {
  for (uint32_t i = 0; i < now.function_count && i < HOTLINE_LIVE_MAX_FUNCTIONS; ++i)
    if (now.functions[i].flags & HOTLINE_LIVE_TIMING_STOPPED)
      return true;
  return false;
}

const char *kStoppedNote =
    "* too short to time: calls counted, later time estimated at the timed calls' mean\n";

// The view since start, as printed once.
std::string once_view(const Snapshot &now, size_t limit) {
  std::string out = header(now, now.cpu_ns, now.elapsed_ns);
  out += "\nHottest functions since start\n";
  out += functions_table(since_start_rows(now), now.elapsed_ns, limit, SIZE_MAX);
  out += "\nRegions since start\n";
  out += regions_table(now, limit, SIZE_MAX);
  if (any_timing_stopped(now))
    out += fmt::format("\n{}", kStoppedNote);
  return out;
}

// The terminal's view: the last interval (between `before` and `now`), since start, regions;
// fitted to `rows` lines of `width` cells.
std::string screen_view(const Snapshot &before, const Snapshot &now, size_t limit, size_t rows,
                        size_t width) {
  uint64_t interval_ns =
      now.elapsed_ns > before.elapsed_ns ? now.elapsed_ns - before.elapsed_ns : 0;
  bool have_interval = now.snapshots != before.snapshots;
  std::vector<FunctionRow> recent =
      have_interval ? interval_rows(before, now) : std::vector<FunctionRow>{};
  std::vector<FunctionRow> all = since_start_rows(now);
  if (limit == 0) {
    // Three tables of a title and a heading each, the header, blank lines and the footer.
    size_t fixed = 4 + 3 * 3 + 3 + 2;
    size_t room = rows > fixed + 3 ? rows - fixed : 3;
    limit = std::max<size_t>(1, room / 3);
  }
  std::string out = header(now, now.cpu_ns - std::min(now.cpu_ns, before.cpu_ns), interval_ns);
  out += have_interval
             ? fmt::format("\nHottest functions, last {}\n", text::format_duration(interval_ns))
             : std::string("\nHottest functions, last interval (waiting for the next snapshot)\n");
  out += have_interval ? functions_table(recent, interval_ns, limit, width) : "\n";
  out += "\nHottest functions since start\n";
  out += functions_table(all, now.elapsed_ns, limit, width);
  out += "\nRegions since start\n";
  out += regions_table(now, limit, width);
  out += fmt::format("\n{}q: quit   (program's snapshots every {})\n",
                     any_timing_stopped(now) ? kStoppedNote : "",
                     text::format_duration(now.period_ns));
  return out;
}

// --- The terminal ---

volatile sig_atomic_t g_signal = 0;

void on_signal(int signal) { g_signal = signal; }

// Keys are read one at a time without echo while the view runs; the terminal's settings and
// the program's signal actions come back when it ends, also on SIGINT, SIGTERM and SIGHUP.
class TerminalSession {
public:
  TerminalSession() {
    keys_ = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved_) == 0;
    if (keys_) {
      termios raw = saved_;
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO);
      raw.c_cc[VMIN] = 0;
      raw.c_cc[VTIME] = 0;
      tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    struct sigaction action{};
    action.sa_handler = on_signal; // no SA_RESTART: poll returns at once
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < std::size(kSignals); ++i)
      sigaction(kSignals[i], &action, &saved_actions_[i]);
    std::fputs("\x1b[?25l", stdout); // hide the cursor
  }
  ~TerminalSession() {
    std::fputs("\x1b[?25h", stdout);
    std::fflush(stdout);
    if (keys_)
      tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
    for (size_t i = 0; i < std::size(kSignals); ++i)
      sigaction(kSignals[i], &saved_actions_[i], nullptr);
  }
  TerminalSession(const TerminalSession &) = delete;
  TerminalSession &operator=(const TerminalSession &) = delete;

  // Waits up to `ms` for a key; true when it was 'q'.
  bool wait_for_quit(int ms) {
    for (uint64_t end = now_ms() + uint64_t(ms); !g_signal;) {
      uint64_t now = now_ms();
      if (now >= end)
        return false;
      pollfd input{STDIN_FILENO, POLLIN, 0};
      int ready = poll(&input, keys_ ? 1 : 0, int(end - now));
      if (ready > 0) {
        char key = 0;
        if (read(STDIN_FILENO, &key, 1) == 1 && (key == 'q' || key == 'Q'))
          return true;
        if (input.revents & (POLLHUP | POLLERR | POLLNVAL))
          keys_ = false; // no more keys: wait on the clock alone
      }
    }
    return false;
  }

  static void size(size_t *rows, size_t *columns) {
    winsize ws{};
    bool known = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0;
    *rows = known ? ws.ws_row : 24;
    *columns = known ? ws.ws_col : 80;
  }

private:
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
  static uint64_t now_ms() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000 + uint64_t(ts.tv_nsec) / 1000000;
  }
  bool keys_ = false;
  termios saved_{};
  struct sigaction saved_actions_[std::size(kSignals)];
};

bool ended(const LiveFile &file, const Snapshot &now) {
  return (now.flags & HOTLINE_LIVE_ENDED) || file.removed() || !process_running(pid_t(now.pid));
}

std::string ended_line(const Snapshot &last) {
  return fmt::format("hotline top: {} (pid {}) ended after {}\n", text::printable(last.program),
                     last.pid, text::format_duration(last.elapsed_ns));
}

// Until the program's first snapshot (it publishes an empty one at start), for up to two of
// its periods and a second.
Snapshot first_snapshot(const LiveFile &file) {
  Snapshot now = file.read();
  for (uint64_t waited_ms = 0;
       now.snapshots == 0 && !ended(file, now) && waited_ms < 2 * now.period_ns / 1000000 + 1000;
       waited_ms += 10) {
    usleep(10000);
    now = file.read();
  }
  return now;
}

int watch(const LiveFile &file, uint64_t interval_ms, size_t limit) {
  Snapshot shown = first_snapshot(file), before = shown;
  bool gone = false;
  {
    TerminalSession terminal;
    for (;;) {
      Snapshot now = file.read();
      if (ended(file, now)) {
        shown = now;
        gone = true;
        break;
      }
      if (now.snapshots != shown.snapshots) {
        before = shown;
        shown = now;
      }
      size_t rows, columns;
      TerminalSession::size(&rows, &columns);
      std::string screen = screen_view(before, shown, limit, rows, columns);
      // Home, then each line cleared to its end and the rest of the screen below the view.
      std::string frame = "\x1b[H";
      for (size_t begin = 0; begin < screen.size();) {
        size_t end = screen.find('\n', begin);
        frame += screen.substr(begin, end - begin) + "\x1b[K\n";
        begin = end + 1;
      }
      frame += "\x1b[J";
      std::fputs(frame.c_str(), stdout);
      std::fflush(stdout);
      if (terminal.wait_for_quit(int(interval_ms)) || g_signal)
        break;
    }
  }
  if (g_signal) {
    // Ended by a signal: the terminal is restored, now end as the signal would have.
    int signal = g_signal;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
  if (gone)
    fmt::print("{}", ended_line(shown));
  return 0;
}

} // namespace

int run_top(const cli::ParsedArgs &parsed) {
  if (parsed.positional.size() != 1)
    throw cli::UsageError(
        fmt::format("top: expected one process id (usage: {})", kTopCommand.usage));
  pid_t pid = parse_pid(parsed.positional[0]);
  uint64_t interval_ms = 1000;
  if (std::optional<uint64_t> interval = parsed.count("interval")) {
    interval_ms = *interval;
    if (interval_ms < 10 || interval_ms > 3600000)
      throw cli::UsageError(fmt::format(
          "invalid value '{}' for --interval: expected 10 to 3600000 milliseconds", *interval));
  }
  bool once = parsed.has("once") || !isatty(STDOUT_FILENO);
  size_t limit = cli::top_option(parsed, once ? 20 : 0);
  if (limit == 0 && once)
    limit = SIZE_MAX;

  LiveFile file(opened_path(pid));
  Snapshot now = file.read();
  if (now.pid != uint64_t(pid) || !process_running(pid))
    throw std::runtime_error(
        fmt::format("process {} is not running ({} is left from it)", pid, file.path()));
  if (now.flags & HOTLINE_LIVE_ENDED)
    throw std::runtime_error(fmt::format("process {} has ended", pid));
  if (once) {
    fmt::print("{}", once_view(first_snapshot(file), limit));
    return 0;
  }
  return watch(file, interval_ms, limit);
}

} // namespace hotline
