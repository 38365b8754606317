"""Which office's figures a page shows (issue 18): the journal's and the reports' «Пункт».

Shown only in a chain (a database with more than one office); a user without the head's
right sees their own office and cannot choose another.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QWidget

from pos.offices.offices import Office
from pos.reports.use_cases import WHOLE_CHAIN


class OfficeChoice(QComboBox):
    """The offices by code and name; the user's own first. `whole_chain` adds «Вся сеть»."""

    def __init__(self, name: str, *, whole_chain: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self._whole_chain = whole_chain
        self._own: str | None = None
        self.setMinimumHeight(36)

    @property
    def in_chain(self) -> bool:
        """True once the offices are known and there are several."""
        return self.count() > 1

    def set_offices(self, offices: Sequence[Office], own: str, *, others: bool) -> None:
        """Offer `own` and, with `others` (the head's right), every other office (and the
        whole chain); the choice made stays when it is still offered."""
        chosen = self.office()
        self.blockSignals(True)
        self.clear()
        self._own = own
        for office in sorted(offices, key=lambda o: (o.code != own, o.code)):
            if office.code == own or others:
                self.addItem(f"{office.code} — {office.name}", office.code)
        if others and self._whole_chain and len(offices) > 1:
            self.addItem(QCoreApplication.translate("OfficeChoice", "Вся сеть"), WHOLE_CHAIN)
        index = self.findData(chosen) if chosen is not None else -1
        self.setCurrentIndex(max(index, 0))
        self.blockSignals(False)
        self.setEnabled(self.count() > 1)

    def office(self) -> str | None:
        """The office chosen (its code, or WHOLE_CHAIN); None before the offices are known."""
        data = self.currentData()
        return None if data is None else str(data)

    def choose(self, code: str) -> None:
        """Choose the office `code` (tests, and a page remembering its choice)."""
        index = self.findData(code)
        if index >= 0:
            self.setCurrentIndex(index)
