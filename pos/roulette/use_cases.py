"""Roulette at the shop (issue 36): the board as the schedule brings the draws, the number a
manager records (or a studio's file gives), a draw cancelled; each settles its slips at once.

A draw is an event of a game's sport (pos.roulette.schedule); its result is the event's:
FINISHED with the number that came up in `home` (`away` 0), or CANCELLED, which refunds every
bet at 1,00 (p.5.1). The first recorded result stands (p.21), and the house corrects no
game's result by hand (pos.settlement.use_cases refuses it): a second record is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.input_errors import InvalidInput
from pos.core.inputs import FILE_NAME, MAX_INTEGER, RESULT_SOURCE, clean_text, parse_code, shown
from pos.core.ports import UnitOfWork
from pos.games.files import NOT_OPENED, RECORDED, record_studio_lines
from pos.line.events import Event
from pos.people.actor import SYSTEM, Actor
from pos.people.permissions import Permission
from pos.roulette import schedule
from pos.roulette.board import RouletteBoard, SpinView, result_words, spin_view
from pos.roulette.draw_errors import (
    NotOnWheel,
    SpinBeforeStart,
    SpinCancelReasonRequired,
    SpinNotOpened,
    SpinRecorded,
)
from pos.roulette.draws import CODES, MAX_SPIN_NUMBER, spin_code, spin_number
from pos.roulette.errors import SpinsFileRejected
from pos.roulette.files import SpinLine, read_spins
from pos.roulette.layout import NUMBERS
from pos.roulette.wording import file_detail, spin_source, spin_words, spun_detail
from pos.settlement.results import Result, ResultStatus
from pos.settlement.use_cases import settle_all


@dataclass(frozen=True)
class SpinImport:
    """What a studio's file did: the draws recorded, and those skipped with why."""

    recorded: tuple[int, ...]
    skipped: tuple[tuple[int, str], ...]


def roulette_board(ctx: Context, actor: Actor) -> RouletteBoard:
    """The board now; the draws the schedule has reached are opened as it is read (any user:
    a cashier sells from it)."""
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load())
        latest, decided = _latest(uow)
        if schedule.to_open(latest, decided.keys(), now, schedule.interval(settings)):
            uow.settlement.lock()  # two terminals reading the board at once open each draw once
            latest, decided = _latest(uow)
            opened = schedule.to_open(latest, decided.keys(), now, schedule.interval(settings))
            for event in opened:
                uow.line.add_event(event)
            uow.commit()
            latest = [*reversed(opened), *latest]
    drawn = schedule.lineup(latest, decided.keys(), now)
    zone = settings.zone
    return RouletteBoard(
        spin_view(drawn.current, decided, now, zone),
        None if drawn.next is None else spin_view(drawn.next, decided, now, zone),
        tuple(spin_view(event, decided, now, zone) for event in drawn.history),
    )


def check_spin(ctx: Context, actor: Actor, code: object, number: object) -> str:
    """The read-back a manager confirms before `record_spin`, checked but not recorded:
    «Записать: тираж № 512, выпало 17 — чёрное, нечет, 1–18?».

    Raises:
        as record_spin.
    """
    actor.require(Permission.DRAWS)
    code = _code(code)
    came_up = _came_up(code, number)
    with ctx.unit_of_work() as uow:
        _spun(uow, code, ctx.clock.now(), ctx.settings().zone)
    return spin_words(code, came_up)


def record_spin(ctx: Context, actor: Actor, code: object, number: object) -> SpinView:
    """Record the number that came up in a draw (managers), then settle its slips.

    Args:
        ctx: this terminal.
        actor: who records.
        code: the draw's event code (from the board), or its number.
        number: what came up, 0–36.

    Returns:
        The draw as the board now shows it.

    Raises:
        NotPermitted; InvalidNumber: no draw's code or number; SpinNotOpened; NotOnWheel;
        SpinBeforeStart: it still takes bets; SpinRecorded: its result stands already.
    """
    actor.require(Permission.DRAWS)
    code = _code(code)
    came_up = _came_up(code, number)
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()  # one result at a time; settlement waits for it
        zone = shop_settings.from_text(uow.settings.load()).zone
        event = _spun(uow, code, now, zone)
        result = _result(event, came_up, spin_source(actor.login), actor, now)
        uow.results.add(result)
        actor.audit(ctx, uow, AuditAction.DRAW_DEALT, spun_detail(code, came_up))
        uow.commit()
    settle_all(ctx, SYSTEM)
    return spin_view(event, {code: result}, now, zone)


def cancel_spin(ctx: Context, actor: Actor, code: object, reason: object) -> SpinView:
    """Cancel a draw (p.5.1): every bet on it is refunded at 1,00 (managers).

    Raises:
        NotPermitted; InvalidNumber, InvalidText: no draw's code, or a reason no database can
        store; SpinCancelReasonRequired; SpinNotOpened; SpinRecorded.
    """
    actor.require(Permission.DRAWS)
    code = _code(code)
    why = clean_text(reason or "", "draw_cancel_reason", RESULT_SOURCE)
    if not why:
        raise SpinCancelReasonRequired()
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()
        zone = shop_settings.from_text(uow.settings.load()).zone
        event = _unspun(uow, code)
        result = _result(event, None, why, actor, now)
        uow.results.add(result)
        actor.audit(ctx, uow, AuditAction.DRAW_CANCELLED, spun_detail(code, None, why))
        uow.commit()
    settle_all(ctx, SYSTEM)
    return spin_view(event, {code: result}, now, zone)


def import_spins(ctx: Context, actor: Actor, name: str, data: bytes) -> SpinImport:
    """Record the draws of a studio's file (pos.roulette.files) in one transaction, then
    settle (managers). A draw this shop never opened took no bets and is skipped, as is one
    recorded already; any other problem refuses the whole file.

    Raises:
        NotPermitted; SpinsFileRejected: naming each line that cannot be recorded.
    """
    actor.require(Permission.DRAWS)
    name = shown(name, FILE_NAME)  # a file name as the system gave it: only recorded
    lines = read_spins(name, data)
    now = ctx.clock.now()

    def record(uow: UnitOfWork, line: SpinLine, zone: ZoneInfo) -> str:
        return _record_line(actor, uow, line, now, zone)

    def audit(uow: UnitOfWork, recorded: list[int]) -> None:
        actor.audit(ctx, uow, AuditAction.DRAW_DEALT, file_detail(name, recorded))

    recorded, skipped = record_studio_lines(ctx, name, lines, record, SpinsFileRejected, audit)
    if recorded:
        settle_all(ctx, SYSTEM)
    return SpinImport(recorded, skipped)


# --- helpers --------------------------------------------------------------------------------


def _latest(uow: UnitOfWork) -> tuple[list[Event], dict[int, Result]]:
    """The latest draws opened, the highest number first, and the results among them."""
    latest = uow.line.latest_events(CODES, schedule.HISTORY + 3)
    return latest, uow.results.for_events([event.code for event in latest])


def _code(value: object) -> int:
    """A draw's event code, given as the board shows it or as the draw's number."""
    code = parse_code(value, "draw_number", MAX_INTEGER)
    return code if code in CODES else spin_code(parse_code(code, "draw_number", MAX_SPIN_NUMBER))


def _came_up(code: int, number: object) -> int:
    try:
        came_up = parse_code(number, "draw_number", max(NUMBERS), low=min(NUMBERS))
    except InvalidInput as refused:
        raise NotOnWheel(spin_number(code), shown(number)) from refused
    return came_up


def _unspun(uow: UnitOfWork, code: int) -> Event:
    """The draw of `code`, without a result yet."""
    event = uow.line.get_event(code)
    if event is None:
        raise SpinNotOpened(spin_number(code))
    earlier = uow.results.get(code, for_update=True)
    if earlier is not None:
        raise SpinRecorded(spin_number(code), result_words(earlier))
    return event


def _spun(uow: UnitOfWork, code: int, now: datetime, zone: ZoneInfo) -> Event:
    """The draw of `code`, started and without a result yet."""
    event = _unspun(uow, code)
    if now < event.starts_at:
        raise SpinBeforeStart(spin_number(code), event.starts_at.astimezone(zone))
    return event


def _record_line(
    actor: Actor, uow: UnitOfWork, line: SpinLine, now: datetime, zone: ZoneInfo
) -> str:
    """Record one line of a file: "" when recorded, else why it is skipped.

    Raises:
        SpinBeforeStart: the draw still takes bets.
    """
    code = spin_code(line.number)
    try:
        event = _unspun(uow, code)
    except SpinNotOpened:
        return NOT_OPENED
    except SpinRecorded:
        return RECORDED
    if now < event.starts_at:
        raise SpinBeforeStart(line.number, event.starts_at.astimezone(zone))
    source = line.reason if line.came_up is None else spin_source(actor.login, from_file=True)
    uow.results.add(_result(event, line.came_up, source, actor, now))
    return ""


def _result(event: Event, came_up: int | None, source: str, actor: Actor, now: datetime) -> Result:
    # The wheel spun at the draw's start: a bet made after it counts as late (p.22); none is
    # sold then (the game's price refuses it), so this only guards.
    return Result(
        event_code=event.code,
        status=ResultStatus.CANCELLED if came_up is None else ResultStatus.FINISHED,
        home=came_up,
        away=None if came_up is None else 0,
        actual_start=min(event.starts_at, now),
        ended_at=now,
        source=source,  # a cancelled draw's: why
        recorded_at=now,
        recorded_by=actor.login,
    )


__all__ = ["SpinImport"]
