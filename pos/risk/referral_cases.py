"""The referral's life after it is sent (issue 38): a manager decides it once, a silence
lapses it, and the till that sent it issues its slip through the ordinary bet.

    boss.referrals()                                      # waiting, oldest first
    boss.decide_referral(n, accept=True, stake=Decimal("3000"))
    desk.referral(n)                                      # the cashier's window polls it
    desk.issue_referral(n, expected_payout=...)           # the slip, cash and receipt

A lapse is decided lazily, when a referral is read or decided after its deadline; it is
written and audited then, so the report counts it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from pos.betting import use_cases as betting_cases
from pos.betting.counter import find_slip
from pos.betting.slips import Slip
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.inputs import MAX_INTEGER, clean_text, parse_code
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.people.users import Role
from pos.risk.referral_errors import (
    ReferralDecided,
    ReferralLapsed,
    ReferralNotAccepted,
    ReferralOfOtherTerminal,
    UnknownReferral,
)
from pos.risk.referrals import Decision, Referral, ReferralState, decided, lapsed

# How far back the betting page looks for its terminal's referral after a restart: one sent
# or accepted longer ago is the cashier's to issue by its number, if the player still waits.
_STILL_OPEN = timedelta(minutes=10)
_REASON = 300  # referrals.reason


def decide_referral(
    ctx: Context,
    actor: Actor,
    number: object,
    *,
    accept: bool = True,
    stake: object = None,
    reason: object = "",
    office: str | None = None,
) -> Referral:
    """A manager's decision (Permission.RISK): accept as asked (`stake` None), accept a
    smaller `stake`, or refuse (`accept=False`, a reason optional). Decided once.

    Args:
        office: the referral's office, for the head of the chain (None: this terminal's).

    Raises:
        NotPermitted; InvalidNumber, UnknownReferral; InvalidAmount, CutNotBelowStake,
        StakeTooLow, StakeNotSplittable: a cut stake that cannot be; ReferralDecided: decided
        before (two managers at once: it names who won); ReferralLapsed: too late.
    """
    actor.require(Permission.RISK)
    found_at = _office(ctx, actor, office)
    referral_number = _number(number)
    cut = None if stake is None or not accept else to_money(stake)
    why = clean_text(reason, "referral_reason", _REASON)
    state = ReferralState.REFUSED if not accept else ReferralState.ACCEPTED
    if cut is not None:
        state = ReferralState.CUT
    minimum = ctx.settings().min_stake
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        found = _found(uow, found_at, referral_number)
        if _lapse_if_due(ctx, actor, uow, found, now):
            uow.commit()
            raise ReferralLapsed(found.number)
        referral = decided(found, Decision(state, now, actor.login, cut, why), minimum)
        assert referral.decision is not None, "decided() gives its decision"
        if not uow.referrals.end(found_at, referral_number, referral.decision):
            raise _decided_before(uow, found_at, referral_number)
        stake_words = "" if referral.accepted_stake is None else f" {referral.accepted_stake}"
        detail = f"№ {referral.number} {found_at}: {state}{stake_words} {why}".strip()
        actor.audit(ctx, uow, AuditAction.REFERRAL_DECIDED, detail)
        uow.commit()
    return referral


def referral(ctx: Context, actor: Actor, number: object) -> Referral:
    """The referral of this terminal's office, as it stands now (a due lapse written).

    Raises:
        InvalidNumber, UnknownReferral.
    """
    referral_number = _number(number)
    with ctx.unit_of_work() as uow:
        found = _found(uow, ctx.office, referral_number)
        if not lapsed(found, ctx.clock.now()):
            return found
        _lapse_if_due(ctx, actor, uow, found, ctx.clock.now())
        uow.commit()
        return _found(uow, ctx.office, referral_number)


def open_referral(ctx: Context, actor: Actor) -> Referral | None:
    """This terminal's latest referral still waiting, or accepted in the last minutes and
    not yet issued: the betting page shows it again after a restart."""
    since = ctx.clock.now() - _STILL_OPEN
    with ctx.unit_of_work() as uow:
        latest = uow.referrals.of_terminal(ctx.terminal, since)
    for found in latest[:1]:
        fresh = found.decision is not None and found.decision.decided_at >= since
        accepted = found.state in (ReferralState.ACCEPTED, ReferralState.CUT)
        if found.state is ReferralState.REFERRED or (accepted and fresh):
            return referral(ctx, actor, found.number)
    return None


def issue_referral(
    ctx: Context, actor: Actor, number: object, *, expected_payout: Decimal | None = None
) -> Slip:
    """Issue the slip of an accepted referral at the till that sent it: cash and receipt as
    any bet (pos.betting), the stake the manager accepted, the limits a referral passes
    waived, at the odds of the moment it was sent (`expected_payout` None: that payout).

    Issued once: a second call returns the same slip (the referral's request key).

    Raises:
        UnknownReferral, ReferralOfOtherTerminal, ReferralNotAccepted; OddsChanged: the odds
        moved since it was sent (ask the player again, then pass the new payout); PosError:
        the ordinary bet's other refusals.
    """
    found = referral(ctx, actor, number)
    if found.terminal != ctx.terminal:
        raise ReferralOfOtherTerminal(found.number, found.terminal)
    if found.slip_number is not None:
        with ctx.unit_of_work() as uow:
            return find_slip(uow, found.slip_number)
    stake = found.accepted_stake
    if stake is None or found.state not in (ReferralState.ACCEPTED, ReferralState.CUT):
        raise ReferralNotAccepted(found.number, found.state)
    shown = found.payout_at(stake) if expected_payout is None else expected_payout
    slip = betting_cases.accept_bet(
        ctx,
        actor,
        found.picks,
        stake,
        str(found.kind),
        document=found.document,
        request_key=f"referral:{found.office}:{found.number}",
        expected_payout=shown,
        limits_waived=True,
    )
    with ctx.unit_of_work() as uow:
        uow.referrals.link_slip(found.office, found.number, slip.number)
        uow.commit()
    return slip


def withdraw_referral(ctx: Context, actor: Actor, number: object) -> Referral:
    """The cashier stops waiting (the player left): a referral still waiting is withdrawn;
    one decided meanwhile is returned as it is (nothing was taken either way).

    Raises:
        InvalidNumber, UnknownReferral, ReferralOfOtherTerminal.
    """
    found = referral(ctx, actor, number)
    if found.terminal != ctx.terminal:
        raise ReferralOfOtherTerminal(found.number, found.terminal)
    if found.state is not ReferralState.REFERRED:
        return found
    decision = Decision(ReferralState.WITHDRAWN, ctx.clock.now(), actor.login)
    with ctx.unit_of_work() as uow:
        if uow.referrals.end(ctx.office, found.number, decision):
            actor.audit(ctx, uow, AuditAction.REFERRAL_DECIDED, f"№ {found.number}: withdrawn")
            uow.commit()
    return referral(ctx, actor, number)


def lapse_due(ctx: Context, actor: Actor, uow: UnitOfWork, office: str | None) -> bool:
    """Write the lapse of every waiting referral past its deadline (in `uow`, not committed);
    True when one lapsed (then the caller commits)."""
    now = ctx.clock.now()
    due = [found for found in uow.referrals.waiting(office) if lapsed(found, now)]
    for found in due:
        _lapse_if_due(ctx, actor, uow, found, now)
    return bool(due)


def board_office(ctx: Context, actor: Actor) -> str | None:
    """The office whose referrals a manager decides: the head of the chain decides all
    (None), a manager their terminal's office."""
    return None if actor.role is Role.HEAD else ctx.office


def _lapse_if_due(
    ctx: Context, actor: Actor, uow: UnitOfWork, found: Referral, now: datetime
) -> bool:
    if not lapsed(found, now):
        return False
    if uow.referrals.end(found.office, found.number, Decision(ReferralState.LAPSED, now)):
        actor.audit(ctx, uow, AuditAction.REFERRAL_LAPSED, f"№ {found.number} {found.office}")
    return True


def _decided_before(uow: UnitOfWork, office: str, number: int) -> ReferralDecided:
    """Who came first: read after the UPDATE that found the referral decided."""
    now = _found(uow, office, number)
    by = "" if now.decision is None else now.decision.decided_by
    return ReferralDecided(number, now.state, by)


def _office(ctx: Context, actor: Actor, office: str | None) -> str:
    if office is None or office == ctx.office:
        return ctx.office
    actor.require(Permission.CHAIN)  # another office's referral: the head's
    return office


def _number(number: object) -> int:
    return parse_code(number, "referral_number", MAX_INTEGER)


def _found(uow: UnitOfWork, office: str, number: int) -> Referral:
    found = uow.referrals.get(office, number)
    if found is None:
        raise UnknownReferral(str(number))
    return found
