"""Runs a command against a real PostgreSQL server started for it, and stops the server after.

  with-postgresql.py COMMAND...

Makes a cluster in a new temporary folder (initdb, trust authentication, as the `postgres` user
when run as root, whom PostgreSQL refuses), starts it on a free local port, runs COMMAND with
HOTLINE_DB=postgresql://postgres@127.0.0.1:PORT/postgres and PGPORT set, then stops the server
and removes the folder whatever COMMAND did. Exits with COMMAND's status.
"""
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile


def server_binary(name):
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        sys.exit(f"with-postgresql.py: no {name} under /usr/lib/postgresql (Debian's postgresql)")
    return found[-1]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    command = sys.argv[1:]
    as_user = []
    # The postgres user must reach the folder: under /tmp, not under a TMPDIR only root enters
    # (lit's own).
    folder = tempfile.mkdtemp(prefix="hotline-postgresql-", dir="/tmp" if os.geteuid() == 0 else None)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(folder, "data")
    port = free_port()
    started = False

    def server(*arguments):
        done = subprocess.run(as_user + list(arguments), capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"with-postgresql.py: {' '.join(arguments)} failed:\n{done.stdout}{done.stderr}")

    try:
        server(server_binary("initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--no-sync")
        server(server_binary("pg_ctl"), "-D", data, "-w", "-t", "60", "-l",
               os.path.join(folder, "log"), "-o",
               f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        started = True
        environment = dict(os.environ,
                           HOTLINE_DB=f"postgresql://postgres@127.0.0.1:{port}/postgres",
                           PGHOST="127.0.0.1", PGPORT=str(port), PGUSER="postgres",
                           PGDATABASE="postgres")
        return subprocess.run(command, env=environment).returncode
    finally:
        if started:
            subprocess.run(as_user + [server_binary("pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                           capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
