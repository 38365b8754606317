"""The outcomes' exposure kept as slips open and close (db.tables.exposure, issue 38).

Every change is an upsert adding signed counts and sums to the rows of the slip's legs' outcomes,
in the transaction that changes the slip: a slip issued open (or confirmed after its print)
adds; cancelled or bought back takes away; a settlement takes away the slips it settles with
a leg still to be played, and drops the rows of events with a result; a result corrected
puts its slips back. So the rows of every event without a result equal its open, unsettled
slips' legs summed by outcome and office (tests/integration/test_exposure.py); an event's rows
between its result and the next settlement run say that slips on it may wait to be settled
(pos.risk: a lost express leaves the board before its settlement). A bet reads its outcomes'
payouts as one row each (issue 34), the board the rows, not every open leg.
"""

from __future__ import annotations

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
_UNSETTLING = text(
    _INSERT_SUMS
    + "SELECT e.code, l.market, s.office, count(*), sum(s.stake), sum(s.possible_payout) "
    "FROM events AS e2 CROSS JOIN slip_legs AS l2 CROSS JOIN slips AS s "
    "CROSS JOIN slip_legs AS l CROSS JOIN events AS e "
    "WHERE e2.code = :code AND l2.event_id = e2.id AND s.id = l2.slip_id "
    "AND l.slip_id = s.id AND e.id = l.event_id AND s.status = 'open' "
    "AND EXISTS (SELECT 1 FROM settlements AS x WHERE x.slip_id = s.id) "
    f"GROUP BY e.code, l.market, s.office {_UPSERT}"
)
# The settled slips' legs on events without a result (issue 38, `settled`).
_SETTLED_EARLY = text(
    _INSERT_SUMS
    + "SELECT e.code, l.market, s.office, -count(*), -sum(s.stake), -sum(s.possible_payout) "
    "FROM slips AS s JOIN slip_legs AS l ON l.slip_id = s.id JOIN events AS e ON e.id = l.event_id "
    "WHERE s.id IN :ids AND NOT EXISTS (SELECT 1 FROM event_results AS r WHERE r.event_id = e.id) "
    f"GROUP BY e.code, l.market, s.office {_UPSERT}"
).bindparams(bindparam("ids", expanding=True))
_DECIDED_GONE = text(
    "DELETE FROM outcome_exposure WHERE EXISTS (SELECT 1 FROM events AS e JOIN event_results "
    "AS r ON r.event_id = e.id WHERE e.code = outcome_exposure.event_code)"
)
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


def settled(session: Session, slip_ids: list[int]) -> None:
    """After a settlement chunk: the slips it settled with a leg still open (an express lost
    before its other events were played) stop counting under those legs' outcomes, and the
    rows of events with a result go (a single settled is on its event's result; what reads
    the rows reads events without one). Not a join per settled slip: a million settled took
    9 s that way, doubling the run (issue 34, tests/bench/settle.py)."""
    if slip_ids:
        session.execute(_SETTLED_EARLY, {"ids": slip_ids})
    session.execute(_DECIDED_GONE)


def unsettling(session: Session, code: int) -> None:
    """Before the settlements of the slips on event `code` are dropped (a result corrected):
    they count again (written in the order to run it — the event's legs, each slip by its
    key — for SQLite's planner: a CROSS JOIN keeps its place)."""
    session.execute(_UNSETTLING, {"code": code})


def rebuild(connection: Connection) -> None:
    """Count every open, unsettled slip afresh: a migration, or a database filled in bulk."""
    connection.execute(text("DELETE FROM outcome_exposure"))
    connection.execute(text(_INSERT_SUMS + _SUMS.format(sign=1, where=_OPEN)))
