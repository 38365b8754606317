"""Referrals of big stakes in the database: the pos.core.risk_ports ReferralRepository.

Each office numbers its referrals from its counters row "referrals:<office>" (db.statements).
A decision is written by an UPDATE that finds the referral still "referred", so of two
managers deciding at once one is told who decided first; the slip issued for it is linked by
an UPDATE that finds none linked. The bet as sent (its legs at the odds of that moment) is
kept as JSON: it is read back whole and never queried by its parts.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from db.statements import next_in_counter
from db.tables.referrals import ReferralRow
from pos.betting.bets import parse_kind
from pos.betting.slips import Leg
from pos.line.events import Sport
from pos.people.identity import IdDocument
from pos.risk.referrals import Decision, Referral, ReferralState

_WAITING = ReferralState.REFERRED.value
# Once these are written the document is no longer needed: nothing will be issued.
_ENDED = {ReferralState.REFUSED, ReferralState.LAPSED, ReferralState.WITHDRAWN}


class SqlReferralRepository:
    """Stakes sent to a manager, decided once."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def next_number(self, office: str) -> int:
        """The office's next referral number, taken in this transaction."""
        return next_in_counter(self._session, f"referrals:{office}")

    def add(self, referral: Referral) -> None:
        """Store a referral just sent."""
        self._session.execute(
            insert(ReferralRow).values(
                office=referral.office,
                number=referral.number,
                terminal=referral.terminal,
                cashier=referral.cashier,
                sent_at=referral.sent_at,
                deadline=referral.deadline,
                kind=str(referral.kind),
                legs=json.dumps([[_leg_json(leg) for leg in m] for m in referral.members]),
                stake=referral.stake,
                total_odds=str(referral.total_odds),
                possible_payout=referral.possible_payout,
                refusal=referral.refusal,
                document=_document_json(referral.document),
                document_key=referral.document_key,
                state=_WAITING,
            )
        )

    def get(self, office: str, number: int) -> Referral | None:
        """The office's referral of this number."""
        row = self._session.scalars(
            select(ReferralRow).where(ReferralRow.office == office, ReferralRow.number == number)
        ).one_or_none()
        return None if row is None else _referral(row)

    def waiting(self, office: str | None) -> list[Referral]:
        """The referrals with no decision yet, oldest first (None: every office's)."""
        query = select(ReferralRow).where(ReferralRow.state == _WAITING)
        if office is not None:
            query = query.where(ReferralRow.office == office)
        return _referrals(self._session.scalars(query.order_by(ReferralRow.id)).all())

    def end(self, office: str, number: int, decision: Decision) -> bool:
        """Write the decision where there is none yet; False when one was there."""
        values: dict[str, Any] = {
            "state": decision.state.value,
            "decided_by": decision.decided_by or None,
            "decided_at": decision.decided_at,
            "accepted_stake": decision.stake,
            "reason": decision.reason or None,
        }
        if decision.state in _ENDED:
            values["document"] = None
        done = self._session.execute(
            update(ReferralRow)
            .where(
                ReferralRow.office == office,
                ReferralRow.number == number,
                ReferralRow.state == _WAITING,
            )
            .values(**values)
            .returning(ReferralRow.id)
        ).first()
        return done is not None

    def link_slip(self, office: str, number: int, slip_number: str) -> bool:
        """Record the slip issued for an accepted referral; False when one was there."""
        done = self._session.execute(
            update(ReferralRow)
            .where(
                ReferralRow.office == office,
                ReferralRow.number == number,
                ReferralRow.slip_number.is_(None),
            )
            .values(slip_number=slip_number, state=ReferralState.ISSUED.value, document=None)
            .returning(ReferralRow.id)
        ).first()
        return done is not None

    def of_terminal(self, terminal: str, since: datetime) -> list[Referral]:
        """A terminal's referrals sent since `since`, newest first."""
        query = select(ReferralRow).where(
            ReferralRow.terminal == terminal, ReferralRow.sent_at >= since
        )
        return _referrals(self._session.scalars(query.order_by(ReferralRow.id.desc())).all())

    def of_document(self, key: str, since: datetime) -> list[Referral]:
        """The referrals of a player's document (its keyed hash) sent since `since`."""
        query = select(ReferralRow).where(
            ReferralRow.document_key == key, ReferralRow.sent_at >= since
        )
        return _referrals(self._session.scalars(query.order_by(ReferralRow.id)).all())

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Referral]:
        """The referrals sent in [since, until), in office and number order."""
        query = select(ReferralRow).where(ReferralRow.sent_at >= since, ReferralRow.sent_at < until)
        if office is not None:
            query = query.where(ReferralRow.office == office)
        rows = self._session.scalars(query.order_by(ReferralRow.office, ReferralRow.number))
        return _referrals(rows.all())


def _referrals(rows: Sequence[ReferralRow]) -> list[Referral]:
    return [_referral(row) for row in rows]


def _referral(row: ReferralRow) -> Referral:
    members = tuple(tuple(_leg(leg) for leg in member) for member in json.loads(row.legs))
    return Referral(
        office=row.office,
        number=row.number,
        terminal=row.terminal,
        cashier=row.cashier,
        sent_at=row.sent_at,
        deadline=row.deadline,
        kind=parse_kind(row.kind),
        members=members,
        stake=row.stake,
        total_odds=Decimal(row.total_odds),
        possible_payout=row.possible_payout,
        refusal=row.refusal,
        document=None if row.document is None else _document(json.loads(row.document)),
        document_key=row.document_key,
        decision=_decision(row),
        slip_number=row.slip_number,
    )


def _decision(row: ReferralRow) -> Decision | None:
    if row.state == _WAITING or row.decided_at is None:
        return None
    state = ReferralState(row.state)
    if state is ReferralState.ISSUED:  # an issued one was accepted or cut before
        cut = row.accepted_stake is not None and row.accepted_stake < row.stake
        state = ReferralState.CUT if cut else ReferralState.ACCEPTED
    return Decision(state, row.decided_at, row.decided_by or "", row.accepted_stake,
                    row.reason or "")  # fmt: skip


def _leg_json(leg: Leg) -> dict[str, Any]:
    return {
        "code": leg.event_code,
        "market": leg.market,
        "odds": str(leg.odds),
        "version": leg.odds_version,
        "home": leg.home,
        "away": leg.away,
        "starts_at": leg.starts_at.isoformat(),
        "sport": None if leg.sport is None else str(leg.sport),
        "tournament": leg.tournament,
    }


def _leg(data: dict[str, Any]) -> Leg:
    sport = data["sport"]
    return Leg(
        int(data["code"]),
        str(data["market"]),
        Decimal(data["odds"]),
        int(data["version"]),
        str(data["home"]),
        str(data["away"]),
        datetime.fromisoformat(data["starts_at"]),
        sport=None if sport is None else Sport(sport),
        tournament=str(data["tournament"]),
    )


_DATES = frozenset({"birth_date", "issued_on", "expires_on"})


def _document_json(document: IdDocument | None) -> str | None:
    """The document's fields as JSON, its dates in ISO form."""
    if document is None:
        return None
    fields = {field.name: getattr(document, field.name) for field in dataclasses.fields(document)}
    for name in _DATES:
        value = fields[name]
        fields[name] = None if value is None else value.isoformat()
    return json.dumps(fields, ensure_ascii=False)


def _date(text: str | None) -> date | None:
    return None if text is None else date.fromisoformat(text)


def _document(data: dict[str, Any]) -> IdDocument:
    fields: dict[str, Any] = {n: _date(v) if n in _DATES else v for n, v in data.items()}
    return IdDocument(**fields)
