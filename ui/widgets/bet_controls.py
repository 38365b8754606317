"""Under the slip's legs on the betting page: the kind, the stake, «В игре (согласовано)», the
total odds and possible payout, the slip's message line, and its buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.betting.pricing import PricedBet
from pos.core.money import format_money
from ui.errors import MessageLabel
from ui.models.slip_model import format_total_odds, years
from ui.widgets.flow_row import FlowRow, group
from ui.widgets.kind_chooser import KindChooser

_NO_VALUE = "—"
# "1 000 000,00" with room to spare; never an endless paste (issue 34).
STAKE_MAX_LENGTH = 16


class BetControls(QWidget):
    """What the cashier sets for the slip besides its legs, and what the slip's price is.

    The page prices and issues; this widget reads and shows. `changed` follows a new kind or
    stake, `in_play_toggled(bool)` the tick, `confirm_requested` Enter on the stake or
    «Принять ставку», `clear_requested` «Новый купон», `document_requested` «Проверить
    документ».
    """

    changed = Signal()
    in_play_toggled = Signal(bool)
    confirm_requested = Signal()
    clear_requested = Signal()
    document_requested = Signal()

    def __init__(self, *, manager: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build(manager)

    @property
    def kinds(self) -> KindChooser:
        """The kind chooser."""
        return self._kinds

    @property
    def stake(self) -> QLineEdit:
        """The stake field."""
        return self._stake

    @property
    def message(self) -> MessageLabel:
        """The slip's message line, over the buttons."""
        return self._message

    @property
    def document_state(self) -> MessageLabel:
        """The line under «Проверить документ»: whether the player's document was checked."""
        return self._document_state

    def agreed_in_play(self) -> bool:
        """«В игре (согласовано)» is ticked."""
        return self._in_play.isChecked()

    def clear(self) -> None:
        """No stake, not in play (the next slip starts from nothing)."""
        self._stake.clear()
        self._in_play.setChecked(False)

    def show_totals(self, priced: PricedBet | None) -> None:
        """The slip's total odds and possible payout, or dashes (None: nothing priced)."""
        if priced is None:
            self._total_odds.setText(_NO_VALUE)
            self._payout.setText(_NO_VALUE)
            return
        self._total_odds.setText(format_total_odds(priced.total_odds))
        payout = format_money(priced.possible_payout)
        self._payout.setText(self.tr("{amount} руб.").format(amount=payout))

    def show_document(self, age: int | None) -> None:
        """The document checked, with the player's age, or not checked (None)."""
        if age is None:
            self._document_state.show_info(self.tr("Документ не проверялся"))
        else:
            text = self.tr("Документ проверен: {age}").format(age=years(age))
            self._document_state.show_success(text)

    # --- building -----------------------------------------------------------------------

    def _build(self, manager: bool) -> None:
        self._kinds = KindChooser()
        self._kinds.setObjectName("kinds")
        self._kinds.kind_changed.connect(self._on_kinds_kind_changed)
        self._stake = QLineEdit()
        self._stake.setObjectName("stake")
        self._stake.setPlaceholderText(self.tr("10 или 12,50"))
        self._stake.setMaxLength(STAKE_MAX_LENGTH)
        self._stake.setMaximumWidth(200)
        self._stake.setMinimumWidth(80)  # «4999,99» in sight beside a slip's preview (issue 16)
        self._stake.textChanged.connect(self._on_stake_text_changed)
        self._stake.returnPressed.connect(self.confirm_requested)
        self._in_play = QCheckBox(self.tr("В игре (согласовано)"))
        self._in_play.setObjectName("agreed_in_play")
        # p.22: only a manager agrees a bet after the start; a cashier calls one over, who
        # allows it with their PIN when the slip is issued.
        if not manager:
            self._in_play.setToolTip(
                self.tr("Ставку в игре согласует менеджер: при выдаче купона он вводит свой PIN")
            )
        self._in_play.setStyleSheet("QCheckBox::indicator { width: 22px; height: 22px; }")
        self._in_play.toggled.connect(self.in_play_toggled)
        self._total_odds = self._value_label("total_odds")
        self._payout = self._value_label("possible_payout")
        self._message = MessageLabel()
        self._message.setObjectName("slip_message")
        # A refusal goes as the cashier corrects the slip, before its new price (issue 16).
        self._message.clear_when_edited(self._stake)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(8)
        self._add_kind_and_stake(column)
        column.addLayout(self._totals_row())
        column.addWidget(self._message)
        column.addWidget(self._build_buttons())

    def _add_kind_and_stake(self, column: QVBoxLayout) -> None:
        kind_label = QLabel(self.tr("Вид ставки (F2)"))
        stake_label = QLabel(self.tr("Ставка, руб. (F3)"))  # the page's key (issue 34)
        stake_label.setBuddy(self._stake)
        # Rows rather than a grid: the kinds wrap in their own row as the card narrows.
        for label in (kind_label, stake_label):
            label.setMinimumWidth(
                max(kind_label.sizeHint().width(), stake_label.sizeHint().width())
            )
        kind_row = QHBoxLayout()
        kind_row.setSpacing(14)
        kind_row.addWidget(kind_label, 0, Qt.AlignmentFlag.AlignTop)
        kind_row.addWidget(self._kinds, 1)
        stake_row = QHBoxLayout()
        stake_row.setSpacing(14)
        stake_row.addWidget(stake_label)
        stake_row.addWidget(self._stake)
        stake_row.addWidget(self._in_play)
        stake_row.addStretch(1)
        column.addLayout(kind_row)
        column.addLayout(stake_row)

    def _totals_row(self) -> QHBoxLayout:
        # Each figure under its caption: a five-figure payout never widens the window past
        # 1024 pixels (issue 16), and amounts are never cut short.
        row = QHBoxLayout()
        row.setSpacing(32)
        captions = (self.tr("Коэффициент"), self.tr("Возможный выигрыш"))
        for caption, value in zip(captions, (self._total_odds, self._payout), strict=True):
            pair = QVBoxLayout()
            pair.setSpacing(0)
            pair.addWidget(QLabel(caption))
            pair.addWidget(value)
            row.addLayout(pair)
        row.addStretch(1)
        return row

    def _value_label(self, name: str) -> QLabel:
        label = QLabel(_NO_VALUE)
        label.setObjectName(name)
        label.setProperty("heading", "1")
        return label

    def _build_buttons(self) -> FlowRow:
        document = QPushButton(self.tr("Проверить документ (F4)"))
        document.setObjectName("check_identity")
        document.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        document.clicked.connect(self._on_document_button_clicked)
        # A message line standing for the slip's document (see MessageGroup), on one line.
        self._document_state = MessageLabel()
        self._document_state.setObjectName("document_state")
        self._document_state.setWordWrap(False)
        self._document_state.setMinimumHeight(0)
        self._document_state.show_info(self.tr("Документ не проверялся"))
        clear = QPushButton(self.tr("Новый купон (Esc)"))
        clear.setObjectName("clear_slip")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(self._on_clear_button_clicked)
        accept = QPushButton(self.tr("Принять ставку (F9)"))
        accept.setObjectName("accept_bet")
        accept.setProperty("primary", "true")
        accept.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        accept.clicked.connect(self._on_accept_button_clicked)
        # The document's state under its button, so that the three buttons share a line from
        # 1366 pixels; in a narrower window the slip's two go on the next line (issue 16).
        checked = QWidget()
        under = QVBoxLayout(checked)
        under.setContentsMargins(0, 0, 0, 0)
        under.setSpacing(2)
        under.addWidget(document)
        under.addWidget(self._document_state)
        return FlowRow(checked, group(clear, accept), last_right=True)

    # --- slots --------------------------------------------------------------------------

    def _on_kinds_kind_changed(self, _kind: object) -> None:
        self.changed.emit()

    def _on_stake_text_changed(self, _text: str) -> None:
        self.changed.emit()

    def _on_document_button_clicked(self) -> None:
        self.document_requested.emit()

    def _on_clear_button_clicked(self) -> None:
        self.clear_requested.emit()

    def _on_accept_button_clicked(self) -> None:
        self.confirm_requested.emit()
