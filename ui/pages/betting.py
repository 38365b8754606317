"""The betting page: the cashier builds a slip by keyboard, confirms it with the player."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.bets import kinds_for
from pos.betting import PricedBet
from pos.clock import Clock
from pos.desk import Desk
from pos.errors import NotPermitted, PosError, ReceiptNotPrinted
from pos.identity import IdDocument
from pos.line import Event
from pos.money import format_money
from pos.permissions import Permission
from pos.settings import ShopSettings
from pos.slipnumbers import display_slip_number
from pos.slips import Slip
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.dialogs.identity import IdentityDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.print_preview import SlipPreviewer
from ui.errors import MessageGroup, MessageLabel
from ui.models.line_model import event_choice
from ui.models.slip_model import BetDraft, SlipDraftModel, format_total_odds, years
from ui.tasks import TaskRunner
from ui.widgets.flow_row import FlowRow, group
from ui.widgets.kind_chooser import KindChooser
from ui.widgets.preview_panel import PreviewPanel
from ui.widgets.recent_slips import RecentSlipsPanel
from ui.widgets.slip_editor import SlipEditor

# The preview is priced once the cashier pauses typing for this long.
PREVIEW_DELAY_MS = 150
_NO_VALUE = "—"


class BettingPage(QWidget):
    """The slip being built on the left, the recent slips and the lookup on the right.

    Keyboard: "101 1" Enter adds a leg; an empty Enter goes to the stake; ↓ goes to the legs,
    where Del removes and + (or Ctrl+B anywhere) groups the selected legs into an express
    block; F2 or Ctrl+1…9 choose the kind; Enter on the stake or F9 confirms; Esc (or «Новый
    купон») clears the slip being built; F4 checks the player's document; F6 finds a slip;
    F8 cancels the selected recent slip.

    A cashier's bet agreed in play is priced as the cashier builds it; the manager allows it
    with their PIN when it is issued (pos refuses it until then), never on the tick (issue 16).

    Without a printer (`desk.printer_virtual`) each issued slip is shown in a side panel
    beside the cards (issue 16), which Esc closes before it clears a slip. `till_changed` is
    emitted when a bet or a cancellation failed or left a receipt unprinted: the till page
    then shows what waits for the cashier.
    """

    till_changed = Signal()

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._settings = ShopSettings()  # the zone and minimum stake until the shop's are loaded
        self._document: tuple[IdDocument, int] | None = None
        self._generation = 0
        self.confirm_dialog: ConfirmBetDialog | None = None
        self.manager_dialog: ManagerPinDialog | None = None
        # A cashier's desk a manager allowed one bet in play with their PIN at its issue
        # (p.22), while «В игре (согласовано)» stays ticked; the bet issued uses the grant up.
        self._agreed: Desk | None = None
        self.identity_dialog: IdentityDialog | None = None
        self._preview = PreviewPanel()
        self._preview.closed.connect(self._on_preview_closed)
        self._previewer = SlipPreviewer(desk, runner, self, self._preview)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self._on_preview_timer_timeout)
        self._build()
        self._build_shortcuts()
        self._previewer.failed.connect(self._slip_message.show_error)
        # One outcome in sight on the page at a time: an old refusal never stands beside a
        # newer success, and the document's state clears a refusal it answers (issue 16).
        self._messages = MessageGroup(
            self, self._slip_message, self._editor.message, *self._recent.messages
        )
        self._messages.add(self._document_state, standing=True)

    # --- public -------------------------------------------------------------------------

    @property
    def draft(self) -> SlipDraftModel:
        """The slip being built."""
        return self._editor.draft

    @property
    def editor(self) -> SlipEditor:
        """The legs of the slip being built."""
        return self._editor

    @property
    def recent(self) -> RecentSlipsPanel:
        """The recent slips panel (cancel, lookup)."""
        return self._recent

    @property
    def preview_panel(self) -> PreviewPanel:
        """The side panel showing the last slip issued without a printer (hidden before one)."""
        return self._preview

    @property
    def kinds(self) -> KindChooser:
        """The kind chooser."""
        return self._kinds

    def refresh(self) -> None:
        """Reload the shop settings (zone, minimum stake), the events on offer and the
        recent slips."""
        desk = self._desk
        self._runner.run(
            desk.settings,
            on_success=self._show_settings,
            on_failure=self._slip_message.show_error,
            owner=self,
        )
        self._runner.run(
            desk.events_on_offer,
            on_success=self._show_events,
            on_failure=self._slip_message.show_error,
            owner=self,
        )
        self._recent.refresh()

    def confirm(self) -> None:
        """Price the slip as it is now and, if pos takes it, open the confirmation (F9)."""
        if self.confirm_dialog is None:
            self._price(confirming=True)

    def clear_slip(self) -> None:
        """Esc or «Новый купон»: the slip being built is dropped and the next one starts empty."""
        self._editor.clear()
        self._stake.clear()
        self._in_play.setChecked(False)
        self._set_document(None)
        self._generation += 1  # a price of the dropped slip still on its way is not shown
        self._show_totals(None)
        self._slip_message.clear_unless_warning()  # a missing receipt stays in view

    def check_document(self) -> None:
        """F4: the identity dialog for the player of this slip."""
        today = self._clock.now().astimezone(self._settings.zone).date()
        dialog = IdentityDialog(self._desk, self._runner, today, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.document_checked.connect(self._on_identity_document_checked)
        dialog.check_failed.connect(self._on_identity_check_failed)
        dialog.finished.connect(self._on_identity_finished)
        self.identity_dialog = dialog
        dialog.open()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        left = self._slip_card = QFrame()
        left.setObjectName("card")
        column = QVBoxLayout(left)
        column.setContentsMargins(20, 16, 20, 16)
        column.setSpacing(8)
        self._editor = SlipEditor(self._desk, self._runner)
        self._editor.members_changed.connect(self._on_editor_members_changed)
        self._editor.stake_wanted.connect(self._on_editor_stake_wanted)
        column.addWidget(self._editor, 1)
        self._build_bet(column)
        right = QFrame()
        right.setObjectName("card")
        self._recent = RecentSlipsPanel(self._desk, self._runner, self._clock)
        self._recent.till_changed.connect(self.till_changed)
        right_column = QVBoxLayout(right)
        right_column.setContentsMargins(20, 16, 20, 16)
        right_column.addWidget(self._recent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(16)
        # The preview of a slip issued without a printer takes its room mostly from the
        # slip's card, empty again by then (issue 16).
        layout.addWidget(left, 3)
        layout.addWidget(right, 2)
        layout.addWidget(self._preview, 2)
        self.setFocusProxy(self._editor)

    def _build_bet(self, column: QVBoxLayout) -> None:
        self._kinds = KindChooser()
        self._kinds.setObjectName("kinds")
        self._kinds.kind_changed.connect(self._on_kinds_kind_changed)
        self._stake = QLineEdit()
        self._stake.setObjectName("stake")
        self._stake.setPlaceholderText(self.tr("10 или 12,50"))
        self._stake.setMaximumWidth(200)
        self._stake.setMinimumWidth(80)  # «4999,99» in sight beside a slip's preview (issue 16)
        self._stake.textChanged.connect(self._on_stake_text_changed)
        self._stake.returnPressed.connect(self._on_stake_return_pressed)
        self._in_play = QCheckBox(self.tr("В игре (согласовано)"))
        self._in_play.setObjectName("agreed_in_play")
        # p.22: only a manager agrees a bet after the start; a cashier calls one over, who
        # allows it with their PIN when the slip is issued.
        if not self._desk.is_manager:
            self._in_play.setToolTip(
                self.tr("Ставку в игре согласует менеджер: при выдаче купона он вводит свой PIN")
            )
        self._in_play.setStyleSheet("QCheckBox::indicator { width: 22px; height: 22px; }")
        self._in_play.toggled.connect(self._on_in_play_toggled)
        self._total_odds = self._value_label("total_odds")
        self._payout = self._value_label("possible_payout")

        kind_label = QLabel(self.tr("Вид ставки (F2)"))
        stake_label = QLabel(self.tr("Ставка, руб."))
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
        self._slip_message = MessageLabel()
        self._slip_message.setObjectName("slip_message")
        # A refusal goes as the cashier corrects the slip, before its new price (issue 16).
        self._slip_message.clear_when_edited(self._stake)
        self._editor.clear_message_when_edited(self._slip_message)
        column.addLayout(kind_row)
        column.addLayout(stake_row)
        column.addLayout(self._totals_row())
        column.addWidget(self._slip_message)
        column.addWidget(self._build_buttons())

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

    def _build_shortcuts(self) -> None:
        keys = [
            (QKeySequence(Qt.Key.Key_F2), self._kinds.cycle),
            (QKeySequence(Qt.Key.Key_F4), self.check_document),
            (QKeySequence(Qt.Key.Key_F9), self.confirm),
            (QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_B), self._editor.group_selected),
        ]
        # Ctrl, not Alt: Alt and a digit opens the window's numbered tabs (issue 16).
        for number in range(1, 10):
            key = Qt.Key(Qt.Key.Key_0.value + number)
            keys.append((QKeySequence(Qt.Modifier.CTRL | key), self._chooser(number - 1)))
        for sequence, handler in keys:
            QShortcut(sequence, self, handler)
        # Esc clears the slip only while the cursor is on it: not in "Найти купон", not in a
        # dialog (a window of its own), and not in the legs, where Esc goes back to the field.
        clear = QShortcut(QKeySequence(Qt.Key.Key_Escape), self._slip_card, self._on_escape)
        clear.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self._kinds.choose(index)

    # --- pricing ------------------------------------------------------------------------

    def _bet_draft(self) -> BetDraft | None:
        kind = self._kinds.current()
        if kind is None:
            return None
        document = self._document[0] if self._document else None
        return BetDraft(
            self.draft.picks(), self._stake.text(), str(kind), self._in_play.isChecked(), document
        )

    def _price(self, *, confirming: bool) -> None:
        self._preview_timer.stop()
        self._generation += 1
        generation, bet, desk = self._generation, self._bet_draft(), self._desk
        if bet is None or (not bet.stake.strip() and not confirming):
            self._show_totals(None)  # nothing to price yet
            return
        self._runner.run(
            lambda: desk.price_bet(
                bet.picks, bet.stake, bet.kind, agreed_in_play=bet.agreed_in_play
            ),
            on_success=lambda priced: self._show_priced(generation, bet, priced, confirming),
            on_failure=lambda exc: self._show_price_refused(generation, exc),
            owner=self,
        )

    def _issue(self, bet: BetDraft, request_key: str, shown_payout: Decimal) -> None:
        # The manager's grant, once given at the issue of a bet in play; else the page's desk.
        desk = self._agreed if bet.agreed_in_play and self._agreed is not None else self._desk
        self._runner.run(
            lambda: desk.accept_bet(
                bet.picks,
                bet.stake,
                bet.kind,
                document=bet.document,
                agreed_in_play=bet.agreed_in_play,
                request_key=request_key,
                expected_payout=shown_payout,
            ),
            on_success=self._show_issued,
            on_failure=lambda exc: self._show_issue_refused(bet, exc),
            owner=self,
        )

    # --- results ------------------------------------------------------------------------

    def _show_settings(self, settings: ShopSettings) -> None:
        self._settings = settings
        self._editor.min_stake = settings.min_stake

    def _show_events(self, events: list[Event]) -> None:
        # The settings are read first on the one worker: the zone is the shop's by now.
        zone = self._settings.zone
        today = self._clock.now().astimezone(zone).date()
        self._editor.set_events([event_choice(event, zone, today) for event in events])

    def _show_totals(self, priced: PricedBet | None) -> None:
        if priced is None:
            self._total_odds.setText(_NO_VALUE)
            self._payout.setText(_NO_VALUE)
            if self._slip_message.kind == "error":
                self._slip_message.clear_message()
            return
        self._total_odds.setText(format_total_odds(priced.total_odds))
        payout = format_money(priced.possible_payout)
        self._payout.setText(self.tr("{amount} руб.").format(amount=payout))

    def _show_priced(
        self, generation: int, bet: BetDraft, priced: PricedBet, confirming: bool
    ) -> None:
        if generation != self._generation:
            return  # the slip changed since: a newer price is on its way
        self.draft.update_odds(priced.members)
        self._show_totals(priced)
        self._slip_message.clear_unless_warning()  # a missing receipt stays in view
        if confirming and self.confirm_dialog is None:
            self._open_confirmation(bet, priced)

    def _show_price_refused(self, generation: int, exc: PosError) -> None:
        if generation == self._generation:
            self._show_totals(None)
            self._slip_message.show_error(exc)

    def _open_confirmation(self, bet: BetDraft, priced: PricedBet) -> None:
        age = self._document[1] if self._document else None
        dialog = ConfirmBetDialog(
            priced, agreed_in_play=bet.agreed_in_play, document_age=age, parent=self
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.confirmed.connect(lambda key: self._issue(bet, key, priced.possible_payout))
        dialog.finished.connect(self._on_confirm_dialog_finished)
        self.confirm_dialog = dialog
        dialog.open()

    def _show_issued(self, slip: Slip) -> None:
        self._clear_issued()
        until = slip.window_ends_at.astimezone(self._settings.zone)
        self._slip_message.show_success(
            self.tr("Купон {number} выдан. Претензии принимаются до {until}.").format(
                number=display_slip_number(slip.number), until=until.strftime("%H:%M:%S")
            )
        )
        self._recent.add_slip(slip)
        self._previewer.show_if_virtual(slip)

    def _show_issue_refused(self, bet: BetDraft, exc: PosError) -> None:
        if isinstance(exc, ReceiptNotPrinted):
            # The slip is issued; only its receipt is missing ("Допечатать чеки").
            self._clear_issued()
            self._slip_message.show_warning(exc)
            self._recent.refresh()
        elif self.confirm_dialog is not None:
            self.confirm_dialog.show_refusal(exc)
            if isinstance(exc, NotPermitted) and bet.agreed_in_play:
                # p.22: the manager agrees the bet in play now, at its issue, with their PIN.
                self._ask_manager_for_in_play(self.confirm_dialog)
        else:
            self._slip_message.show_error(exc)
        self.till_changed.emit()

    def _clear_issued(self) -> None:
        if self.confirm_dialog is not None:
            self.confirm_dialog.accept()
        self.clear_slip()

    def _set_document(self, checked: tuple[IdDocument, int] | None) -> None:
        self._document = checked
        if checked is None:
            self._document_state.show_info(self.tr("Документ не проверялся"))
        else:
            text = self.tr("Документ проверен: {age}").format(age=years(checked[1]))
            self._document_state.show_success(text)

    # --- slots --------------------------------------------------------------------------

    def _on_editor_stake_wanted(self) -> None:
        self._stake.setFocus()

    def _on_stake_return_pressed(self) -> None:
        self.confirm()

    def _on_accept_button_clicked(self) -> None:
        self.confirm()

    def _on_clear_button_clicked(self) -> None:
        self.clear_slip()

    def _on_escape(self) -> None:
        # The slip's preview beside the page goes first: one more Esc clears the slip.
        if self._preview.isVisible():
            self._preview.close_panel()
        else:
            self.clear_slip()

    def _on_preview_closed(self) -> None:
        # The cursor was in the panel (Qt moved it on): back to where the cashier types.
        focused = QApplication.focusWidget()
        if focused is None or not self._slip_card.isAncestorOf(focused):
            self._editor.setFocus()

    def _on_document_button_clicked(self) -> None:
        self.check_document()

    def _on_editor_members_changed(self) -> None:
        draft = self.draft
        blocks = draft.has_blocks()
        self._kinds.set_kinds(kinds_for(draft.member_count(), blocks=blocks), blocks=blocks)
        self._preview_timer.start()

    def _on_kinds_kind_changed(self, _kind: object) -> None:
        self._preview_timer.start()

    def _on_stake_text_changed(self, _text: str) -> None:
        self._preview_timer.start()

    def _ask_manager_for_in_play(self, parent: QWidget) -> None:
        dialog = ManagerPinDialog(self._desk, self._runner, Permission.AGREE_IN_PLAY, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.granted.connect(self._on_manager_dialog_granted)
        dialog.finished.connect(self._on_manager_dialog_finished)
        self.manager_dialog = dialog
        dialog.open()

    def _on_manager_dialog_granted(self, granted: Desk) -> None:
        self._agreed = granted
        if self.confirm_dialog is not None:
            self.confirm_dialog.confirm()  # the same request again, now on the granted desk

    def _on_manager_dialog_finished(self, _result: int) -> None:
        # Without the manager the confirmation keeps the refusal: Enter asks again, Esc goes
        # back to the slip, still ticked in play.
        self.manager_dialog = None
        if self.confirm_dialog is not None:
            self.confirm_dialog.activateWindow()

    def _on_in_play_toggled(self, checked: bool) -> None:
        self._editor.agreed_in_play = checked
        if not checked:
            self._agreed = None
        self._preview_timer.start()

    def _on_preview_timer_timeout(self) -> None:
        # The last keystroke may arm the preview just before the window closes the runner.
        if not self._runner.closed:
            self._price(confirming=False)

    def _on_confirm_dialog_finished(self, _result: int) -> None:
        self.confirm_dialog = None
        self.activateWindow()  # F-keys work again at once, with or without a window manager
        if self.draft.member_count():
            self._stake.setFocus()

    def _on_identity_document_checked(self, document: IdDocument, age: int) -> None:
        self._set_document((document, age))

    def _on_identity_check_failed(self, exc: PosError) -> None:
        self._set_document(None)
        self._slip_message.show_error(exc)

    def _on_identity_finished(self, _result: int) -> None:
        self.identity_dialog = None
        self.activateWindow()
        (self._stake if self.draft.member_count() else self._editor).setFocus()
