"""Saving a file a user asked for (a journal or a report as PDF or CSV)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from pos.core.errors import FileNotSaved


@contextmanager
def saving(path_or_file: str | os.PathLike[str] | BinaryIO) -> Iterator[None]:
    """Turn a failure to write the file into the sentence a user can act on.

    Raises:
        FileNotSaved: naming the file and what the system said.
    """
    try:
        yield
    except OSError as failure:
        name = getattr(path_or_file, "name", path_or_file)
        raise FileNotSaved(str(name), failure.strerror or str(failure)) from failure
