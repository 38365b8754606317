"""What moved players' accounts without cash in a period (issue 37, p.7): the X and Z reports
and the shift report print it apart from the drawer's cash and the fiscal receipts."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

ZERO = Decimal("0.00")

# The lines the reports print, in order: (attribute of the count, of the sum, the words).
CASHLESS_LINES = (
    ("transfers_in_count", "transfers_in", "Переводы на счета"),
    ("transfers_out_count", "transfers_out", "Переводы со счетов"),
    # A cashless stake at the counter (p.7, pos.betting) adds its line here.
)


@dataclass(frozen=True)
class CashlessTotals:
    """Counts and sums of the cashless operations of a period: bank transfers onto and off
    players' accounts (pos.accounts.transfers). Not in the drawer, not on a receipt."""

    transfers_in_count: int = 0
    transfers_in: Decimal = ZERO
    transfers_out_count: int = 0
    transfers_out: Decimal = ZERO
    # A cashless stake at the counter (p.7, pos.betting) adds its count and sum here.

    @property
    def any(self) -> bool:
        """Whether anything moved without cash."""
        return any(getattr(self, count) for count, _, _ in CASHLESS_LINES)

    def lines(self) -> list[tuple[str, int, Decimal]]:
        """Each line's words, count and sum, in the order the reports print them."""
        return [
            (words, getattr(self, count), getattr(self, amount))
            for count, amount, words in CASHLESS_LINES
        ]
