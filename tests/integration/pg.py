"""A throw-away PostgreSQL server for the integration tests: initdb, pg_ctl start, stop.

The server listens on a free localhost port and on a Unix socket in its own temporary folder,
with fsync off (the data is deleted afterwards anyway). PostgreSQL refuses to run as root, so
when the tests run as root (as in CI) the server runs as the `postgres` system user.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
from psycopg import sql

SERVER_USER = "postgres"


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on PATH, else the newest /usr/lib/postgresql/*/bin."""
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return candidates[-1].parent if candidates else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One running server; `create_database()` gives each test its own empty database."""

    def __init__(self, binaries: Path) -> None:
        self._bin = binaries
        self._as_root = os.geteuid() == 0
        self.port = _free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="betshop-pg-"))
        self.data = self.folder / "data"
        self._counter = 0

    @property
    def admin_conninfo(self) -> str:
        """A libpq connection string for the `postgres` maintenance database."""
        return f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres"

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database on this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """initdb a new cluster and start it; waits until it accepts connections."""
        if self._as_root:
            account = pwd.getpwnam(SERVER_USER)  # the fixture has checked that it exists
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        initdb = ["-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync"]
        self._run("initdb", *initdb, "--encoding=UTF8", "--locale=C")
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=100"
        )
        log = str(self.folder / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    def stop(self) -> None:
        """Stop the server at once and delete its files."""
        with contextlib.suppress(RuntimeError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def create_database(self, template: str | None = None) -> str:
        """A new database, empty or a copy of `template`; returns its name."""
        self._counter += 1
        name = f"test_{self._counter}"
        statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template is not None:
            statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        with psycopg.connect(self.admin_conninfo, autocommit=True) as admin:
            admin.execute(statement)
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database, disconnecting whoever is still connected to it."""
        with psycopg.connect(self.admin_conninfo, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def _run(self, program: str, *args: str) -> None:
        command = [str(self._bin / program), *args]
        user = SERVER_USER if self._as_root else None
        try:
            subprocess.run(
                command, check=True, capture_output=True, text=True, user=user, cwd=self.folder
            )
        except subprocess.CalledProcessError as exc:
            raise RuntimeError(f"{program} failed: {exc.stderr or exc.stdout}") from exc


@contextlib.contextmanager
def soak_server() -> Iterator[PostgresServer]:
    """A throw-away server for a soak (tests/soak), stopped when it ends.

    Raises:
        SystemExit: PostgreSQL is not installed (code 2, with a sentence on stderr).
    """
    binaries = find_binaries()
    if binaries is None:
        sys.stderr.write("PostgreSQL is not installed (initdb, pg_ctl)\n")
        raise SystemExit(2)
    server = PostgresServer(binaries)
    server.start()
    try:
        yield server
    finally:
        server.stop()
