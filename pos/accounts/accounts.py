"""A player's account at the organiser (DESIGN.md, "Player accounts"): who holds it, its
balance, and the statement of every movement.

One account per identity document number in the whole chain. The account is found by a keyed
hash of the number (`document_key`, under the shop's secret), which finds a second opening, a
withdrawal by someone else's document and the self-exclusion register; the statement prints
the holder's name and the masked number. The document itself, as shown at opening, is kept
only for the СККС, which a deposit names its participant to (protocol 6.5.5, issue 35).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from pos.accounts.errors import AccountBlocked
from pos.accounts.ledger import ZERO, Balance, Movement
from pos.people.identity import IdDocument
from pos.people.restricted import document_key

# The register of restricted persons keys the same way (issue 35): one hash, one check.
__all__ = ["Account", "StatementLine", "document_key", "line_for", "replay"]


@dataclass(frozen=True)
class Account:
    """One player's account: its number, holder and balance; `blocked_reason` when a manager
    blocked it."""

    number: str
    holder: str
    document_key: str
    document_masked: str  # the kind and the masked number, e.g. "паспорт ******567"
    opened_at: datetime
    office: str
    opened_by: str
    balance: Balance = field(default_factory=Balance)
    blocked_reason: str | None = None
    # The keyed hash of the holder's personal number, when the account was opened with one:
    # the register of restricted persons matches the account by it too (issue 35).
    person_key: str | None = None
    # The holder's document as it was checked at opening: a deposit's participant for the
    # СККС (protocol 6.5.5, issue 35). None on an account opened before it was kept.
    document: IdDocument | None = None

    @property
    def register_keys(self) -> tuple[str, str | None]:
        """What the register of restricted persons matches this account's holder by."""
        return (self.document_key, self.person_key)

    @property
    def free(self) -> Decimal:
        return self.balance.free

    @property
    def blocked(self) -> Decimal:
        return self.balance.blocked

    def require_open(self) -> None:
        """Refuse any operation but a withdrawal of the free money on a blocked account.

        Raises:
            AccountBlocked: a manager blocked it.
        """
        if self.blocked_reason is not None:
            raise AccountBlocked(self.number, self.blocked_reason)


@dataclass(frozen=True)
class StatementLine:
    """One movement on an account: `amount` is signed, money into the free balance positive
    (a block takes it out of the free money, a release puts it back)."""

    at: datetime
    kind: Movement
    amount: Decimal
    free_after: Decimal
    blocked_after: Decimal
    reference: str  # a receipt, a bet's number, a journal entry
    terminal: str
    cashier: str
    office: str

    @property
    def balance_after(self) -> Balance:
        return Balance(self.free_after, self.blocked_after)


def line_for(
    kind: Movement,
    amount: Decimal,
    after: Balance,
    *,
    at: datetime,
    reference: str,
    terminal: str,
    cashier: str,
    office: str,
) -> StatementLine:
    """The statement line of a movement of `amount` (positive) that left `after`."""
    money_in = (
        Movement.DEPOSIT,
        Movement.RELEASE,
        Movement.GAIN,
        Movement.RETURN,
        Movement.TRANSFER_IN,
        Movement.STAKE_BACK,  # a cashless slip's stake, win or return (p.7, issue 37)
        Movement.SLIP_WIN,
        Movement.SLIP_REFUND,
    )
    signed = amount if kind in money_in else -amount
    return StatementLine(
        at, kind, signed, after.free, after.blocked, reference, terminal, cashier, office
    )


def replay(lines: list[StatementLine]) -> tuple[Balance, list[str]]:
    """The balance the statement adds up to and what does not add up (for `verify`): every
    line's balance after it must follow from the one before, and none below zero."""
    free, blocked = ZERO, ZERO
    problems = []
    for index, line in enumerate(lines, start=1):
        free += line.amount
        if line.kind in (Movement.BLOCK, Movement.RELEASE):  # free and blocked trade places
            blocked -= line.amount
        if (free, blocked) != (line.free_after, line.blocked_after) or min(free, blocked) < 0:
            problems.append(f"движение {index} ({line.kind.value}) не сходится с остатком")
            free, blocked = line.free_after, line.blocked_after
    return Balance(free, blocked), problems
