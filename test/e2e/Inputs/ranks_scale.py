"""Runs `hotline ranks --format json` on two directories of rank profiles, a small job and a
large one, and checks each run's wall time and peak memory (ru_maxrss) against the bounds given,
and that the large job costs at most GROWTH_MB more memory than the small one: what is kept per
rank is a row of a few numbers, whatever the profiles hold. Prints the ranks each run compared
and the figures."""
import json
import resource
import subprocess
import sys
import time

hotline, small, large = sys.argv[1:4]
max_seconds, max_mb, growth_mb = (float(x) for x in sys.argv[4:7])


def measure(directory):
    # ru_maxrss of the children is the largest child's so far: run each in its own process.
    probe = ("import json,resource,subprocess,sys,time;t=time.monotonic();"
             "out=subprocess.run(sys.argv[1:],capture_output=True,text=True,check=True).stdout;"
             "print(json.dumps([len(json.loads(out)['ranks']),time.monotonic()-t,"
             "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024]))")
    result = subprocess.run([sys.executable, "-c", probe, hotline, "ranks", "--format", "json", directory],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


failed = False
figures = {}
for name, directory in (("small", small), ("large", large)):
    ranks, seconds, mb = measure(directory)
    figures[name] = mb
    print("{}: {} ranks".format(name, ranks))
    sys.stderr.write("{}: {} ranks in {:.2f} s, peak {:.1f} MB\n".format(name, ranks, seconds, mb))
    if seconds > max_seconds or mb > max_mb:
        print("{}: {:.2f} s and {:.1f} MB, above the bounds {} s and {} MB".format(name, seconds, mb, max_seconds,
                                                                                 max_mb))
        failed = True
growth = figures["large"] - figures["small"]
sys.stderr.write("growth: {:.1f} MB\n".format(growth))
if growth > growth_mb:
    print("memory grew by {:.1f} MB from the small job to the large one, above {} MB".format(growth, growth_mb))
    failed = True
sys.exit(1 if failed else 0)
