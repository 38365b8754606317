"""An account's balance: free money and money blocked for open bets and offers, in whole
kopecks, never below zero (DESIGN.md, "Player accounts").

Every change is a `Movement` the statement lists; `Balance` says whether it may happen. A
loss settled against an account takes at most what the account holds (p.36): what is beyond
is the bookmaker's, returned as `uncovered` for its report.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from pos.accounts.errors import FreeBalanceShort
from pos.core.input_errors import InvalidAmount
from pos.core.money import KOPECK, format_money, to_money

ZERO = Decimal("0.00")


class Movement(StrEnum):
    """What moved money on an account, as its statement names it."""

    DEPOSIT = "deposit"  # cash in at the till, a fiscal «ПРИХОД» receipt
    WITHDRAWAL = "withdrawal"  # cash out, a «РАСХОД» receipt and a journal entry
    BLOCK = "block"  # free money set aside for a bet or an offer
    RELEASE = "release"  # blocked money free again
    GAIN = "gain"  # a bet's or a pari's result paid to the account
    LOSS = "loss"  # a result charged to the account
    RETURN = "return"  # a withdrawal whose receipt did not come out, given back
    ANNULLED = "annulled"  # a deposit the СККС did not register, taken back (issue 35)
    # Cashless (p.7, issue 37): no cash, no fiscal receipt, no cash journal.
    TRANSFER_IN = "transfer_in"  # a bank transfer the manager recorded from the statement
    TRANSFER_OUT = "transfer_out"  # a transfer back to a bank account that sent money in
    # A stake paid from the account at the counter (p.7, pos.accounts.stakes): no cash.
    STAKE = "stake"  # the slip's stake off the free money, in the bet's transaction
    STAKE_BACK = "stake_back"  # the slip cancelled in its window: its stake back on
    SLIP_WIN = "slip_win"  # the slip settled won: its win credited at settlement
    SLIP_REFUND = "slip_refund"  # the slip settled refund (every leg void): its stake back


# How the statement and the reports keep cash and cashless apart (issue 37, p.7). A cashless
# stake at the counter (pos.betting) is the next cashless kind: it goes here beside them.
CASH_KINDS = frozenset({Movement.DEPOSIT, Movement.WITHDRAWAL, Movement.RETURN, Movement.ANNULLED})
CASHLESS_KINDS = frozenset(
    {
        Movement.TRANSFER_IN,
        Movement.TRANSFER_OUT,
        # The cashless stake at the counter and its results (p.7, pos.accounts.stakes).
        Movement.STAKE,
        Movement.STAKE_BACK,
        Movement.SLIP_WIN,
        Movement.SLIP_REFUND,
    }
)


@dataclass(frozen=True)
class Balance:
    """Free and blocked money of one account, in roubles of whole kopecks."""

    free: Decimal = ZERO
    blocked: Decimal = ZERO

    @property
    def total(self) -> Decimal:
        return self.free + self.blocked

    def deposit(self, amount: Decimal) -> Balance:
        """Cash paid in.

        Raises:
            InvalidAmount: not whole kopecks, or not more than zero (as every movement).
        """
        return Balance(self.free + _positive(amount), self.blocked)

    def transfer_in(self, amount: Decimal) -> Balance:
        """A bank transfer onto the free money (p.7): as a deposit, without cash.

        Raises:
            InvalidAmount: not whole kopecks, or not more than zero.
        """
        return self.deposit(amount)

    def withdraw(self, amount: Decimal) -> Balance:
        """Cash paid out of the free money.

        Raises:
            FreeBalanceShort: more than the free money.
        """
        return Balance(self._take_free(amount), self.blocked)

    def block(self, amount: Decimal) -> Balance:
        """Free money set aside (a bet's margin, an offer's risk).

        Raises:
            FreeBalanceShort: more than the free money.
        """
        return Balance(self._take_free(amount), self.blocked + _positive(amount))

    def release(self, amount: Decimal) -> Balance:
        """Blocked money made free again.

        Raises:
            ValueError: more than is blocked (the caller's books are wrong).
        """
        amount = _positive(amount)
        if amount > self.blocked:
            raise ValueError(f"releasing {amount} of {self.blocked} blocked")
        return Balance(self.free + amount, self.blocked - amount)

    def settle(self, released: Decimal, result: Decimal) -> tuple[Balance, Decimal]:
        """A closed bet's blocked money `released` and its `result` (a gain positive, a loss
        negative) applied at once.

        Returns:
            The new balance, and what of a loss the account could not cover (the
            bookmaker's loss; zero when it could).
        Raises:
            ValueError: more released than is blocked.
        """
        moves, uncovered = self.settle_moves(released, result)
        return (moves[-1][2] if moves else self), uncovered

    def settle_moves(self, released: Decimal, result: Decimal) -> tuple[list[Move], Decimal]:
        """`settle` as the statement shows it: the blocked money released, then the gain
        paid or the loss charged no further than the free money, each movement with the
        balance it leaves; and what of the loss the account could not cover."""
        balance = self.release(released) if released else self
        moves: list[Move] = [(Movement.RELEASE, released, balance)] if released else []
        result = to_money(result)
        if result > ZERO:
            moves.append((Movement.GAIN, result, Balance(balance.free + result, balance.blocked)))
            return moves, ZERO
        charged = min(-result, balance.free)
        if charged:
            moves.append((Movement.LOSS, charged, Balance(balance.free - charged, balance.blocked)))
        return moves, -result - charged

    def _take_free(self, amount: Decimal) -> Decimal:
        amount = _positive(amount)
        if amount > self.free:
            raise FreeBalanceShort(amount, self.free)
        return self.free - amount


# A movement of a settlement: its kind, its amount (positive) and the balance it leaves.
Move = tuple[Movement, Decimal, Balance]


def _positive(amount: Decimal) -> Decimal:
    """`amount` as whole kopecks, more than zero.

    Raises:
        InvalidAmount: not an amount of whole kopecks (pos.core.money.to_money), or zero or
            less (a movement always moves money).
    """
    checked = to_money(amount)
    if checked < KOPECK:
        raise InvalidAmount(format_money(checked), "not_positive")
    return checked
