"""«Спрэдбетэкс» in the database: the pos.core.account_ports ExchangeRepository.

An offer's row is the lock its acceptances, changes and lapse take in turn (FOR NO KEY
UPDATE on PostgreSQL: a pari's foreign key to it does not wait); two terminals accepting
its last part at once: the second reads what the first left.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, case, insert, or_, select, update
from sqlalchemy.orm import Session

from db.statements import next_in_counter, read, run
from db.tables import ExchangeOfferRow, ExchangePariRow
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
_SAVE_PARI = (
    update(_PARIS)
    .where(_PARIS.c.number == bindparam("at_number"))
    .values(
        status=bindparam("new_status"),
        back_result=bindparam("new_back"),
        lay_result=bindparam("new_lay"),
        commission=bindparam("new_commission"),
        settled_at=bindparam("new_at"),
    )
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
                "status": pari.status.value,
                "back_result": pari.back_result,
                "lay_result": pari.lay_result,
                "commission": Decimal("0.00"),
                "settled_at": None,
            },
        )

    def pari(self, number: str) -> Pari | None:
        """The pari with this number."""
        row = run(self._session, _paris().where(_PARIS.c.number == number)).first()
        return None if row is None else _pari(row)

    def save_pari(self, pari: Pari, commission: Decimal, at: datetime) -> None:
        """Store a pari settled or void."""
        self.save_paris([(pari, commission)], at)

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
        paris = _paris().where(_PARIS.c.status == PariStatus.CONCLUDED.value)
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

    def concluded_on(self, events: list[int], *, after: str = "", limit: int) -> list[Pari]:
        """The paris still concluded on these events, by number, `limit` after `after`."""
        query = (
            _paris()
            .where(
                _PARIS.c.event_code.in_(events),
                _PARIS.c.status == PariStatus.CONCLUDED.value,
                _PARIS.c.number > after,
            )
            .order_by(_PARIS.c.number)
            .limit(limit)
        )
        return [_pari(row) for row in run(self._session, query)]

    def save_paris(self, settled: list[tuple[Pari, Decimal]], at: datetime) -> None:
        """Store paris settled or void, in one statement."""
        run(
            self._session,
            _SAVE_PARI,
            [
                {
                    "at_number": pari.number,
                    "new_status": pari.status.value,
                    "new_back": pari.back_result,
                    "new_lay": pari.lay_result,
                    "new_commission": commission,
                    "new_at": at,
                }
                for pari, commission in settled
            ],
        )


def _facts_of(
    session: Session, since: datetime, until: datetime, office: str | None
) -> tuple[list[PariFact], list[LapsedFact]]:
    in_office = [] if office is None else [_PARIS.c.office == office]
    touched = or_(
        _PARIS.c.concluded_at.between(since, until),
        _PARIS.c.settled_at.between(since, until),
    )
    paris = [
        PariFact(row.concluded_at, row.stake, row.settled_at, row.commission)
        for row in run(
            session,
            select(
                _PARIS.c.concluded_at, _PARIS.c.stake, _PARIS.c.settled_at, _PARIS.c.commission
            ).where(touched, *in_office),
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
    return select(_PARIS, _OFFERS.c.number.label("offer_number")).join(
        _OFFERS, _OFFERS.c.id == _PARIS.c.offer_id
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
        status=PariStatus(row.status),
        back_result=row.back_result,
        lay_result=row.lay_result,
    )
