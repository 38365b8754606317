"""The liability of outcomes in the database: the pos.core.risk_ports LiabilityRepository."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Select,
    bindparam,
    case,
    exists,
    func,
    literal,
    select,
    type_coerce,
    update,
)
from sqlalchemy.orm import Session, aliased

from db.shifts import roubles
from db.statements import read
from db.tables import (
    EventResultRow,
    EventRow,
    OddsQuoteRow,
    OutcomeExposureRow,
    SettlementRow,
    SlipLegRow,
    SlipRow,
)
from pos.betting.slips import SlipStatus
from pos.risk.liability import DecidedLeg, Exposure, OutcomeSums

# An open slip: issued, not settled (a settled slip keeps 'open' beside its settlement row,
# db.slip_statuses); cancelled, void, paid and any later status are not 'open'.
_OPEN = (
    SlipRow.status == SlipStatus.OPEN.value,
    ~exists().where(SettlementRow.slip_id == SlipRow.id),
)
_STAKE = type_coerce(SlipRow.stake, BigInteger)  # the kopecks stored, summed as integers
_PAYOUT = type_coerce(SlipRow.possible_payout, BigInteger)
# Every bet's read of its outcomes' payouts: their rows of the outcomes' exposure, kept as
# slips open and close (db.exposure; issue 34: one row each, not every open leg), filtered to
# the exact pairs in Python as quotes_for does.
_X = OutcomeExposureRow
_PAYOUTS_OF = (
    select(_X.event_code, _X.market, func.sum(_X.payout).label("payout"))
    .where(
        _X.event_code.in_(bindparam("codes", expanding=True)),
        _X.market.in_(bindparam("markets", expanding=True)),
    )
    .group_by(_X.event_code, _X.market)
)
_MINE = _X.office == bindparam("office")
# The board's sums: the chain's, and the office's beside them, from the same rows.
_SUMS = (
    select(
        _X.event_code,
        _X.market,
        func.sum(_X.slips),
        func.sum(_X.stakes),
        func.sum(_X.payout),
        func.sum(case((_MINE, _X.slips), else_=0)),
        func.sum(case((_MINE, _X.stakes), else_=0)),
        func.sum(case((_MINE, _X.payout), else_=0)),
        exists().where(EventResultRow.event_id == EventRow.id).label("decided"),
    )
    .join(EventRow, EventRow.code == _X.event_code)
    .group_by(_X.event_code, _X.market, EventRow.id)
    .having(func.sum(_X.slips) != 0)
)
# What the aggregate's event ids are: their codes, and whether a result decided them.
_EVENTS_OF = select(
    EventRow.id,
    EventRow.code,
    exists().where(EventResultRow.event_id == EventRow.id).label("decided"),
).where(EventRow.id.in_(bindparam("ids", expanding=True)))
_DECIDED_LEGS = (
    select(
        SlipLegRow.slip_id,
        EventRow.code,
        SlipLegRow.market,
        SlipRow.issued_at,
        SlipRow.agreed_in_play,
    )
    .select_from(EventRow)
    .join(SlipLegRow, SlipLegRow.event_id == EventRow.id)
    .join(SlipRow, SlipRow.id == SlipLegRow.slip_id)
    .where(EventRow.code.in_(bindparam("codes", expanding=True)), *_OPEN)
)
_OTHER_LEG = aliased(SlipLegRow)
_OTHER_EVENT = aliased(EventRow)
# The decided legs of the open slips with a leg on one event: the board of that event.
_DECIDED_BESIDE = (
    select(
        _OTHER_LEG.slip_id,
        _OTHER_EVENT.code,
        _OTHER_LEG.market,
        SlipRow.issued_at,
        SlipRow.agreed_in_play,
    )
    .select_from(SlipLegRow)
    .join(SlipRow, SlipRow.id == SlipLegRow.slip_id)
    .join(_OTHER_LEG, _OTHER_LEG.slip_id == SlipRow.id)
    .join(_OTHER_EVENT, _OTHER_EVENT.id == _OTHER_LEG.event_id)
    .where(
        SlipLegRow.event_id
        == select(EventRow.id).where(EventRow.code == bindparam("code")).scalar_subquery(),
        exists().where(EventResultRow.event_id == _OTHER_EVENT.id),
        *_OPEN,
    )
)
_CHUNK = 500  # slip ids per IN list


class SqlLiabilityRepository:
    """What the shop pays if each outcome happens, summed from the open slips' legs."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def outcome_payouts(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], Decimal]:
        """The chain's open slips' possible payouts under each picked outcome."""
        wanted = set(picks)
        values = {
            "codes": sorted({code for code, _ in wanted}),
            "markets": sorted({market for _, market in wanted}),
        }
        rows = read(self._session, _PAYOUTS_OF, values)
        return {
            (row.event_code, row.market): roubles(row.payout)
            for row in rows
            if (row.event_code, row.market) in wanted
        }

    def outcome_sums(self, office: str, event: int | None) -> list[OutcomeSums]:
        """The open slips' legs by outcome, chain and office, each marked decided when its
        event has a result."""
        # The outcomes' exposure, not the open legs: a row per outcome and office (issue 38,
        # db.exposure), so a million open slips are a few thousand rows read.
        query = _SUMS if event is None else _SUMS.where(_X.event_code == event)
        return [
            OutcomeSums(
                row[0],
                row[1],
                Exposure(int(row[2]), roubles(row[3]), roubles(row[4])),
                Exposure(int(row[5] or 0), roubles(row[6]), roubles(row[7])),
                decided=bool(row[8]),
            )
            for row in self._session.execute(query, {"office": office})
        ]

    def decided_legs(self, codes: list[int], event: int | None = None) -> list[DecidedLeg]:
        """The legs of open slips on these events (those with a result); with `event`, the
        decided legs of the open slips that have a leg on it."""
        if event is not None:
            rows = self._session.execute(_DECIDED_BESIDE, {"code": event})
        else:
            rows = self._session.execute(_DECIDED_LEGS, {"codes": codes})
        return [DecidedLeg(*row) for row in rows]

    def slips_sums(self, slips: list[int], office: str, event: int | None) -> list[OutcomeSums]:
        """`outcome_sums` of these slips only."""
        found: list[OutcomeSums] = []
        for start in range(0, len(slips), _CHUNK):
            where: list[ColumnElement[bool]] = [
                SlipLegRow.slip_id.in_(slips[start : start + _CHUNK])
            ]
            if event is not None:
                where.append(SlipLegRow.event_id == _event_id(event))
            found.extend(self._sums(where, office))
        return _merged(found)

    def set_cap(self, code: int, cap: Decimal | None) -> bool:
        """Set (None: remove) an event's own cap; False when no event has the code."""
        done = self._session.execute(
            update(EventRow).where(EventRow.code == code).values(max_liability=cap)
        )
        return bool(getattr(done, "rowcount", 0))

    def set_suspended(self, code: int, market: str, suspended: bool) -> bool:
        """Mark the current odds version of an outcome; False when it has no odds."""
        latest = (
            select(func.max(OddsQuoteRow.version))
            .join(EventRow, EventRow.id == OddsQuoteRow.event_id)
            .where(EventRow.code == code, OddsQuoteRow.market == market)
            .scalar_subquery()
        )
        event_id = select(EventRow.id).where(EventRow.code == code).scalar_subquery()
        done = self._session.execute(
            update(OddsQuoteRow)
            .where(
                OddsQuoteRow.event_id == event_id,
                OddsQuoteRow.market == market,
                OddsQuoteRow.version == latest,
            )
            .values(suspended=suspended)
        )
        return bool(getattr(done, "rowcount", 0))

    def _sums(self, where: Sequence[ColumnElement[bool]], office: str) -> list[OutcomeSums]:
        rows = self._session.execute(_aggregate(*where), {"office": office}).all()
        if not rows:
            return []
        ids = sorted({row[0] for row in rows})
        events = {
            e.id: (e.code, e.decided) for e in self._session.execute(_EVENTS_OF, {"ids": ids})
        }
        return [
            OutcomeSums(
                events[row[0]][0],
                row[1],
                Exposure(row[2], roubles(row[3]), roubles(row[4])),
                Exposure(int(row[5] or 0), roubles(row[6]), roubles(row[7])),
                decided=bool(events[row[0]][1]),
            )
            for row in rows
        ]


def _aggregate(*where: ColumnElement[bool]) -> Select[int, str, int, int, int, Any, Any, Any]:
    # One pass over the legs by outcome (the index ix_slip_legs_event_market), each leg's
    # slip read by its key: the chain's sums and, beside them, the office's.
    mine = SlipRow.office == bindparam("office")
    zero = literal(0, BigInteger)
    return (
        select(
            SlipLegRow.event_id,
            SlipLegRow.market,
            func.count(),
            func.sum(_STAKE),
            func.sum(_PAYOUT),
            func.sum(case((mine, 1), else_=0)),
            func.sum(case((mine, _STAKE), else_=zero)),
            func.sum(case((mine, _PAYOUT), else_=zero)),
        )
        .select_from(SlipLegRow)
        .join(SlipRow, SlipRow.id == SlipLegRow.slip_id)
        .where(*where, *_OPEN)
        .group_by(SlipLegRow.event_id, SlipLegRow.market)
    )


def _merged(found: list[OutcomeSums]) -> list[OutcomeSums]:
    merged: dict[tuple[int, str], OutcomeSums] = {}
    for one in found:
        was = merged.get((one.code, one.market))
        merged[(one.code, one.market)] = (
            one
            if was is None
            else OutcomeSums(
                one.code, one.market, was.chain + one.chain, was.office + one.office, one.decided
            )
        )
    return list(merged.values())


def _event_id(code: int) -> ColumnElement[int]:
    return select(EventRow.id).where(EventRow.code == code).scalar_subquery()
