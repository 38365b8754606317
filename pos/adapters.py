"""Finds the default storage adapter through package metadata, so pos/ never imports db/.

The distribution declares `[project.entry-points."betshop_pos.adapters"]` `storage = ...` and
`printing = ...` (pyproject.toml); `main.py` and tests may also pass a storage object directly
to `Shop`, and escpos printer objects to `Shop.open`.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import cast

from pos.ports import JournalWriter, StationBuilder, Storage, StorageOpener

GROUP = "betshop_pos.adapters"


def open_storage(url: str) -> Storage:
    """Open (create or migrate) the database at `url` with the installed storage adapter.

    Raises:
        DeviceOrStorageError: the adapter could not open the database.
        LookupError: no storage adapter is installed (the package is not installed).
    """
    found = entry_points(group=GROUP, name="storage")
    if not found:
        raise LookupError(f"no '{GROUP}' storage entry point: install the package (make run)")
    opener = cast(StorageOpener, next(iter(found)).load())
    return opener(url)


def station_builder() -> StationBuilder:
    """The installed printing adapter's station builder (the `printing` entry point).

    Raises:
        LookupError: no printing adapter is installed (the package is not installed).
    """
    found = entry_points(group=GROUP, name="printing")
    if not found:
        raise LookupError(f"no '{GROUP}' printing entry point: install the package (make run)")
    return cast(StationBuilder, next(iter(found)).load())


def journal_writer() -> JournalWriter:
    """The installed printing adapter's PDF journal writer (the `journal_pdf` entry point).

    Raises:
        LookupError: no printing adapter is installed (the package is not installed).
    """
    found = entry_points(group=GROUP, name="journal_pdf")
    if not found:
        raise LookupError(f"no '{GROUP}' journal_pdf entry point: install the package (make run)")
    return cast(JournalWriter, next(iter(found)).load())
