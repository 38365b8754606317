"""The reports room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.core.errors import DeviceOrStorageError

if TYPE_CHECKING:
    pass


class FileNotSaved(DeviceOrStorageError):
    """A file the user asked for could not be written (a folder that is read-only, a full disk)."""

    def __init__(self, path: str, detail: str) -> None:
        self.path = path
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        return (
            f"Файл «{self.path}» не сохранён: {self.detail}. Выберите другую папку или "
            "освободите место на диске и повторите."
        )
