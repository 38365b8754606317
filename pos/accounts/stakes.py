"""A stake paid from the player's account at the counter, and its win or return credited back
(p.7, issue 37).

The account's free money is debited in the bet's own transaction (pos.betting.cashless: no
cash, no fiscal receipt), given back when the slip is cancelled in its window, and a settled
slip's win or return is credited onto it in the settlement's transaction (db.slip_credits
books the few cashless slips of a run with `credit_lines`). The statement names each kind:
`Movement.STAKE`, `STAKE_BACK`, `SLIP_WIN`, `SLIP_REFUND`; none of them is cash at a till.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from pos.accounts.accounts import Account, StatementLine, document_key
from pos.accounts.counter import find_account, move_money, teller_lines
from pos.accounts.errors import NotTheHolder
from pos.accounts.ledger import Balance, Movement
from pos.betting import use_cases as betting_cases
from pos.betting.counter import shop_secret
from pos.betting.pricing import PickOrBlock
from pos.betting.slips import Slip
from pos.betting.teller import Teller
from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.restricted import require_not_restricted


@dataclass(frozen=True)
class SlipCredit:
    """A cashless slip settled as won or refund: what goes onto its account."""

    slip_number: str
    account: str
    amount: Decimal
    refund: bool  # every leg void: the stake back, not a win


class AccountPayer:
    """Player accounts as pos.betting.cashless.Payer: the bet's account locked, checked,
    debited, and credited back on a cancellation."""

    def identify(
        self, uow: UnitOfWork, teller: Teller, account: object, document: IdDocument | None
    ) -> tuple[str, IdDocument | None]:
        """The account locked and checked, and the document the bet checks: the one shown,
        if any (it must be the holder's), else the holder's document kept at opening.

        Raises:
            InvalidAccountNumber, UnknownAccount, AccountBlocked, RestrictedPerson,
            NotTheHolder: as named.
        """
        found = find_account(uow, account, for_update=True)
        found.require_open()
        require_not_restricted(uow, found.register_keys)
        if document is None:
            return found.number, found.document
        if document_key(document.number, shop_secret(uow)) != found.document_key:
            raise NotTheHolder(found.number)
        return found.number, document

    def take(self, uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip) -> None:
        """Debit the stake off the free money.

        Raises:
            FreeBalanceShort: the free money is less than the stake (nothing written).
        """
        account = _locked(uow, slip)
        balance = account.balance.withdraw(slip.stake)
        move_money(uow, teller, now, account, Movement.STAKE, slip.stake, balance, _ref(slip))

    def give_back(self, uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip) -> None:
        """Credit a cancelled slip's stake back onto the free money."""
        account = _locked(uow, slip)
        balance = Balance(account.free + slip.stake, account.blocked)
        move_money(uow, teller, now, account, Movement.STAKE_BACK, slip.stake, balance, _ref(slip))


ACCOUNTS = AccountPayer()


def accept_bet(
    ctx: Context,
    actor: Actor,
    legs: Sequence[PickOrBlock],
    stake: object,
    kind: object = "single",
    *,
    account: object = None,
    document: IdDocument | None = None,
    agreed_in_play: bool = False,
    request_key: str | None = None,
    expected_payout: Decimal | None = None,
) -> Slip:
    """`pos.betting.use_cases.accept_bet`, its stake paid from `account` when one is given
    (p.7): no cash and no fiscal receipt; the slip says «оплачено со счёта № …».

    Raises:
        PosError: accept_bet's refusals, and the account's: InvalidAccountNumber,
            UnknownAccount, AccountBlocked, RestrictedPerson, NotTheHolder, FreeBalanceShort.
    """
    return betting_cases.accept_bet(
        ctx,
        actor,
        legs,
        stake,
        kind,
        document=document,
        agreed_in_play=agreed_in_play,
        request_key=request_key,
        expected_payout=expected_payout,
        account=account,
        payer=None if account is None else ACCOUNTS,
    )


def cancel_in_window(ctx: Context, actor: Actor, number: str, reason: str) -> Slip:
    """`pos.betting.use_cases.cancel_in_window`; a cashless slip's stake goes back onto its
    account, with no cash and no receipt (p.7, p.8).

    Raises:
        PosError: cancel_in_window's refusals.
    """
    return betting_cases.cancel_in_window(ctx, actor, number, reason, payer=ACCOUNTS)


def credit_lines(
    accounts: Mapping[str, Account], credits: Sequence[SlipCredit], teller: Teller, now: datetime
) -> tuple[dict[str, list[StatementLine]], dict[str, Account]]:
    """The statement lines of settled cashless slips' credits, per account in slip order, and
    each account as its last line leaves it (`accounts`: locked, by number).

    Returns:
        The lines by account number, and the accounts after them.
    """
    after = dict(accounts)
    lines: dict[str, list[StatementLine]] = {}
    for credit in credits:
        account = after[credit.account]
        balance = Balance(account.free + credit.amount, account.blocked)
        kind = Movement.SLIP_REFUND if credit.refund else Movement.SLIP_WIN
        reference = f"купон {display_slip_number(credit.slip_number)}"
        moved = teller_lines(teller, now, reference, [(kind, credit.amount, balance)])
        lines.setdefault(credit.account, []).extend(moved)
        after[credit.account] = replace(account, balance=balance)
    return lines, after


def _locked(uow: UnitOfWork, slip: Slip) -> Account:
    """The slip's account, its row locked (already, in a bet: pos.betting.counter)."""
    assert slip.account is not None, "a cashless slip names its account"
    account = uow.accounts.get(slip.account, for_update=True)
    assert account is not None, "a slip's account is never removed"
    return account


def _ref(slip: Slip) -> str:
    return f"купон {display_slip_number(slip.number)}"
