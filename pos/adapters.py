"""Finds the default storage adapter through package metadata, so pos/ never imports db/.

The distribution declares `[project.entry-points."betshop_pos.adapters"]` `storage = ...`,
`printing = ...` and the PDF writers (pyproject.toml); `main.py` and tests may also pass a
storage object directly to `Shop`, and escpos printer objects to `Shop.open`.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import cast

from pos.ports import JournalWriter, ReportWriter, StationBuilder, Storage, StorageOpener

GROUP = "betshop_pos.adapters"


def open_storage(url: str) -> Storage:
    """Open (create or migrate) the database at `url` with the installed storage adapter.

    Raises:
        DeviceOrStorageError: the adapter could not open the database.
        LookupError: no storage adapter is installed (the package is not installed).
    """
    return cast(StorageOpener, _load("storage"))(url)


def station_builder() -> StationBuilder:
    """The installed printing adapter's station builder (the `printing` entry point)."""
    return cast(StationBuilder, _load("printing"))


def journal_writer() -> JournalWriter:
    """The installed printing adapter's PDF journal writer (the `journal_pdf` entry point)."""
    return cast(JournalWriter, _load("journal_pdf"))


def report_writer() -> ReportWriter:
    """The installed printing adapter's PDF report writer (the `report_pdf` entry point)."""
    return cast(ReportWriter, _load("report_pdf"))


def _load(name: str) -> object:
    """The object an adapter entry point names.

    Raises:
        LookupError: no adapter declares it (the package is not installed: `make run`).
    """
    found = entry_points(group=GROUP, name=name)
    if not found:
        raise LookupError(f"no '{GROUP}' {name} entry point: install the package (make run)")
    return next(iter(found)).load()
