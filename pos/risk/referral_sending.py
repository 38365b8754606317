"""A big stake sent to a manager from the counter instead of refused (issue 38, DESIGN.md
"Referral"): nothing is taken from the player until its slip is issued at the same till.

    referral = desk.accept_bet(legs, stake=Decimal("5000"), refer=True)  # .status "referred"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from pos.accounts import stakes
from pos.betting import use_cases as betting_cases
from pos.betting.counter import shop_secret
from pos.betting.errors import Referable
from pos.betting.identity_checks import _check_identity
from pos.betting.pricing import PickOrBlock, normalise_picks, price_bet
from pos.betting.slips import Slip
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import PosError
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.restricted import document_key
from pos.risk.referrals import Referral, referral_of
from pos.till.shifts import require_working


def accept_bet(  # noqa: PLR0913 - the bet's terms, each named at the call (DESIGN.md)
    ctx: Context,
    actor: Actor,
    legs: Sequence[PickOrBlock],
    stake: object,
    kind: object = "single",
    *,
    refer: bool = False,
    account: object = None,
    document: IdDocument | None = None,
    agreed_in_play: bool = False,
    request_key: str | None = None,
    expected_payout: Decimal | None = None,
) -> Slip | Referral:
    """The counter's bet (pos.accounts.stakes.accept_bet); with `refer`, a cash bet that a
    limit would refuse (pos.betting.errors.Referable: the event's or sport's maximum stake,
    the maximum payout, an outcome's liability cap) is sent to a manager instead.

    Returns:
        The slip issued; with `refer` and a limit over, the referral (`.status` "referred"):
        the document checked and recorded, nothing taken from the player.

    Raises:
        PosError: accept_bet's refusals (a limit's too, without `refer`), and with `refer`
            the refusals of the document and of the bet's other rules.
    """
    if refer and account is None:
        try:  # read only: a bet no limit refuses takes the ordinary path below
            betting_cases.price_bet(ctx, actor, legs, stake, kind, agreed_in_play=agreed_in_play)
        except Referable as refusal:
            return send_referral(ctx, actor, legs, stake, kind, document, refusal)
        except PosError:
            pass  # refused below too, with the document's check recorded first (p.4)
    return stakes.accept_bet(
        ctx,
        actor,
        legs,
        stake,
        kind,
        account=account,
        document=document,
        agreed_in_play=agreed_in_play,
        request_key=request_key,
        expected_payout=expected_payout,
    )


def send_referral(
    ctx: Context,
    actor: Actor,
    legs: Sequence[PickOrBlock],
    stake: object,
    kind: object,
    document: IdDocument | None,
    refusal: Referable,
) -> Referral:
    """Record a referral of the bet, priced now with the limits waived, in one transaction
    with the document's check (p.4) and its audit.

    Raises:
        ShiftNotOpen and the document's refusals (recorded), the bet's other rules' refusals.
    """
    picks = normalise_picks(legs)
    teller = Teller(ctx.terminal, actor.login, ctx.office)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        require_working(uow.shifts.open_for(ctx.terminal), ctx.terminal, now, settings.zone)
        secret = shop_secret(uow)
        refused = _check_identity(uow, teller, now, settings, document, secret)
        if refused is not None:
            uow.commit()  # every check and every refusal is recorded (p.4)
            raise refused
        priced = price_bet(uow, settings, now, picks=picks, stake=stake, kind=kind,
                           agreed_in_play=False, limits_waived=True)  # fmt: skip
        where = (ctx.office, uow.referrals.next_number(ctx.office), ctx.terminal, actor.login)
        referral = replace(
            referral_of(priced, where, now, settings.referral_timeout),
            refusal=str(refusal),
            document=document,
            document_key="" if document is None else document_key(document.number, secret),
        )
        uow.referrals.add(referral)
        detail = f"№ {referral.number}: {referral.kind} {referral.stake}; {refusal}"
        teller.audit(uow, now, AuditAction.REFERRAL_SENT, detail[:500])
        uow.commit()
    return referral
