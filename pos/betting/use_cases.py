"""The counter's use cases: a bet priced and issued, the document checked, a slip cancelled in
its 5 minutes, found, reprinted (pos.betting.counter holds their transactions, pos.till.use_cases
the printing)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from datetime import timedelta
from decimal import Decimal

from pos.betting import cashless, counter, identity_checks, printing, window
from pos.betting.counter import BetRequest, find_slip
from pos.betting.errors import RequestPrinting
from pos.betting.pricing import (
    Pick,
    PickOrBlock,
    PricedBet,
    check_new_pick,
    normalise_picks,
)
from pos.betting.pricing import (
    price_bet as price,
)
from pos.betting.slips import Slip
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.permissions import Permission
from pos.skks import use_cases as skks_cases
from pos.till import use_cases as till

# How long a second press of a request waits for the first one's print (printer timeouts
# are 5 s, a slip and its receipt at most two of them).
_PRINT_WAIT = 15.0


def accept_bet(  # noqa: PLR0913 - the bet's terms, each named at the call (DESIGN.md)
    ctx: Context,
    actor: Actor,
    legs: Sequence[PickOrBlock],
    stake: object,
    kind: object = "single",
    *,
    document: IdDocument | None = None,
    agreed_in_play: bool = False,
    request_key: str | None = None,
    expected_payout: Decimal | None = None,
    account: object = None,
    payer: cashless.Payer | None = None,
    limits_waived: bool = False,
) -> Slip:
    """Issue a slip: the rules of the house checked, one transaction (DESIGN.md).

    Args:
        legs: (event code, market code) picks; for a complex system an item may be a
            list of picks (an express block).
        stake: the total stake (a system's is split evenly over its expresses).
        kind: "single", "express" or "system k/n".
        document: the player's document when the cashier checked one (p.4).
        agreed_in_play: a manager agreed the bet after the start (p.22); marked on the slip.
        request_key: the same key again returns the slip already issued, never a second.
        expected_payout: the possible payout the player was shown; if the odds moved
            since, OddsChanged is raised and nothing is issued.
        account: the player account that pays the stake (p.7, issue 37) through `payer`
            (pos.accounts.stakes): no cash and no fiscal receipt; its holder is the player.
        payer: the player accounts; None: the stake is cash at the till.
        limits_waived: a stake a manager accepted on referral (issue 38, pos.risk): the
            limits a referral passes are not checked.

    Raises:
        PosError: one sentence per refusal; see pos.betting.pricing.price_bet.
    """
    if agreed_in_play:
        # p.22: a bet after the start is taken only when a manager agrees it.
        actor.require(Permission.AGREE_IN_PLAY)
    request = BetRequest(
        legs, stake, kind, document, agreed_in_play, request_key, expected_payout, account, payer,
        limits_waived,
    )  # fmt: skip
    deadline = time.monotonic() + _PRINT_WAIT
    while True:
        try:
            with ctx.unit_of_work() as uow:
                outcome = counter.accept_bet(
                    uow, Teller(ctx.terminal, actor.login, ctx.office), ctx.clock.now(), request
                )
                uow.commit()
            break
        except RequestPrinting:
            # The same request is printing on another window: its slip, once issued,
            # is the answer (or, if that print failed, this press prints anew).
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    if isinstance(outcome, Exception):
        raise outcome
    if isinstance(outcome, Slip):
        return outcome  # a repeated request: the slip issued for it before
    if isinstance(outcome, cashless.IssuedFromAccount):
        return cashless.print_issued(ctx, actor, outcome)  # p.7: issued, then printed
    return printing.print_and_issue(ctx, actor, outcome)


def price_bet(
    ctx: Context,
    actor: Actor,
    legs: Sequence[PickOrBlock],
    stake: object,
    kind: object = "single",
    *,
    agreed_in_play: bool = False,
    stake_final: bool = True,
) -> PricedBet:
    """What the bet would be if accepted now: legs at their odds, total odds, payout
    (`stake_final=False`: at a stake not yet the bet's, pos.betting.pricing.price_bet).

    Nothing is stored; the betting page shows this while the cashier types. A bet agreed
    in play is priced for a cashier too: the manager agrees it with their PIN when it is
    issued (accept_bet refuses it until then), not before it is even built (issue 16).

    Raises:
        PosError: the refusal accept_bet would give (but NotPermitted).
    """
    picks = normalise_picks(legs)
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        return price(
            uow,
            settings,
            ctx.clock.now(),
            picks=picks,
            stake=stake,
            kind=kind,
            agreed_in_play=agreed_in_play,
            stake_final=stake_final,
        )


def price_pick(
    ctx: Context,
    actor: Actor,
    pick: Pick,
    on_slip: Sequence[PickOrBlock],
    stake: object,
    *,
    agreed_in_play: bool = False,
) -> PricedBet:
    """The leg typed for the slip being built, priced alone as a single at `stake`.

    Refused as it is added, not later at issue, when its event is already on the slip
    (`on_slip`: its legs and blocks) or when it has no outcome (issue 16).

    Raises:
        MarketMissing: an event code without an outcome; EventAlreadyOnSlip: its event
            is on the slip; PosError: any refusal price_bet gives for the leg alone.
    """
    check_new_pick(normalise_picks(on_slip) if on_slip else [], pick)
    # The stake is the page's until the bet is confirmed: an announced bet of 9 chips is
    # added at 1,00 and refused, if it must be, for the stake the bet is taken at (issue 36).
    return price_bet(
        ctx, actor, [pick], stake, "single", agreed_in_play=agreed_in_play, stake_final=False
    )


def check_identity(ctx: Context, actor: Actor, document: IdDocument | None) -> int:
    """Check the player's document at any time; None records that the player refused.

    Returns:
        The player's age.

    Raises:
        DocumentRefused, InvalidDocument, DocumentExpired, Underage: recorded, then raised.
    """
    with ctx.unit_of_work() as uow:
        teller = Teller(ctx.terminal, actor.login, ctx.office)
        secret = counter.shop_secret(uow)
        outcome = identity_checks.check_identity(uow, teller, ctx.clock.now(), document, secret)
        uow.commit()
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def cancel_in_window(
    ctx: Context, actor: Actor, number: str, reason: str, *, payer: cashless.Payer | None = None
) -> Slip:
    """Cancel a slip within 5 minutes of issue (p.8); the stake is returned: in cash with a
    return receipt, or onto the account that paid it through `payer` (p.7, issue 37).

    Raises:
        WindowClosed: after the 5 minutes; ReasonRequired, InvalidSlipNumber, UnknownSlip,
            SlipNotOpen.
    """
    with ctx.unit_of_work() as uow:
        slip, receipt = window.cancel_in_window(
            uow,
            Teller(ctx.terminal, actor.login, ctx.office),
            ctx.clock.now(),
            number,
            reason,
            payer,
        )
        uow.commit()
    skks_cases.flush(ctx)
    if receipt is None:
        return slip  # back onto the account: no cash, no receipt
    number = display_slip_number(slip.number)
    till.print_new_receipt(
        ctx, actor, receipt, f"Купон № {number} отменён, ставка возвращена игроку"
    )
    return slip


def check_cancellable(ctx: Context, actor: Actor, number: str) -> Slip:
    """The slip, if it can be cancelled now: open and within its 5 minutes (p.8). F8 asks
    this before it offers a slip, so it never offers one that is final (issue 16).

    Raises:
        SlipNotOpen: cancelled, settled or paid; WindowClosed: after the 5 minutes;
            InvalidSlipNumber, UnknownSlip.
    """
    with ctx.unit_of_work() as uow:
        return window.cancellable(uow, ctx.clock.now(), number)


def recent_slips(ctx: Context, actor: Actor, minutes: int = 30) -> list[Slip]:
    """This terminal's slips of the last `minutes`, newest first (window countdowns)."""
    since = ctx.clock.now() - timedelta(minutes=minutes)
    with ctx.unit_of_work() as uow:
        return uow.slips.issued_since(ctx.terminal, since)


def window_cancellations(ctx: Context, actor: Actor, limit: int = 200) -> list[Slip]:
    """Slips cancelled within their window, newest first, with who, when and why."""
    with ctx.unit_of_work() as uow:
        return uow.slips.cancelled(limit)


def slip(ctx: Context, actor: Actor, number: str) -> Slip:
    """The slip with this number as typed or scanned (the lookup at the counter).

    Raises:
        InvalidSlipNumber: the check code does not match; UnknownSlip: no such slip.
    """
    with ctx.unit_of_work() as uow:
        return find_slip(uow, number)


def reprint(ctx: Context, actor: Actor, number: str) -> Slip:
    """Count a reprint of a slip (printed "КОПИЯ"); after the window only a manager may.

    Raises:
        InvalidSlipNumber, UnknownSlip: as named.
        NotPermitted: a cashier after the 5-minute window.
    """
    with ctx.unit_of_work() as uow:
        slip = counter.find_slip(uow, number, for_update=True)
        if not slip.window_open(ctx.clock.now()):
            actor.require(Permission.REPRINT_AFTER_WINDOW)
        copies = uow.slips.count_reprint(slip.number)
        actor.audit(ctx, uow, AuditAction.SLIP_REPRINTED, f"{slip.number} копия {copies}")
        uow.commit()
    copy = dataclasses.replace(slip, reprints=copies)
    printing.print_copy(ctx, actor, copy)
    return copy
