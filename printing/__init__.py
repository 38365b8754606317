"""Printing adapters: slips, fiscal receipts and the PDF journal (issue #4 fills this in).

python-escpos parses its 96 KB capability file on every import unless told where to cache
the result (notes/libraries.md §1), so the cache folder is chosen here, before any module of
this package imports escpos. Its 3.1 `capabilities.py` also calls `mkdtemp()` on every import
even when the folder is set (`environ.get(NAME, mkdtemp())` evaluates the default first),
leaving an empty folder in the system temp dir each start; that folder is made inside the
cache folder instead and removed.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

from platformdirs import user_cache_dir

_PICKLE_DIR = "ESCPOS_CAPABILITIES_PICKLE_DIR"


def _cache_folder() -> Path | None:
    folder = Path(os.environ.get(_PICKLE_DIR) or user_cache_dir("betshop-pos", appauthor=False))
    if _PICKLE_DIR not in os.environ:
        folder /= "escpos"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # a read-only profile: escpos caches in a temporary folder, slower but works
    return folder


def _import_escpos_tidily() -> None:
    if "escpos.capabilities" in sys.modules:
        return
    folder = _cache_folder()
    if folder is None:
        return
    os.environ.setdefault(_PICKLE_DIR, str(folder))
    saved = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        before = set(folder.iterdir())
        import escpos.capabilities  # noqa: F401, PLC0415 - must run with the temp dir redirected
    finally:
        tempfile.tempdir = saved
    for stray in set(folder.iterdir()) - before:
        if stray.is_dir():
            with contextlib.suppress(OSError):
                stray.rmdir()  # empty: escpos never uses it


_import_escpos_tidily()
