"""Runs Debian's Chromium headless for the tests that read pages as a browser draws them
(test/tools/Inputs/html-browse.py, test/consumers/speedscope-import.py).

Chromium starts helper processes (zygote, renderer, GPU) that outlive it and hold its output
open, so a plain subprocess.run(timeout=...) can wait on them forever. Here Chromium runs in
its own process group, writes to files rather than pipes, and the whole group is killed when
it is done or out of time. The flags keep it off the network (a closed network makes its
background lookups slow or hang) and off /dev/shm (small in containers).
"""
import os
import signal
import subprocess
import sys
import tempfile

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-extensions", "--virtual-time-budget=10000"]
TIMEOUT_S = 120


def run(url, user_data_dir, *flags):
    """Chromium's stdout for URL; exits with what Chromium said when it fails or hangs."""
    command = ["chromium", *FLAGS, "--user-data-dir=" + user_data_dir, *flags, url]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        browser = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   start_new_session=True)
        try:
            returncode = browser.wait(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            returncode = None
        finally:
            try:
                os.killpg(browser.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            browser.wait()
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if returncode is None:
        sys.exit("chromium did not finish within {} s: {}\n{}".format(TIMEOUT_S, " ".join(command), stderr[-2000:]))
    if returncode != 0:
        sys.exit("chromium failed ({}): {}".format(returncode, stderr[-2000:]))
    return stdout
