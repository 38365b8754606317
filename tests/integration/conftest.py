"""Fixtures for the storage tests: a SQLite file per test and a real PostgreSQL server.

`db_url` runs a test once on SQLite and once on PostgreSQL. The PostgreSQL server is started
once per session (tests/integration/pg.py) and every test gets a fresh database on it; when
no PostgreSQL binaries are installed, the PostgreSQL half is skipped with the reason shown.
The fuzz tests (test_fuzz_*.py) share one demo shop per module and backend.
"""

from __future__ import annotations

import os
import pwd
import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from escpos.printer import Dummy

from db.bootstrap import SqlStorage, open_storage
from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests import demo_template
from tests.conftest import NOW
from tests.fakes import PlainPinHasher
from tests.integration.pg import SERVER_USER, PostgresServer, find_binaries
from tests.skks_simulator import SimulatedController


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server running for the whole session."""
    binaries = find_binaries()
    if binaries is None:
        pytest.skip(
            "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql)"
        )
    if os.geteuid() == 0 and not _has_user(SERVER_USER):
        pytest.skip(f"running as root, and there is no '{SERVER_USER}' user to run PostgreSQL as")
    server = PostgresServer(binaries)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the test."""
    name = pg_server.create_database()
    yield pg_server.url(name)
    pg_server.drop_database(name)


@pytest.fixture(scope="session")
def pg_template(pg_server: PostgresServer) -> str:
    """A database migrated to the newest schema once, copied for each test that needs one:
    running every migration per test costs seconds on PostgreSQL."""
    name = pg_server.create_database()
    open_storage(pg_server.url(name)).close()
    return name


@pytest.fixture
def pg_migrated_url(pg_server: PostgresServer, pg_template: str) -> Iterator[str]:
    """The URL of a new PostgreSQL database with the newest schema and no rows."""
    name = pg_server.create_database(template=pg_template)
    yield pg_server.url(name)
    pg_server.drop_database(name)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """The URL of a SQLite file that does not exist yet, in a folder that does not either."""
    return f"sqlite:///{tmp_path / 'data' / 'shop.db'}"


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the newest schema once per test process, copied for each
    test that needs one, as `pg_template` is: every migration run per test cost some 0.5 s of
    the suite's ten minutes on this machine (issue 34's budget)."""
    path = tmp_path_factory.mktemp("sqlite-template") / "shop.db"
    open_storage(f"sqlite:///{path}").close()  # closing checkpoints the log into the file
    return path


@pytest.fixture
def sqlite_migrated_url(tmp_path: Path, sqlite_template: Path) -> str:
    """The URL of a SQLite file with the newest schema and no rows, in the data folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(sqlite_template, folder / "shop.db")
    return f"sqlite:///{folder / 'shop.db'}"


@pytest.fixture
def sqlite_demo_url(tmp_path: Path, clock: FixedClock) -> str:
    """The URL of a SQLite file with the demo seeded at the clock's time (tests.demo_template)."""
    path = demo_template.sqlite_copy(tmp_path / "data" / "shop.db", clock.now())
    return f"sqlite:///{path}"


@pytest.fixture(scope="session")
def pg_demo_templates(pg_server: PostgresServer) -> dict[datetime, str]:
    """The PostgreSQL databases with the demo seeded, by the clock's time at seeding."""
    return {}


@pytest.fixture
def pg_demo_url(
    pg_server: PostgresServer,
    pg_template: str,
    pg_demo_templates: dict[datetime, str],
    clock: FixedClock,
) -> Iterator[str]:
    """The URL of a new PostgreSQL database with the demo seeded at the clock's time."""
    now = clock.now()
    if now not in pg_demo_templates:
        template = pg_server.create_database(template=pg_template)
        demo_template.seed(pg_server.url(template), now)
        pg_demo_templates[now] = template
    name = pg_server.create_database(template=pg_demo_templates[now])
    yield pg_server.url(name)
    pg_server.drop_database(name)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest) -> str:
    """The same test on a SQLite file and on a PostgreSQL database: one with the demo seeded
    where the test starts from `demo_url`, else an empty one where the module says
    `EMPTY_DATABASES = True` (it tests creating the schema), else one already migrated."""
    empty = getattr(request.module, "EMPTY_DATABASES", False)
    kind = "demo" if "demo_url" in request.fixturenames else "" if empty else "migrated"
    if request.param == "sqlite":
        fixture = f"sqlite_{kind}_url" if kind else "sqlite_url"
    else:
        fixture = f"pg_{kind}_url" if kind else "pg_url"
    return str(request.getfixturevalue(fixture))


@pytest.fixture
def demo_url(db_url: str) -> str:
    """`db_url` with the demo seeded (anna 4821, boss 9911, the demo line, anna's shift
    open at К1), as `Shop.seed_demo()` leaves a new database: `db_url` is this same database
    in a test that asks for both."""
    return db_url


@pytest.fixture
def sql_storage(db_url: str) -> Iterator[SqlStorage]:
    """A new, migrated database on either backend, closed after the test."""
    storage = open_storage(db_url)
    yield storage
    storage.close()


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    """The demo shop at К1 on either backend, printing on a Dummy (modules may override)."""
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    yield shop
    shop.close()


# --- the fuzz tests' shop (test_fuzz_*.py): one per module and backend ---------------------


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def fuzz_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """One database per backend for the whole module: fuzzing needs many calls, not resets."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'shop.db'}"
        return
    server: PostgresServer = request.getfixturevalue("pg_server")
    name = server.create_database()
    yield server.url(name)
    server.drop_database(name)


@pytest.fixture(scope="module")
def fuzz_clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture(scope="module")
def fuzz_shop(fuzz_url: str, fuzz_clock: FixedClock) -> Iterator[Shop]:
    """The demo shop, its shift open; the draws tests move its clock, in a module of their own."""
    shop = open_shop(
        fuzz_url, clock=fuzz_clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    shop.seed_demo()
    yield shop
    shop.close()


@pytest.fixture(scope="module")
def manager(fuzz_shop: Shop) -> Desk:
    return fuzz_shop.login("boss", "9911")


@pytest.fixture(scope="module")
def cashier(fuzz_shop: Shop) -> Desk:
    return fuzz_shop.login("anna", "4821")


@pytest.fixture(scope="module")
def edited(manager: Desk) -> int:
    """An event of the line the fuzzing edits."""
    manager.add_event(150, "hockey", "Лида", "Химик", NOW + timedelta(days=3))
    return 150


@pytest.fixture
def controller() -> Iterator[SimulatedController]:
    """The СККС controller simulated on loopback (issue 35)."""
    with SimulatedController() as simulated:
        yield simulated
