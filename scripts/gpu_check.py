#!/usr/bin/env python3
"""The GPU checks in three steps: build here, run on a machine with a GPU, check here.

  gpu-check.sh build [--as-built] [--folder DIR]   (here: clang-22, CUDA 13, hotline's build)
  gpu-check.sh run [--folder DIR] [--out DIR]      (there: the folder and python3, nothing else)
  gpu-check.sh check DIR                           (here, on what came back in DIR)

`build` compiles every GPU program (PROGRAMS below) into one folder, with the runtime linked in
and CUDA's runtime linked statically; `run` runs each one, plain and instrumented, and times the
CUDA tracing on the bench workloads, into one archive; `check` makes, on that archive, the
checks the `cuda-gpu` lit tests make, with the same expectations: the CHECK lines of the test
files themselves (EXPECTATIONS below names them). docs/cuda.md has the device call.
"""
import argparse
import concurrent.futures
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("HOTLINE_BUILD", os.path.join(ROOT, "build"))
FOLDER = os.path.join(ROOT, "build-gpu-check")
ARCHIVE = "gpu-check.tar.gz"
CUDA = "/usr/local/cuda"
CLANGXX = "clang++-22"
FILECHECK = "/usr/lib/llvm-22/bin/FileCheck"
HOTLINE = os.path.join(BUILD, "tools", "hotline", "hotline")
PLUGIN = os.path.join(BUILD, "plugin", "HotlinePlugin.so")
RUNTIME = os.path.join(BUILD, "runtime", "libhotline_rt.a")
SHARED_RUNTIME = os.path.join(BUILD, "runtime", "libhotline_rt.so")
# Extension modules use the C API's stable ABI (Py_LIMITED_API in the source): built against
# this machine's python3 headers, they import into the GPU machine's python3, whatever 3.x.
PYTHON_INCLUDE = subprocess.run(["python3", "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                                capture_output=True, text=True).stdout.strip()
# As the lit tests compile CUDA (test/lit.cfg.py), but CUDA's runtime is linked statically, so
# that the programs need nothing of this machine's CUDA there.
CUDA_FLAGS = ["-x", "cuda", f"--cuda-path={CUDA}", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
              "--no-offload-new-driver"]
CUDART = {"static": [f"-L{CUDA}/lib64", "-lcudart_static", "-ldl", "-lrt", "-lpthread"],
          "shared": [f"-L{CUDA}/lib64", "-lcudart", "-Wl,-rpath,$ORIGIN/../lib"]}
HOTLINE_FLAGS = [f"-fplugin={PLUGIN}"]
HOTLINE_LINK = ["-x", "none", "-Wl,--push-state,--whole-archive", RUNTIME, "-Wl,--pop-state",
                "-Wl,--export-dynamic-symbol=__hotline_*"]
# What the folder carries besides the programs: CUPTI, for a machine whose CUDA lacks it (the
# runtime tries its build's path first, then libcupti.so on LD_LIBRARY_PATH), and CUDA's
# shared runtime for the one program linked against it.
LIBRARIES = {"libcupti.so": f"{CUDA}/lib64/libcupti.so", "libcudart.so.13": f"{CUDA}/lib64/libcudart.so.13"}
PROGRAM_TIMEOUT_S = 120
TIMING_ROUNDS = 5
TRACING_TARGET = 1.05  # hotline / hotline with HOTLINE_CUDA=0, on gpu_compute


@dataclass
class Program:
    """A program built twice, plain (bin/NAME.plain) and with hotline (bin/NAME), and run both
    ways with ENV and ARGS; `via` says how the hotline build is made."""
    name: str
    sources: list
    env: dict = field(default_factory=dict)
    args: list = field(default_factory=list)
    cudart: str = "static"
    via: str = "plugin"  # or "wrapper": packaging's hotline-clang++, installed from the build;
    # or "python": an extension module (MODULE.abi3.so in bin/NAME/, bin/NAME.plain/) with the
    # shared runtime, which python3 imports and SCRIPT drives
    module: str = ""
    script: str = ""
    timed: bool = False  # a bench workload: timed plain, traced and untraced (TIMING_ROUNDS)


def e2e(name, **kw):
    return Program(name, [f"test/e2e/{name}.cu"], **kw)


PROGRAMS = [
    e2e("cuda-gpu-launches"),
    Program("cuda-gpu-launches-shared-cudart", ["test/e2e/cuda-gpu-launches.cu"], cudart="shared"),
    e2e("cuda-gpu-transfers"),
    e2e("cuda-gpu-idle"),
    e2e("cuda-gpu-sync-wait"),
    e2e("cuda-gpu-memory"),
    e2e("cuda-gpu-regions", env={"HOTLINE_TRACE": "1"}),
    e2e("cuda-gpu-system-samples", env={"HOTLINE_SAMPLE_MS": "20"}),
    e2e("cuda-gpu-no-visible-device", env={"CUDA_VISIBLE_DEVICES": ""}),
    e2e("cuda-gpu-profiler-range", env={"HOTLINE_START": "cudaProfilerApi"}),
    Program("cuda-pipeline", [f"examples/cuda/{s}" for s in ("main.cpp", "dataset.cpp", "preprocess.cpp", "gpu.cu")],
            env={"CUDA_MODULE_LOADING": "EAGER"}, args=["--data-dir", "{rundir}/data"]),
    Program("cuda-wrapper-fill", ["test/packaging/Inputs/fill.cu"], via="wrapper"),
    Program("cuda-gpu-python-extension", ["test/e2e/cuda-gpu-python-extension.cu"], via="python",
            module="hotline_cuda_ext", script="test/e2e/Inputs/python_cuda_ext.py"),
    Program("gpu_launches", ["bench/workloads/gpu_launches.cu"], args=["10"], timed=True),
    # Scale 20: 1.8 s of kernels, so that CUPTI's start (tens of ms, varying) weighs little.
    Program("gpu_compute", ["bench/workloads/gpu_compute.cu"], args=["20"], timed=True),
]
BY_NAME = {p.name: p for p in PROGRAMS}


def log(message):
    print(f"\033[1m==> {message}\033[0m", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# build


def compile_command(program, hotline, output, prefix):
    sources = []
    for source in program.sources:
        path = os.path.join(ROOT, source)
        # CUDA sources after -x cuda; C++ ones after -x c++ (the flags' -x applies onward).
        sources += (CUDA_FLAGS if source.endswith(".cu") else ["-x", "c++"]) + [path]
    # hotline.h compiles to nothing in the plain build.
    common = ["-O2", "-g", "-std=c++17", "-I", os.path.join(ROOT, "runtime", "include"), "-I",
              os.path.join(ROOT, "bench", "workloads")] + sources
    link = CUDART[program.cudart] + ["-o", output]
    if program.via == "python":
        os.makedirs(output, exist_ok=True)
        module = ["-shared", "-fPIC", "-I", PYTHON_INCLUDE] + common + ["-x", "none"]
        link = CUDART[program.cudart] + ["-o", os.path.join(output, program.module + ".abi3.so")]
        if not hotline:
            return [CLANGXX] + module + link
        # The shared runtime from the folder's lib/, which run_program puts on LD_LIBRARY_PATH.
        return [CLANGXX] + HOTLINE_FLAGS + module + [SHARED_RUNTIME] + link
    if not hotline:
        # Nothing reads the plain builds' debug info; the instrumented ones keep theirs: `check`
        # finds the lines of CUDA calls (GPU_SITES addresses) in it, here, at the same path.
        return [CLANGXX] + common + ["-Wl,--strip-debug"] + link
    if program.via == "wrapper":
        return [os.path.join(prefix, "bin", "hotline-clang++")] + common + link
    return [CLANGXX] + HOTLINE_FLAGS + common + HOTLINE_LINK + link


def build(folder, as_built):
    for path in (PLUGIN, RUNTIME, SHARED_RUNTIME, HOTLINE):
        if not os.path.exists(path):
            sys.exit(f"gpu-check: {path} is missing: build hotline first (scripts/test.sh, or drop --as-built)")
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(os.path.join(folder, "bin"))
    os.makedirs(os.path.join(folder, "lib"))
    for name, source in LIBRARIES.items():
        shutil.copyfile(source, os.path.join(folder, "lib", name))
    shutil.copyfile(SHARED_RUNTIME, os.path.join(folder, "lib", os.path.basename(SHARED_RUNTIME)))
    prefix = tempfile.mkdtemp(prefix="hotline-gpu-check-prefix.")
    try:
        subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)
        jobs = [(p, hotline) for p in PROGRAMS for hotline in (True, False)]

        def compile_one(job):
            program, hotline = job
            output = os.path.join(folder, "bin", program.name + ("" if hotline else ".plain"))
            command = compile_command(program, hotline, output, prefix)
            done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            return program.name + ("" if hotline else " (plain)"), command, done

        failed = False
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            for name, command, done in pool.map(compile_one, jobs):
                if done.returncode != 0:
                    failed = True
                    print(f"gpu-check: building {name} failed:\n  {' '.join(command)}\n{done.stderr}", file=sys.stderr)
        if failed:
            sys.exit(1)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(folder) for f in files)
    print(f"built {len(PROGRAMS)} programs, plain and with hotline, in {os.path.relpath(folder, os.getcwd())}: "
          f"{size / (1 << 20):.1f} MiB (what travels is at most 64 MiB)")


# ---------------------------------------------------------------------------------------------
# run


def run_program(folder, program, hotline, rundir, tag, extra_env=None):
    """Runs one build of PROGRAM; its stdout, stderr, exit status and seconds go to
    RUNDIR/TAG.*, its profiles to RUNDIR/TAG.profiles/."""
    binary = os.path.join(folder, "bin", program.name + ("" if hotline else ".plain"))
    profiles = os.path.join(rundir, tag + ".profiles")
    os.makedirs(profiles, exist_ok=True)
    env = dict(os.environ)
    env.update({k: v.format(rundir=rundir) for k, v in program.env.items()})
    env.update(extra_env or {})
    env["HOTLINE_DIR"] = profiles
    env["LD_LIBRARY_PATH"] = os.pathsep.join(filter(None, [os.path.join(folder, "lib"), env.get("LD_LIBRARY_PATH")]))
    args = [a.format(rundir=rundir) for a in program.args]
    if program.via == "python":
        env["PYTHONPATH"] = binary
        binary, args = "python3", [os.path.join(ROOT, program.script)] + args
    start = time.monotonic()
    with open(os.path.join(rundir, tag + ".stdout"), "wb") as out, open(os.path.join(rundir, tag + ".stderr"), "wb") as err:
        try:
            status = subprocess.run([binary] + args, stdout=out, stderr=err, env=env, cwd=rundir,
                                    timeout=PROGRAM_TIMEOUT_S).returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
    seconds = time.monotonic() - start
    with open(os.path.join(rundir, tag + ".status"), "w") as f:
        f.write(f"{status}\n")
    return status, seconds


def run(folder, out):
    if not os.path.isdir(os.path.join(folder, "bin")):
        sys.exit(f"gpu-check: {folder} has no programs: run `scripts/gpu-check.sh build` first")
    if not out:
        sys.exit("gpu-check: where to write? --out DIR, or $OUT")
    os.makedirs(out, exist_ok=True)
    results = tempfile.mkdtemp(prefix="hotline-gpu-check.")
    began = time.monotonic()
    machine = {"uname": platform.uname()._asdict()}
    for what, command in (("gpus", ["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"]),
                          ("nvidia_smi", ["nvidia-smi"])):
        try:
            machine[what] = subprocess.run(command, capture_output=True, text=True, timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired) as e:
            machine[what] = f"({e})"
    table = []
    timings = {}
    for program in PROGRAMS:
        rundir = os.path.join(results, program.name)
        os.makedirs(rundir)
        status, seconds = run_program(folder, program, True, rundir, "hotline")
        plain_status, plain_seconds = run_program(folder, program, False, rundir, "plain")
        table.append((program.name, status, seconds, plain_status, plain_seconds))
        if program.timed:
            timings[program.name] = time_tracing(folder, program, rundir)
        shutil.rmtree(os.path.join(rundir, "data"), ignore_errors=True)  # the example's dataset stays there
    machine["seconds"] = round(time.monotonic() - began, 1)
    with open(os.path.join(results, "machine.json"), "w") as f:
        json.dump(machine, f, indent=1)
    with open(os.path.join(results, "timings.json"), "w") as f:
        json.dump(timings, f, indent=1)
    archive = os.path.join(out, ARCHIVE)
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(results, arcname="gpu-check")
    shutil.rmtree(results)
    print(f"GPU: {machine['gpus'] or '(nvidia-smi found none)'}")
    print(f"{'program':34} {'hotline':>10} {'seconds':>8} {'plain':>10} {'seconds':>8}")
    for name, status, seconds, plain_status, plain_seconds in table:
        print(f"{name:34} {'exit ' + str(status):>10} {seconds:8.2f} {'exit ' + str(plain_status):>10} {plain_seconds:8.2f}")
    for name, t in timings.items():
        print(f"{name}: plain {t['plain']['median']:.3f} s, hotline {t['hotline']['median']:.3f} s, "
              f"HOTLINE_CUDA=0 {t['hotline-no-cuda']['median']:.3f} s (medians of {TIMING_ROUNDS})")
    print(f"wrote {archive} ({os.path.getsize(archive) / (1 << 20):.1f} MiB) in {machine['seconds']} s")


def time_tracing(folder, program, rundir):
    """Wall seconds of the plain build, the hotline build and the hotline build with
    HOTLINE_CUDA=0, TIMING_ROUNDS times each, interleaved in a rotating order."""
    builds = [("plain", False, None), ("hotline", True, None), ("hotline-no-cuda", True, {"HOTLINE_CUDA": "0"})]
    seconds = {name: [] for name, _, _ in builds}
    for round_ in range(TIMING_ROUNDS):
        for name, hotline, env in builds[round_ % 3:] + builds[:round_ % 3]:
            status, s = run_program(folder, program, hotline, rundir, "timing", env)
            seconds[name].append(s if status == 0 else None)
            shutil.rmtree(os.path.join(rundir, "timing.profiles"), ignore_errors=True)
    return {name: {"seconds": s, "median": statistics.median([x for x in s if x is not None] or [0])}
            for name, s in seconds.items()}


# ---------------------------------------------------------------------------------------------
# check


class Checks:
    """Runs the checks on one unpacked archive and prints PASS or FAIL for each."""

    def __init__(self, results):
        self.results = results
        self.failed = []
        self.count = 0
        self.scratch = tempfile.mkdtemp(prefix="hotline-gpu-check-check.")

    def record(self, name, ok, detail=""):
        self.count += 1
        print(f"{'PASS' if ok else 'FAIL'}  {name}" + ("" if ok or not detail else f"\n      {detail.strip()[:3000]}"))
        if not ok:
            self.failed.append(name)

    def path(self, program, *parts):
        return os.path.join(self.results, program, *parts)

    def read(self, program, name):
        with open(self.path(program, name), "rb") as f:
            return f.read().decode(errors="replace")

    def profiles(self, program, tag="hotline"):
        folder = self.path(program, tag + ".profiles")
        return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".hotline"))

    def output(self, name, command, stdin=None):
        done = subprocess.run(command, capture_output=True, text=True, input=stdin, cwd=ROOT)
        return done.returncode, done.stdout, done.stderr

    def filecheck(self, name, text, check_file, *options):
        """FileCheck's verdict on TEXT against the CHECK lines of CHECK_FILE (a lit test)."""
        code, _, err = self.output(name, [FILECHECK, os.path.join(ROOT, check_file), *options], stdin=text)
        self.record(name, code == 0, err)

    def hotline(self, name, *args):
        code, out, err = self.output(name, [HOTLINE, *args])
        if code != 0:
            self.record(name, False, f"hotline {' '.join(args)}: exit {code}\n{err}")
            return None
        return out

    def same_as_plain(self, program):
        hotline = self.read(program, "hotline.stdout") + f"exit {self.read(program, 'hotline.status').strip()}\n"
        plain = self.read(program, "plain.stdout") + f"exit {self.read(program, 'plain.status').strip()}\n"
        self.record(f"{program}: same output and exit status as the plain build", hotline == plain,
                    f"plain:\n{plain}hotline:\n{hotline}")
        return hotline

    def one_profile(self, program, tag="hotline"):
        found = self.profiles(program, tag)
        self.record(f"{program}: one profile written", len(found) == 1, f"{len(found)} profiles; stderr: "
                    f"{self.read(program, tag + '.stderr')}")
        return found[0] if found else None

    def gpu_summary(self, program, profile, test):
        """As the lit tests: `hotline gpu --top 0 --format json`, gpu_summary.py, FileCheck."""
        report = self.hotline(f"{program}: hotline gpu", "gpu", "--top", "0", "--format", "json", profile)
        if report is None:
            return
        json_path = os.path.join(self.scratch, program + ".gpu.json")
        with open(json_path, "w") as f:
            f.write(report)
        source = [os.path.join(ROOT, test)] if test.endswith(".cu") else []
        _, summary, err = self.output(program, [sys.executable, os.path.join(ROOT, "test/e2e/Inputs/gpu_summary.py"),
                                                json_path] + source)
        self.filecheck(f"{program}: {test} (gpu summary)", summary + err, test)

    def report_prefix(self, program, profile, test, prefix, *args):
        report = self.hotline(f"{program}: hotline report", "report", *args, profile)
        if report is not None:
            self.filecheck(f"{program}: {test} ({prefix})", report, test, f"--check-prefix={prefix}")

    def json_helper(self, program, profile, test, helper, prefix="CHECK"):
        report = self.hotline(f"{program}: hotline report --format json", "report", "--format", "json", profile)
        if report is None:
            return
        json_path = os.path.join(self.scratch, program + ".report.json")
        with open(json_path, "w") as f:
            f.write(report)
        _, summary, err = self.output(program, [sys.executable, os.path.join(ROOT, helper), json_path])
        self.filecheck(f"{program}: {test} ({os.path.basename(helper)})", summary + err, test, f"--check-prefix={prefix}")


def traced_statuses(checks):
    """The CUDA status line of each instrumented program's profile."""
    statuses = {}
    for program in PROGRAMS:
        for profile in checks.profiles(program.name):
            code, out, _ = checks.output(program.name, [HOTLINE, "gpu", "--format", "json", profile])
            if code == 0:
                for cuda in json.loads(out).get("cuda", []):
                    statuses[program.name] = cuda["status"]
    return statuses


def check_e2e(c, name, test=None):
    """A cuda-gpu lit test's checks: its program's output (OUT), the gpu summary (CHECK), and
    the report's rules (RULES) where the test has them. Returns the profile, if one was written."""
    test = test or f"test/e2e/{name}.cu"
    stdout = c.same_as_plain(name)
    c.filecheck(f"{name}: {test} (OUT)", stdout, test, "--check-prefix=OUT")
    profile = c.one_profile(name)
    if not profile:
        return
    c.gpu_summary(name, profile, test)
    if "RULES:" in open(os.path.join(ROOT, test)).read():
        c.report_prefix(name, profile, test, "RULES")
    return profile


def check_profiler_range(c):
    name, test = "cuda-gpu-profiler-range", "test/e2e/cuda-gpu-profiler-range.cu"
    profile = check_e2e(c, name)
    if profile:
        c.report_prefix(name, profile, test, "RECORDED")


def check_regions(c):
    name, test = "cuda-gpu-regions", "test/e2e/cuda-gpu-regions.cu"
    c.filecheck(f"{name}: {test} (OUT)", c.same_as_plain(name), test, "--check-prefix=OUT")
    profile = c.one_profile(name)
    if not profile:
        return
    c.json_helper(name, profile, test, "test/e2e/Inputs/gpu_regions.py")
    chrome = os.path.join(c.scratch, "regions.chrome.json")
    if c.hotline(f"{name}: hotline export", "export", "--format", "chrome", profile, "-o", chrome) is not None:
        _, summary, err = c.output(name, [sys.executable, os.path.join(ROOT, "test/tools/Inputs/check-chrome-trace.py"), chrome])
        c.filecheck(f"{name}: {test} (TRACE)", summary + err, test, "--check-prefix=TRACE")


def check_system_samples(c):
    name, test = "cuda-gpu-system-samples", "test/e2e/cuda-gpu-system-samples.cu"
    c.filecheck(f"{name}: {test} (OUT)", c.same_as_plain(name), test, "--check-prefix=OUT")
    profile = c.one_profile(name)
    if profile:
        c.json_helper(name, profile, test, "test/e2e/Inputs/gpu_samples.py")


def check_no_visible_device(c):
    name, test = "cuda-gpu-no-visible-device", "test/e2e/cuda-gpu-no-visible-device.cu"
    c.filecheck(f"{name}: {test} (OUT)", c.same_as_plain(name), test, "--check-prefix=OUT")
    profile = c.one_profile(name)
    if profile:
        text = c.hotline(f"{name}: hotline gpu", "gpu", profile)
        if text is not None:
            c.filecheck(f"{name}: {test} (CHECK)", text, test, "--match-full-lines")


def check_example(c):
    """Both lit tests of the CUDA example: its output and functions, and its GPU problems. The
    instrumented build runs first and writes the dataset, the plain one reads it, as there."""
    name, test, gpu_test = "cuda-pipeline", "test/e2e/example-cuda.test", "test/e2e/example-cuda-gpu.test"
    c.filecheck(f"{name}: {test} (OUT, OUT-GPU)", c.same_as_plain(name), test, "--check-prefixes=OUT,OUT-GPU")
    profile = c.one_profile(name)
    if profile:
        c.report_prefix(name, profile, test, "CHECK")
        c.gpu_summary(name, profile, gpu_test)
        c.report_prefix(name, profile, gpu_test, "REPORT")
        c.report_prefix(name, profile, gpu_test, "RULES")


def check_wrapper(c):
    name, test = "cuda-wrapper-fill", "test/packaging/cuda-wrapper.test"
    c.filecheck(f"{name}: {test} (ON-GPU-OUT)", c.same_as_plain(name), test, "--check-prefix=ON-GPU-OUT")
    profile = c.one_profile(name)
    if profile:
        c.report_prefix(name, profile, test, "MAIN", "--format", "json")
        text = c.hotline(f"{name}: hotline gpu", "gpu", profile)
        if text is not None:
            c.filecheck(f"{name}: {test} (ON-GPU)", text, test, "--check-prefix=ON-GPU")


# The bench workloads have no lit test: their expectations are here. Rules by name, that must
# (True) or must not (False) fire in `hotline report`.
BENCH_RULES = {"gpu_launches": {"tiny-kernels": True},
               "gpu_compute": {"tiny-kernels": False, "gpu-idle": False}}


def check_bench(c, timings):
    for name, rules in BENCH_RULES.items():
        c.same_as_plain(name)
        profile = c.one_profile(name)
        if profile:
            report = c.hotline(f"{name}: hotline report", "report", profile)
            if report is not None:
                for rule, fires in rules.items():
                    c.record(f"{name}: [{rule}] {'fires' if fires else 'does not fire'}",
                             (f"[{rule}]" in report) == fires, report)
        t = timings.get(name)
        if not t:
            c.record(f"{name}: timed", False, "no timings in the archive")
            continue
        runs = all(s is not None for b in t.values() for s in b["seconds"])
        c.record(f"{name}: every timed run exited 0", runs, json.dumps(t))
        ratio = t["hotline"]["median"] / t["hotline-no-cuda"]["median"] if t["hotline-no-cuda"]["median"] else 0
        overall = t["hotline"]["median"] / t["plain"]["median"] if t["plain"]["median"] else 0
        figures = (f"CUDA tracing {ratio:.3f}x (hotline {t['hotline']['median']:.3f} s / HOTLINE_CUDA=0 "
                   f"{t['hotline-no-cuda']['median']:.3f} s); hotline / plain {overall:.3f}x")
        if name == "gpu_compute":
            c.record(f"{name}: CUDA tracing <= {TRACING_TARGET:.2f}x: {figures}", 0 < ratio <= TRACING_TARGET, figures)
        else:
            print(f"      {name}: {figures}")


def check(directory):
    archive = os.path.join(directory, ARCHIVE) if os.path.isdir(directory) else directory
    if not os.path.isfile(archive):
        sys.exit(f"gpu-check: {archive}: no such file (what `scripts/gpu-check.sh run` writes)")
    for path in (HOTLINE, FILECHECK):
        if not os.path.exists(path):
            sys.exit(f"gpu-check: {path} is missing: build hotline (scripts/test.sh) first")
    unpacked = tempfile.mkdtemp(prefix="hotline-gpu-check-results.")
    try:
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(unpacked, filter="data")
            else:
                tar.extractall(unpacked)
        results = os.path.join(unpacked, "gpu-check")
        machine = json.load(open(os.path.join(results, "machine.json")))
        timings = json.load(open(os.path.join(results, "timings.json")))
        print(f"GPU: {machine.get('gpus') or '(none)'}; run took {machine.get('seconds')} s")
        c = Checks(results)
        statuses = traced_statuses(c)
        if not any(s.startswith("CUDA: traced") for s in statuses.values()):
            seen = sorted(set(statuses.values())) or ["no profile had a CUDA section"]
            print(f"no GPU records: no program's profile in {archive} traced a GPU ({'; '.join(seen)}): "
                  f"these checks need a run on a machine with a GPU")
            return 1
        for name in ("cuda-gpu-launches", "cuda-gpu-transfers", "cuda-gpu-idle", "cuda-gpu-sync-wait",
                     "cuda-gpu-memory"):
            check_e2e(c, name)
        check_e2e(c, "cuda-gpu-launches-shared-cudart", "test/e2e/cuda-gpu-launches.cu")
        check_profiler_range(c)
        check_regions(c)
        check_system_samples(c)
        check_no_visible_device(c)
        check_example(c)
        check_wrapper(c)
        check_e2e(c, "cuda-gpu-python-extension")
        check_bench(c, timings)
        shutil.rmtree(c.scratch, ignore_errors=True)
        print(f"{c.count - len(c.failed)} of {c.count} checks passed")
        return 1 if c.failed else 0
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(prog="gpu-check.sh", description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    b = steps.add_parser("build", help="compile the GPU programs into the folder (here)")
    b.add_argument("--as-built", action="store_true", help="use hotline's build as it is (the shell script's flag)")
    b.add_argument("--folder", default=FOLDER)
    r = steps.add_parser("run", help="run them, on the machine with the GPU; writes OUT/" + ARCHIVE)
    r.add_argument("--folder", default=FOLDER)
    r.add_argument("--out", default=os.environ.get("OUT"))
    k = steps.add_parser("check", help="check what came back (here)")
    k.add_argument("directory", help=f"the folder holding {ARCHIVE}, or the archive")
    args = parser.parse_args()
    if args.step == "build":
        build(os.path.abspath(args.folder), args.as_built)
    elif args.step == "run":
        run(os.path.abspath(args.folder), args.out)
    else:
        sys.exit(check(args.directory))


if __name__ == "__main__":
    main()
