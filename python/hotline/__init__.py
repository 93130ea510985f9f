"""hotline for Python code: regions, counters, and control over the recording.

A Python program whose native code is built with hotline (an extension module compiled with the
plugin and linked with hotline's runtime) marks its phases here, and they show in the profile as
regions with the native code's time inside them:

    import hotline
    with hotline.region("data_loading"):        # also @hotline.region("preprocessing")
        batch = loader.next()
    hotline.count("samples", len(batch))         # a counter of the innermost region
    hotline.stop(); warm_up(); hotline.start()   # what runs in between is left out
    hotline.dump()                               # a profile of the run so far

These are the calls of <hotline/hotline.h> (docs/python.md, docs/runtime-options.md). They act on
the runtime the process has loaded: the one an extension module built with hotline brought in
(looked up among the loaded libraries at each call until one is found), or one preloaded
(LD_PRELOAD=libhotline_rt.so). Without one, each does nothing, as hotline.h does in a build
without the plugin; `runtime()` says which it is.

Importing the module also makes os._exit write the profile first: a process that ends there
(multiprocessing's forked workers do) skips exit's handlers, where the runtime writes it.
"""
import contextlib
import ctypes
import os

__all__ = ["region", "count", "start", "stop", "dump", "runtime"]

_ABI = ("__hotline_region_begin", "__hotline_region_end", "__hotline_count", "__hotline_start",
        "__hotline_stop", "__hotline_dump", "__hotline_write_profile")
_found = None  # (path, library) once found


def _loaded_libraries():
    """The paths of the shared objects mapped into this process, in the order of their mappings."""
    paths = []
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                fields = line.split(maxsplit=5)
                if len(fields) == 6:
                    path = fields[5].strip()
                    if path.startswith("/") and ".so" in os.path.basename(path) and path not in paths:
                        paths.append(path)
    except OSError:
        pass
    return paths


def _exports_abi(library):
    return all(hasattr(library, name) for name in _ABI)


def _runtime_library():
    """The functions of hotline's ABI ("region_begin", ...) in the loaded library that exports
    them (the executable first), or None."""
    global _found
    if _found is None:
        candidates = [None] + _loaded_libraries()
        for path in candidates:
            try:
                # RTLD_NOLOAD: only a library that is loaded already; nothing is loaded here.
                library = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_NOW) if path else ctypes.CDLL(None)
            except OSError:
                continue
            if _exports_abi(library):
                # By name: inside a class, `library.__hotline_...` would be mangled.
                functions = {name[len("__hotline_"):]: getattr(library, name) for name in _ABI}
                functions["region_begin"].argtypes = [ctypes.c_char_p]
                functions["region_end"].argtypes = []
                functions["count"].argtypes = [ctypes.c_char_p, ctypes.c_uint64]
                for function in functions.values():
                    function.restype = None
                _found = (path or "the executable", functions)
                break
    return _found[1] if _found else None


def runtime():
    """Where the runtime these calls act on is (a library's path, or "the executable"); None
    when the process has none loaded yet."""
    _runtime_library()
    return _found[0] if _found else None


def _name(text):
    return text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)


class region(contextlib.ContextDecorator):
    """A region of the calling thread, open while the `with` block or the decorated function
    runs; regions nest. Its name's first part gives its category ("preprocessing/resize" is
    preprocessing: docs/report-rules.md)."""

    def __init__(self, name):
        self.name = _name(name)
        self._functions = None

    def __enter__(self):
        self._functions = _runtime_library()
        if self._functions:
            self._functions["region_begin"](self.name)
        return self

    def __exit__(self, *exception):
        if self._functions:
            self._functions["region_end"]()
        return False


def count(name, amount=1):
    """Adds `amount` (an integer, at least 0) to the counter `name` of the calling thread's
    innermost open region."""
    if amount < 0:
        raise ValueError(f"hotline.count: {name!r} by {amount}: a counter only grows")
    functions = _runtime_library()
    if functions:
        functions["count"](_name(name), int(amount))


def start():
    """Starts the recording again (or for the first time, under HOTLINE_START=paused)."""
    functions = _runtime_library()
    if functions:
        functions["start"]()


def stop():
    """Stops the recording of the whole process: what any thread does until start() is left out
    of the profile."""
    functions = _runtime_library()
    if functions:
        functions["stop"]()


def dump():
    """Writes a profile of what was recorded so far (<program>.<pid>.dump-<n>.hotline) while the
    program goes on."""
    functions = _runtime_library()
    if functions:
        functions["dump"]()


_os_exit = os._exit


def _exit_writing_the_profile(status):
    """os._exit, after writing hotline's profile as exit would have (when a runtime is loaded)."""
    functions = _runtime_library()
    if functions:
        functions["write_profile"]()
    _os_exit(status)


os._exit = _exit_writing_the_profile
