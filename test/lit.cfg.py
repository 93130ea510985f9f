# lit configuration for hotline: substitutions named for what they do, and feature flags.
import glob
import os
import shutil
import subprocess

import lit.formats

config.name = "hotline"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".c", ".cpp", ".cu", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "fuzz"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hotline_obj_root, "test")

# A test that hangs fails after 20 minutes, with its processes killed, instead of holding the
# whole run (lit needs python3-psutil to find and kill a test's processes). The slowest test,
# e2e/googletest.test, takes about 10 minutes on a 2-core CI machine beside the others.
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = 1200
except ImportError:
    lit_config.note("python3-psutil is missing: tests run without a time limit")

# Tests run with a clean, predictable environment: no inherited HOTLINE_* settings.
for name in list(os.environ):
    if name.startswith("HOTLINE_"):
        del os.environ[name]
config.environment["HOTLINE_QUIET"] = "1"
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, os.environ.get("PATH", "")])

# Compile (and, when linking, link the static runtime and export its ABI so dlopen'ed
# instrumented libraries find it). -Wl, flags are ignored with -c.
# Release builds of clang skip the IR verifier; the tests run it after the whole pipeline, so
# that IR the plugin broke fails the test instead of miscompiling quietly.
hotline_cflags = "-fplugin={} -I{} -fverify-intermediate-code".format(config.hotline_plugin,
                                                                     config.hotline_include)
def link_runtime(archive):
    return "-Wl,--push-state,--whole-archive {} -Wl,--pop-state -Wl,--export-dynamic-symbol=__hotline_*".format(archive)


hotline_ldflags = link_runtime(config.hotline_rt_static)
compile_and_link = "{} {} -Wno-unused-command-line-argument".format(hotline_cflags, hotline_ldflags)
config.substitutions.append(("%clangxx_hotline", "{} {}".format(config.clangxx, compile_and_link)))
config.substitutions.append(("%clang_hotline", "{} {}".format(config.clang, compile_and_link)))
config.substitutions.append(("%hotline_cflags", hotline_cflags))
config.substitutions.append(("%hotline_ldflags", hotline_ldflags))
# The same with a sanitizer, program and runtime alike (runtime/CMakeLists.txt: these runtime
# builds have no heap, I/O or sync hooks). A sanitizer's report fails the program.
for feature, flags, runtime in [
        ("asan-ubsan", "-fsanitize=address,undefined -fno-sanitize-recover=all", config.hotline_rt_asan_ubsan),
        ("tsan", "-fsanitize=thread", config.hotline_rt_tsan)]:
    if runtime and os.path.exists(runtime):
        config.available_features.add(feature)
    config.substitutions.append(("%clangxx_{}_hotline".format(feature.replace("-", "_")), "{} {} {} {} -Wno-unused-command-line-argument".format(
        config.clangxx, hotline_cflags, flags, link_runtime(runtime))))
config.substitutions.append(("%clangxx_plain", config.clangxx))
config.substitutions.append(("%clang_plain", config.clang))
config.substitutions.append(("%hotline_plugin", config.hotline_plugin))
config.substitutions.append(("%hotline_rt_shared_path", config.hotline_rt_shared))
config.substitutions.append(("%hotline_rt_shared", "{} -Wl,-rpath,{}".format(
    config.hotline_rt_shared, os.path.dirname(config.hotline_rt_shared))))
config.substitutions.append(("%hotline_rt_static", config.hotline_rt_static))
config.substitutions.append(("%hotline_include", config.hotline_include))
config.substitutions.append(("%hotline", config.hotline_tool))
# hotline-advise, beside hotline (tools/advise/): built where Clang's libclang-cpp is.
advise_tool = os.path.join(os.path.dirname(config.hotline_tool), "hotline-advise")
config.substitutions.append(("%advise", advise_tool))
if os.path.exists(advise_tool):
    config.available_features.add("advise")
# clang-apply-replacements (clang-tools-N), which applies the YAML that advise --export-fixes writes.
apply_replacements = shutil.which("clang-apply-replacements-{}".format(config.llvm_version_major)) or \
    os.path.join(config.llvm_tools_dir, "clang-apply-replacements")
if os.path.exists(apply_replacements):
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang_apply_replacements", apply_replacements))
config.substitutions.append(("%opt", os.path.join(config.llvm_tools_dir, "opt")))
config.substitutions.append(("%llvm_profdata", os.path.join(config.llvm_tools_dir, "llvm-profdata")))
# clang's profile runtime (-fprofile-instr-generate), next to its builtins: Debian ships it in
# libclang-rt-N-dev, which the other supported LLVM may lack. The truth suite compares with it.
try:
    builtins = subprocess.run([config.clang, "--rtlib=compiler-rt", "-print-libgcc-file-name"],
                              capture_output=True, text=True, timeout=60).stdout.strip()
    if builtins and os.path.exists(builtins.replace("builtins", "profile")):
        config.available_features.add("profile-runtime")
except (OSError, subprocess.TimeoutExpired):
    pass
config.substitutions.append(("%llvm_symbolizer", os.path.join(config.llvm_tools_dir, "llvm-symbolizer")))
config.substitutions.append(("%llvm_nm", os.path.join(config.llvm_tools_dir, "llvm-nm")))
config.substitutions.append(("%googletest_src", config.googletest_src))
config.substitutions.append(("%reader_fuzzer", os.path.join(config.hotline_obj_root, "test", "fuzz", "hotline_reader_fuzzer")))
if os.path.exists(os.path.join(config.hotline_obj_root, "test", "fuzz", "hotline_reader_fuzzer")):
    config.available_features.add("reader-fuzzer")
config.substitutions.append(("%build_root", config.hotline_obj_root))
config.substitutions.append(("%src_root", config.hotline_src_root))
config.substitutions.append(("%examples_bin", os.path.join(config.hotline_obj_root, "examples")))

# CUDA sources are compiled by clang itself (the old offload driver: Debian's clang-22 has no
# clang-linker-wrapper). Put -x none before any non-CUDA input that follows %cuda_flags.
config.substitutions.append(("%cuda_flags", "-x cuda --cuda-path=/usr/local/cuda --cuda-gpu-arch=sm_90 "
                             "-Wno-unknown-cuda-version --no-offload-new-driver"))
config.substitutions.append(("%cudart", "-L/usr/local/cuda/lib64 -lcudart -Wl,-rpath,/usr/local/cuda/lib64"))
# Clang 19 cannot parse CUDA 13's headers; 22 can.
if os.path.isdir("/usr/local/cuda") and config.llvm_version_major >= 22:
    config.available_features.add("cuda")
    try:
        if subprocess.run(["nvidia-smi", "-L"], capture_output=True, timeout=20).returncode == 0:
            config.available_features.add("cuda-gpu")
    except (OSError, subprocess.TimeoutExpired):
        pass
if os.path.isdir("/usr/local/cuda/include/nvtx3"):
    config.available_features.add("nvtx")
# The other supported LLVM, when installed: the plugin must refuse to run inside its clang.
for major in (19, 22):
    other_clang = "/usr/lib/llvm-{}/bin/clang".format(major)
    if major != config.llvm_version_major and os.path.exists(other_clang):
        config.available_features.add("other-llvm")
        config.substitutions.append(("%other_llvm_major", str(major)))
        config.substitutions.append(("%other_clang", other_clang))
        config.substitutions.append(("%other_opt", "/usr/lib/llvm-{}/bin/opt".format(major)))
config.substitutions.append(("%llvm_major", str(config.llvm_version_major)))
# Open MPI: its compile and link flags for %clang_hotline, and mpirun as the tests run it (as
# root in containers too; more ranks than cores on CI's 2 cores).
if shutil.which("mpirun") and shutil.which("mpicc"):
    mpi_flags = [subprocess.run(["mpicc", "--showme:" + part], capture_output=True, text=True).stdout.strip()
                 for part in ("compile", "link")]
    if all(mpi_flags):
        config.available_features.add("mpi")
        config.substitutions.append(("%mpi_flags", " ".join(mpi_flags)))
        config.substitutions.append(("%mpirun", "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
                                     "mpirun --oversubscribe"))
# Debian's python3 with its headers (python3-dev): extension modules built with the plugin,
# imported into an uninstrumented interpreter (python-extension.test).
system_python = subprocess.run(["/usr/bin/python3", "-c", "import sysconfig; "
                                "print(sysconfig.get_paths()['include'], sysconfig.get_config_var('EXT_SUFFIX'))"],
                               capture_output=True, text=True) if os.path.exists("/usr/bin/python3") else None
if system_python and system_python.returncode == 0:
    python_include, python_ext_suffix = system_python.stdout.split()
    if os.path.exists(os.path.join(python_include, "Python.h")):
        config.available_features.add("python3-dev")
        config.substitutions.append(("%python_include", python_include))
        config.substitutions.append(("%python_ext_suffix", python_ext_suffix))
        config.substitutions.append(("%system_python", "/usr/bin/python3"))
        # Debian's pybind11-dev and python3-numpy, for an extension as our users write them.
        numpy = subprocess.run(["/usr/bin/python3", "-c", "import numpy"], capture_output=True)
        if os.path.exists("/usr/include/pybind11/pybind11.h") and numpy.returncode == 0:
            config.available_features.add("pybind11-numpy")
        # Debian's python3-pip and python3-setuptools: `pip install .` of an extension.
        pip = subprocess.run(["/usr/bin/python3", "-c", "import setuptools, pip"], capture_output=True)
        if pip.returncode == 0:
            config.available_features.add("python3-pip")
if shutil.which("strace"):
    config.available_features.add("strace")
# perf, where it may sample software events (a container's seccomp policy or
# kernel.perf_event_paranoid can forbid it): the truth suite's time against perf.
if shutil.which("perf"):
    try:
        probe = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", "/dev/null", "true"],
                               capture_output=True, timeout=30)
        if probe.returncode == 0:
            config.available_features.add("perf")
    except (OSError, subprocess.TimeoutExpired):
        pass
if os.path.exists("/usr/lib/x86_64-linux-gnu/libjemalloc.so"):
    config.available_features.add("jemalloc")
if os.path.isdir("/usr/include/eigen3"):
    config.available_features.add("eigen")
if os.path.isdir(config.googletest_src):
    config.available_features.add("googletest-src")
# The readers of `hotline export`'s files (test/tools/export-*.test): valgrind's
# callgrind_annotate, lcov's genhtml, and speedscope (npm) in headless Chromium; and tmux, the
# terminal `hotline top` is tested in (test/e2e/live-top.cpp).
for tool in ["callgrind_annotate", "genhtml", "npm", "chromium", "tmux", "clang-format-22", "git"]:
    if shutil.which(tool):
        config.available_features.add(tool)
# `hotline html` says in its help when it was built without npm (test/tools/html-*.test).
try:
    html_help = subprocess.run([config.hotline_tool, "html", "--help"], capture_output=True, text=True,
                               timeout=20).stdout
    if "built without the HTML report's assets" not in html_help:
        config.available_features.add("html-assets")
except (OSError, subprocess.TimeoutExpired):
    pass

# A real PostgreSQL server for the history's shared store (test/e2e/history/postgresql.test):
# Debian's postgresql, which Inputs/with-postgresql.py starts as the postgres user when run as
# root, and a hotline built with libpq.
if config.hotline_with_postgresql and glob.glob("/usr/lib/postgresql/*/bin/initdb") and (
        os.geteuid() != 0 or (shutil.which("runuser") and subprocess.run(
            ["id", "postgres"], capture_output=True).returncode == 0)):
    config.available_features.add("postgresql")

# The nesting suite (test/nesting): a program's call tree against gdb's or uftrace's.
check_nesting = "python3 {} --hotline {} --hotline-cflags '{}'".format(
    os.path.join(config.test_source_root, "nesting", "Inputs", "check_nesting.py"), config.hotline_tool,
    hotline_cflags)
config.substitutions.append(("%check_nesting_cxx", "{} --cc {} --hotline-cc '{} {}'".format(
    check_nesting, config.clangxx, config.clangxx, compile_and_link)))
config.substitutions.append(("%check_nesting", "{} --cc {} --hotline-cc '{} {}'".format(
    check_nesting, config.clang, config.clang, compile_and_link)))
for tool in ("gdb", "uftrace"):
    if shutil.which(tool):
        config.available_features.add(tool)
