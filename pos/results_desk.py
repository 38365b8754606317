"""Results as a manager enters them, and settling every slip whose outcome is certain.

The first recorded result stands (p.21): recording a result again is refused; an entry
mistake is corrected by a manager with a reason, only while nothing on the event is paid,
and the slips it settled are settled again. A settlement run goes through the unsettled
slips in chunks, one transaction each (pos.settlement_batch), so a crash leaves every slip
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

from pos.audit import AuditAction, AuditRecord
from pos.counter import find_slip
from pos.draw_line import is_draw
from pos.errors import (
    CorrectionReasonRequired,
    CorrectionRefused,
    InvalidInput,
    InvalidResult,
    ResultExists,
    ResultNotRecorded,
    ResultsFileRejected,
    UnknownEvent,
)
from pos.inputs import REASON, clean_text, parse_code
from pos.line import Event
from pos.money import format_roubles
from pos.permissions import Permission
from pos.ports import UnitOfWork
from pos.result_files import parse_results_file
from pos.results import Result, ResultEntry, new_result, result_words
from pos.session import DeskBase
from pos.settlement import Settlement, settle_slip
from pos.settlement_batch import LegJudge, Verdict, settle_terms
from pos.slips import SETTLED_STATUSES

if TYPE_CHECKING:
    from pos.services import Shop

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
    """What a settlement run did."""

    checked: int  # unsettled slips gone through
    won: int
    lost: int
    refunds: int
    payout: Decimal  # what the slips settled now will pay, in total
    seconds: float

    @property
    def settled(self) -> int:
        return self.won + self.lost + self.refunds

    def words(self) -> str:
        """One line for the screen and the audit trail."""
        if not self.settled:
            return f"Проверено купонов: {self.checked}; рассчитывать пока нечего."
        return (
            f"Рассчитано купонов: {self.settled} из {self.checked} (выигрыш {self.won}, "
            f"проигрыш {self.lost}, возврат {self.refunds}); к выплате "
            f"{format_roubles(self.payout)}"
        )


class ResultsDesk(DeskBase):
    """Results (managers) and settlement for a signed-in desk."""

    def record_result(
        self,
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
        return self.record_results([entry])[0]

    def record_results(self, entries: list[ResultEntry]) -> list[Result]:
        """Record several results in one transaction: all of them or none."""
        self._require(Permission.RECORD_RESULTS)
        now = self._shop.clock.now()
        with self._shop.unit_of_work() as uow:
            recorded = [self._record(uow, entry, now) for entry in entries]
            uow.commit()
        return recorded

    def check_result(self, entry: ResultEntry) -> str:
        """The result in words for the second step of entry, checked but not recorded.

        Raises:
            NotPermitted, UnknownEvent, InvalidResult: as record_result; ResultExists too.
        """
        self._require(Permission.RECORD_RESULTS)
        with self._shop.unit_of_work() as uow:
            event, result = self._checked(uow, entry, self._shop.clock.now())
        return result_words(result, event)

    def import_results(self, name: str, data: bytes) -> list[Result]:
        """Record the results of a CSV or JSON file (docs/results-import.md): all or nothing.

        Raises:
            ResultsFileRejected: every bad row, and every event the shop cannot take a
                result for (unknown, already recorded, impossible times); nothing recorded.
        """
        self._require(Permission.RECORD_RESULTS)
        entries = parse_results_file(name, data, self._shop.settings().zone)
        now = self._shop.clock.now()
        problems: list[tuple[int, str]] = []
        with self._shop.unit_of_work() as uow:
            recorded = []
            for entry in entries:
                try:
                    recorded.append(self._record(uow, entry, now))
                except (UnknownEvent, ResultExists, InvalidResult, InvalidInput) as refused:
                    problems.append((entry.line, _first_sentence(str(refused))))
            if problems:
                raise ResultsFileRejected(name, problems)
            uow.commit()
        return recorded

    def correct_result(self, code: int, entry: ResultEntry, reason: str) -> Result:
        """Correct a mistyped result (managers), while no slip on the event is paid.

        What `entry` leaves empty (times, source, score) keeps its recorded value; the status
        and the ground are as given. The slips settled on the old result are settled again by
        the next run.

        Raises:
            NotPermitted, CorrectionReasonRequired, ResultNotRecorded, CorrectionRefused,
            InvalidResult: as named; InvalidNumber, InvalidText: a code or a reason no
            database can store.
        """
        self._require(Permission.CORRECT_RESULTS)
        code = parse_code(code, "event_code")
        why = clean_text(reason or "", "correction_reason", REASON)
        if not why:
            raise CorrectionReasonRequired()
        now = self._shop.clock.now()
        with self._shop.unit_of_work() as uow:
            uow.settlement.lock()
            old = uow.results.get(code, for_update=True)
            event = uow.line.get_event(code)
            if old is None or event is None or is_draw(event):  # a draw's result is its cards
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
            self._audit(
                uow,
                AuditAction.RESULT_CORRECTED,
                f"{code}: было {result_words(old, event)}; стало {result_words(fixed, event)}; "
                f"причина: {why}; расчёт снят с купонов: {undone}",
            )
            uow.commit()
        return fixed

    def results(self) -> list[ResultRow]:
        """Every event of the line with its result, the ones that have started first."""
        with self._shop.unit_of_work() as uow:
            events = uow.line.events()
            recorded = uow.results.all()
        now = self._shop.clock.now()
        started = sorted((e for e in events if e.starts_at <= now), key=lambda e: e.starts_at)
        later = sorted((e for e in events if e.starts_at > now), key=lambda e: e.starts_at)
        return [ResultRow(event, recorded.get(event.code)) for event in [*started, *later]]

    def settle(self, progress: Progress | None = None) -> SettleReport:
        """Settle every slip whose outcome is certain (managers; see Shop.settle)."""
        self._require(Permission.SETTLE)
        return settle_all(self._shop, self.login, progress)

    def settlement(self, number: str) -> Settlement | None:
        """How the slip was settled, leg by leg (from the results it was settled on); None
        for a slip not settled (open, cancelled).

        Raises:
            InvalidSlipNumber, UnknownSlip, SlipNotIssued: as Shop.slip does.
        """
        with self._shop.unit_of_work() as uow:
            slip = find_slip(uow, number)
            if slip.status not in SETTLED_STATUSES:
                return None
            results = uow.results.all()
        return settle_slip(slip, results, cap=slip.payout_cap)

    def _checked(self, uow: UnitOfWork, entry: ResultEntry, now: datetime) -> tuple[Event, Result]:
        code = parse_code(entry.event_code, "event_code")
        event = uow.line.get_event(code)
        if event is None or is_draw(event):  # a draw's result comes from its cards (pos.draw_desk)
            raise UnknownEvent(code)
        earlier = uow.results.get(code)
        if earlier is not None:
            raise ResultExists(code, result_words(earlier, event))
        return event, new_result(event, entry, now=now, recorded_by=self.login)

    def _record(self, uow: UnitOfWork, entry: ResultEntry, now: datetime) -> Result:
        event, result = self._checked(uow, entry, now)
        uow.results.add(result)
        self._audit(
            uow, AuditAction.RESULT_RECORDED, f"{event.code}: {result_words(result, event)}"
        )
        return result


def settle_all(
    shop: Shop, actor: str, progress: Progress | None = None, *, chunk: int = SETTLE_CHUNK
) -> SettleReport:
    """Go through every unsettled slip in chunks and settle the ones whose outcome is certain.

    Each chunk is one transaction under the corrections lock; the results are read again
    whenever a correction has come in between. Running it twice settles nothing new.
    """
    started = time.perf_counter()
    total = 0
    if progress is not None:
        with shop.unit_of_work() as uow:
            total = uow.settlement.count_unsettled()
        progress(0, total)
    checked = won = lost = refunds = 0
    payout = 0
    after, seen, judge = 0, -1, LegJudge({})
    while True:
        with shop.unit_of_work() as uow:
            corrections = uow.settlement.lock()
            if corrections != seen:
                judge, seen = LegJudge(uow.results.all()), corrections
            ids, terms = uow.settlement.unsettled(after, chunk)
            if not ids:
                break
            now = shop.clock.now()
            batch = settle_terms(ids, terms, judge, now=now)
            counts = batch.counts()
            if len(batch):
                uow.settlement.record(batch, now)
                # In the chunk's own transaction: no settlement without its audit line.
                part = SettleReport(
                    len(ids),
                    counts[Verdict.WON],
                    counts[Verdict.LOST],
                    counts[Verdict.REFUND],
                    Decimal(batch.total).scaleb(-2),
                    0.0,
                )
                uow.audit.append(
                    AuditRecord(now, shop.terminal, actor, AuditAction.SETTLED, part.words())
                )
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


__all__ = ["ResultRow", "ResultsDesk", "SettleReport", "settle_all"]
