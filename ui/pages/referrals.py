"""The «Крупные ставки» page: stakes referred to a manager, decided here (issue 38).

The waiting ones, oldest first, with their countdowns; the chosen one's slip, the player's
day and the liability of its outcomes beside it. Enter accepts it (with a stake typed: cut to
it), Del or F8 refuses it. The list is read again every second while the page is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.money import format_money
from pos.errors import PosError
from pos.risk.referral_board import WaitingReferral
from pos.risk.referral_wording import (
    NONE_WAITING,
    decided_words,
    liability_words,
    player_day_words,
    seconds_words,
    terms_words,
)
from pos.risk.referrals import Referral
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.referral_notice import ReferralNotice
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button, primary_button
from ui.widgets.form_card import form_card, named_line
from ui.widgets.legs_table import LegsTable
from ui.widgets.tables import read_only_rows

POLL_MS = 1000
NUMBER, TILL, STAKE, LEFT = range(4)


class ReferralsPage(QWidget):
    """The waiting referrals and the chosen one's decision (managers, Permission.RISK)."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self.waiting: list[WaitingReferral] = []  # the list shown (tests)
        self._asking = False
        self._build()
        self.notice = ReferralNotice(desk, runner, self)  # on every page of the window
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._build_keys()

    @property
    def table(self) -> QTableWidget:
        return self._table

    @property
    def stake_field(self) -> QWidget:
        return self._stake

    def message_text(self) -> str:
        return self._message.text()

    def chosen(self) -> Referral | None:
        """The referral chosen in the list (the first by default)."""
        row = self._table.currentRow()
        return self.waiting[row].referral if 0 <= row < len(self.waiting) else None

    def refresh(self, *, quiet: bool = False) -> None:
        """Read the waiting referrals in the background (`quiet`: the timer's,
        ui.tasks.TaskRunner)."""
        if self._asking or self._runner.closed:
            return
        self._asking = True
        self._runner.run(
            self._desk.referrals, on_success=self._show, on_failure=self._failed, owner=self,
            quiet=quiet,
        )  # fmt: skip

    def accept_chosen(self) -> None:
        """Enter: accept the chosen referral, cut to the stake typed if there is one."""
        chosen = self.chosen()
        if chosen is None:
            return
        stake = self._stake.text().strip() or None
        number, office, desk = chosen.number, chosen.office, self._desk
        self._decide(lambda: desk.decide_referral(number, stake=stake, office=office))

    def refuse_chosen(self) -> None:
        """Del or F8: refuse the chosen referral, with the reason typed if any."""
        chosen = self.chosen()
        if chosen is None:
            return
        reason = self._reason.text()
        number, office, desk = chosen.number, chosen.office, self._desk
        self._decide(
            lambda: desk.decide_referral(number, accept=False, reason=reason, office=office)
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._message = MessageLabel()
        self._message.setObjectName("referrals_message")
        self._table = QTableWidget(0, 4)
        self._table.setObjectName("referrals_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("№"), self.tr("Касса"), self.tr("Ставка"), self.tr("Осталось")]
        )  # fmt: skip
        header = read_only_rows(self._table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(TILL, QHeaderView.ResizeMode.Stretch)
        self._table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        columns = QHBoxLayout()
        columns.setSpacing(12)
        columns.addWidget(self._table, 2)
        columns.addWidget(self._build_card(), 3, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addWidget(self._message)
        layout.addLayout(columns, 1)

    def _build_card(self) -> QWidget:
        card, form = form_card(self.tr("Ставка у менеджера"))
        self._legs = LegsTable()
        self._legs.setObjectName("referral_legs")
        self._legs.setMinimumHeight(120)  # a leg or two in sight, an express scrolls
        form.addRow(self._legs)
        self._terms = self._value("referral_terms")
        self._refusal = self._value("referral_refusal")
        self._player = self._value("referral_player")
        self._liability = self._value("referral_liability")
        form.addRow(self.tr("Ставка"), self._terms)
        form.addRow(self.tr("Лимит"), self._refusal)
        form.addRow(self.tr("Игрок"), self._player)
        form.addRow(self.tr("Обязательства"), self._liability)
        self._stake = named_line("referral_stake", self.tr("пусто — как просит игрок"))
        self._reason = named_line("referral_reason", self.tr("необязательно"))
        form.addRow(self.tr("Согласовать ставку"), self._stake)
        form.addRow(self.tr("Причина отказа"), self._reason)
        accept = primary_button("referral_accept", self.tr("Согласовать (Enter)"))
        refuse = action_button("referral_refuse", self.tr("Отклонить (Del, F8)"))
        accept.clicked.connect(self.accept_chosen)
        refuse.clicked.connect(self.refuse_chosen)
        buttons = QHBoxLayout()
        buttons.addWidget(refuse)
        buttons.addStretch(1)
        buttons.addWidget(accept)
        form.addRow(buttons)
        return card

    def _build_keys(self) -> None:
        # Enter and Del on the list; Enter in the stake accepts (cut to it), in the reason
        # refuses; F8 refuses anywhere on the page (Del in a field deletes text).
        on_list = Qt.ShortcutContext.WidgetShortcut
        keys = ((Qt.Key.Key_Return, self.accept_chosen), (Qt.Key.Key_Enter, self.accept_chosen),
                (Qt.Key.Key_Delete, self.refuse_chosen))  # fmt: skip
        for key, handler in keys:
            QShortcut(QKeySequence(key), self._table, handler, context=on_list)
        page = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence(Qt.Key.Key_F8), self, self.refuse_chosen, context=page)
        self._stake.returnPressed.connect(self.accept_chosen)
        self._reason.returnPressed.connect(self.refuse_chosen)

    @staticmethod
    def _value(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        return label

    # --- showing ------------------------------------------------------------------------

    def _show(self, waiting: list[WaitingReferral]) -> None:
        self._asking = False
        before = self.chosen()
        self.waiting = waiting
        self._table.setRowCount(len(waiting))
        chosen_row = 0
        for row, one in enumerate(waiting):
            referral = one.referral
            cells = (
                f"{referral.number}",
                f"{referral.terminal}, {referral.cashier}",
                format_money(referral.stake),
                seconds_words(one.seconds_left),
            )
            for column, text in enumerate(cells):
                self._table.setItem(row, column, QTableWidgetItem(text))
            if before is not None and (referral.office, referral.number) == (
                before.office,
                before.number,
            ):
                chosen_row = row
        if waiting:
            self._table.selectRow(chosen_row)
        elif self._message.kind not in ("success", "error"):  # a decision's answer stays
            self._message.show_info(NONE_WAITING)
        self._show_chosen()

    def _show_chosen(self) -> None:
        row = self._table.currentRow()
        one = self.waiting[row] if 0 <= row < len(self.waiting) else None
        if one is None:
            self._legs.set_members(())
            for label in (self._terms, self._refusal, self._player, self._liability):
                label.clear()
            return
        referral, day = one.referral, one.player_today
        self._legs.set_members(referral.members)
        self._terms.setText(terms_words(referral))
        self._refusal.setText(referral.refusal)
        self._player.setText(player_day_words(day.referrals, day.asked, day.slips, day.staked))
        words = [liability_words(row) for row in one.liability]
        self._liability.setText("\n".join(words) or self.tr("открытых купонов на исходы нет"))

    def _decide(self, call: Callable[[], Referral]) -> None:
        self._runner.run(call, on_success=self._decided, on_failure=self._refused, owner=self)

    def _decided(self, referral: Referral) -> None:
        self._stake.clear()
        self._reason.clear()
        self._message.show_success(decided_words(referral))
        self.refresh()

    def _refused(self, exc: PosError) -> None:
        self._message.show_error(exc)  # decided by another manager, too late, a bad stake
        self.refresh()

    def _failed(self, exc: PosError) -> None:
        self._asking = False
        self._message.show_error(exc)

    # --- Qt overrides and slots ---------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.refresh()
        self._timer.start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        super().hideEvent(event)
        self._timer.stop()

    def _on_timer_timeout(self) -> None:
        if not self._runner.busy:
            self.refresh(quiet=True)

    def _on_table_item_selection_changed(self) -> None:
        self._show_chosen()
