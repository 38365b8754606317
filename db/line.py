"""The line in the database, events and the versions of their odds: the pos.core.ports
LineRepository."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, Table, and_, bindparam, func, select
from sqlalchemy.orm import Session

from db.line_cache import LineCache, read_through
from db.settings import SettingsCache, settings_changed, usable
from db.sports import sport_of, stored_sport
from db.statements import read
from db.tables import EventRow, OddsQuoteRow, SportLimitRow
from pos.line.errors import UnknownEvent
from pos.line.events import LINE_SPORTS, Event, OddsQuote, Sport

# A bet's reads, built once (db.statements.read): Core rows.
_EVENTS_BY_CODE = select(cast(Table, EventRow.__table__)).where(
    EventRow.code.in_(bindparam("codes", expanding=True))
)
_QUOTES_OF = (
    select(
        EventRow.code,
        OddsQuoteRow.market,
        OddsQuoteRow.odds,
        OddsQuoteRow.version,
        OddsQuoteRow.set_at,
        OddsQuoteRow.set_by,
        OddsQuoteRow.suspended,
    )
    .join(EventRow)
    .where(
        EventRow.code.in_(bindparam("codes", expanding=True)),
        OddsQuoteRow.market.in_(bindparam("markets", expanding=True)),
    )
    .order_by(OddsQuoteRow.version)
)
_SPORT_LIMITS = select(SportLimitRow.sport, SportLimitRow.max_stake)


class SqlLineRepository:
    """Events and the versions of their odds."""

    def __init__(
        self,
        session: Session,
        cache: SettingsCache | None = None,
        line: LineCache | None = None,
    ) -> None:
        self._session = session
        self._cache = cache  # the sports' limits kept with the settings (SQLite, issue 34)
        self._line = line  # events and odds kept while the line's version stands (SQLite)

    def add_event(self, event: Event) -> None:
        """Put an event into the line (the code must be free)."""
        self._session.add(
            EventRow(
                code=event.code,
                sport=stored_sport(event),
                home=event.home,
                away=event.away,
                starts_at=event.starts_at,
                tournament=event.tournament,
                max_stake=event.max_stake,
                suspended=event.suspended,
            )
        )

    def get_event(self, code: int) -> Event | None:
        """The event with this code, if any."""
        row = self._session.scalars(select(EventRow).where(EventRow.code == code)).one_or_none()
        return None if row is None else _event(row)

    def events_by_code(self, codes: list[int]) -> dict[int, Event]:
        """The events with these codes that exist, by code, in one query (none while they
        are kept, db.line_cache)."""
        wanted = sorted(set(codes))
        return read_through(self._session, self._line, "events", wanted, self._events_by_code)

    def _events_by_code(self, codes: list[int]) -> dict[int, Event]:
        rows = read(self._session, _EVENTS_BY_CODE, {"codes": sorted(set(codes))})
        return {row.code: _event(row) for row in rows}

    def events(self) -> list[Event]:
        """Every event of the line, by code (not a game's draws: its board lists them)."""
        sports = [sport.value for sport in LINE_SPORTS]
        rows = self._session.scalars(
            select(EventRow).where(EventRow.sport.in_(sports)).order_by("code")
        )
        return [_event(row) for row in rows]

    def latest_events(self, codes: range, limit: int) -> list[Event]:
        """The `limit` events whose codes are in `codes`, the highest code first (issue 36)."""
        rows = self._session.scalars(
            select(EventRow)
            .where(EventRow.code.between(codes[0], codes[-1]))  # no bound beyond INTEGER
            .order_by(EventRow.code.desc())
            .limit(limit)
        )
        return [_event(row) for row in rows]

    def add_quote(self, quote: OddsQuote) -> None:
        """Store a new version of a market's odds.

        Raises:
            UnknownEvent: no event has the quote's code.
        """
        event_id = self._session.scalar(
            select(EventRow.id).where(EventRow.code == quote.event_code)
        )
        if event_id is None:
            raise UnknownEvent(quote.event_code)
        self._session.add(
            OddsQuoteRow(
                event_id=event_id,
                market=quote.market,
                odds=quote.odds,
                version=quote.version,
                set_at=quote.set_at,
                set_by=quote.set_by,
                suspended=quote.suspended,
            )
        )

    def current_quotes(self, codes: list[int]) -> list[OddsQuote]:
        """The highest version of every market of these events, by event code and market."""
        if not codes:
            return []
        latest = (
            select(
                OddsQuoteRow.event_id,
                OddsQuoteRow.market,
                func.max(OddsQuoteRow.version).label("version"),
            )
            .join(EventRow)
            .where(EventRow.code.in_(sorted(set(codes))))
            .group_by(OddsQuoteRow.event_id, OddsQuoteRow.market)
            .subquery()
        )
        query = (
            select(EventRow.code, OddsQuoteRow)
            .join(EventRow)
            .join(
                latest,
                and_(
                    OddsQuoteRow.event_id == latest.c.event_id,
                    OddsQuoteRow.market == latest.c.market,
                    OddsQuoteRow.version == latest.c.version,
                ),
            )
            .order_by(EventRow.code, OddsQuoteRow.market)
        )
        return [
            OddsQuote(
                code, row.market, row.odds, row.version, row.set_at, row.set_by, row.suspended
            )
            for code, row in self._session.execute(query)
        ]

    def update_event(self, event: Event) -> None:
        """Change an event's details (its suspension is changed by set_suspended).

        Raises:
            UnknownEvent: no event has this code.
        """
        row = self._session.scalars(
            select(EventRow).where(EventRow.code == event.code)
        ).one_or_none()
        if row is None:
            raise UnknownEvent(event.code)
        row.sport = stored_sport(event)
        row.home, row.away, row.starts_at = event.home, event.away, event.starts_at
        row.tournament, row.max_stake = event.tournament, event.max_stake

    def quotes_for(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], OddsQuote]:
        """The current version of each picked market that has odds (the hot path of a bet;
        none read while they are kept, db.line_cache)."""
        wanted = sorted(set(picks))
        return read_through(self._session, self._line, "quotes", wanted, self._quotes_for)

    def _quotes_for(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], OddsQuote]:
        wanted = set(picks)
        values = {
            "codes": sorted({code for code, _ in wanted}),
            "markets": sorted({market for _, market in wanted}),
        }
        rows = read(self._session, _QUOTES_OF, values)
        found: dict[tuple[int, str], OddsQuote] = {}
        for row in rows:
            if (row.code, row.market) in wanted:
                found[(row.code, row.market)] = OddsQuote(
                    row.code, row.market, row.odds, row.version, row.set_at, row.set_by,
                    row.suspended,
                )  # fmt: skip
        return found

    def set_suspended(self, code: int, suspended: bool) -> None:
        """Stop or resume taking bets on an event.

        Raises:
            UnknownEvent: no event has this code.
        """
        row = self._session.scalars(select(EventRow).where(EventRow.code == code)).one_or_none()
        if row is None:
            raise UnknownEvent(code)
        row.suspended = suspended

    def sport_limits(self) -> dict[Sport, Decimal]:
        """The line header: the maximum stake per event of each sport that has one (kept
        while the settings' version stands: a limit set moves it on, issue 34)."""
        cached = usable(self._session, self._cache)
        if cached is not None and (kept := cached[0].sport_limits) and kept[0] == cached[1]:
            return dict(kept[1])
        rows = read(self._session, _SPORT_LIMITS)
        limits = {Sport(row.sport): row.max_stake for row in rows}
        if cached is not None:
            cached[0].sport_limits = (cached[1], dict(limits))
        return limits

    def set_sport_limit(self, sport: Sport, limit: Decimal | None) -> None:
        """Set (or with None remove) a sport's maximum stake per event."""
        settings_changed(self._session)  # every terminal's kept limits read anew
        row = self._session.get(SportLimitRow, sport.value)
        if limit is None:
            if row is not None:
                self._session.delete(row)
        elif row is None:
            self._session.add(SportLimitRow(sport=sport.value, max_stake=limit))
        else:
            row.max_stake = limit


def _event(row: EventRow | Row[Any]) -> Event:
    sport, game = sport_of(row.sport)
    return Event(
        row.code,
        sport,
        row.home,
        row.away,
        row.starts_at,
        tournament=row.tournament,
        max_stake=row.max_stake,
        suspended=row.suspended,
        game=game,
        max_liability=row.max_liability,
    )
