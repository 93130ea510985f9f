// `hotline config`: what to add to any build to profile it with this hotline: the plugin, the
// compile flags, the link flags, the clang they are for. Paths are those of the installation
// this hotline belongs to (<prefix>/bin/hotline next to <prefix>/lib/hotline/), else of the
// build tree it was built in.
#include "cli/options.h"
#include "commands/commands.h"

#include <fmt/format.h>

#include <climits>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#if !defined(HOTLINE_BUILD_PLUGIN) || !defined(HOTLINE_BUILD_RUNTIME) ||                           \
    !defined(HOTLINE_BUILD_RUNTIME_SHARED) || !defined(HOTLINE_BUILD_INCLUDE) ||                   \
    !defined(HOTLINE_BUILD_DYNAMIC_LIST) || !defined(HOTLINE_LLVM_VERSION) ||                      \
    !defined(HOTLINE_CLANG) || !defined(HOTLINE_CLANGXX)
#error "the build tree's paths and the clang hotline is built for must come from CMake"
#endif

namespace hotline {

const cli::CommandSpec kConfigCommand = {
    "config",
    "hotline config [options]",
    "Prints what to add to a build to profile it with this hotline, on one line in\n"
    "the order asked (all of it, labelled, without options):\n"
    "  CFLAGS  += $(hotline config --cflags)     # every file to profile\n"
    "  LDFLAGS += $(hotline config --ldflags)    # the executable\n"
    "The plugin works only inside the clang it was built for (--clang, --clangxx).\n"
    "The paths are those of the installation this hotline is part of, or of the\n"
    "build tree it was built in.",
    {
        {"plugin", nullptr, "the plugin to pass to -fplugin="},
        {"cflags", nullptr, "compile flags: the plugin and the include directory"},
        {"ldflags", nullptr, "link flags: the static runtime, whole, with its ABI exported"},
        {"ldflags-shared", nullptr, "link flags for the shared runtime instead"},
        {"clang", nullptr, "the C compiler the plugin is built for"},
        {"clangxx", nullptr, "the C++ compiler the plugin is built for"},
        {"prefix", nullptr, "the installation prefix (nothing in a build tree)"},
        {"version", nullptr, "hotline's version and the LLVM it is built for"},
    }};

namespace {

struct Layout {
  std::string prefix; // empty in a build tree
  std::string plugin;
  std::string include_dir;
  std::string runtime;        // libhotline_rt.a
  std::string runtime_shared; // libhotline_rt.so
  std::string dynamic_list;   // the runtime's ABI, to export from executables
};

bool is_file(const std::string &path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::string own_directory() {
  char path[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (length <= 0)
    return ".";
  std::string exe(path, static_cast<size_t>(length));
  return exe.substr(0, exe.rfind('/'));
}

// <prefix>/bin/hotline finds <prefix>/lib/hotline/HotlinePlugin.so; a hotline that is not
// installed uses the files of the build tree it came from.
Layout find_layout() {
  std::string bin = own_directory();
  std::string prefix = bin.substr(0, bin.rfind('/'));
  if (prefix.empty())
    prefix = "/";
  std::string installed_plugin = prefix + "/lib/hotline/HotlinePlugin.so";
  if (bin.size() > 4 && bin.compare(bin.size() - 4, 4, "/bin") == 0 && is_file(installed_plugin))
    return {prefix,
            installed_plugin,
            prefix + "/include",
            prefix + "/lib/libhotline_rt.a",
            prefix + "/lib/libhotline_rt.so",
            prefix + "/lib/hotline/abi.dynamic-list"};
  return {"",
          HOTLINE_BUILD_PLUGIN,
          HOTLINE_BUILD_INCLUDE,
          HOTLINE_BUILD_RUNTIME,
          HOTLINE_BUILD_RUNTIME_SHARED,
          HOTLINE_BUILD_DYNAMIC_LIST};
}

std::string cflags(const Layout &layout) {
  return fmt::format("-fplugin={} -I{}", layout.plugin, layout.include_dir);
}

// Whole: the runtime's allocator, I/O and lock hooks are found by no undefined symbol.
// Exported: instrumented libraries the program dlopens find the runtime in it.
std::string ldflags(const Layout &layout) {
  return fmt::format("-Wl,--push-state,--whole-archive {} -Wl,--pop-state "
                     "-Wl,--dynamic-list={} -lpthread -ldl",
                     layout.runtime, layout.dynamic_list);
}

std::string ldflags_shared(const Layout &layout) {
  std::string lib = layout.runtime_shared.substr(0, layout.runtime_shared.rfind('/'));
  return fmt::format("-L{0} -lhotline_rt -Wl,-rpath,{0}", lib);
}

std::string version_line() {
  return fmt::format("hotline {} for LLVM and Clang {}", kVersion, HOTLINE_LLVM_VERSION);
}

std::string value_of(const std::string &option, const Layout &layout) {
  if (option == "plugin")
    return layout.plugin;
  if (option == "cflags")
    return cflags(layout);
  if (option == "ldflags")
    return ldflags(layout);
  if (option == "ldflags-shared")
    return ldflags_shared(layout);
  if (option == "clang")
    return HOTLINE_CLANG;
  if (option == "clangxx")
    return HOTLINE_CLANGXX;
  if (option == "prefix")
    return layout.prefix;
  return version_line();
}

} // namespace

int run_config(const cli::ParsedArgs &parsed) {
  if (!parsed.positional.empty())
    throw cli::UsageError(fmt::format("config: unexpected argument '{}' (usage: {})",
                                      parsed.positional[0], kConfigCommand.usage));
  Layout layout = find_layout();
  // In the order given on the command line.
  std::string line;
  for (const std::string &arg : parsed.arguments) {
    size_t name = arg.find_first_not_of('-');
    std::string option = name == std::string::npos ? "" : arg.substr(name);
    if (!parsed.has(option))
      continue;
    line += (line.empty() ? "" : " ") + value_of(option, layout);
  }
  if (!line.empty()) {
    fmt::print("{}\n", line);
    return 0;
  }
  fmt::print("{}\n", version_line());
  for (const char *option :
       {"prefix", "plugin", "clang", "clangxx", "cflags", "ldflags", "ldflags-shared"})
    if (option != std::string("prefix") || !layout.prefix.empty())
      fmt::print("{:<15} {}\n", option, value_of(option, layout));
  return 0;
}

} // namespace hotline
