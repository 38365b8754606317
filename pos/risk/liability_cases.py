"""The liability board's use cases (issue 38): the board, an event's cap, an outcome
suspended from the board, the board saved as a file. Each change one transaction, audited.

    board = boss.liability(event=101)          # .rows worst first: .chain, .office, .net
    boss.set_liability_cap(101, Decimal("50000"))
    boss.suspend_outcome(101, "1"); boss.resume_outcome(101, "1")
"""

from __future__ import annotations

import os
from decimal import Decimal
from typing import BinaryIO

from pos.betting.liability_cap import outcome_cap
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.input_errors import InvalidAmount
from pos.core.inputs import parse_code
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.line.errors import UnknownEvent
from pos.line.events import parse_market
from pos.line.quote_errors import MarketNotOffered
from pos.offices.use_cases import readable_office
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.reports.use_cases import ReportFormat, save_report
from pos.risk.liability import LiabilityBoard, OutcomeLiability, board_rows, less, lost_slips
from pos.risk.liability_wording import cap_detail, liability_report, outcome_detail


def liability(
    ctx: Context, actor: Actor, event: object = None, office: str | None = None
) -> LiabilityBoard:
    """The board now: per event and outcome, the open slips' stakes and what the shop pays
    if it happens, for the office and the chain, the worst outcome first.

    Args:
        event: one event's code (None: every event without a result).
        office: whose office figures (None: this terminal's; another needs the head's right).

    Raises:
        NotPermitted, InvalidNumber, UnknownEvent, OtherOfficesJournal, UnknownOffice.
    """
    actor.require(Permission.RISK)
    code = None if event is None or event == "" else parse_code(event, "event_code")
    where = readable_office(ctx, actor, office)
    settings = ctx.settings()
    with ctx.unit_of_work() as uow:
        if code is not None and uow.line.get_event(code) is None:
            raise UnknownEvent(code)
        rows = read_board(uow, settings, where, code)
    return LiabilityBoard(where, ctx.clock.now(), rows, code)


def read_board(
    uow: UnitOfWork, settings: ShopSettings, office: str, event: int | None
) -> tuple[OutcomeLiability, ...]:
    """The board's rows read in `uow`: one aggregate over the legs, less the slips a leg
    already lost ended (few: settlement takes them at its next run)."""
    sums = uow.liability.outcome_sums(office, event)
    decided = sorted({one.code for one in sums if one.decided})
    if decided or (event is not None and sums):  # one event's slips: their other legs too
        legs = uow.liability.decided_legs(decided, event)
        results = uow.results.for_events({leg.code for leg in legs})
        ended = lost_slips(legs, results)
        if ended:
            sums = less(sums, uow.liability.slips_sums(sorted(ended), office, event))
    sums = [one for one in sums if not one.decided]
    if not sums:
        return ()
    codes = sorted({one.code for one in sums})
    events = uow.line.events_by_code(codes)
    stopped = {(q.event_code, q.market) for q in uow.line.current_quotes(codes) if q.suspended}
    caps = {code: outcome_cap(found, settings) for code, found in events.items()}
    return board_rows(sums, events, caps, stopped)


def set_liability_cap(ctx: Context, actor: Actor, event: object, amount: object) -> Decimal | None:
    """Set an event's own cap on what the chain pays if one of its outcomes happens; None
    (or "") leaves the event to the setting `max_liability`. Returns the cap set.

    Raises:
        NotPermitted, InvalidNumber, InvalidAmount, UnknownEvent.
    """
    actor.require(Permission.EDIT_LINE)
    code = parse_code(event, "event_code")
    cap = None if amount is None or amount == "" else to_money(amount)
    if cap is not None and cap <= 0:
        raise InvalidAmount(str(amount), "not_positive")
    with ctx.unit_of_work() as uow:
        if not uow.liability.set_cap(code, cap):
            raise UnknownEvent(code)
        actor.audit(ctx, uow, AuditAction.LIABILITY_CAP_SET, cap_detail(code, cap))
        uow.commit()
    return cap


def suspend_outcome(ctx: Context, actor: Actor, event: object, market: object) -> None:
    """Stop taking bets on one outcome of an event (from the board); its odds stay.

    Raises:
        NotPermitted, InvalidNumber, InvalidMarket, UnknownEvent, MarketNotOffered.
    """
    _set_suspended(ctx, actor, event, market, suspended=True)


def resume_outcome(ctx: Context, actor: Actor, event: object, market: object) -> None:
    """Take bets on a suspended outcome again.

    Raises:
        NotPermitted, InvalidNumber, InvalidMarket, UnknownEvent, MarketNotOffered.
    """
    _set_suspended(ctx, actor, event, market, suspended=False)


def export_liability(
    ctx: Context,
    actor: Actor,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    file_format: ReportFormat = ReportFormat.PDF,
    *,
    event: object = None,
    office: str | None = None,
) -> int:
    """Save the board as PDF (returns its pages) or CSV (returns 1), as the reports are;
    audited as a report saved.

    Raises:
        As `liability`; FileNotSaved: the file cannot be written.
    """
    board = liability(ctx, actor, event, office)
    settings = ctx.settings()
    made_at = board.made_at.astimezone(settings.zone)
    built = liability_report(board, made_at, "")
    detail = f"{built.title}: строк {len(built.rows)}, {file_format.value.upper()}"
    return save_report(ctx, actor, built, path_or_file, file_format, detail)


def _set_suspended(
    ctx: Context, actor: Actor, event: object, market: object, *, suspended: bool
) -> None:
    actor.require(Permission.EDIT_LINE)
    code = parse_code(event, "event_code")
    canonical = parse_market(market if isinstance(market, str) else str(market))
    with ctx.unit_of_work() as uow:
        if not uow.liability.set_suspended(code, canonical, suspended):
            if uow.line.get_event(code) is None:
                raise UnknownEvent(code)
            raise MarketNotOffered(code, canonical)
        action = AuditAction.OUTCOME_SUSPENDED if suspended else AuditAction.OUTCOME_RESUMED
        actor.audit(ctx, uow, action, outcome_detail(code, canonical))
        uow.commit()
