"""Holds a SQLite history's write lock, as another `hotline history add` would, until told.

  hold-lock.py DB READY RELEASE: takes the lock, creates READY, waits (up to a minute) for
  RELEASE to exist, then lets go. Files, not sleeps, so a slow machine cannot reorder it.
"""
import os
import sqlite3
import sys
import time

database, ready, release = sys.argv[1:4]
connection = sqlite3.connect(database, isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
open(ready, "w").close()
deadline = time.monotonic() + 60
while not os.path.exists(release) and time.monotonic() < deadline:
    time.sleep(0.05)
connection.execute("ROLLBACK")
