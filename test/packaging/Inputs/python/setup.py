# A C extension built by setuptools with hotline's wrappers (python-extension-builds.test):
#   CC=hotline-clang LDSHARED="hotline-clang -shared" HOTLINE_SHARED_RUNTIME=1 python3 setup.py build_ext
import os

from setuptools import Extension, setup

setup(name="hotline_ext", version="1.0",
      ext_modules=[Extension("hotline_ext", [os.environ["EXT_SOURCE"]], extra_compile_args=["-g"])])
