// The runtime's snapshot of mapped objects: a sampled address becomes (object, address in
// the object's file), as a symbolizer needs it.
#include "loaded_objects.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <link.h>
#include <string>
#include <unistd.h>

// Exported (the test is linked with ENABLE_EXPORTS), so dladdr1 finds its symbol.
extern "C" __attribute__((noinline, used)) int hotline_test_exported_function(int x) {
  return x * 3 + 1;
}

namespace hotline::test {
namespace {

using rt::LoadedObjects;

// The value of the ELF symbol at `address` in its object's file: what the object-relative
// address of its first instruction must be.
uint64_t symbol_value(void *address, Dl_info &info) {
  void *symbol = nullptr;
  if (!dladdr1(address, &info, &symbol, RTLD_DL_SYMENT) || !symbol)
    return UINT64_MAX;
  return static_cast<const ElfW(Sym) *>(symbol)->st_value;
}

// A library the runtime loads for itself is the profiler's; one the program had loaded is not.
TEST(LoadedObjects, ProfilerLibrariesAreThoseTheRuntimeLoadedFirst) {
  void *already = rt::open_profiler_library("libc.so.6");
  ASSERT_NE(already, nullptr);
  link_map *map = nullptr;
  ASSERT_EQ(dlinfo(already, RTLD_DI_LINKMAP, &map), 0);
  EXPECT_FALSE(rt::is_profiler_library(map->l_addr));
  ASSERT_EQ(dlopen("libutil.so.1", RTLD_NOW | RTLD_NOLOAD), nullptr)
      << "the test needs a library not loaded yet";
  void *own = rt::open_profiler_library("libutil.so.1");
  ASSERT_NE(own, nullptr);
  ASSERT_EQ(dlinfo(own, RTLD_DI_LINKMAP, &map), 0);
  EXPECT_TRUE(rt::is_profiler_library(map->l_addr));
  EXPECT_EQ(rt::open_profiler_library("libhotline-no-such-library.so"), nullptr);
}

TEST(LoadedObjects, ListsTheExecutableFirstWithNoName) {
  LoadedObjects objects;
  ASSERT_TRUE(objects.collect());
  ASSERT_GE(objects.count(), 2u);
  EXPECT_STREQ(objects.path(0), "");
}

// The executable's build id, as its note in memory has it: the linker's SHA-1, 40 hex digits,
// the same that `readelf -n` prints for the file (checked against the file in
// test/e2e/stale-binary.cpp's way: hotline compares it with the file's).
TEST(LoadedObjects, ReadsTheBuildIdsOfTheObjects) {
  LoadedObjects objects;
  ASSERT_TRUE(objects.collect());
  std::string id = objects.build_id(0);
  EXPECT_EQ(id.size(), 40u) << id;
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
  bool vdso = false;
  for (uint32_t i = 0; i < objects.count(); ++i)
    vdso |= std::string(objects.path(i)) == "linux-vdso.so.1";
  EXPECT_TRUE(vdso);
}

TEST(LoadedObjects, MapsAFunctionOfTheExecutableToItsAddressInTheFile) {
  LoadedObjects objects;
  ASSERT_TRUE(objects.collect());
  auto *function = reinterpret_cast<char *>(&hotline_test_exported_function);
  Dl_info info;
  uint64_t expected = symbol_value(function, info);
  ASSERT_NE(expected, UINT64_MAX);
  // An address inside the function, as a sample would be.
  uint64_t pc = reinterpret_cast<uint64_t>(function) + 2;
  uint32_t object = objects.find(pc);
  ASSERT_EQ(object, 0u);
  EXPECT_EQ(pc - objects.load_address(object), expected + 2);
}

TEST(LoadedObjects, MapsAFunctionOfALibraryToThatLibrary) {
  LoadedObjects objects;
  ASSERT_TRUE(objects.collect());
  // Looked up in libc itself: in a non-PIE executable &getpid could be a PLT stub.
  void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(libc, nullptr);
  void *function = dlsym(libc, "getpid");
  ASSERT_NE(function, nullptr);
  Dl_info info;
  uint64_t expected = symbol_value(function, info);
  ASSERT_NE(expected, UINT64_MAX);
  uint32_t object = objects.find(reinterpret_cast<uint64_t>(function));
  ASSERT_NE(object, HOTLINE_NO_OBJECT);
  EXPECT_STREQ(objects.path(object), info.dli_fname);
  EXPECT_EQ(reinterpret_cast<uint64_t>(function) - objects.load_address(object), expected);
  dlclose(libc);
}

TEST(LoadedObjects, FindsNoObjectForAddressesOutsideThem) {
  LoadedObjects objects;
  ASSERT_TRUE(objects.collect());
  int on_stack = 0;
  EXPECT_EQ(objects.find(16), HOTLINE_NO_OBJECT);
  EXPECT_EQ(objects.find(reinterpret_cast<uint64_t>(&on_stack)), HOTLINE_NO_OBJECT);
}

} // namespace
} // namespace hotline::test
