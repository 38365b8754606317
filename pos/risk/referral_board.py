"""What the manager decides a referral from (issue 38): the waiting ones, oldest first, each
with its seconds left, the player's day and the liability of its outcomes; and the report of
the decisions by kind and by manager."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal

from pos.core.context import Context
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.reports.tables import Cell, Column, Period, Report
from pos.risk.liability import LiabilityBoard, OutcomeLiability
from pos.risk.referral_cases import board_office, lapse_due
from pos.risk.referral_wording import REPORT_COLUMNS, REPORT_TITLE, decider_words
from pos.risk.referrals import Referral, ReferralState

ZERO = Decimal("0.00")
# desk.liability(event=code): the liability board of an event (pos.risk.liability_cases).
LiabilityOf = Callable[..., LiabilityBoard]


@dataclass(frozen=True)
class PlayerDay:
    """The player's referrals today (by the document's keyed hash) before this one: how
    many, the stakes asked, and the slips issued from them with their stakes."""

    referrals: int = 0
    asked: Decimal = ZERO
    slips: int = 0
    staked: Decimal = ZERO


@dataclass(frozen=True)
class WaitingReferral:
    """A referral on the manager's board."""

    referral: Referral
    seconds_left: int
    player_today: PlayerDay
    liability: tuple[OutcomeLiability, ...] = ()  # the board's rows of its outcomes


def referrals(
    ctx: Context, actor: Actor, *, liability: LiabilityOf | None = None
) -> list[WaitingReferral]:
    """The referrals waiting for a decision, oldest first: the office's for its manager,
    every office's for the head of the chain; those past their deadline lapse first.

    Raises:
        NotPermitted.
    """
    actor.require(Permission.RISK)
    office = board_office(ctx, actor)
    now = ctx.clock.now()
    day_start = datetime.combine(now.astimezone(ctx.settings().zone).date(), time(),
                                 tzinfo=ctx.settings().zone)  # fmt: skip
    with ctx.unit_of_work() as uow:
        if lapse_due(ctx, actor, uow, office):
            uow.commit()
        waiting = uow.referrals.waiting(office)
        days = {one.number: _day(uow.referrals.of_document(one.document_key, day_start), one)
                for one in waiting}  # fmt: skip
    return [
        WaitingReferral(one, one.seconds_left(now), days[one.number], _outcomes(one, liability))
        for one in waiting
    ]


def waiting_count(ctx: Context, actor: Actor) -> int:
    """How many referrals wait for this manager: the window's notice asks every second.

    Raises:
        NotPermitted.
    """
    actor.require(Permission.RISK)
    office = board_office(ctx, actor)
    with ctx.unit_of_work() as uow:
        if lapse_due(ctx, actor, uow, office):
            uow.commit()
        return len(uow.referrals.waiting(office))


def referral_report(ctx: Context, actor: Actor, date_from: date, date_to: date) -> Report:
    """The decisions on the referrals sent in the shop-local days, one row a decider (the
    managers, the clock, the cashiers who withdrew), one column a kind of decision.

    Raises:
        NotPermitted, InvalidPeriod.
    """
    actor.require(Permission.RISK)
    settings = ctx.settings()
    period = Period.of(date_from, date_to, settings.zone)
    with ctx.unit_of_work() as uow:
        if lapse_due(ctx, actor, uow, board_office(ctx, actor)):
            uow.commit()
        sent = uow.referrals.between(period.since, period.until, board_office(ctx, actor))
    counts: dict[str, dict[ReferralState, int]] = {}
    for one in sent:
        if one.decision is not None:
            row = counts.setdefault(decider_words(one.decision), {})
            row[one.decision.state] = row.get(one.decision.state, 0) + 1
    kinds = [state for state, _title in REPORT_COLUMNS]
    figures = [(who, [row.get(k, 0) for k in kinds] + [sum(row.values())])
               for who, row in sorted(counts.items())]  # fmt: skip
    rows: list[tuple[Cell, ...]] = [(who, *counted) for who, counted in figures]
    columns = (Column("Кто решил", 3), *(Column(t, 1, True, True) for _s, t in REPORT_COLUMNS),
               Column("Всего", 1, True, True))  # fmt: skip
    sums: list[Cell] = [sum(counted[i] for _who, counted in figures) for i in range(6)]
    totals: tuple[Cell, ...] | None = ("Итого", *sums) if figures else None
    waiting = sum(1 for one in sent if one.decision is None and one.slip_number is None)
    notes = (f"Отправлено менеджеру: {len(sent)}; ждут решения: {waiting}.",)
    made_at = ctx.clock.now().astimezone(settings.zone)
    return Report(None, REPORT_TITLE, period.text, columns, tuple(rows), totals, notes, made_at)


def _day(found: Sequence[Referral], this: Referral) -> PlayerDay:
    before = [one for one in found if one.number != this.number or one.office != this.office]
    if not this.document_key:
        return PlayerDay()
    issued = [one for one in before if one.slip_number is not None]
    return PlayerDay(
        referrals=len(before),
        asked=sum((one.stake for one in before), ZERO),
        slips=len(issued),
        staked=sum((one.accepted_stake or ZERO for one in issued), ZERO),
    )


def _outcomes(referral: Referral, liability: LiabilityOf | None) -> tuple[OutcomeLiability, ...]:
    if liability is None:
        return ()
    picks = {(leg.event_code, leg.market) for member in referral.members for leg in member}
    rows: list[OutcomeLiability] = []
    for code in sorted({code for code, _market in picks}):
        board = liability(event=code)
        rows.extend(row for row in board.rows if (row.event.code, row.market) in picks)
    return tuple(rows)
