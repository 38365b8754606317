"""The demo shop seeded once per test process and copied for each test that starts from it.

`Shop.seed_demo()` writes some 400 statements (users, the demo line's events and odds, each
audited, the shift): 0.2 s on SQLite and 0.65 s on PostgreSQL, paid again by every test that
starts from the demo, some 600 of them. A copy of a database seeded once costs a file copy on
SQLite and a `CREATE DATABASE … TEMPLATE` on PostgreSQL, which those tests paid for the
empty schema anyway. A template is keyed by the clock's time at seeding (the demo's events
start relative to it), for terminal К1 with the tests' plain PIN hasher, as `db_shop` opens.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from datetime import datetime
from pathlib import Path

from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from tests.fakes import PlainPinHasher

TERMINAL = "К1"

_sqlite_templates: dict[datetime, Path] = {}


def seed(url: str, now: datetime) -> None:
    """Seed the demo into the database at `url` as `db_shop` does, and close it."""
    shop = open_shop(
        url, clock=FixedClock(now), terminal=TERMINAL, pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        shop.seed_demo()
    finally:
        shop.close()  # on SQLite, closing checkpoints the log into the file copied


def sqlite_copy(path: Path, now: datetime) -> Path:
    """Write at `path` a SQLite file with the demo seeded at `now`; returns `path`."""
    template = _sqlite_templates.get(now)
    if template is None:
        template = _templates_folder() / f"demo-{len(_sqlite_templates)}.db"
        seed(f"sqlite:///{template}", now)
        _sqlite_templates[now] = template
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, path)
    return path


@functools.cache
def _templates_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="betshop-demo-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder
