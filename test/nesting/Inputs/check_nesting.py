#!/usr/bin/env python3
"""Checks hotline's call tree of a small program against an independent tracer, path by path.

Builds SOURCE twice at each optimization level, both without sibling-call optimization (a
timed function keeps its frame, and the plain build's would not: each side would see another
program), plain and with hotline's plugin, every function timed (min-instructions=0, so that
each one is a frame of the tree). The plain build runs under the
tracer: gdb (the default), with a breakpoint on each of the program's functions that counts
the path of program functions on the stack at each hit, inlined frames included; or uftrace
(for programs that fork or exec, which gdb follows only one process of), built with -pg, which
records every entry and the library calls it needs to follow longjmp. Both runs' output and
exit status must match; then every caller->callee path of the program's own functions and its
exact number of calls, the library frames between them left out (a callback that qsort calls,
a key destructor that the C library calls), must match `hotline export --format folded
--metric calls` of all the profiles the run wrote (one per process). Exits 1 and prints both
sides where they differ.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return result


def program_functions(binary, source):
    """The functions that SOURCE defines in BINARY (GNU nm's -l, from the debug info)."""
    out = run(["nm", "-l", "--defined-only", binary]).stdout
    base = os.path.basename(source)
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[1] in "TtWw" and os.path.basename(fields[3].rsplit(":", 1)[0]) == base:
            names.add(fields[2])
    return names


def gdb_paths(binary, functions, work):
    """FUNCTIONS: name -> the source that defines it."""
    out = os.path.join(work, "gdb-paths")
    env = dict(os.environ, NESTING_FUNCTIONS=",".join(
                   "{}@{}".format(name, os.path.basename(source)) for name, source in sorted(functions.items())),
               NESTING_OUT=out, LD_LIBRARY_PATH=os.path.join(work, "plain-lib"))
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gdb_paths.py")
    traced = run(["gdb", "-nx", "-q", "-batch", "-x", script, "--args", binary], cwd=work, env=env)
    if not os.path.exists(out):
        sys.exit("gdb wrote no paths:\n" + traced.stdout + traced.stderr)
    paths = collections.Counter()
    with open(out) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            paths[stack] += int(count)
    return paths


LINE = re.compile(r"^\s*\[\s*(\d+)\]\s\|\s(.*)$")


def uftrace_paths(binary, functions, work):
    """Entries per path of program functions, from `uftrace replay -f tid`."""
    data = os.path.join(work, "uftrace-data")
    run(["uftrace", "record", "-d", data, binary], cwd=work)
    out = run(["uftrace", "replay", "-d", data, "-f", "tid", "--no-pager", "--demangle=no"]).stdout
    stacks = {}
    fork_stack = []  # the stack at the last fork: where a child process's first line is
    paths = collections.Counter()
    for line in out.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        tid, body = m.group(1), m.group(2)
        text = body.lstrip(" ")
        depth = (len(body) - len(text)) // 2
        call = re.match(r"^([^\s(){}/]+)\(\)\s*(\{|;)", text)
        if not call:
            continue
        name = call.group(1)
        if tid not in stacks:  # a thread starts empty, a forked child inside its parent's calls
            stacks[tid] = list(fork_stack[:depth]) if depth > 0 else []
        stack = stacks[tid]
        del stack[depth:]
        while len(stack) < depth:  # a level uftrace did not show (it never should)
            stack.append(None)
        stack.append(name)
        if name in ("fork", "_Fork", "__fork", "__libc_fork", "daemon"):
            fork_stack = stack[:-1]
        if name in functions:
            paths[";".join(f for f in stack if f in functions)] += 1
    return paths


def demangled(paths):
    """Paths of linkage names as hotline names the functions: demangled by c++filt."""
    names = sorted({name for path in paths for name in path.split(";")})
    out = run(["c++filt"], input="\n".join(names)).stdout.splitlines()
    readable = dict(zip(names, out))
    result = collections.Counter()
    for path, count in paths.items():
        result[";".join(readable.get(name, name) for name in path.split(";"))] += count
    return result


def hotline_paths(hotline, profiles):
    out = run([hotline, "export", "--format", "folded", "--metric", "calls"] + profiles)
    if out.returncode != 0:
        sys.exit("hotline export failed: " + out.stderr)
    paths = collections.Counter()
    for line in out.stdout.splitlines():
        stack, _, count = line.rpartition(" ")
        paths[stack] += int(count)
    return paths


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cc", required=True, help="the plain compiler")
    parser.add_argument("--hotline-cc", required=True, help="the compiler with hotline's flags")
    parser.add_argument("--hotline", required=True)
    parser.add_argument("--tracer", choices=["gdb", "uftrace"], default="gdb")
    parser.add_argument("--work", required=True)
    parser.add_argument("--opt", action="append", default=None, help="-O levels (default 0 and 2)")
    parser.add_argument("--flags", default="", help="more compile and link flags, for both builds")
    parser.add_argument("--hotline-flags", default="", help="more flags for hotline's build (plugin options)")
    parser.add_argument("--library", help="a shared library's source, built beside the program as "
                        "libnesting.so (plain, or with the plugin and without the runtime), which it dlopens")
    parser.add_argument("--hotline-cflags", default="", help="the plugin's compile flags, for --library")
    parser.add_argument("source")
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    flags = args.flags.split() + ["-g", "-fno-optimize-sibling-calls", "-lpthread", "-ldl"]
    failed = False
    for level in args.opt or ["0", "2"]:
        work = os.path.join(args.work, "O" + level)
        os.makedirs(work)
        plain = os.path.join(work, "plain")
        instrumented = os.path.join(work, "hotline")
        traced_flags = ["-pg"] if args.tracer == "uftrace" else []
        for cc, out, extra in [(args.cc, plain, traced_flags),
                               (args.hotline_cc, instrumented,
                                ["-fplugin-arg-hotline-min-instructions=0"] + args.hotline_flags.split())]:
            built = run(cc.split() + ["-O" + level] + extra + [args.source, "-o", out] + flags)
            if built.returncode != 0:
                sys.exit("cannot build {}:\n{}".format(out, built.stderr))
        sources = [args.source]
        if args.library:
            sources.append(args.library)
            for cc, directory, extra in [(args.cc, "plain-lib", []),
                                         (args.cc + " " + args.hotline_cflags, "hotline-lib",
                                          ["-fplugin-arg-hotline-min-instructions=0"] + args.hotline_flags.split())]:
                os.makedirs(os.path.join(work, directory))
                built = run(cc.split() + ["-O" + level, "-g", "-fno-optimize-sibling-calls", "-shared", "-fPIC"] +
                            extra + [args.library, "-o", os.path.join(work, directory, "libnesting.so")])
                if built.returncode != 0:
                    sys.exit("cannot build the library:\n" + built.stderr)
        untraced = run([plain], cwd=work, env=dict(os.environ, LD_LIBRARY_PATH=os.path.join(work, "plain-lib")))
        profiles_dir = os.path.join(work, "profiles")
        os.makedirs(profiles_dir)
        env = dict(os.environ, HOTLINE_DIR=profiles_dir, HOTLINE_QUIET="1",
                   LD_LIBRARY_PATH=os.path.join(work, "hotline-lib"))
        profiled = run([instrumented], cwd=work, env=env)
        if (profiled.returncode, profiled.stdout) != (untraced.returncode, untraced.stdout):
            print("-O{}: the instrumented program's exit status or output differ: {} {!r}, plain {} {!r}".format(
                level, profiled.returncode, profiled.stdout, untraced.returncode, untraced.stdout))
            failed = True
        profiles = sorted(os.path.join(profiles_dir, f) for f in os.listdir(profiles_dir))
        if not profiles:
            sys.exit("-O{}: no profile written".format(level))
        functions = {}
        for source in sources:
            binary = plain if source == args.source else os.path.join(work, "plain-lib", "libnesting.so")
            functions.update((name, source) for name in program_functions(binary, source))
        trace = gdb_paths if args.tracer == "gdb" else uftrace_paths
        expected = demangled(trace(plain, functions, work))
        got = hotline_paths(args.hotline, profiles)
        if expected != got:
            failed = True
            print("-O{}: the call trees differ (path: {}, hotline)".format(level, args.tracer))
            for path in sorted(set(expected) | set(got)):
                mark = "  " if expected[path] == got[path] else "! "
                print("{}{}: {}, {}".format(mark, path, expected[path], got[path]))
        else:
            print("-O{}: {} paths, {} calls agree".format(level, len(got), sum(got.values())))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
