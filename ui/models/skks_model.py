"""A read-only table model of «Расхождения СККС»: the messages the controller refused (issue 35)."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from pos.skks.messages import Refusal
from pos.skks.wording import kind_words, moment_words, refusal_words

ModelIndex = QModelIndex | QPersistentModelIndex
_HEADERS = ("Сообщение", "Операция", "Записано", "Ошибка и причина", "Ответ СККС")
REASON = 3


class RefusalsModel(QAbstractTableModel):
    """One row per refused message: its id, its kind in Russian, when it was written, the
    controller's error and reason, and when it answered (in the shop's zone)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, ...]] = []

    def set_refusals(self, refusals: list[Refusal], zone: ZoneInfo) -> None:
        """Show these refusals, newest as given."""
        self.beginResetModel()
        self._rows = [
            (
                refusal.id,
                kind_words(refusal.kind),
                moment_words(refusal.written_at, zone),
                refusal_words(refusal.error, refusal.text),
                moment_words(refusal.answered_at, zone),
            )
            for refusal in refusals
        ]
        self.endResetModel()

    def rowCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(_HEADERS)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        return self._rows[index.row()][index.column()]

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("RefusalsModel", _HEADERS[section])
        return None
