"""The betting page: the cashier builds a slip by keyboard, confirms it with the player."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QDialog, QFrame, QHBoxLayout, QVBoxLayout, QWidget

from pos.betting.bets import kinds_for
from pos.betting.identity_checks import asks_document_first
from pos.betting.pricing import PricedBet
from pos.betting.slips import Slip
from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.line.events import Event
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.dialogs.bet_issue import ISSUED_UNPRINTED, BetIssue
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.dialogs.identity import IdentityDialog
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.print_preview import SlipPreviewer
from ui.dialogs.referral_send import ReferralSender
from ui.errors import MessageGroup
from ui.models.line_model import event_choice
from ui.models.slip_model import BetDraft, SlipDraftModel
from ui.tasks import TaskRunner
from ui.widgets.bet_controls import BetControls
from ui.widgets.kind_chooser import KindChooser
from ui.widgets.preview_panel import PreviewPanel
from ui.widgets.recent_slips import RecentSlipsPanel
from ui.widgets.slip_editor import SlipEditor

# The preview is priced once the cashier pauses typing for this long.
PREVIEW_DELAY_MS = 150


class BettingPage(QWidget):
    """The slip being built on the left, the recent slips and the lookup on the right.

    Keyboard: "101 1" Enter adds a leg; F3 (or an empty Enter) goes to the stake; ↓ goes to
    the legs, where Del removes and + (or Ctrl+B anywhere) groups the selected legs into an
    express block, and Tab leaves them; F2 or Ctrl+1…9 choose the kind; Enter on the stake
    or F9 confirms; Esc (or «Новый купон») clears the slip being built; F4 checks the
    player's document; F6 finds a slip; F8 cancels the selected recent slip.

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
        self._confirm_next = False  # the document was asked first: confirm once it is checked
        self._generation = 0
        self._issue = BetIssue(desk, runner, self)
        self._issue.issued.connect(self._on_issue_issued)
        self._issue.refused.connect(self._on_issue_refused)
        self._issue.closed.connect(self._on_issue_closed)
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
        self._refer = ReferralSender(desk, runner, clock, self._bet_draft, self._slip_message, self)
        self._refer.issued.connect(self._on_issue_issued)  # F7: a big stake (issue 38)
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

    @property
    def confirm_dialog(self) -> ConfirmBetDialog | None:
        """The confirmation open now (tests)."""
        return self._issue.confirm_dialog

    @property
    def manager_dialog(self) -> ManagerPinDialog | None:
        """The manager's PIN for a bet in play, open now (tests)."""
        return self._issue.manager_dialog

    def refresh(self) -> None:
        """Reload the settings, the events on offer, the recent slips, a referral still open."""
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
        self._refer.resume()

    def confirm(self) -> None:
        """Price the slip as it is now and, if pos takes it, open the confirmation (F9); with
        `identify_every_bet` the player's document is asked for first (issue 35)."""
        if self.confirm_dialog is not None or self.identity_dialog is not None:
            return
        if self._document is None and asks_document_first(self._settings):
            self._confirm_next = True
            self.check_document()
            return
        self._price(confirming=True)

    def clear_slip(self) -> None:
        """Esc or «Новый купон»: the slip being built is dropped and the next one starts empty."""
        self._editor.clear()
        self._controls.clear()
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
        self._controls = BetControls(manager=self._desk.is_manager)
        self._controls.changed.connect(self._on_controls_changed)
        self._controls.in_play_toggled.connect(self._on_in_play_toggled)
        self._controls.confirm_requested.connect(self.confirm)
        self._controls.clear_requested.connect(self.clear_slip)
        self._controls.document_requested.connect(self.check_document)
        self._kinds, self._stake = self._controls.kinds, self._controls.stake
        self._slip_message = self._controls.message
        self._document_state = self._controls.document_state
        self._editor.clear_message_when_edited(self._slip_message)
        column.addWidget(self._controls)

    def _build_shortcuts(self) -> None:
        keys = [
            (QKeySequence(Qt.Key.Key_F2), self._kinds.cycle),
            (QKeySequence(Qt.Key.Key_F3), self._on_editor_stake_wanted),  # issue 34
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
            self.draft.picks(),
            self._stake.text(),
            str(kind),
            self._controls.agreed_in_play(),
            document,
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
        self._controls.show_totals(priced)
        if priced is None and self._slip_message.kind == "error":
            self._slip_message.clear_message()

    def _show_priced(
        self, generation: int, bet: BetDraft, priced: PricedBet, confirming: bool
    ) -> None:
        if generation != self._generation:
            return  # the slip changed since: a newer price is on its way
        self.draft.update_odds(priced.members)
        self._show_totals(priced)
        self._slip_message.clear_unless_warning()  # a missing receipt stays in view
        if confirming and self.confirm_dialog is None:
            self._issue.open(bet, priced, self._document[1] if self._document else None)

    def _show_price_refused(self, generation: int, exc: PosError) -> None:
        if generation == self._generation:
            self._show_totals(None)
            self._refer.offer(exc)  # a limit's refusal offers F7 (issue 38)

    def _on_issue_issued(self, slip: Slip) -> None:
        self._clear_issued()
        until = slip.window_ends_at.astimezone(self._settings.zone)
        self._slip_message.show_success(
            self.tr("Купон {number} выдан. Претензии принимаются до {until}.").format(
                number=display_slip_number(slip.number), until=until.strftime("%H:%M:%S")
            )
        )
        self._recent.add_slip(slip)
        self._previewer.show_if_virtual(slip)

    def _on_issue_refused(self, exc: PosError, shown: bool) -> None:
        if isinstance(exc, ISSUED_UNPRINTED):
            # The slip is issued; only its receipt («Допечатать чеки») or its paper is missing.
            self._clear_issued()
            self._slip_message.show_warning(exc)
            self._recent.refresh()
        elif not shown:  # the confirmation had closed (a limit's refusal: F7, issue 38)
            self._refer.offer(exc)
        self.till_changed.emit()

    def _clear_issued(self) -> None:
        self._issue.close_confirmation()
        self.clear_slip()

    def _set_document(self, checked: tuple[IdDocument, int] | None) -> None:
        self._document = checked
        self._controls.show_document(checked[1] if checked is not None else None)

    # --- slots --------------------------------------------------------------------------

    def _on_editor_stake_wanted(self) -> None:
        self._stake.setFocus()
        self._stake.selectAll()  # a stake typed before is replaced, not added to

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

    def _on_editor_members_changed(self) -> None:
        draft = self.draft
        blocks = draft.has_blocks()
        self._kinds.set_kinds(kinds_for(draft.member_count(), blocks=blocks), blocks=blocks)
        self._preview_timer.start()

    def _on_controls_changed(self) -> None:
        self._preview_timer.start()

    def _on_in_play_toggled(self, checked: bool) -> None:
        self._editor.agreed_in_play = checked
        if not checked:
            self._issue.drop_grant()
        self._preview_timer.start()

    def _on_preview_timer_timeout(self) -> None:
        # The last keystroke may arm the preview just before the window closes the runner.
        if not self._runner.closed:
            self._price(confirming=False)

    def _on_issue_closed(self) -> None:
        self.activateWindow()  # F-keys work again at once, with or without a window manager
        if self.draft.member_count():
            self._stake.setFocus()

    def _on_identity_document_checked(self, document: IdDocument, age: int) -> None:
        self._set_document((document, age))
        if self._confirm_next:  # asked first (issue 35): on to the confirmation
            self._confirm_next = False
            self.confirm()

    def _on_identity_check_failed(self, exc: PosError) -> None:
        self._set_document(None)
        self._slip_message.show_error(exc)

    def _on_identity_finished(self, result: int) -> None:
        self.identity_dialog = None
        self.activateWindow()
        (self._stake if self.draft.member_count() else self._editor).setFocus()
        if result != QDialog.DialogCode.Accepted.value:
            self._confirm_next = False  # closed without a document: nothing to confirm
