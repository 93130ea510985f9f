# python-extension.test: Python code marks its phases with the hotline module around an
# extension built with hotline, and stops the recording for a while; four Python threads open
# a region each.
import threading

import hotline
import hotline_ext

print("runtime", "found" if hotline.runtime() else "missing")
with hotline.region("data_loading"):
    hotline_ext.work(100)
hotline.stop()
hotline_ext.work(50)  # left out, with the region around it
with hotline.region("skipped"):
    hotline_ext.work(5)
hotline.start()


@hotline.region("preprocessing/resize")
def step():
    hotline_ext.work(10)


step()
step()


def worker():
    with hotline.region("worker"):
        hotline_ext.work(3)


threads = [threading.Thread(target=worker) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with hotline.region("compute"):
    hotline.count("items", 7)
hotline.dump()
print("done")
