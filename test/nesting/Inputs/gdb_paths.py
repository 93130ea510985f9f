# Run inside gdb (gdb -batch -x gdb_paths.py --args PROGRAM): a breakpoint on each of the
# program's functions named in $NESTING_FUNCTIONS (comma-separated NAME@SOURCE: a linkage name
# and the source file that defines it, not ld.so's malloc, say); at each hit,
# the path of those functions on the stack, inlined frames included, is counted; at the end
# the paths and counts are written to $NESTING_OUT, one "path count" per line.
import collections
import os

import gdb

# name@source: each function with the file that defines it.
sources = dict(entry.rsplit("@", 1) for entry in os.environ["NESTING_FUNCTIONS"].split(","))
functions = set(sources)
counts = collections.Counter()


class Entry(gdb.Breakpoint):
    def stop(self):
        names = []
        frame = gdb.newest_frame()
        while frame is not None:
            symbol = frame.function()
            name = symbol.linkage_name if symbol is not None else None
            if name not in functions:  # C++'s main: "main()"
                name = frame.name()
            if name in functions:
                names.append(name)
            frame = frame.older()
        counts[";".join(reversed(names))] += 1
        return False


gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set breakpoint pending on")  # a dlopened library's functions
gdb.execute("set print thread-events off")
gdb.execute("set print inferior-events off")
# The program's own signals go to it, as without gdb.
gdb.execute("handle SIGUSR1 SIGUSR2 SIGALRM SIGVTALRM SIGPROF SIGCHLD SIGPIPE nostop noprint pass")
for name in sorted(functions):
    # A C++ linkage name names one function already (and gdb finds templates' only so).
    Entry(name if name.startswith("_Z") else "-source {} -function {}".format(sources[name], name), internal=True)
gdb.execute("run > /dev/null")
with open(os.environ["NESTING_OUT"], "w") as out:
    for path, count in sorted(counts.items()):
        out.write("{} {}\n".format(path, count))
