"""The outcomes' exposure kept as slips open and close (db.tables.exposure, issue 38).

Every change is an upsert adding signed counts and sums to the rows of the slip's legs' outcomes,
in the transaction that changes the slip: a slip issued open (or confirmed after its print)
adds; cancelled or bought back takes away; a settlement takes away the slips it settles; a
result corrected puts them back. So the rows always equal the open, unsettled slips' legs
summed by outcome and office (tests/integration/test_exposure.py), and a bet reads its
outcomes' payouts as one row each (issue 34), the board its rows, not every open leg.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam, text
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from db.pipeline import defer
from pos.betting.slips import Move, Slip, SlipStatus, Transition
from pos.core.money import to_kopecks

_UPSERT = (
    "ON CONFLICT (event_code, market, office) DO UPDATE SET "
    "slips = outcome_exposure.slips + excluded.slips, "
    "stakes = outcome_exposure.stakes + excluded.stakes, "
    "payout = outcome_exposure.payout + excluded.payout"
)
_ADD_LEG = text(
    "INSERT INTO outcome_exposure (event_code, market, office, slips, stakes, payout) "
    f"VALUES (:event_code, :market, :office, 1, :stake, :payout) {_UPSERT}"
)
# A slip's legs, by its number, with `sign` +1 or -1 (SQLite needs the WHERE before ON
# CONFLICT in an INSERT … SELECT; one slip has one leg per event, so no row twice).
_BY_NUMBER = text(
    "INSERT INTO outcome_exposure (event_code, market, office, slips, stakes, payout) "
    "SELECT e.code, l.market, s.office, :sign, :sign * s.stake, :sign * s.possible_payout "
    "FROM slips AS s JOIN slip_legs AS l ON l.slip_id = s.id JOIN events AS e ON e.id = l.event_id "
    "WHERE s.number = :number "
    # Settled meanwhile (a cash-out of a slip judged between its two steps): taken already.
    "AND NOT EXISTS (SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id) "
    f"{_UPSERT}"
)
_SUMS = (
    "SELECT e.code AS event_code, l.market AS market, s.office AS office, "
    "{sign} * count(*) AS slips, {sign} * sum(s.stake) AS stakes, "
    "{sign} * sum(s.possible_payout) AS payout "
    "FROM slips AS s JOIN slip_legs AS l ON l.slip_id = s.id JOIN events AS e ON e.id = l.event_id "
    "WHERE {where} GROUP BY e.code, l.market, s.office"
)
_INSERT_SUMS = "INSERT INTO outcome_exposure (event_code, market, office, slips, stakes, payout) "
# The open, unsettled slips: the same condition as db.liability's (a settled slip keeps
# 'open' beside its settlement row, db.slip_statuses).
_OPEN = "s.status = 'open' AND NOT EXISTS (SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id)"


def issued(session: Session, slip: Slip) -> None:
    """A slip stored open: its outcomes' rows take it (one executemany, with its insert)."""
    legs = [
        {
            "event_code": leg.event_code,
            "market": leg.market,
            "office": slip.office,
            "stake": to_kopecks(slip.stake),
            "payout": to_kopecks(slip.possible_payout),
        }
        for member in slip.members
        for leg in member
    ]
    defer(session, _ADD_LEG, legs)


def moved(session: Session, transition: Transition) -> None:
    """A slip's move just stored: confirmed after its print it counts, cancelled or bought
    back it no longer does (sent after the move: a move refused commits nothing)."""
    if transition.move is Move.ISSUE:
        defer(session, _BY_NUMBER, {"number": transition.number, "sign": 1})
    elif SlipStatus.OPEN in transition.before:
        defer(session, _BY_NUMBER, {"number": transition.number, "sign": -1})


def settled_sql(ids_from: str, moment: str) -> str:
    """The upsert taking away the slips a settlement has just written:
    `ids_from` selects the batch's slip ids, `moment` is the parameter of its time (a slip
    already settled before keeps its older time and is not taken twice)."""
    where = (
        f"s.id IN ({ids_from}) AND s.status = 'open' AND EXISTS "
        f"(SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id AND x.settled_at = {moment})"
    )
    return _INSERT_SUMS + _SUMS.format(sign=-1, where=where) + f" {_UPSERT}"


def unsettling(session: Session, code: int) -> None:
    """Before the settlements of the slips on event `code` are dropped (a result corrected):
    they count again."""
    where = (
        "s.status = 'open' AND s.id IN (SELECT l2.slip_id FROM "
        "slip_legs AS l2 JOIN events AS e2 ON e2.id = l2.event_id WHERE e2.code = :code) "
        "AND EXISTS (SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id)"
    )
    statement = text(_INSERT_SUMS + _SUMS.format(sign=1, where=where) + f" {_UPSERT}")
    session.execute(statement, {"code": code})


def rebuild(connection: Connection) -> None:
    """Count every open, unsettled slip afresh: a migration, or a database filled in bulk."""
    connection.execute(text("DELETE FROM outcome_exposure"))
    connection.execute(text(_INSERT_SUMS + _SUMS.format(sign=1, where=_OPEN)))


def payouts(session: Session, picks: Sequence[tuple[int, str]]) -> dict[tuple[int, str], int]:
    """The chain's open slips' possible payouts (kopecks) under each picked outcome."""
    if not picks:
        return {}
    codes = sorted({code for code, _ in picks})
    markets = sorted({market for _, market in picks})
    rows = session.execute(_PAYOUTS, {"codes": codes, "markets": markets})
    wanted = set(picks)
    return {(row[0], row[1]): int(row[2]) for row in rows if (row[0], row[1]) in wanted}


_PAYOUTS = text(
    "SELECT event_code, market, sum(payout) FROM outcome_exposure "
    "WHERE event_code IN :codes AND market IN :markets GROUP BY event_code, market"
).bindparams(bindparam("codes", expanding=True), bindparam("markets", expanding=True))
