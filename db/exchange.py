"""«Спрэдбетэкс» in the database: the pos.core.account_ports ExchangeRepository.

An offer's row is the lock its acceptances, changes and lapse take in turn (FOR NO KEY
UPDATE on PostgreSQL: a pari's foreign key to it does not wait); two terminals accepting
its last part at once: the second reads what the first left.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from itertools import repeat
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, case, delete, insert, or_, select, update
from sqlalchemy.orm import Session

from db.pipeline import defer, driver_cursor, paramstyle
from db.statements import next_in_counter, read, run
from db.tables import (
    EventResultRow,
    EventRow,
    ExchangeConcludedRow,
    ExchangeOfferRow,
    ExchangePariRow,
    ExchangeSettlementRow,
)
from db.types import UTCDateTime
from pos.exchange.batch import ConcludedParis, SettledParis, pari_terms
from pos.exchange.facts import LapsedFact, PariFact
from pos.exchange.paris import Offer, OfferStatus, Pari, PariStatus, Side

ZERO = Decimal("0.00")
_OFFERS = cast(Table, ExchangeOfferRow.__table__)
_PARIS = cast(Table, ExchangePariRow.__table__)
_OFFER = select(_OFFERS).where(_OFFERS.c.number == bindparam("number"))
_OFFER_FOR_UPDATE = _OFFER.with_for_update(key_share=True)
_OPEN = _OFFERS.c.status == OfferStatus.OPEN.value
_SAVE_OFFER = (
    update(_OFFERS)
    .where(_OFFERS.c.number == bindparam("at_number"))
    .values(
        coefficient=bindparam("new_coefficient"),
        stake=bindparam("new_stake"),
        stake_open=bindparam("new_stake_open"),
        accepted=bindparam("new_accepted"),
        blocked=bindparam("new_blocked"),
        status=bindparam("new_status"),
    )
)
_CONCLUDED = cast(Table, ExchangeConcludedRow.__table__)
_SETTLEMENTS = cast(Table, ExchangeSettlementRow.__table__)
_SETTLED, _VOID = PariStatus.SETTLED.value, PariStatus.VOID.value
_INSERT_CONCLUDED = insert(_CONCLUDED).values(
    pari_id=select(_PARIS.c.id).where(_PARIS.c.number == bindparam("number")).scalar_subquery(),
    event_code=bindparam("event_code"),
    terms=bindparam("terms"),
)
# Each event with a result asks the concluded paris' index whether it has one: as many
# lookups as results, however many paris are concluded.
_TO_SETTLE = (
    select(EventRow.code)
    .join(EventResultRow, EventResultRow.event_id == EventRow.id)
    .where(select(_CONCLUDED.c.pari_id).where(_CONCLUDED.c.event_code == EventRow.code).exists())
    .order_by(EventRow.code)
)
# Settlement's statements, hand-written for the driver (db.pipeline.driver_cursor).
_READ_CONCLUDED = "SELECT pari_id, terms FROM exchange_concluded WHERE event_code = ?"
_SETTLE = (
    "INSERT INTO exchange_settlements "
    "(pari_id, status, back_result, lay_result, commission, settled_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)
_SETTLE_ARRAYS = (
    "INSERT INTO exchange_settlements "
    "(pari_id, status, back_result, lay_result, commission, settled_at) "
    "SELECT r.id, r.status, r.back, r.lay, r.commission, %s FROM unnest(%s::bigint[], "
    "%s::varchar[], %s::bigint[], %s::bigint[], %s::bigint[]) AS r(id, status, back, lay, "
    "commission)"
)
# The settled paris leave the concluded ones. PostgreSQL: those read, by id (a pari settled
# meanwhile by another terminal is not there any more, and the count says so; one concluded
# meanwhile stays). SQLite: the event's, in the index's order, three times faster — its
# transaction began with BEGIN IMMEDIATE, so they are exactly those read.
_UNCONCLUDE = "DELETE FROM exchange_concluded WHERE event_code = ?"
_UNCONCLUDE_ARRAYS = "DELETE FROM exchange_concluded WHERE pari_id = ANY(%s::bigint[])"
_REMOVE_CONCLUDED = delete(_CONCLUDED).where(
    _CONCLUDED.c.pari_id
    == select(_PARIS.c.id).where(_PARIS.c.number == bindparam("number")).scalar_subquery()
)
_OFFER_ID = select(_OFFERS.c.id).where(_OFFERS.c.number == bindparam("offer")).scalar_subquery()
# The acceptor's best first: the lowest coefficient of a back offer (he lays it), the highest
# of a lay offer (he backs it).
_BEST = case(
    (_OFFERS.c.side == Side.BACK.value, _OFFERS.c.coefficient), else_=-_OFFERS.c.coefficient
)


class SqlExchangeRepository:
    """Offers and paris."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def next_serial(self) -> int:
        """The next serial of an offer's or a pari's number, in this transaction."""
        return next_in_counter(self._session, "exchange_serial")

    def add_offer(self, offer: Offer) -> None:
        """Store a new offer."""
        run(self._session, insert(_OFFERS), _offer_values(offer))

    def offer(self, number: str, *, for_update: bool = False) -> Offer | None:
        """The offer; `for_update` locks its row for the transaction."""
        query = _OFFER_FOR_UPDATE if for_update else _OFFER
        row = read(self._session, query, {"number": number}).first()
        return None if row is None else _offer(row)

    def save_offer(self, offer: Offer) -> None:
        """Store an offer's new terms, open part, block and status."""
        self.save_offers([offer])

    def add_pari(self, pari: Pari, offer: str, terminal: str, cashier: str, office: str) -> None:
        """Store a pari concluded on the offer."""
        run(
            self._session,
            insert(_PARIS).values(offer_id=_OFFER_ID),
            {
                "offer": offer,
                "number": pari.number,
                "event_code": pari.event,
                "market": pari.market,
                "coefficient": pari.coefficient,
                "stake": pari.stake,
                "back_account": pari.back_account,
                "lay_account": pari.lay_account,
                "concluded_at": pari.concluded_at,
                "terminal": terminal,
                "cashier": cashier,
                "office": office,
            },
        )
        defer(
            self._session,
            _INSERT_CONCLUDED,
            {"number": pari.number, "event_code": pari.event, "terms": pari_terms(pari)},
        )

    def pari(self, number: str) -> Pari | None:
        """The pari with this number."""
        row = run(self._session, _paris().where(_PARIS.c.number == number)).first()
        return None if row is None else _pari(row)

    def remove_pari(self, number: str) -> bool:
        """Delete a concluded pari the СККС did not register (issue 35), with its row among
        the concluded; False when it is not concluded any more."""
        unconcluded = run(self._session, _REMOVE_CONCLUDED, {"number": number})
        if unconcluded.rowcount != 1:
            return False
        run(self._session, delete(_PARIS).where(_PARIS.c.number == number))
        return True

    def board(self, event: int | None, now: datetime) -> list[Offer]:
        """The open offers not started yet, by event, outcome and side, the acceptor's best
        first (a started one waits for the sweep, never shown: p.46)."""
        query = select(_OFFERS).where(_OPEN, _OFFERS.c.event_starts_at > now)
        if event is not None:
            query = query.where(_OFFERS.c.event_code == event)
        query = query.order_by(
            _OFFERS.c.event_code, _OFFERS.c.market, _OFFERS.c.side, _BEST, _OFFERS.c.id
        )
        return [_offer(row) for row in run(self._session, query)]

    def started_offers(self, now: datetime) -> list[Offer]:
        """The open offers whose event has started (p.46), locked, oldest first."""
        query = (
            select(_OFFERS)
            .where(_OPEN, _OFFERS.c.event_starts_at <= now)
            .order_by(_OFFERS.c.id)
            .with_for_update(key_share=True)
        )
        return [_offer(row) for row in run(self._session, query)]

    def save_offers(self, offers: list[Offer]) -> None:
        """Store offers' new state, in one statement."""
        if offers:
            run(self._session, _SAVE_OFFER, [_saved_offer(offer) for offer in offers])

    def account_offers(self, account: str) -> list[Offer]:
        """The account's offers, newest first."""
        query = (
            select(_OFFERS).where(_OFFERS.c.account_number == account).order_by(_OFFERS.c.id.desc())
        )
        return [_offer(row) for row in run(self._session, query)]

    def account_paris(self, account: str) -> list[Pari]:
        """The paris the account is a side of, newest first."""
        mine = or_(_PARIS.c.back_account == account, _PARIS.c.lay_account == account)
        query = _paris().where(mine).order_by(_PARIS.c.id.desc())
        return [_pari(row) for row in run(self._session, query)]

    def held(self) -> dict[str, Decimal]:
        """What the open offers and the concluded paris hold, by account."""
        held: dict[str, Decimal] = {}
        offers = select(_OFFERS.c.account_number, _OFFERS.c.blocked).where(_OPEN)
        for row in run(self._session, offers):
            held[row.account_number] = held.get(row.account_number, ZERO) + row.blocked
        paris = _paris().join(_CONCLUDED, _CONCLUDED.c.pari_id == _PARIS.c.id)
        for row in run(self._session, paris):
            pari = _pari(row)
            for side in (Side.BACK, Side.LAY):
                account = pari.account_of(side)
                held[account] = held.get(account, ZERO) + (
                    pari.back_risk if side is Side.BACK else pari.lay_risk
                )
        return held

    def facts(
        self, since: datetime, until: datetime, office: str | None
    ) -> tuple[list[PariFact], list[LapsedFact]]:
        """The paris concluded or settled and the offers lapsed in the period, for the report."""
        return _facts_of(self._session, since, until, office)

    def events_to_settle(self) -> list[int]:
        """The codes of the events with a result and concluded paris, in order."""
        return [int(code) for code in run(self._session, _TO_SETTLE).scalars()]

    def concluded_terms(self, event: int) -> ConcludedParis:
        """The event's concluded paris: their ids and terms, one short record each, as the
        driver's plain rows (db.pipeline.driver_cursor)."""
        with driver_cursor(self._session) as cursor:
            cursor.execute(_READ_CONCLUDED.replace("?", paramstyle(self._session)), (event,))
            rows = cursor.fetchall()
        return ConcludedParis([row[0] for row in rows], [bytes(row[1]) for row in rows])

    def record_settled(self, event: int, settled: SettledParis, at: datetime) -> int:
        """Store the settlements of paris still concluded, which leave the concluded ones;
        returns how many were still concluded (fewer: another terminal settled some
        meanwhile, and the caller must not keep this)."""
        if not len(settled):
            return 0
        moment = UTCDateTime().process_bind_param(at, self._session.get_bind().dialect)
        ids = settled.ids.tolist()
        columns = (
            ids,
            [_VOID if void else _SETTLED for void in settled.void.tolist()],
            settled.back.tolist(),
            settled.lay.tolist(),
            settled.commission.tolist(),
        )
        with driver_cursor(self._session) as cursor:
            if paramstyle(self._session) == "?":
                cursor.execute(_UNCONCLUDE, (event,))
                still = int(cursor.rowcount)
                cursor.executemany(_SETTLE, zip(*columns, repeat(moment), strict=False))
            else:
                cursor.execute(_UNCONCLUDE_ARRAYS, (ids,))
                still = int(cursor.rowcount)
                cursor.execute(_SETTLE_ARRAYS, (moment, *columns))
        return still


def _facts_of(
    session: Session, since: datetime, until: datetime, office: str | None
) -> tuple[list[PariFact], list[LapsedFact]]:
    in_office = [] if office is None else [_PARIS.c.office == office]
    touched = or_(
        _PARIS.c.concluded_at.between(since, until),
        _SETTLEMENTS.c.settled_at.between(since, until),
    )
    paris = [
        PariFact(row.concluded_at, row.stake, row.settled_at, row.commission or ZERO)
        for row in run(
            session,
            select(
                _PARIS.c.concluded_at,
                _PARIS.c.stake,
                _SETTLEMENTS.c.settled_at,
                _SETTLEMENTS.c.commission,
            )
            .outerjoin(_SETTLEMENTS, _SETTLEMENTS.c.pari_id == _PARIS.c.id)
            .where(touched, *in_office),
        )
    ]
    of_office = [] if office is None else [_OFFERS.c.office == office]
    lapsed = [
        LapsedFact(row.event_starts_at, row.stake - row.accepted)
        for row in run(
            session,
            select(_OFFERS.c.event_starts_at, _OFFERS.c.stake, _OFFERS.c.accepted).where(
                _OFFERS.c.status == OfferStatus.LAPSED.value,
                _OFFERS.c.event_starts_at.between(since, until),
                *of_office,
            ),
        )
    ]
    return paris, lapsed


def _paris() -> Any:
    """Paris with their offer's number and, once settled, their settlement."""
    return (
        select(
            _PARIS,
            _OFFERS.c.number.label("offer_number"),
            _SETTLEMENTS.c.status,
            _SETTLEMENTS.c.back_result,
            _SETTLEMENTS.c.lay_result,
        )
        .join(_OFFERS, _OFFERS.c.id == _PARIS.c.offer_id)
        .outerjoin(_SETTLEMENTS, _SETTLEMENTS.c.pari_id == _PARIS.c.id)
    )


def _saved_offer(offer: Offer) -> dict[str, object]:
    return {
        "at_number": offer.number,
        "new_coefficient": offer.coefficient,
        "new_stake": offer.stake,
        "new_stake_open": offer.stake_open,
        "new_accepted": offer.accepted,
        "new_blocked": offer.blocked,
        "new_status": offer.status.value,
    }


def _offer_values(offer: Offer) -> dict[str, object]:
    return {
        "number": offer.number,
        "account_number": offer.account,
        "event_code": offer.event,
        "market": offer.market,
        "side": offer.side.value,
        "coefficient": offer.coefficient,
        "stake": offer.stake,
        "stake_open": offer.stake_open,
        "accepted": offer.accepted,
        "blocked": offer.blocked,
        "made_at": offer.made_at,
        "event_starts_at": offer.event_starts_at,
        "terminal": offer.terminal,
        "cashier": offer.cashier,
        "office": offer.office,
        "status": offer.status.value,
    }


def _offer(row: Row[Any]) -> Offer:
    return Offer(
        number=row.number,
        account=row.account_number,
        event=row.event_code,
        market=row.market,
        side=Side(row.side),
        coefficient=row.coefficient,
        stake=row.stake,
        stake_open=row.stake_open,
        blocked=row.blocked,
        made_at=row.made_at,
        terminal=row.terminal,
        cashier=row.cashier,
        office=row.office,
        event_starts_at=row.event_starts_at,
        status=OfferStatus(row.status),
        accepted=row.accepted,
    )


def _pari(row: Row[Any]) -> Pari:
    return Pari(
        number=row.number,
        offer_number=row.offer_number,
        event=row.event_code,
        market=row.market,
        coefficient=row.coefficient,
        stake=row.stake,
        back_account=row.back_account,
        lay_account=row.lay_account,
        concluded_at=row.concluded_at,
        status=PariStatus(row.status or PariStatus.CONCLUDED.value),
        back_result=row.back_result,
        lay_result=row.lay_result,
    )
