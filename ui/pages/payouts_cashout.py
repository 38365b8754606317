"""The payouts page's cash-out (issue 38): an open slip scanned shows the shop's offer with its
countdown; «Выкупить (F7)» takes the document in the page's form and buys the slip back
(`desk.cash_out_slip`), or, once the offer lapsed, asks for a new one."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from pos.betting.slips import SlipStatus
from pos.cashout.errors import OfferChanged
from pos.cashout.rules import CashoutOffer
from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.payouts.use_cases import PayoutQuote
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.tasks import TaskRunner
from ui.widgets.cashout_offer import CashoutOfferBar


class PayoutsCashout(QObject):
    """Asks pos for the offer of each open slip the page shows, counts it down, and pays it.

    `offered(bool)` says whether the document form serves a cash-out; `paid(entry)` and
    `refused(exc)` report the payment as the page's own payout reports.
    """

    offered = Signal(bool)
    paid = Signal(object)
    refused = Signal(object)

    def __init__(
        self,
        page: QWidget,
        desk: Desk,
        runner: TaskRunner,
        clock: Clock,
    ) -> None:
        super().__init__(page)
        self._desk, self._runner, self._clock = desk, runner, clock
        self._document: Callable[[], IdDocument | None] = lambda: None  # bar_for's
        self.enabled = False  # the shop's `cashout_enabled`, read with the page's settings
        self.bar = CashoutOfferBar(page)
        self.bar.cash_out_requested.connect(self.cash_out)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._on_timer_timeout)
        QShortcut(QKeySequence(Qt.Key.Key_F7), page, self.cash_out)
        runner.busy_changed.connect(self.bar.set_busy)

    def bar_for(self, document: Callable[[], IdDocument | None]) -> CashoutOfferBar:
        """The bar, for the page's layout, paying with the player's `document` (its form's)."""
        self._document = document
        return self.bar

    def show_for(self, quote: PayoutQuote | None) -> None:
        """The offer of the slip shown (an open one, cash-out on), or nothing."""
        self.bar.clear()
        self._timer.stop()
        self.offered.emit(False)
        if quote is None or not self.enabled or quote.slip.status is not SlipStatus.OPEN:
            return
        self._ask(quote.slip.number)

    def cash_out(self) -> None:
        """F7: buy the slip back with the document in the form; a lapsed offer is renewed."""
        offer = self.bar.offer
        if offer is None or self._runner.busy:
            return
        if self.bar.lapsed(self._clock.now()):
            self._ask(offer.slip_number)
            return
        document = self._document()
        if document is None:
            return  # the form marks what is missing
        desk, number, amount = self._desk, offer.slip_number, offer.amount
        self._runner.run(
            lambda: desk.cash_out_slip(number, amount, document),
            on_success=self._on_paid,
            on_failure=self._on_refused,
            owner=self,
        )

    def _ask(self, number: str) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.cashout_offer(number),
            on_success=self._show_offer,
            on_failure=self.bar.show_refusal,
            owner=self,
        )

    def _show_offer(self, offer: CashoutOffer) -> None:
        self.bar.show_offer(offer, self._clock.now())
        self._timer.start()
        self.offered.emit(True)

    def _on_paid(self, entry: object) -> None:
        self.show_for(None)
        self.paid.emit(entry)

    def _on_refused(self, exc: PosError) -> None:
        if isinstance(exc, OfferChanged):  # the new offer, recorded by pos, is the one shown
            offer = self.bar.offer
            if offer is not None:
                self._show_offer(_renewed(offer, exc))
            self.bar.show_error(exc)
            return
        self.refused.emit(exc)

    def _on_timer_timeout(self) -> None:
        self.bar.tick(self._clock.now())


def _renewed(offer: CashoutOffer, changed: OfferChanged) -> CashoutOffer:
    amount: Decimal = changed.amount
    return CashoutOffer(
        offer.slip_number, amount, offer.made_at, changed.valid_until, offer.terminal, offer.cashier
    )
