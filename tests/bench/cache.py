"""Benchmark databases built once per schema revision and kept between runs."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine

from db.bootstrap import open_storage
from db.exposure import rebuild
from db.migrate import HEAD
from main import assemble_shop
from pos.core.clock import FixedClock
from tests.fakes import PlainPinHasher

ROOT = Path(__file__).resolve().parents[2]


def cache_folder() -> Path:
    """Where built databases are kept between runs (BETSHOP_BENCH_CACHE)."""
    return Path(os.environ.get("BETSHOP_BENCH_CACHE") or ROOT / ".bench-cache")


def cached_database(name: str, recipe: int, build: Callable[[Path], None]) -> Path:
    """The database `name` of this schema revision and recipe, built by `build(path)` if
    missing; an interrupted build is thrown away and started again."""
    folder = cache_folder()
    path = folder / f"{name}-schema{HEAD}-recipe{recipe}.db"
    if path.exists():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    building = path.with_suffix(".building")
    for leftover in folder.glob(building.name + "*"):
        leftover.unlink()
    started = time.perf_counter()
    build(building)
    building.rename(path)
    sys.stderr.write(f"bench: built {path} in {time.perf_counter() - started:.0f} s\n")
    return path


def build_on_the_demo(path: Path, now: datetime, fill: Callable[[Engine], None]) -> None:
    """Create the file as the app does (schema, demo line and users at `now`), then `fill` it
    through the app's engine (WAL, synchronous=FULL; one transaction per chunk)."""
    shop = assemble_shop(
        open_storage(f"sqlite:///{path}"),
        clock=FixedClock(now),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
    )
    try:
        shop.seed_demo()
    finally:
        shop.close()
    storage = open_storage(f"sqlite:///{path}")
    try:
        fill(storage.engine)
        with storage.engine.begin() as connection:
            rebuild(connection)  # the outcomes' exposure of the slips filled in bulk (issue 38)
    finally:
        storage.close()  # the last connection closing checkpoints the WAL into the file
    leftovers = [p.name for p in path.parent.glob(path.name + "-*")]
    assert not leftovers, f"the WAL was not folded into {path}: {leftovers}"
