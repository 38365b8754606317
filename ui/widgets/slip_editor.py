"""The legs of the slip being built: typed as "101 1", listed, removed and grouped into blocks."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import cast

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QStringListModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from pos.betting.pricing import Pick, PricedBet
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.slip_model import MARKET, MATCH, SlipDraftModel
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel

_PICK = re.compile(r"\s*(\d+)\s*(.*?)\s*")
# A code and the longest market typed with room to spare; never a 4 301-digit paste that pos
# would refuse only after reading it (issue 34).
PICK_MAX_LENGTH = 48


def split_pick(text: str) -> tuple[str, str]:
    """The event code and the market as typed: "102 б2,5" → ("102", "б2,5"); pos checks both."""
    if match := _PICK.fullmatch(text):
        return match[1], match[2]
    code, _, market = text.strip().partition(" ")
    return code, market.strip()


class EventCompleter(QCompleter):
    """The events on offer, listed under the pick field as the cashier types a code or a
    team («101 Динамо Минск — БАТЭ Борисов, 19:00»); the one chosen leaves «101 » in the
    field for the market (issue 16).

    Enter on a highlighted event takes its code and adds no leg; with none highlighted the
    list closes and Enter adds the leg as typed.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._choices = QStringListModel(self)
        self.setModel(self._choices)
        self.setFilterMode(Qt.MatchFlag.MatchContains)
        self.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setMaxVisibleItems(10)

    def set_choices(self, choices: list[str]) -> None:
        """The events offered, as the cashier reads them, each starting with its code."""
        self._choices.setStringList(choices)

    def pathFromIndex(self, index: QModelIndex | QPersistentModelIndex) -> str:  # noqa: N802
        code, _, _rest = str(index.data()).partition(" ")
        return f"{code} "

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        popup = self.popup()
        field = self.widget()
        if watched is popup and event.type() == QEvent.Type.Hide and field is not None:
            # A platform that made the list the active window (the offscreen one the tests
            # run on) does not give it back: the page's keys (F9, Esc, Alt+1…) need it.
            field.window().activateWindow()
        if (
            watched is popup
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and popup.isVisible()
            and popup.currentIndex().isValid()
        ):
            popup.hide()
            if isinstance(field, QLineEdit):
                field.setText(self.pathFromIndex(popup.currentIndex()))
            return True  # the code chosen: no leg is added yet
        return super().eventFilter(watched, event)


class SlipEditor(QWidget):
    """ "Событие и исход" and the legs below it.

    Enter prices the typed leg alone (pos checks the code, the market, a suspended or started
    event, an event already on the slip) and adds it; a refusal stays under the field with the
    text left for correcting. ↓ goes to the legs: Del or Backspace removes the selected ones,
    + groups them into an express block (or splits a selected block), Esc goes back (there it
    never reaches the page, where Esc clears the slip), Tab leaves them. An empty Enter emits
    `stake_wanted`; the page's F3 goes to the stake from anywhere (issue 34).
    """

    members_changed = Signal()
    stake_wanted = Signal()

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self.min_stake = Decimal("1")
        self.agreed_in_play = False
        self._draft = SlipDraftModel(self)
        self._draft.members_changed.connect(self.members_changed)
        self._build()
        self.setFocusProxy(self._pick)

    @property
    def draft(self) -> SlipDraftModel:
        """The slip being built."""
        return self._draft

    @property
    def message(self) -> MessageLabel:
        """The line under the field, for the page's group of messages (issue 16)."""
        return self._message

    def message_text(self) -> str:
        """The line under the field (tests)."""
        return self._message.text()

    def clear_message_when_edited(self, label: MessageLabel) -> None:
        """Clear `label` too when the cashier edits the pick field (the slip card's refusal)."""
        label.clear_when_edited(self._pick)

    def clear(self) -> None:
        """Start a new slip: no legs, nothing typed, no message; the cursor in the field."""
        self._draft.clear()
        self._pick.clear()
        self._message.clear_message()
        self._pick.setFocus()

    def set_events(self, choices: list[str]) -> None:
        """The events offered under the field as the cashier types (see EventCompleter)."""
        self._events.set_choices(choices)

    def add_pick(self, text: str) -> None:
        """Price the typed leg alone at the minimum stake; if pos takes it, it joins the slip."""
        code, market = split_pick(text)
        desk, stake, in_play = self._desk, self.min_stake, self.agreed_in_play
        on_slip = self._draft.picks()
        # The code goes to pos as typed: pos reads digits and refuses anything else with
        # UnknownEvent, so the cashier sees its sentence.
        pick = cast(Pick, (code, market))
        self._runner.run(
            lambda: desk.price_pick(pick, on_slip, stake, agreed_in_play=in_play),
            on_success=lambda priced: self._show_pick(text, priced),
            on_failure=self._message.show_error,
            owner=self,
        )

    def group_selected(self) -> None:
        """Group the selected legs into an express block, or split the selected block."""
        self._draft.toggle_block(self._selected_rows())

    def remove_selected(self) -> None:
        """Take the selected legs off the slip."""
        rows = self._selected_rows()
        self._draft.remove_rows(rows)
        if self._draft.rowCount():
            self._legs.selectRow(min(min(rows, default=0), self._draft.rowCount() - 1))
        else:
            self._pick.setFocus()

    def select_rows(self, rows: list[int]) -> None:
        """Select these legs (tests, screenshots)."""
        self._legs.clearSelection()
        model = self._legs.selectionModel()
        for row in rows:
            model.select(
                self._draft.index(row, 0),
                model.SelectionFlag.Select | model.SelectionFlag.Rows,
            )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        caption = QLabel(self.tr("Событие и исход"))
        caption.setProperty("heading", "2")
        self._pick = QLineEdit()
        self._pick.setObjectName("pick")
        self._pick.setPlaceholderText(self.tr("код события и исход, например 101 1 или 102 Б2,5"))
        self._pick.setMaxLength(PICK_MAX_LENGTH)
        self._pick.returnPressed.connect(self._on_pick_return_pressed)
        self._pick.installEventFilter(self)
        self._events = EventCompleter(self)
        self._pick.setCompleter(self._events)
        caption.setBuddy(self._pick)
        hint = ElidedLabel(  # cut short in a narrow window, whole in its tooltip (issue 16)
            # The way to the stake first: it is what a cashier looks for (issue 34).
            self.tr(
                "Enter — добавить · F3 — к ставке · ↓ — к списку · Del — убрать · "
                "+ или Ctrl+B — блок"
            )
        )
        hint.setProperty("muted", "true")
        self._message = MessageLabel()
        self._message.setObjectName("pick_message")
        self._message.setMinimumHeight(0)
        self._message.clear_when_edited(self._pick)  # the text is being corrected (issue 16)

        self._legs = QTableView()
        self._legs.setObjectName("legs")
        self._legs.setModel(self._draft)
        self._legs.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._legs.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._legs.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._legs.setShowGrid(False)
        # Tab leaves the legs for the stake instead of walking their cells (issue 34).
        self._legs.setTabKeyNavigation(False)
        self._legs.verticalHeader().setVisible(False)
        # A long match wraps instead of being cut short.
        self._legs.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._legs.installEventFilter(self)
        header = self._legs.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(MATCH, QHeaderView.ResizeMode.Stretch)
        # The market shares the room with the match: both wrap in a narrow card (issue 16).
        header.setSectionResizeMode(MARKET, QHeaderView.ResizeMode.Stretch)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(caption)
        layout.addWidget(self._pick)
        layout.addWidget(hint)
        layout.addWidget(self._message)
        layout.addWidget(self._legs, 1)

    def _selected_rows(self) -> list[int]:
        return sorted(index.row() for index in self._legs.selectionModel().selectedRows())

    def _show_pick(self, typed: str, priced: PricedBet) -> None:
        self._draft.add_leg(priced.members[0][0])
        self._message.clear_message()
        if self._pick.text() == typed:  # the cashier may already be typing the next leg
            self._pick.clear()

    # --- keyboard -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (
            watched in (self._legs, self._pick)
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and (watched is self._legs or self._events_popup_visible())
        ):
            # Esc in the legs goes back to the field, and over the list of events it closes
            # the list; only then does the page's Esc clear the slip.
            event.accept()
            return True
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched is self._pick and event.key() == Qt.Key.Key_Down:
                return self._go_to_legs()
            if watched is self._legs:
                return self._legs_key_pressed(event)
        return super().eventFilter(watched, event)

    def _events_popup_visible(self) -> bool:
        popup = self._events.popup()  # Qt makes the list on first asking; typed Optional
        return popup is not None and popup.isVisible()

    def _go_to_legs(self) -> bool:
        if not self._draft.rowCount():
            return False
        self._legs.setFocus()
        if not self._legs.selectionModel().hasSelection():
            self._legs.selectRow(0)
        return True

    def _legs_key_pressed(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_selected()
            return True
        if event.text() == "+":
            self.group_selected()
            return True
        if event.key() == Qt.Key.Key_Escape:
            self._pick.setFocus()
            return True
        return False

    # --- slots --------------------------------------------------------------------------

    def _on_pick_return_pressed(self) -> None:
        if self._pick.text().strip():
            self.add_pick(self._pick.text())
        elif self._draft.member_count():
            self.stake_wanted.emit()
