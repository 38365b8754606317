"""The bet kind chooser: one button per kind pos offers for the slip's number of members."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QWidget

from pos.betting.bets import BetKind, BetType
from ui.models.slip_model import kind_name
from ui.widgets.flow_row import FlowRow

_STYLE = """
QPushButton { min-height: 34px; padding: 2px 14px; }
QPushButton:checked {
    background: #1d4ed8; color: #ffffff; border-color: #1d4ed8;
}
"""


class KindChooser(QWidget):
    """Exclusive buttons for the kinds `pos.betting.bets.kinds_for` lists; F2 and Ctrl+1…9 are the
    page's.

    The buttons never take the focus: the cashier keeps typing in the stake field.
    """

    kind_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(_STYLE)
        self._kinds: list[BetKind] = []
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self._on_group_id_clicked)
        # Buttons keep their size, packed to the left, wrapping as the card narrows (issue 16).
        self._row = FlowRow(spacing=6)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._row)

    def kinds(self) -> list[BetKind]:
        """The kinds offered now, in button order."""
        return list(self._kinds)

    def current(self) -> BetKind | None:
        """The chosen kind, or None for an empty slip."""
        index = self._group.checkedId()
        return self._kinds[index] if 0 <= index < len(self._kinds) else None

    def set_kinds(self, kinds: list[BetKind], *, blocks: bool = False) -> None:
        """Offer `kinds`; the chosen kind stays if offered, else the same k, else the first.

        `blocks` only changes the names ("Сложная система"): pos.betting.bets.kinds_for already
        leaves the express out when the slip has blocks.
        """
        previous = self.current()
        for button in self._group.buttons():
            self._group.removeButton(button)
            self._row.remove(button)
            button.hide()
            button.deleteLater()
        self._kinds = list(kinds)
        for index, kind in enumerate(kinds):
            button = QPushButton(kind_name(kind, blocks=blocks))
            button.setObjectName(f"kind_{index + 1}")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(f"Ctrl+{index + 1}" if index < 9 else "")
            self._group.addButton(button, index)
            self._row.add(button)
        chosen = self._preferred(previous)
        if chosen is not None:
            self._group.button(chosen).setChecked(True)
        if self.current() != previous:
            self.kind_changed.emit(self.current())

    def choose(self, index: int) -> None:
        """Choose the kind at `index` (Ctrl+1 is 0); out of range does nothing."""
        if 0 <= index < len(self._kinds) and index != self._group.checkedId():
            self._group.button(index).setChecked(True)
            self.kind_changed.emit(self.current())

    def cycle(self) -> None:
        """Choose the next kind, after the last the first (F2)."""
        if self._kinds:
            self.choose((self._group.checkedId() + 1) % len(self._kinds))

    def _preferred(self, previous: BetKind | None) -> int | None:
        if not self._kinds:
            return None
        if previous in self._kinds:
            return self._kinds.index(previous)
        systems = [i for i, kind in enumerate(self._kinds) if kind.type is BetType.SYSTEM]
        if previous is not None and previous.type is BetType.SYSTEM:
            same_k = [i for i in systems if self._kinds[i].size == previous.size]
            if same_k:
                return same_k[0]
        return 0  # with blocks pos offers only systems, so this is the first of them

    def _on_group_id_clicked(self, _index: int) -> None:
        self.kind_changed.emit(self.current())
