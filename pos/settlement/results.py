"""Official results of events as a manager records them (p.11, p.21, p.22, second p.24)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime

from pos.core.input_errors import InvalidNumber, InvalidText
from pos.core.inputs import RESULT_SOURCE, clean_text, parse_code, shown
from pos.line.events import Event
from pos.settlement.errors import InvalidResult

_MAX_SCORE = 999


class ResultStatus(enum.StrEnum):
    """How the event went; every status but FINISHED refunds the stakes on it (second p.24)."""

    FINISHED = "finished"
    POSTPONED = "postponed"  # by more than three days; a shorter delay is just a later start
    INTERRUPTED = "interrupted"  # and not finished the same day
    CANCELLED = "cancelled"
    SHARED_FIRST = "shared_first"  # first place in the competition shared


STATUS_WORDS = {
    ResultStatus.FINISHED: "состоялось",
    ResultStatus.POSTPONED: "перенесено более чем на три дня",
    ResultStatus.INTERRUPTED: "прервано и не доиграно в тот же день",
    ResultStatus.CANCELLED: "отменено",
    ResultStatus.SHARED_FIRST: "первое место поделено",
}

# Why every stake on an event is refunded, in the words of second p.24.
_VOID_REASONS = {
    ResultStatus.POSTPONED: "матч перенесён более чем на три дня (п.24)",
    ResultStatus.INTERRUPTED: "матч прерван и не доигран в тот же день (п.24)",
    ResultStatus.CANCELLED: "матч не состоялся (п.24)",
    ResultStatus.SHARED_FIRST: "первое место поделено (п.24)",
}
SOURCE_NOT_GIVEN = "не указан"
VENUE_SWAPPED_REASON = "матч сыгран на поле команды, указанной второй (п.24)"


@dataclass(frozen=True)
class Result:
    """The result of an event as first recorded; the one settlement uses (p.21).

    `home`/`away` are the final score (None when the event did not finish); `first_score_at`
    is when the score was opened (None: not recorded, or a 0:0 match); `ended_at` is when the
    event ended, from which the payout period runs (p.23, p.24).
    """

    event_code: int
    status: ResultStatus
    home: int | None
    away: int | None
    actual_start: datetime
    ended_at: datetime
    source: str
    first_score_at: datetime | None = None
    venue_swapped: bool = False
    recorded_at: datetime | None = None
    recorded_by: str = ""
    corrections: int = 0

    @property
    def void_reason(self) -> str | None:
        """Why every stake on the event is refunded (second p.24), or None when bets stand."""
        if self.status is not ResultStatus.FINISHED:
            return _VOID_REASONS[self.status]
        if self.venue_swapped:
            return VENUE_SWAPPED_REASON
        return None

    def late_from(self, *, agreed_in_play: bool = False) -> datetime:
        """From when a bet counts as made after the start (p.22): void if it would win, lost
        if it loses.

        Bets made while the score was not yet opened stand, so this is when it was opened;
        when that time is not recorded, the actual start is all that is known. A match that
        ended 0:0 never opened its score, and a bet agreed in play stands — but only while
        the match was on: a bet made after the end is one on a match that "took place before
        the bet was made" (second p.24).
        """
        if agreed_in_play or self.home == self.away == 0:
            return self.ended_at
        if self.first_score_at is not None and self.first_score_at > self.actual_start:
            return self.first_score_at
        return self.actual_start

    @property
    def score(self) -> str:
        """ "2:1", or "—" when there is no score."""
        if self.home is None or self.away is None:
            return "—"
        return f"{self.home}:{self.away}"


@dataclass(frozen=True)
class ResultEntry:
    """A result as typed on the results page or read from a results file, not yet checked."""

    event_code: int
    home: object = None
    away: object = None
    status: object = ResultStatus.FINISHED
    actual_start: datetime | None = None  # None: the published start
    first_score_at: datetime | None = None
    ended_at: datetime | None = None  # None: when it is recorded
    # The official source (p.11). None: a caller that gives none (the service API, DESIGN.md)
    # records SOURCE_NOT_GIVEN; a source typed blank on the page or in a file is refused.
    source: object = None
    venue_swapped: bool = False
    # The line of a results file it was read from (0: typed in); not part of the result.
    line: int = field(default=0, compare=False)


def new_result(event: Event, entry: ResultEntry, *, now: datetime, recorded_by: str) -> Result:
    """The checked result of `event`, as a manager enters it.

    Raises:
        InvalidResult: an unknown status, a missing or impossible score, times out of order or
            in the future, or no source.
        InvalidText: a source with a control character or text no database can store.
    """
    kind = parse_status(entry.status, event.code)
    home, away = _score(event.code, entry.home, entry.away, required=kind is ResultStatus.FINISHED)
    start = entry.actual_start or event.starts_at
    end = entry.ended_at or now
    _check_times(event.code, kind, start, end, entry.first_score_at, now, nil=home == away == 0)
    source = SOURCE_NOT_GIVEN if entry.source is None else parse_source(entry.source, event.code)
    if not source:
        raise InvalidResult(event.code, "no_source")
    return Result(
        event.code,
        kind,
        home,
        away,
        start,
        end,
        source,
        first_score_at=entry.first_score_at,
        venue_swapped=bool(entry.venue_swapped),
        recorded_at=now,
        recorded_by=recorded_by,
    )


def _check_times(
    code: int,
    kind: ResultStatus,
    start: datetime,
    end: datetime,
    first_score: datetime | None,
    now: datetime,
    *,
    nil: bool,
) -> None:
    for name, when in (("start", start), ("end", end), ("first_score", first_score)):
        if when is not None and when.tzinfo is None:
            raise InvalidResult(code, "naive_time", name)
    played = kind in (ResultStatus.FINISHED, ResultStatus.INTERRUPTED)
    if played and start > now:
        raise InvalidResult(code, "start_in_future")
    if end > now:
        raise InvalidResult(code, "end_in_future")
    if played and end < start:
        raise InvalidResult(code, "end_before_start")
    if first_score is not None:
        if nil:
            raise InvalidResult(code, "first_score_on_nil")
        if not start <= first_score <= end:
            raise InvalidResult(code, "first_score_outside")


def parse_status(value: object, code: int = 0) -> ResultStatus:
    """A status by its code ("finished") or its Russian words ("отменено").

    Raises:
        InvalidResult: neither.
    """
    text = " ".join(shown(value or "finished", 200).lower().split())
    for status in ResultStatus:
        if text in (status.value, STATUS_WORDS[status]):
            return status
    raise InvalidResult(code, "unknown_status", shown(value))


def result_words(result: Result, event: Event) -> str:
    """The result in words, for the second step of entry and for the audit trail.

    "Динамо Минск 2 : 1 БАТЭ Борисов — победа хозяев (Динамо Минск); источник: АБФФ"
    """
    if result.status is not ResultStatus.FINISHED or result.home is None or result.away is None:
        body = f"{event.home} — {event.away}: {STATUS_WORDS[result.status]}"
    else:
        if result.home > result.away:
            outcome = f"победа хозяев ({event.home})"
        elif result.home < result.away:
            outcome = f"победа гостей ({event.away})"
        else:
            outcome = "ничья"
        body = f"{event.home} {result.home} : {result.away} {event.away} — {outcome}"
        if result.venue_swapped:
            body += f"; {VENUE_SWAPPED_REASON}: ставки возвращаются"
    return f"{body}; источник: {result.source}"


def _score(
    code: int, home: object, away: object, *, required: bool
) -> tuple[int | None, int | None]:
    if home in (None, "") and away in (None, "") and not required:
        return None, None
    goals = []
    for value in (home, away):
        try:
            goals.append(parse_code(value, "score", _MAX_SCORE, low=0))
        except InvalidNumber:
            raise InvalidResult(code, "bad_score", shown(value)) from None
    return goals[0], goals[1]


def parse_source(value: object, code: int = 0) -> str:
    """The official source of a result as stored, from the page, a file or the API (p.11);
    possibly empty (new_result refuses that).

    Raises:
        InvalidResult: longer than its column.
        InvalidText: a control character, or text no database can store.
    """
    try:
        text = value if isinstance(value, str) else str(value)
    except ValueError:  # an integer of thousands of digits
        raise InvalidResult(code, "source_too_long") from None
    try:
        return clean_text(text, "source", RESULT_SOURCE)
    except InvalidText as refused:
        if refused.reason == "too_long":
            raise InvalidResult(code, "source_too_long") from None
        raise
