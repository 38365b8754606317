"""Results as a manager enters them, and settling every slip whose outcome is certain.

The first recorded result stands (p.21): recording a result again is refused; an entry
mistake is corrected by a manager with a reason, only while nothing on the event is paid,
and the slips it settled are settled again. A settlement run goes through the unsettled
slips in chunks, one transaction each (pos.settlement.batch), so a crash leaves every slip
either settled or still open, and running it again settles only what is left.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from pos.betting.counter import find_slip
from pos.betting.slips import SETTLED_STATUSES
from pos.betting.teller import Teller
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.input_errors import InvalidInput
from pos.core.inputs import REASON, clean_text, parse_code
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.games.registry import installed
from pos.line.errors import UnknownEvent
from pos.line.events import Event
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.settlement.batch import LegJudge, Verdict, settle_terms
from pos.settlement.errors import (
    CorrectionReasonRequired,
    CorrectionRefused,
    InvalidResult,
    ResultExists,
    ResultNotRecorded,
    ResultsFileRejected,
)
from pos.settlement.result_files import parse_results_file
from pos.settlement.results import Result, ResultEntry, new_result, result_words
from pos.settlement.rules import Settlement, settle_slip

if TYPE_CHECKING:
    pass

# Slips per transaction of a settlement run: bounded memory, short locks, a visible progress.
SETTLE_CHUNK = 50_000
Progress = Callable[[int, int], None]  # (slips gone through, slips to go through)


@dataclass(frozen=True)
class ResultRow:
    """An event of the line with its recorded result (None: not yet)."""

    event: Event
    result: Result | None


@dataclass(frozen=True)
class SettleReport:
    """What a settlement run did: the slips, then the paris of «Спрэдбетэкс» (pos.exchange)."""

    checked: int  # unsettled slips gone through
    won: int
    lost: int
    refunds: int
    payout: Decimal  # what the slips settled now will pay, in total
    seconds: float
    paris: int = 0  # the paris settled by the same run (issue 34)

    @property
    def settled(self) -> int:
        return self.won + self.lost + self.refunds

    def words(self) -> str:
        """One line for the screen and the audit trail, naming each kind settled."""
        paris = f"рассчитано пари: {self.paris}." if self.paris else ""
        if not self.settled:
            if paris:
                return f"Проверено купонов: {self.checked}; {paris}"
            return f"Проверено купонов: {self.checked}; рассчитывать пока нечего."
        slips = (
            f"Рассчитано купонов: {self.settled} из {self.checked} (выигрыш {self.won}, "
            f"проигрыш {self.lost}, возврат {self.refunds}); к выплате "
            f"{format_roubles(self.payout)}"
        )
        return f"{slips}; {paris}" if paris else slips


def record_result(  # noqa: PLR0913 - the result's facts, each named at the call
    ctx: Context,
    actor: Actor,
    code: int,
    home: object = None,
    away: object = None,
    *,
    status: object = "finished",
    actual_start: datetime | None = None,
    first_score_at: datetime | None = None,
    ended_at: datetime | None = None,
    source: object = None,
    venue_swapped: bool = False,
) -> Result:
    """Record the official result of an event (p.11); the first one stands (p.21).

    Without a `source` the result records «не указан» as its source; a blank one is
    refused.

    Raises:
        NotPermitted: not a manager.
        UnknownEvent, InvalidResult: as named.
        InvalidNumber, InvalidText: a code or a source no database can store.
        ResultExists: the event already has a result.
    """
    entry = ResultEntry(
        code, home, away, status, actual_start, first_score_at, ended_at, source, venue_swapped
    )
    return record_results(ctx, actor, [entry])[0]


def record_results(ctx: Context, actor: Actor, entries: list[ResultEntry]) -> list[Result]:
    """Record several results in one transaction: all of them or none."""
    actor.require(Permission.RECORD_RESULTS)
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        recorded = [_record(ctx, actor, uow, entry, now) for entry in entries]
        uow.commit()
    return recorded


def check_result(ctx: Context, actor: Actor, entry: ResultEntry) -> str:
    """The result in words for the second step of entry, checked but not recorded.

    Raises:
        NotPermitted, UnknownEvent, InvalidResult: as record_result; ResultExists too.
    """
    actor.require(Permission.RECORD_RESULTS)
    with ctx.unit_of_work() as uow:
        event, result = _checked(ctx, actor, uow, entry, ctx.clock.now())
    return result_words(result, event)


def import_results(ctx: Context, actor: Actor, name: str, data: bytes) -> list[Result]:
    """Record the results of a CSV or JSON file (docs/results-import.md): all or nothing.

    Raises:
        ResultsFileRejected: every bad row, and every event the shop cannot take a
            result for (unknown, already recorded, impossible times); nothing recorded.
    """
    actor.require(Permission.RECORD_RESULTS)
    entries = parse_results_file(name, data, ctx.settings().zone)
    now = ctx.clock.now()
    problems: list[tuple[int, str]] = []
    with ctx.unit_of_work() as uow:
        recorded = []
        for entry in entries:
            try:
                recorded.append(_record(ctx, actor, uow, entry, now))
            except (UnknownEvent, ResultExists, InvalidResult, InvalidInput) as refused:
                problems.append((entry.line, _first_sentence(str(refused))))
        if problems:
            raise ResultsFileRejected(name, problems)
        uow.commit()
    return recorded


def correct_result(
    ctx: Context, actor: Actor, code: int, entry: ResultEntry, reason: str
) -> Result:
    """Correct a mistyped result (managers), while no slip on the event is paid.

    What `entry` leaves empty (times, source, score) keeps its recorded value; the status
    and the ground are as given. The slips settled on the old result are settled again by
    the next run.

    Raises:
        NotPermitted, CorrectionReasonRequired, ResultNotRecorded, CorrectionRefused,
        InvalidResult: as named; InvalidNumber, InvalidText: a code or a reason no
        database can store.
    """
    actor.require(Permission.CORRECT_RESULTS)
    code = parse_code(code, "event_code")
    why = clean_text(reason or "", "correction_reason", REASON)
    if not why:
        raise CorrectionReasonRequired()
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()
        old = uow.results.get(code, for_update=True)
        event = uow.line.get_event(code)
        if old is None or event is None or _is_draw(event):  # its game enters a draw's result
            raise ResultNotRecorded(code)
        paid = uow.settlement.paid_on_event(code)
        if paid:
            raise CorrectionRefused(code, paid)
        fixed = new_result(event, _over(old, entry), now=now, recorded_by=old.recorded_by)
        fixed = dataclasses.replace(
            fixed, recorded_at=old.recorded_at, corrections=old.corrections + 1
        )
        uow.results.replace(fixed)
        undone = uow.settlement.unsettle_event(code)
        uow.settlement.count_corrections()
        actor.audit(
            ctx,
            uow,
            AuditAction.RESULT_CORRECTED,
            f"{code}: было {result_words(old, event)}; стало {result_words(fixed, event)}; "
            f"причина: {why}; расчёт снят с купонов: {undone}",
        )
        uow.commit()
    return fixed


def results(ctx: Context, actor: Actor) -> list[ResultRow]:
    """Every event of the line with its result, the ones that have started first."""
    with ctx.unit_of_work() as uow:
        events = uow.line.events()
        recorded = uow.results.all()
    now = ctx.clock.now()
    started = sorted((e for e in events if e.starts_at <= now), key=lambda e: e.starts_at)
    later = sorted((e for e in events if e.starts_at > now), key=lambda e: e.starts_at)
    return [ResultRow(event, recorded.get(event.code)) for event in [*started, *later]]


def settle(ctx: Context, actor: Actor, progress: Progress | None = None) -> SettleReport:
    """Settle every slip whose outcome is certain: all its events have results, or it has
    lost already (an express with a lost leg). Running it again changes nothing (managers;
    the command line's `settle` as the system).

    `progress(done, total)` is called after each chunk (from the calling thread).
    """
    actor.require(Permission.SETTLE)
    return settle_all(ctx, actor, progress)


def settlement(ctx: Context, actor: Actor, number: str) -> Settlement | None:
    """How the slip was settled, leg by leg (from the results it was settled on); None
    for a slip not settled (open, cancelled).

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued: as Shop.slip does.
    """
    with ctx.unit_of_work() as uow:
        slip = find_slip(uow, number)
        if slip.status not in SETTLED_STATUSES:
            return None
        results = uow.results.all()
    return settle_slip(slip, results, cap=slip.payout_cap)


def _checked(
    ctx: Context, actor: Actor, uow: UnitOfWork, entry: ResultEntry, now: datetime
) -> tuple[Event, Result]:
    code = parse_code(entry.event_code, "event_code")
    event = uow.line.get_event(code)
    if event is None or _is_draw(event):  # its game enters a draw's result (pos.games)
        raise UnknownEvent(code)
    earlier = uow.results.get(code)
    if earlier is not None:
        raise ResultExists(code, result_words(earlier, event))
    return event, new_result(event, entry, now=now, recorded_by=actor.login)


def _record(
    ctx: Context, actor: Actor, uow: UnitOfWork, entry: ResultEntry, now: datetime
) -> Result:
    event, result = _checked(ctx, actor, uow, entry, now)
    uow.results.add(result)
    actor.audit(
        ctx, uow, AuditAction.RESULT_RECORDED, f"{event.code}: {result_words(result, event)}"
    )
    return result


def settle_all(
    ctx: Context, actor: Actor, progress: Progress | None = None, *, chunk: int = SETTLE_CHUNK
) -> SettleReport:
    """Go through every unsettled slip in chunks and settle the ones whose outcome is certain.

    Each chunk is one transaction under the corrections lock; the results are read again
    whenever a correction has come in between. Running it twice settles nothing new.
    """
    started = time.perf_counter()
    total = 0
    if progress is not None:
        with ctx.unit_of_work() as uow:
            total = uow.settlement.count_unsettled()
        progress(0, total)
    checked = won = lost = refunds = 0
    payout = 0
    after, seen, judge = 0, -1, LegJudge({})
    while True:
        with ctx.unit_of_work() as uow:
            corrections = uow.settlement.lock()
            if corrections != seen:
                judge, seen = LegJudge(uow.results.all()), corrections
            ids, terms = uow.settlement.unsettled(after, chunk)
            if not ids:
                break
            now = ctx.clock.now()
            batch = settle_terms(ids, terms, judge, now=now)
            counts = batch.counts()
            if len(batch):
                uow.settlement.record(batch, now)
                # p.7 (issue 37): a cashless slip's win or return onto its account, now.
                teller = Teller(ctx.terminal, actor.login, ctx.office)
                uow.settlement.credit_accounts(teller, now)
                # In the chunk's own transaction: no settlement without its audit line.
                part = SettleReport(
                    len(ids),
                    counts[Verdict.WON],
                    counts[Verdict.LOST],
                    counts[Verdict.REFUND],
                    Decimal(batch.total).scaleb(-2),
                    0.0,
                )
                actor.audit(ctx, uow, AuditAction.SETTLED, part.words())
            uow.commit()
        after = ids[-1]
        checked += len(ids)
        won += counts[Verdict.WON]
        lost += counts[Verdict.LOST]
        refunds += counts[Verdict.REFUND]
        payout += batch.total
        if progress is not None:
            progress(checked, max(total, checked))
    report = SettleReport(
        checked, won, lost, refunds, Decimal(payout).scaleb(-2), time.perf_counter() - started
    )
    return report


def _over(old: Result, entry: ResultEntry) -> ResultEntry:
    """A correction: what the entry gives, and the recorded result for what it leaves out
    (the times especially: a score typed again must not move the end, p.23)."""

    def given(value: object, recorded: object) -> object:
        return recorded if value is None or value == "" else value

    return ResultEntry(
        old.event_code,
        given(entry.home, old.home),
        given(entry.away, old.away),
        entry.status,
        entry.actual_start or old.actual_start,
        entry.first_score_at or old.first_score_at,
        entry.ended_at or old.ended_at,
        given(entry.source, old.source),
        entry.venue_swapped,
    )


def _first_sentence(text: str) -> str:
    return text.split(". ", maxsplit=1)[0].rstrip(".")


def _is_draw(event: Event) -> bool:
    """True for a game's draw, whose result its game enters, not a manager by hand."""
    return installed().by_code(event.code) is not None


__all__ = ["ResultRow", "SettleReport", "settle_all"]
