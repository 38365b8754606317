"""Benchmark databases built once per schema revision and kept between runs."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from db.migrate import HEAD

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
