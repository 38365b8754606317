"""Opening the database: what the status bar shows, and the refusals a cashier can act on."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

from db.bootstrap import open_storage
from db.uow import storage_problem
from pos.core.errors import DatabaseUnreachable, DataFolderReadOnly
from tests.integration.pg import PostgresServer

pytestmark = pytest.mark.integration


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # nothing listens here once the probe is closed


def test_the_description_names_the_file(sqlite_url: str) -> None:
    storage = open_storage(sqlite_url)
    storage.close()

    assert storage.description == f"SQLite: {sqlite_url.removeprefix('sqlite:///')}"


@pytest.mark.postgres
def test_the_description_names_the_server_and_database(pg_url: str) -> None:
    storage = open_storage(pg_url)
    storage.close()

    host_and_db = pg_url.split("@", 1)[1]
    assert storage.description == f"PostgreSQL: {host_and_db}"


def test_an_unreachable_server_is_reported_quickly_without_the_password() -> None:
    url = f"postgresql://kassa:s3cret@127.0.0.1:{_closed_port()}/shop"
    started = time.monotonic()

    with pytest.raises(DatabaseUnreachable) as refused:
        open_storage(url)

    assert time.monotonic() - started < 5
    assert refused.value.location.startswith("127.0.0.1:")
    assert refused.value.location.endswith("/shop")
    assert "s3cret" not in str(refused.value)
    assert "Нет связи с сервером базы данных" in str(refused.value)


@pytest.mark.postgres
def test_a_missing_server_database_is_reported(pg_server: PostgresServer) -> None:
    with pytest.raises(DatabaseUnreachable, match="нет такой базы"):
        open_storage(pg_server.url("no_such_shop"))


@pytest.mark.postgres
def test_an_unknown_server_login_is_reported(pg_server: PostgresServer) -> None:
    url = pg_server.url("postgres").replace("postgres@", "kassa:s3cret@", 1)

    with pytest.raises(DatabaseUnreachable, match="не принял имя пользователя") as refused:
        open_storage(url)

    assert "s3cret" not in str(refused.value)


def test_a_read_only_sqlite_connection_is_an_environment_error(sqlite_url: str) -> None:
    """SQLite's own read-only mode raises SQLITE_READONLY, the code a read-only disk gives."""
    open_storage(sqlite_url).close()
    path = sqlite_url.removeprefix("sqlite:///")
    engine = create_engine(f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true")
    try:
        with pytest.raises(DBAPIError) as raised, engine.begin() as connection:
            connection.execute(text("INSERT INTO settings (name, value) VALUES ('a', 'b')"))
    finally:
        engine.dispose()

    assert storage_problem(raised.value) == "файл базы открыт только для чтения"


# Run in a child process that has lost the capability to override file permissions.
_OPEN_AND_REPORT = """
import sys
from db.bootstrap import open_storage
from pos.errors import PosError
try:
    open_storage(sys.argv[1]).close()
except PosError as exc:
    print(type(exc).__name__, exc.path if hasattr(exc, "path") else "")
else:
    print("opened")
"""


def _open_without_write_permission(url: str) -> str:
    """Open `url` in a process for which chmod's read-only bits really hold.

    Tests run as root in CI, and root writes through `chmod a-w`. Where that is the case the
    child runs under `setpriv` without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, the
    capabilities that let root ignore permission bits; it is still root, so it can run this
    venv's Python under /root. As an ordinary user the child needs no such help.
    """
    command = [sys.executable, "-W", "error", "-c", _OPEN_AND_REPORT, url]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root and setpriv (util-linux) is missing to drop DAC override")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--", *command]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_read_only_data_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        outcome = _open_without_write_permission(f"sqlite:///{folder / 'shop.db'}")
    finally:
        folder.chmod(0o755)

    assert outcome == f"DataFolderReadOnly {folder}"
    assert list(folder.iterdir()) == []


def test_a_read_only_database_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    open_storage(f"sqlite:///{folder / 'shop.db'}").close()
    database = folder / "shop.db"
    before = database.read_bytes()
    database.chmod(0o444)
    folder.chmod(0o555)
    try:
        outcome = _open_without_write_permission(f"sqlite:///{database}")
    finally:
        folder.chmod(0o755)
        database.chmod(0o644)

    assert outcome == f"DataFolderReadOnly {folder}"
    assert database.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["shop.db"]


def test_a_data_folder_that_cannot_be_created_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")

    with pytest.raises(DataFolderReadOnly):
        open_storage(f"sqlite:///{blocker / 'shop.db'}")
