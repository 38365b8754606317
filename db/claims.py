"""The register of claims in the database: the pos.claims.ports ClaimRepository.

Each office numbers its own claims from its counters row "claims:<office>", incremented with
UPDATE … RETURNING in the claim's own transaction, as the journal is numbered (db.journal):
a number is used only by a committed claim, so the register has no gaps. A decision is
written by an UPDATE that finds no decision there, so of two managers deciding at once one
is told the claim was decided (p.16).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import insert, select, text, update
from sqlalchemy.orm import Session

from db.tables.claims import ClaimEvidenceRow, ClaimRow
from db.tables.shop import CounterRow
from pos.claims.claims import Claim, Decision, Evidence


def counter_name(office: str) -> str:
    """The counters row numbering the claims of `office`."""
    return f"claims:{office}"


class SqlClaimRepository:
    """Claims added, decided once, read; never removed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def next_number(self, office: str) -> int:
        """The office's next claim number, taken in this transaction."""
        name = counter_name(office)
        taken = self._session.execute(
            update(CounterRow)
            .where(CounterRow.name == name)
            .values(value=CounterRow.value + 1)
            .returning(CounterRow.value)
        ).scalar()
        if taken is not None:
            return int(taken)
        # The office's first claim makes its row; two terminals at once: one waits, then counts.
        self._session.execute(
            text("INSERT INTO counters (name, value) VALUES (:name, 0) ON CONFLICT DO NOTHING"),
            {"name": name},
        )
        return self.next_number(office)

    def add(self, claim: Claim) -> None:
        """Store a new claim and its evidence in order."""
        claim_id = self._session.execute(
            insert(ClaimRow)
            .values(
                office=claim.office,
                number=claim.number,
                received_at=claim.received_at,
                slip_number=claim.slip_number,
                payout=claim.payout,
                text=claim.text,
                recorded_by=claim.recorded_by,
                terminal=claim.terminal,
            )
            .returning(ClaimRow.id)
        ).scalar_one()
        if claim.evidence:
            self._session.execute(
                insert(ClaimEvidenceRow),
                [
                    {"claim_id": claim_id, "position": at, "text": item.text, "counts": item.counts}
                    for at, item in enumerate(claim.evidence, start=1)
                ],
            )

    def get(self, office: str, number: int) -> Claim | None:
        """The office's claim of this number."""
        row = self._session.scalars(
            select(ClaimRow).where(ClaimRow.office == office, ClaimRow.number == number)
        ).one_or_none()
        return None if row is None else self._claims([row])[0]

    def decide(self, office: str, number: int, decision: Decision) -> bool:
        """Write the decision where there is none; False when one was there."""
        done = self._session.execute(
            update(ClaimRow)
            .where(
                ClaimRow.office == office,
                ClaimRow.number == number,
                ClaimRow.decided_at.is_(None),
            )
            .values(
                upheld=decision.upheld,
                reason=decision.reason,
                remedy=decision.remedy or None,
                decided_by=decision.decided_by,
                decided_at=decision.decided_at,
            )
            .returning(ClaimRow.id)
        ).first()
        return done is not None

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Claim]:
        """The claims received in [since, until), by office and number."""
        query = select(ClaimRow).where(ClaimRow.received_at >= since, ClaimRow.received_at < until)
        if office is not None:
            query = query.where(ClaimRow.office == office)
        rows = self._session.scalars(query.order_by(ClaimRow.office, ClaimRow.number)).all()
        return self._claims(rows)

    def _claims(self, rows: Sequence[ClaimRow]) -> list[Claim]:
        evidence: dict[int, list[Evidence]] = {row.id: [] for row in rows}
        if rows:
            found = self._session.scalars(
                select(ClaimEvidenceRow)
                .where(ClaimEvidenceRow.claim_id.in_(list(evidence)))
                .order_by(ClaimEvidenceRow.claim_id, ClaimEvidenceRow.position)
            )
            for item in found:
                evidence[item.claim_id].append(Evidence(item.text, item.counts))
        return [_claim(row, tuple(evidence[row.id])) for row in rows]


def _claim(row: ClaimRow, evidence: tuple[Evidence, ...]) -> Claim:
    decision = None
    if row.decided_at is not None and row.upheld is not None:
        decision = Decision(
            upheld=row.upheld,
            reason=row.reason or "",
            decided_by=row.decided_by or "",
            decided_at=row.decided_at,
            remedy=row.remedy or "",
        )
    return Claim(
        office=row.office,
        number=row.number,
        received_at=row.received_at,
        slip_number=row.slip_number,
        text=row.text,
        evidence=evidence,
        recorded_by=row.recorded_by,
        terminal=row.terminal,
        payout=row.payout,
        decision=decision,
    )
