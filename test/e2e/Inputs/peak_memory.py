"""export-folded-deep.test: the folded export's text and its peak memory next to `hotline tree`'s on
the same profile (each run alone, its peak RSS from wait4)."""
import os
import subprocess
import sys


def peak_mb(command, **kwargs):
    process = subprocess.Popen(command, **kwargs)
    output = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("{} failed".format(" ".join(command)))
    return usage.ru_maxrss / 1024, output


hotline, profile = sys.argv[1], sys.argv[2]
tree_peak, _ = peak_mb([hotline, "tree", profile], stdout=subprocess.DEVNULL)
folded_peak, text = peak_mb([hotline, "export", "--format", "folded", "--metric", "calls", profile],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
lines = text.splitlines()
print("{} lines; {}; {}".format(
    len(lines), "text over 35 MB" if len(text) > 35e6 else "text of {} bytes".format(len(text)),
    "within 10 MB of the tree's peak" if folded_peak < tree_peak + 10
    else "peak {:.0f} MB, the tree's {:.0f} MB".format(folded_peak, tree_peak)))
for line in lines[-2:]:
    print(line.decode()[-40:])
