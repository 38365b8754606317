"""Column types that keep money, odds and times exact on both SQLite and PostgreSQL.

SQLite has no decimal and no time zone types: a `Numeric` column there is stored as REAL
(notes/libraries.md §4), so money is integer kopecks, odds are integer hundredths, and a
moment is fixed-width ISO text in UTC, which sorts in time order. On PostgreSQL a moment is
`timestamp with time zone`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Dialect, Integer, String
from sqlalchemy.types import TypeDecorator, TypeEngine

from pos.core.money import EXACT, from_kopecks, to_kopecks

_HUNDREDTH = Decimal("0.01")
_SQLITE_MOMENT = String(32)
_SERVER_MOMENT = DateTime(timezone=True)


class Kopecks(TypeDecorator[Decimal]):
    """Roubles as a `Decimal` in Python, an integer number of kopecks in the database."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> int | None:
        return None if value is None else to_kopecks(value)

    def process_result_value(self, value: int | None, dialect: Dialect) -> Decimal | None:
        return None if value is None else from_kopecks(value)


class Odds(TypeDecorator[Decimal]):
    """Decimal odds with two places (2.15) stored as integer hundredths (215)."""

    impl = Integer
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        if not isinstance(value, Decimal) or value != EXACT.quantize(value, _HUNDREDTH):
            raise ValueError(f"odds must be a Decimal with at most two places, not {value!r}")
        return int(EXACT.scaleb(value, 2))

    def process_result_value(self, value: int | None, dialect: Dialect) -> Decimal | None:
        # Exactly two places whatever the caller's decimal context: 215 is 2.15, 200 is 2.00.
        return None if value is None else EXACT.scaleb(Decimal(value), -2)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware moment, stored in UTC and read back as an aware UTC `datetime`.

    A naive datetime is refused: its time zone would be a guess (DESIGN.md, Conventions).
    """

    impl = _SERVER_MOMENT
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        kind: TypeEngine[Any] = _SQLITE_MOMENT if dialect.name == "sqlite" else _SERVER_MOMENT
        return dialect.type_descriptor(kind)

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> object:
        if value is None:
            return None
        if value.tzinfo is not UTC:  # the clock's moments are UTC already (issue 34)
            if value.tzinfo is None or value.utcoffset() is None:
                raise ValueError(f"a naive datetime cannot be stored: {value!r}")
            value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return _utc_text(value)
        return value

    def process_result_value(self, value: object, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if isinstance(value, str):  # "…Z": UTC (Python 3.11 reads the Z itself)
            moment = datetime.fromisoformat(value)
            return moment if moment.tzinfo is UTC else moment.replace(tzinfo=UTC)
        if isinstance(value, datetime) and value.tzinfo is not None:
            return value.astimezone(UTC)
        raise TypeError(f"unexpected stored moment {value!r}")


# The last moment stored on SQLite and its text: a transaction stores the moment of its
# clock in several rows (issue 34: its text made again for each was a fiftieth of a bet).
# The pair is replaced whole, so a thread never reads one moment with another's text.
_LAST_STORED: list[tuple[datetime, str]] = [(datetime.min.replace(tzinfo=UTC), "")]


def _utc_text(moment: datetime) -> str:
    """A UTC moment as SQLite keeps it, "2026-11-30T09:00:00.000000Z": fixed width, so text
    order is time order."""
    last, text = _LAST_STORED[0]
    if moment == last:
        return text
    text = moment.isoformat(timespec="microseconds").removesuffix("+00:00") + "Z"
    _LAST_STORED[0] = (moment, text)
    return text


_MILLIONTH = 10**6


class Millionths(TypeDecorator[Decimal]):
    """An exact decimal of at most six places (a spread asset's point, a price in whole points,
    the maintenance level) as an integer number of millionths."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        scaled = value * _MILLIONTH
        if not isinstance(value, Decimal) or scaled != scaled.to_integral_value():
            raise ValueError(f"at most six decimal places, not {value!r}")
        return int(scaled)

    def process_result_value(self, value: int | None, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(value).scaleb(-6).normalize()
