"""Cash-out at the desk (issue 38): the offer for an open slip and its payment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from pos.cashout import use_cases as cashout_cases
from pos.core.context import use_case
from pos.till import shift_use_cases as shifts_cases

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.payouts.journal import JournalEntry
    from pos.people.actor import Actor
    from pos.people.identity import IdDocument
    from pos.till.shifts import CashTransfer


class CashoutDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    if TYPE_CHECKING:  # pos.shop.desk.Desk gives them

        @property
        def context(self) -> Context: ...

        @property
        def actor(self) -> Actor: ...

    cashout_offer = use_case(cashout_cases.cashout_offer)
    cash_out_slip = use_case(cashout_cases.cash_out_slip)  # a slip bought back
    cash_out_drawer = use_case(shifts_cases.cash_out)  # cash out of the drawer, with a reason

    @overload
    def cash_out(self, amount: object, reason: str) -> CashTransfer: ...

    @overload
    def cash_out(
        self, slip_number: str, amount: object, *, document: IdDocument | None
    ) -> JournalEntry: ...

    def cash_out(self, *args: Any, **kwargs: Any) -> CashTransfer | JournalEntry:
        """Two things share DESIGN.md's name: `cash_out(amount, reason)` takes cash out of the
        drawer (pos.till); `cash_out(slip_number, amount=…, document=…)` buys an open slip back
        (pos.cashout, issue 38). A reason, or two arguments without a document, is the
        drawer's; anything else is the slip's."""
        if "reason" in kwargs or (len(args) == 2 and "document" not in kwargs):
            return shifts_cases.cash_out(self.context, self.actor, *args, **kwargs)
        return cashout_cases.cash_out_slip(self.context, self.actor, *args, **kwargs)
