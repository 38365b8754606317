"""The line: sports, events with the numeric codes cashiers type, markets and versioned odds."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from pos.core.input_errors import InvalidAmount
from pos.core.inputs import TEAM_NAME, TOURNAMENT, clean_text, shown
from pos.core.money import to_money
from pos.games.registry import installed
from pos.line.errors import GameNotOnLine, InvalidEvent, InvalidOdds
from pos.line.markets import Market


class Sport(enum.StrEnum):
    """Sports in the line; each may carry its own maximum stake (p.18), later."""

    FOOTBALL = "football"
    HOCKEY = "hockey"
    BASKETBALL = "basketball"
    # A game's draw (pos.games): an event per draw, kept off the line, its game in Event.game
    # (issue 36; the database stores the game's key in its place).
    GAME = "game"


# The sports of the line a manager keeps; a game's draw is opened by the game's schedule.
LINE_SPORTS = (Sport.FOOTBALL, Sport.HOCKEY, Sport.BASKETBALL)


@dataclass(frozen=True)
class Event:
    """A match in the line, found by the code a cashier types."""

    code: int
    sport: Sport
    home: str
    away: str
    starts_at: datetime
    tournament: str = ""
    # Overrides the sport's maximum stake (the line header, p.18); None: the sport's or shop's.
    max_stake: Decimal | None = None
    suspended: bool = False
    game: str = ""  # the key of the game whose draw it is (Sport.GAME), "" for the line's
    # Issue 38: the cap on what the chain pays if one outcome happens; None: the setting.
    max_liability: Decimal | None = None

    def takes_bets(self, now: datetime) -> bool:
        """True while the event is on offer: not suspended and not started (p.22)."""
        return not self.suspended and now < self.starts_at


def upcoming_first(events: Iterable[Event], now: datetime) -> list[Event]:
    """The events as the «Линия» page lists them: those still to start by their start, then
    those started, the latest first (issue 34: yesterday's finished matches came first).

    Args:
        events: the events of the line, in any order.
        now: the shop's clock.

    Returns:
        The events in that order.
    """
    coming = sorted((e for e in events if now < e.starts_at), key=lambda e: (e.starts_at, e.code))
    started = [e for e in events if e.starts_at <= now]
    started.sort(key=lambda e: (e.starts_at, e.code), reverse=True)
    return [*coming, *started]


@dataclass(frozen=True)
class OddsQuote:
    """One version of the odds of a market: bets keep the version they were accepted at (p.10)."""

    event_code: int
    market: str
    odds: Decimal
    version: int
    set_at: datetime
    set_by: str
    suspended: bool = False  # taken off from the liability board (issue 38)


_MAX_CODE = 999_999
_ISO_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?(Z|[+-]\d\d:?\d\d)?")
_DOTTED_TIMES = ("%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S")


def parse_market(text: str) -> str:
    """The canonical code of a market as typed: "х" → "X", "б2,5" → "O2.5", "ф1-1,5" → "H1-1.5".

    Raises:
        InvalidMarket: not a market of the line (DESIGN.md, Markets).
    """
    return Market.parse(text).code


def parse_odds(value: object) -> Decimal:
    """Decimal odds above 1.00 with at most two decimals, from a Decimal, int or typed text.

    Raises:
        InvalidOdds: a float, not a number, 1.00 or less, more than two decimals or above 10000.
    """
    if isinstance(value, float | bool):
        raise InvalidOdds(repr(value))
    text = shown(value, 100).strip().replace(",", ".")
    try:
        odds = Decimal(text)
    except InvalidOperation as exc:
        raise InvalidOdds(shown(value)) from exc
    if not odds.is_finite() or odds <= 1 or odds > 10_000 or odds != odds.quantize(Decimal("0.01")):
        raise InvalidOdds(shown(value))
    return odds.quantize(Decimal("0.01"))


def new_event(
    code: object,
    sport: object,
    home: object,
    away: object,
    starts_at: datetime,
    *,
    tournament: object = "",
    max_stake: object = None,
) -> Event:
    """A checked event.

    Raises:
        InvalidEvent: a code that is not 1–999999, an unknown sport, an empty or equal team
            name, or a naive start time.
        InvalidText: a team or tournament name longer than its column, with a control
            character or unencodable.
        InvalidAmount: a maximum stake that is not a positive whole-kopeck amount.
    """
    if isinstance(code, bool) or not isinstance(code, int) or not 1 <= code <= _MAX_CODE:
        raise InvalidEvent("код события — целое число от 1 до 999999")
    kind = line_sport(sport)
    home_name = clean_text(home, "home", TEAM_NAME)
    away_name = clean_text(away, "away", TEAM_NAME)
    if not home_name or not away_name or home_name == away_name:
        raise InvalidEvent("нужны две разные команды")
    if not isinstance(starts_at, datetime) or starts_at.tzinfo is None or not _storable(starts_at):
        raise InvalidEvent("время начала должно быть с часовым поясом")
    limit = None if max_stake in (None, "") else to_money(max_stake)
    if limit is not None and limit <= 0:
        raise InvalidAmount(str(max_stake), "not_positive")
    return Event(
        code,
        kind,
        home_name,
        away_name,
        starts_at.astimezone(UTC),
        tournament=clean_text(tournament, "tournament", TOURNAMENT),
        max_stake=limit,
    )


def line_sport(sport: object) -> Sport:
    """A sport of the line by its code ("football"); a game's draw is not one.

    Raises:
        GameNotOnLine: the key of an installed game (its draws come by its schedule).
        InvalidEvent: an unknown sport.
    """
    typed = sport if isinstance(sport, str) else shown(sport)
    game = installed().by_key(typed)
    if game is not None:
        raise GameNotOnLine(game.title)
    kind = next((known for known in LINE_SPORTS if known.value == typed), None)
    if kind is None:
        raise InvalidEvent(f"неизвестный вид спорта «{shown(sport)}»")
    return kind


def parse_start_time(text: object, zone: ZoneInfo) -> datetime | None:
    """A start time as typed or as in a line file, in the shop's zone; None if it is not one.

    Accepts "05.12.2026 15:00" (seconds optional, one-digit day or hour too) and ISO
    "2026-12-05 15:00" / "2026-12-05T15:00"; an ISO time with an explicit offset keeps it.
    """
    typed = " ".join(text.split()) if isinstance(text, str) else ""
    if _ISO_TIME.fullmatch(typed):
        try:
            when = datetime.fromisoformat(typed)
        except ValueError:
            return None
        return _storable(when if when.tzinfo else when.replace(tzinfo=zone))
    for pattern in _DOTTED_TIMES:
        try:
            return _storable(datetime.strptime(typed, pattern).replace(tzinfo=zone))
        except ValueError:
            continue
    return None


def _storable(when: datetime) -> datetime | None:
    # 01.01.0001 00:00 in Minsk is before the first moment in UTC: not a time (issue 15).
    try:
        when.astimezone(UTC)
    except OverflowError:
        return None
    return when
