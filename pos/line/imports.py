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

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core.errors import PosError
from pos.core.input_errors import InvalidAmount
from pos.core.money import to_money
from pos.line.errors import LineFileRejected, line_file_problem
from pos.line.events import LINE_SPORTS, Event, Sport, new_event, parse_market, parse_odds
from pos.line.files import FileSpec, RawRecord, csv_records, json_records
from pos.line.rows import RecordChecker, blank

_SPORTS = {"футбол": Sport.FOOTBALL, "хоккей": Sport.HOCKEY, "баскетбол": Sport.BASKETBALL} | {
    sport.value: sport for sport in LINE_SPORTS
}
LINE_FILE = FileSpec(
    required=("code", "sport", "home", "away", "starts_at"),
    russian={
        "код": "code",
        "спорт": "sport",
        "турнир": "tournament",
        "хозяева": "home",
        "гости": "away",
        "начало": "starts_at",
        "макс_ставка": "max_stake",
    },
    problem=line_file_problem,
    rejected=LineFileRejected,
    market=parse_market,
)
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
    return _Checker(zone).read(name, data)


def parse_line_csv(name: str, data: bytes, zone: ZoneInfo) -> list[LineEntry]:
    """The events of a CSV line file (format in the module docstring).

    Raises:
        LineFileRejected: every problem found, each with its line.
    """
    return _Checker(zone).read(name, data, csv_records)


def parse_line_json(name: str, data: bytes, zone: ZoneInfo) -> list[LineEntry]:
    """The events of a JSON line file: a list of objects (format in the module docstring).

    Raises:
        LineFileRejected: every problem found, each at the line where its object starts.
    """
    return _Checker(zone).read(name, data, json_records)


class _Checker(RecordChecker[LineEntry]):
    """Checks the rows of a line file into events with their odds."""

    def __init__(self, zone: ZoneInfo) -> None:
        super().__init__(LINE_FILE, zone)

    def entry(self, record: RawRecord, code: int | None) -> LineEntry | None:
        starts_at = self.time(record, "starts_at", "time")
        max_stake = self.attempt(record.line, _max_stake, record.value("max_stake"))
        odds = self._odds(record)
        event = self._event(record, code, starts_at, max_stake)
        return None if event is None else LineEntry(event, odds)

    def _odds(self, record: RawRecord) -> dict[str, Decimal]:
        given = {market: raw for market, raw in record.odds.items() if not blank(raw)}
        if not given:
            self.note(record.line, "no_odds")
        odds = {market: self.attempt(record.line, parse_odds, raw) for market, raw in given.items()}
        return {market: value for market, value in odds.items() if value is not None}

    def _event(
        self, record: RawRecord, code: int | None, starts_at: datetime | None, limit: Decimal | None
    ) -> Event | None:
        if any(blank(record.value(name)) for name in ("sport", "home", "away")):
            return None  # already reported as missing
        sport = str(record.value("sport")).strip()
        try:
            return new_event(
                _SOME_CODE if code is None else code,
                _SPORTS.get(sport.casefold(), sport),
                record.value("home"),
                record.value("away"),
                starts_at or _SOME_TIME,
                tournament=record.value("tournament") or "",
                max_stake=limit,
            )
        except PosError as exc:  # new_event's sentence: an unknown sport, a team name too long
            self.problems.append((record.line, str(exc)))
            return None


def _max_stake(raw: object) -> Decimal | None:
    if blank(raw):
        return None
    amount = to_money(raw)
    if amount <= 0:
        raise InvalidAmount(str(raw), "not_positive")
    return amount
