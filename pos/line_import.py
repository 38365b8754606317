"""Line files a manager loads: CSV as Russian Excel saves it, or JSON; all of it or nothing.

CSV: UTF-8 (with or without BOM) or Windows-1251; `;` or `,` between cells; a header row of
`code`, `sport`, `home`, `away`, `starts_at` (required), `tournament`, `max_stake` (optional),
or their Russian names `код`, `спорт`, `хозяева`, `гости`, `начало`, `турнир`, `макс_ставка`, in
any case; every other header is a market as a cashier types it (`1`, `Х`, `Б2,5`, `Ф1-1,5`),
and its cells are the odds (`2,10` or `2.10`; empty: no such market for that event). Sports are
`football`/`футбол`, `hockey`/`хоккей`, `basketball`/`баскетбол`. `starts_at` is
`ДД.ММ.ГГГГ ЧЧ:ММ` or `ГГГГ-ММ-ДД ЧЧ:ММ`/`ГГГГ-ММ-ДДTЧЧ:ММ` in the shop's zone (an ISO offset
such as `+03:00` wins); `max_stake` is money as typed (`1 000,00`). Empty rows are skipped.

JSON: a list of objects with the same keys and an `odds` object (market → odds); numbers are
read as exact decimals, never floats. A problem is reported at the line where its object starts.

Every problem of the file is collected and `LineFileRejected` lists them by physical line
(the CSV header is line 1; 0 is the whole file). docs/line-import.md is the manager's guide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import PurePath
from typing import TypeVar
from zoneinfo import ZoneInfo

from pos.errors import InvalidAmount, LineFileRejected, PosError, line_file_problem
from pos.line import Event, Sport, new_event, parse_odds, parse_start_time
from pos.line_files import REQUIRED, Problems, RawEvent, csv_events, decode, json_events
from pos.money import to_money

_T = TypeVar("_T")

_SPORTS = {"футбол": Sport.FOOTBALL, "хоккей": Sport.HOCKEY, "баскетбол": Sport.BASKETBALL} | {
    sport.value: sport for sport in Sport
}
_MAX_CODE = 999_999
# Stand-ins for a field already reported as wrong, so that new_event still checks the others.
_SOME_CODE = 1
_SOME_TIME = datetime(2000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class LineEntry:
    """One event of a line file with its odds by canonical market code, e.g. {"O2.5": 2.05}."""

    event: Event
    odds: dict[str, Decimal]


def parse_line_file(name: str, data: bytes, zone: ZoneInfo) -> list[LineEntry]:
    """The events of a `.csv` or `.json` line file, chosen by its extension.

    Args:
        name: the file's name, shown in the refusal; its extension picks the format.
        data: the file's bytes.
        zone: the shop's time zone, for start times given without an offset.

    Returns:
        The entries in file order.

    Raises:
        LineFileRejected: another extension, or any problem in the file (all of them listed).
    """
    suffix = PurePath(name).suffix.casefold()
    if suffix == ".csv":
        return parse_line_csv(name, data, zone)
    if suffix == ".json":
        return parse_line_json(name, data, zone)
    raise LineFileRejected(name, [(0, line_file_problem("file_type", suffix or name))])


def parse_line_csv(name: str, data: bytes, zone: ZoneInfo) -> list[LineEntry]:
    """The events of a CSV line file (format in the module docstring).

    Args:
        name: the file's name, shown in the refusal.
        data: the file's bytes, UTF-8 or Windows-1251.
        zone: the shop's time zone.

    Returns:
        The entries in file order.

    Raises:
        LineFileRejected: every problem found, each with its line.
    """
    checker = _Checker(zone)
    for event in csv_events(name, decode(name, data), checker.problems):
        checker.add(event)
    return checker.result(name)


def parse_line_json(name: str, data: bytes, zone: ZoneInfo) -> list[LineEntry]:
    """The events of a JSON line file: a list of objects (format in the module docstring).

    Args:
        name: the file's name, shown in the refusal.
        data: the file's bytes, UTF-8 (or Windows-1251, as for CSV).
        zone: the shop's time zone.

    Returns:
        The entries in file order.

    Raises:
        LineFileRejected: every problem found, each at the line where its object starts.
    """
    checker = _Checker(zone)
    for event in json_events(name, decode(name, data), checker.problems):
        checker.add(event)
    return checker.result(name)


class _Checker:
    """Checks records one by one, noting every problem and every event code seen."""

    def __init__(self, zone: ZoneInfo) -> None:
        self.zone = zone
        self.problems: Problems = []
        self.entries: list[LineEntry] = []
        self._seen: set[int] = set()

    def add(self, record: RawEvent) -> None:
        before = len(self.problems)
        for name in REQUIRED:
            if _blank(record.value(name)):
                self.problems.append(
                    (record.line, line_file_problem("missing", record.label(name)))
                )
        code = self._code(record)
        starts_at = self._starts_at(record)
        max_stake = self._attempt(record.line, _max_stake, record.value("max_stake"))
        odds = self._odds(record)
        event = self._event(record, code, starts_at, max_stake)
        if event is not None and len(self.problems) == before:
            self.entries.append(LineEntry(event, odds))

    def result(self, name: str) -> list[LineEntry]:
        if not self.problems and not self.entries:
            self.problems.append((0, line_file_problem("empty")))
        if self.problems:
            # Reading notes header and cell problems before checking: list them in file order.
            raise LineFileRejected(name, sorted(self.problems, key=lambda problem: problem[0]))
        return self.entries

    def _code(self, record: RawEvent) -> int | None:
        raw = record.value("code")
        code = None if _blank(raw) else _event_code(raw)
        if code is None and not _blank(raw):
            self.problems.append((record.line, line_file_problem("code", raw)))
        elif code in self._seen:
            self.problems.append((record.line, line_file_problem("duplicate_code", code)))
        elif code is not None:
            self._seen.add(code)
        return code

    def _starts_at(self, record: RawEvent) -> datetime | None:
        raw = record.value("starts_at")
        when = None if _blank(raw) else parse_start_time(raw, self.zone)
        if when is None and not _blank(raw):
            self.problems.append((record.line, line_file_problem("time", raw)))
        return when

    def _odds(self, record: RawEvent) -> dict[str, Decimal]:
        given = {market: raw for market, raw in record.odds.items() if not _blank(raw)}
        if not given:
            self.problems.append((record.line, line_file_problem("no_odds")))
        odds = {
            market: self._attempt(record.line, parse_odds, raw) for market, raw in given.items()
        }
        return {market: value for market, value in odds.items() if value is not None}

    def _event(
        self, record: RawEvent, code: int | None, starts_at: datetime | None, limit: Decimal | None
    ) -> Event | None:
        if any(_blank(record.value(name)) for name in ("sport", "home", "away")):
            return None  # already reported as missing
        sport = str(record.value("sport")).strip()
        try:
            return new_event(
                _SOME_CODE if code is None else code,
                _SPORTS.get(sport.casefold(), sport),
                str(record.value("home")),
                str(record.value("away")),
                starts_at or _SOME_TIME,
                tournament=str(record.value("tournament") or ""),
                max_stake=limit,
            )
        except PosError as exc:  # new_event's sentence: an unknown sport, equal or empty teams
            self.problems.append((record.line, str(exc)))
            return None

    def _attempt(self, line: int, parse: Callable[[object], _T], raw: object) -> _T | None:
        try:
            return parse(raw)
        except PosError as exc:  # the parsers' own sentence (bad odds, money, sport, teams)
            self.problems.append((line, str(exc)))
            return None


def _event_code(raw: object) -> int | None:
    text = raw.strip() if isinstance(raw, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= 9:  # int() refuses 4300+ digits
        raw = int(text)
    if isinstance(raw, bool) or not isinstance(raw, int):
        return None
    return raw if 1 <= raw <= _MAX_CODE else None


def _max_stake(raw: object) -> Decimal | None:
    if _blank(raw):
        return None
    amount = to_money(raw)
    if amount <= 0:
        raise InvalidAmount(str(raw), "not_positive")
    return amount


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())
