"""The line as each process last read it, kept while the line's version stands (SQLite, issue 34).

A bet reads its events, their odds and their results: three statements, and the objects made
of their rows, about a twentieth of its time. The line changes a few times an hour; every
change moves the counters row "line_version" on, in its own transaction, by the triggers of
migration 0032 (whatever sent the write). A transaction reads that version once, and again
after it has written anything (one of its own writes may have moved it); what is kept for an
older version is dropped. Only a transaction that has written nothing yet keeps what it
reads: it reads only what is committed (on SQLite every transaction is a writer, BEGIN
IMMEDIATE, so no other terminal commits meanwhile). One that has written reads through.
What is kept is frozen (Event, OddsQuote, Result), so it is handed out as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.statements import read, sqlite_changes
from db.tables import CounterRow

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

LINE_VERSION = "line_version"  # moved on by migration 0032's triggers
_VERSION = select(CounterRow.value).where(CounterRow.name == LINE_VERSION)
_SEEN = "db.line_cache seen"  # Session.info: (version, the connection's changes when read)
_ABSENT = object()  # kept for a key the database has no row for (a code typed wrong)
_MOST_KEPT = 20_000  # keys of one kind; beyond, the kind starts again empty


class LineCache:
    """What the line's reads answered at one version of the line, by kind of read and key."""

    def __init__(self) -> None:
        self._version: int | None = None
        self._kept: dict[str, dict[Hashable, object]] = {}

    def at(self, version: int) -> None:
        """Drop what was kept unless it was read at `version`."""
        if version != self._version:
            self._kept = {}
            self._version = version

    def lookup(
        self,
        kind: str,
        keys: Iterable[K],
        read_missing: Callable[[list[K]], Mapping[K, V]],
        *,
        keep: bool,
    ) -> dict[K, V]:
        """The values of `keys` that exist, those not kept read by `read_missing` (and kept
        with `keep`, the absent ones too)."""
        kept = self._kept.setdefault(kind, {})
        found: dict[K, V] = {}
        missing: list[K] = []
        for key in keys:
            value = kept.get(key, kept)  # `kept` itself: not kept
            if value is kept:
                missing.append(key)
            elif value is not _ABSENT:
                found[key] = value  # type: ignore[assignment]
        if missing:
            read_now = read_missing(missing)
            if keep and len(kept) + len(missing) > _MOST_KEPT:
                kept.clear()
            for key in missing:
                value = read_now.get(key, _ABSENT)
                if value is not _ABSENT:
                    found[key] = value  # type: ignore[assignment]
                if keep:
                    kept[key] = value
        return found


def read_through(
    session: Session,
    cache: LineCache | None,
    kind: str,
    keys: list[K],
    read_missing: Callable[[list[K]], Mapping[K, V]],
) -> dict[K, V]:
    """`read_missing(keys)`, its answers kept by `cache` where this transaction may keep
    them, and none read that are kept at the line's version (`LineCache.lookup`)."""
    kept = _kept_line(session, cache)
    if kept is None:
        return dict(read_missing(keys))
    line, keep = kept
    return line.lookup(kind, keys, read_missing, keep=keep)


def _kept_line(session: Session, cache: LineCache | None) -> tuple[LineCache, bool] | None:
    """The cache brought to the line's version stored, and whether this transaction may keep
    what it reads (it has written nothing yet); None where nothing is kept (PostgreSQL)."""
    if cache is None:
        return None
    session.flush()  # what the ORM holds of this transaction is written first, as a read does
    changes = sqlite_changes(session)
    if changes is None:
        return None
    now, at_begin = changes
    seen: tuple[int, int] | None = session.info.get(_SEEN)
    if seen is None or seen[1] != now:
        seen = session.info[_SEEN] = (int(read(session, _VERSION).scalar() or 0), now)
    cache.at(seen[0])
    return cache, now == at_begin


def line_version_read(session: Session, version: int) -> None:
    """Note the line's version read with another (db.settings reads it with the settings'
    version, a bet's first read): the line reads none while nothing has been written since."""
    changes = sqlite_changes(session)
    if changes is not None:
        session.info[_SEEN] = (version, changes[0])
