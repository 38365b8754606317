"""Test hygiene for the whole suite: Qt offscreen, GUI tests marked, stray warnings fail."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

# Must be set before any QApplication exists (notes/libraries.md §3).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.fonts=false")

from escpos.printer import Dummy

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads
from db import engine as db_engine
from main import assemble_shop, games
from pos.core.clock import FixedClock
from pos.games.registry import installing
from pos.shop.services import Shop
from tests.fakes import FakeStorage, PlainPinHasher

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs a QApplication as `gui` (qutebrowser's conftest does the same)."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "qtbot" in fixtures or "qapp" in fixtures:
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def _fail_on_unexpected_warnings(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """A WARNING logged by our code fails the test unless it says it expects one."""
    yield
    if request.node.get_closest_marker("warns_in_log"):
        return
    ours = ("pos", "db", "printing", "ui", "main")
    bad = [
        r
        for r in caplog.get_records("call")
        if r.levelno >= logging.WARNING and r.name.split(".")[0] in ours
    ]
    assert not bad, f"unexpected warnings logged: {[r.getMessage() for r in bad]}"


# The app's own SQLite settings (db/engine.py), kept for the test that checks them.
APP_PRAGMAS = db_engine._APP_PRAGMAS


@pytest.fixture(autouse=True, scope="session")
def _sqlite_files_not_synced() -> Iterator[None]:
    """The tests' SQLite files are written without fsync, as the tests' PostgreSQL server runs
    with fsync off (tests/integration/pg.py): they are thrown away after the test. What
    `synchronous=FULL` guards against is a power cut, not a process killed (the WAL keeps a
    commit either way); tests/integration/test_engine.py checks the app's own setting, and the
    kill -9 soaks and the benchmarks run the app's settings as they are."""
    db_engine._APP_PRAGMAS = tuple(
        "PRAGMA synchronous=OFF" if pragma.startswith("PRAGMA synchronous") else pragma
        for pragma in APP_PRAGMAS
    )
    yield
    db_engine._APP_PRAGMAS = APP_PRAGMAS


@pytest.fixture(autouse=True, scope="session")
def _data_dir_for_tests(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Jobs of printer-less shops and anything else "in the data folder" stay in a temp dir."""
    saved = os.environ.get("BETSHOP_DATA_DIR")
    os.environ["BETSHOP_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    yield
    if saved is None:
        os.environ.pop("BETSHOP_DATA_DIR", None)
    else:
        os.environ["BETSHOP_DATA_DIR"] = saved


@pytest.fixture(autouse=True, scope="session")
def _the_shops_games() -> Iterator[None]:
    """The games `main.py` lists, installed for the rules no shop is at hand for (a slip's
    claim window, its payout day; issue 36), as the composition root installs them."""
    with installing(games()):
        yield


REGISTER = "KSA-0042"


@pytest.fixture
def printer() -> Dummy:
    """The slip printer of the `shop` fixture: every job's bytes collect in `.output`."""
    return Dummy(profile="TM-T20II")


@pytest.fixture
def clock() -> FixedClock:
    """A clock standing at Monday 30 November 2026, 12:00 in Minsk."""
    return FixedClock(NOW)


@pytest.fixture
def storage() -> FakeStorage:
    return FakeStorage()


@pytest.fixture
def shop(storage: FakeStorage, clock: FixedClock, printer: Dummy) -> Shop:
    """A shop on an in-memory fake database, a cheap PIN hasher, a Dummy printer.

    Terminal К1's cash register is KSA-0042; its receipts print on `printer` too.
    """
    storage.data.serials["К1"] = REGISTER
    return assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )


def demo_shop_on(
    storage: FakeStorage, clock: FixedClock, printer: Dummy, fiscal_printer: Dummy | None = None
) -> Shop:
    """The demo shop on the fakes at terminal К1 (register KSA-0042), slips on `printer` and
    receipts on `fiscal_printer` when given (else on `printer` too)."""
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage,
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=printer,
        fiscal_printer=fiscal_printer,
    )
    shop.seed_demo()
    return shop


@pytest.fixture
def demo_shop(shop: Shop) -> Shop:
    """The shop with the demo users (anna 4821 cashier, boss 9911 manager) and demo line."""
    shop.seed_demo()
    return shop
