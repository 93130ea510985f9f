# python-extension.test: Python code marks its phases with the hotline module around an
# extension built with hotline, and stops the recording for a while.
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
with hotline.region("compute"):
    hotline.count("items", 7)
hotline.dump()
print("done")
