"""The slip being built at the counter: its members (legs or express blocks) as a table model.

Also the small display helpers the betting page and its dialogs share: market and kind names,
odds and ages as the cashier reads them. Nothing here decides whether a bet is acceptable;
pos prices every slip and gives the refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor

from pos.betting.pricing import Pick
from pos.betting.slips import Leg
from pos.betting.wording import kind_words
from pos.core.wording import total_odds_words
from pos.line import wording
from pos.people.identity import IdDocument
from ui.models.line_model import format_odds

MEMBER, CODE, MATCH, MARKET, ODDS = range(5)
COLUMN_COUNT = 5
BLOCK_COLOUR = QColor("#fef3c7")

Member = list[Leg]
PickOrBlock = Pick | list[Pick]
ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class BetDraft:
    """A bet as read from the betting page when it was priced: what its confirmation issues."""

    picks: list[PickOrBlock]
    stake: str  # as typed: pos parses it, never a float
    kind: str
    agreed_in_play: bool
    document: IdDocument | None


def _tr(text: str) -> str:
    return QCoreApplication.translate("slip", text)


# The betting page and the printed slip word a bet the same way (pos.*.wording).
market_words = wording.market_words
kind_name = kind_words
format_total_odds = total_odds_words


def years(age: int) -> str:
    """An age in Russian: 21 год, 23 года, 35 лет."""
    if age % 10 == 1 and age % 100 != 11:
        return _tr("{age} год").format(age=age)
    if 2 <= age % 10 <= 4 and not 12 <= age % 100 <= 14:
        return _tr("{age} года").format(age=age)
    return _tr("{age} лет").format(age=age)


def match_name(leg: Leg) -> str:
    """The match of a leg: "Динамо Минск — БАТЭ Борисов"."""
    return f"{leg.home} — {leg.away}"


def leg_cells(leg: Leg) -> list[str]:
    """A leg as the slip lists it: code, match, market in words (with its sport's, as the
    printed slip words it: a hockey draw is the regular time's), odds."""
    return [
        str(leg.event_code),
        match_name(leg),
        market_words(leg.market, leg.sport, leg.event_code),
        format_odds(leg.odds),
    ]


class SlipDraftModel(QAbstractTableModel):
    """The legs of the slip being built, one row each; legs of a block share a member number.

    `members_changed` is emitted when legs are added, removed or grouped (not when only the
    odds are refreshed), so the page can offer the kinds for the new number of members.
    """

    members_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._members: list[Member] = []
        self._rows: list[tuple[int, int]] = []

    # --- reading ------------------------------------------------------------------------

    @property
    def members(self) -> list[Member]:
        """The members in slip order (a copy)."""
        return [list(member) for member in self._members]

    def member_count(self) -> int:
        """How many members (single legs and blocks) the slip has."""
        return len(self._members)

    def has_blocks(self) -> bool:
        """True when a member is an express block (a complex system)."""
        return any(len(member) > 1 for member in self._members)

    def picks(self) -> list[PickOrBlock]:
        """The members as pos takes them: a pick, or a list of picks for a block."""
        return [
            (m[0].event_code, m[0].market)
            if len(m) == 1
            else [(leg.event_code, leg.market) for leg in m]
            for m in self._members
        ]

    def member_of_row(self, row: int) -> int:
        """The index of the member a row's leg belongs to."""
        return self._rows[row][0]

    # --- changing -----------------------------------------------------------------------

    def add_leg(self, leg: Leg) -> None:
        """Put a priced leg at the end of the slip as a member of its own."""
        self._reset([*self._members, [leg]])

    def remove_rows(self, rows: Sequence[int]) -> None:
        """Take the legs in `rows` off the slip; a block left with one leg becomes a single."""
        gone = {self._rows[row] for row in rows if 0 <= row < len(self._rows)}
        if not gone:
            return
        members = [
            [leg for j, leg in enumerate(member) if (i, j) not in gone]
            for i, member in enumerate(self._members)
        ]
        self._reset([member for member in members if member])

    def toggle_block(self, rows: Sequence[int]) -> bool:
        """Group the legs in `rows` into one express block, or split the block they all are.

        A selected leg of a block brings its whole block along. Returns False when there
        was nothing to group (fewer than two legs).
        """
        chosen = sorted({self._rows[row][0] for row in rows if 0 <= row < len(self._rows)})
        if len(chosen) == 1 and len(self._members[chosen[0]]) > 1:
            at = chosen[0]
            split = [[leg] for leg in self._members[at]]
            self._reset(self._members[:at] + split + self._members[at + 1 :])
            return True
        if len(chosen) < 2:
            return False
        block = [leg for i in chosen for leg in self._members[i]]
        members = [m for i, m in enumerate(self._members) if i not in chosen]
        members.insert(chosen[0], block)
        self._reset(members)
        return True

    def update_odds(self, priced: Sequence[Sequence[Leg]]) -> None:
        """Show the odds pos priced the slip at, if the slip still has the same legs."""
        same = [[(leg.event_code, leg.market) for leg in m] for m in priced] == [
            [(leg.event_code, leg.market) for leg in m] for m in self._members
        ]
        if not same:
            return
        self._members = [list(member) for member in priced]
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, ODDS))

    def clear(self) -> None:
        """Start an empty slip."""
        self._reset([])

    def _reset(self, members: list[Member]) -> None:
        self.beginResetModel()
        self._members = members
        self._rows = [(i, j) for i, member in enumerate(members) for j in range(len(member))]
        self.endResetModel()
        self.members_changed.emit()

    # --- Qt model -----------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex | None = None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else COLUMN_COUNT

    def headerData(  # noqa: N802 - Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return [self.tr("№"), self.tr("Код"), self.tr("Матч"), self.tr("Исход"), self.tr("Коэф.")][
            section
        ]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        member, position = self._rows[index.row()]
        legs = self._members[member]
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == MEMBER:
                return self._member_label(member, len(legs) > 1)
            return leg_cells(legs[position])[index.column() - 1]
        if role == Qt.ItemDataRole.BackgroundRole and len(legs) > 1:
            return BLOCK_COLOUR
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (MEMBER, CODE, ODDS):
            return Qt.AlignmentFlag.AlignCenter
        return None

    def _member_label(self, member: int, block: bool) -> str:
        number = str(member + 1)
        return self.tr("{number} блок").format(number=number) if block else number
