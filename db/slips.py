"""Slips with their legs, cash movements and identity checks: the pos.core.ports SlipRepository."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, func, select, update
from sqlalchemy.orm import Session

from db import exposure
from db.pipeline import defer, piped
from db.shifts import IS_OPEN as SHIFT_IS_OPEN
from db.slip_statuses import MAY_BE_SETTLED, moving
from db.sports import sport_of
from db.statements import SLIP_ID_OF_NUMBER, inserting, read, run, run_built
from db.tables import (
    CashMovementRow,
    CounterRow,
    EventRow,
    IdCheckRow,
    SettlementRow,
    ShiftRow,
    SlipLegRow,
    SlipRow,
    SlipTermsRow,
    TerminalRow,
)
from db.types import Kopecks
from pos.betting.bets import parse_kind
from pos.betting.slips import Cancellation, CashMovement, IdCheck, Leg, Slip, SlipStatus, Transition
from pos.settlement.terms import encode_terms

_INSERT_CASH = inserting(CashMovementRow)
_INSERT_CASH_OF_NUMBER = inserting(CashMovementRow, slip_id=SLIP_ID_OF_NUMBER)
_INSERT_ID_CHECK = inserting(IdCheckRow)
_NOT_ISSUED = (SlipStatus.PENDING.value, SlipStatus.VOID.value)
# The counter's and the payout's reads and writes, built once (see `inserting`).
# Read as Core rows (db.statements.read): a slip is read on every sale and payout.
_SLIPS = cast(Table, SlipRow.__table__)
# A slip by its number with its settlement's status and payout, if it has one: one read.
_SLIP_SETTLED = (
    select(
        _SLIPS,
        SettlementRow.status.label("settled_status"),
        SettlementRow.payout.label("settled_payout"),
    )
    .outerjoin(SettlementRow, SettlementRow.slip_id == _SLIPS.c.id)
    .where(_SLIPS.c.number == bindparam("number"))
)
_SLIP_SETTLED_FOR_UPDATE = _SLIP_SETTLED.with_for_update(of=_SLIPS)
_BY_REQUEST = select(_SLIPS).where(_SLIPS.c.request_key == bindparam("key"))
_LEG_COLUMNS = (
    SlipLegRow.slip_id,
    SlipLegRow.member,
    SlipLegRow.market,
    SlipLegRow.odds,
    SlipLegRow.odds_version,
    EventRow.code,
    EventRow.home,
    EventRow.away,
    EventRow.starts_at,
    # Printed with each leg, so a reprint or a reloaded slip names them (issue 16).
    EventRow.sport,
    EventRow.tournament,
)
# `_members` takes a leg's columns by position, in this order.
assert [column.key for column in _LEG_COLUMNS] == [
    *("slip_id", "member", "market", "odds", "odds_version"),
    *("code", "home", "away", "starts_at", "sport", "tournament"),
]
# One slip's legs by its number: read together with the slip (db.read_ahead).
_LEGS_OF_NUMBER = (
    select(*_LEG_COLUMNS)
    .join(EventRow, SlipLegRow.event_id == EventRow.id)
    .where(SlipLegRow.slip_id == SLIP_ID_OF_NUMBER)
    .order_by(SlipLegRow.position)
)
_LEGS = (
    select(*_LEG_COLUMNS)
    .join(EventRow, SlipLegRow.event_id == EventRow.id)
    .where(SlipLegRow.slip_id.in_(bindparam("ids", expanding=True)))
    .order_by(SlipLegRow.slip_id, SlipLegRow.position)
)
_SETTLED = select(SettlementRow.slip_id, SettlementRow.status, SettlementRow.payout).where(
    SettlementRow.slip_id.in_(bindparam("ids", expanding=True))
)
_INSERT_SLIP = inserting(SlipRow)
# A leg names its slip by number and its event by code: the INSERT looks their ids up itself.
_INSERT_LEGS = inserting(
    SlipLegRow,
    slip_id=SLIP_ID_OF_NUMBER,
    event_id=select(EventRow.id).where(EventRow.code == bindparam("event_code")).scalar_subquery(),
)
_INSERT_TERMS = inserting(SlipTermsRow, slip_id=SLIP_ID_OF_NUMBER)
_PENDING = select(_SLIPS).where(
    _SLIPS.c.terminal == bindparam("terminal"), _SLIPS.c.status == SlipStatus.PENDING.value
)
MOVE_DRAWER = (
    update(ShiftRow)
    .where(ShiftRow.terminal == bindparam("drawer_terminal"), SHIFT_IS_OPEN)
    .values(drawer=ShiftRow.drawer + bindparam("moved", type_=Kopecks()))
)
_SLIP_SERIAL = "slip_serial"
_NEXT_SERIAL = (
    update(CounterRow)
    .where(CounterRow.name == _SLIP_SERIAL)
    .values(value=CounterRow.value + 1)
    .returning(CounterRow.value)
)
_NEXT_SERIAL_PG = select(func.nextval("slip_serial_seq"))
_LOCK_TERMINAL = (
    select(TerminalRow.name).where(TerminalRow.name == bindparam("terminal")).with_for_update()
)


class SqlSlipRepository:
    """Slips with their legs, the stake and refund movements, and identity checks."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._ids: dict[str, int] = {}  # ids of the slips added in this transaction

    def lock_issuing(self, terminal: str) -> None:
        """Take the terminal's row lock: its slips are issued one at a time.

        A request is repeated only by the terminal that made it (its request key), so on
        PostgreSQL a repeated request waits for the first to commit and then finds its slip,
        while the chain's other terminals issue theirs meanwhile (issue 18: one lock for the
        whole chain held every bet in a queue, tests/bench/chain.py). SQLite's BEGIN
        IMMEDIATE already serialises every writer: there nothing is sent (issue 34).
        """
        if piped(self._session):
            read(self._session, _LOCK_TERMINAL, {"terminal": terminal})

    def next_serial(self) -> int:
        """The next slip serial. On PostgreSQL from a sequence, which no transaction waits
        for (a bet rolled back leaves its serial unused: slip numbers are unique, not
        gapless); on SQLite from the counter row, in this transaction."""
        if self._session.get_bind().dialect.name == "postgresql":
            return int(read(self._session, _NEXT_SERIAL_PG).scalar_one())
        # Built once and sent on SQLite's cursor: through the ORM this read and write of one
        # row cost a bet more than any other statement (issue 34).
        taken = run_built(self._session, _NEXT_SERIAL).scalar()
        if taken is None:
            self._session.add(CounterRow(name=_SLIP_SERIAL, value=1))
            self._session.flush()
            return 1
        return int(taken)

    def add(self, slip: Slip) -> None:
        """Store a newly issued slip and its legs: three statements, none reading first, sent
        with the transaction's next round trip (db.pipeline)."""
        defer(self._session, _INSERT_SLIP, {"number": slip.number, **_slip_fields(slip)})
        legs = [
            {
                "slip_number": slip.number,
                "position": position,
                "member": member,
                "event_code": leg.event_code,
                "market": leg.market,
                "odds": leg.odds,
                "odds_version": leg.odds_version,
            }
            for position, (member, leg) in enumerate(
                (member, leg) for member, legs in enumerate(slip.members) for leg in legs
            )
        ]
        defer(self._session, _INSERT_LEGS, legs)
        defer(
            self._session, _INSERT_TERMS, {"slip_number": slip.number, "terms": encode_terms(slip)}
        )
        if slip.status is SlipStatus.OPEN:  # issued at once: the outcomes' exposure takes it
            exposure.issued(self._session, slip)

    def get(self, number: str, *, for_update: bool = False) -> Slip | None:
        """The slip with this number, if any: its legs, then the slip with its settlement
        (two reads that need nothing from each other: db.read_ahead sends them together)."""
        legs = read(self._session, _LEGS_OF_NUMBER, {"slip_number": number}).all()
        query = _SLIP_SETTLED_FOR_UPDATE if for_update else _SLIP_SETTLED
        row = read(self._session, query, {"number": number}).first()
        if row is None:
            return None
        self._ids[row.number] = row.id
        settled = None if row.settled_status is None else (row.settled_status, row.settled_payout)
        return _slip(row, _members(legs).get(row.id, []), settled)

    def by_request(self, key: str) -> Slip | None:
        """The slip issued for this idempotency key, if any."""
        row = read(self._session, _BY_REQUEST, {"key": key}).first()
        return None if row is None else self._slips([row])[0]

    def count_reprint(self, number: str) -> int:
        """Count one more copy of the slip and return how many have been printed."""
        copies = self._session.scalar(
            update(SlipRow)
            .where(SlipRow.number == number)
            .values(reprints=SlipRow.reprints + 1)
            .returning(SlipRow.reprints)
        )
        if copies is None:
            raise LookupError(f"no slip {number}")
        return int(copies)

    def issued_since(self, terminal: str, since: datetime) -> list[Slip]:
        """This terminal's slips issued at or after `since`, newest first."""
        rows = self._session.scalars(
            select(SlipRow)
            .where(
                SlipRow.terminal == terminal,
                SlipRow.issued_at >= since,
                SlipRow.status.not_in(_NOT_ISSUED),
            )
            .order_by(SlipRow.issued_at.desc(), SlipRow.id.desc())
        )
        return self._slips(list(rows))

    def cancelled(self, limit: int) -> list[Slip]:
        """Slips cancelled in their window, newest cancellation first."""
        rows = self._session.scalars(
            select(SlipRow)
            .where(SlipRow.cancelled_at.is_not(None))
            .order_by(SlipRow.cancelled_at.desc(), SlipRow.id.desc())
            .limit(limit)
        )
        return self._slips(list(rows))

    def add_cash(self, movement: CashMovement) -> None:
        """Record cash into or out of a drawer for a slip."""
        slip_id = self._ids.get(movement.slip_number)
        defer(
            self._session,
            _INSERT_CASH if slip_id is not None else _INSERT_CASH_OF_NUMBER,
            {
                "slip_number": movement.slip_number,
                "at": movement.at,
                "terminal": movement.terminal,
                "cashier": movement.cashier,
                "kind": movement.kind.value,
                "amount": movement.amount,
                "slip_id": slip_id,
                "account_number": movement.account_number,
            },
        )
        # The drawer's running balance moves in the same transaction (issue #15).
        defer(
            self._session,
            MOVE_DRAWER,
            {"drawer_terminal": movement.terminal, "moved": movement.amount},
        )

    def add_id_check(self, check: IdCheck) -> None:
        """Record an identity check."""
        defer(
            self._session,
            _INSERT_ID_CHECK,
            {
                "at": check.at,
                "terminal": check.terminal,
                "cashier": check.cashier,
                "outcome": check.outcome.value,
                "document_kind": check.document_kind,
                "masked_number": check.masked_number,
                "age": check.age,
            },
        )

    def pending(self, terminal: str) -> Slip | None:
        """The slip of `terminal` sent to the printer and not yet confirmed, if any."""
        row = run(self._session, _PENDING, {"terminal": terminal}).first()
        return None if row is None else self._slips([row])[0]

    def move(self, transition: Transition) -> bool:
        """Store the slip's new status and what changes with it, only while the slip is in
        one of the statuses the move starts from (pos.betting.slips.LIFE); False when not."""
        done = run_built(self._session, moving(transition.move), _moved(transition))
        if done.rowcount == 1:
            exposure.moved(self._session, transition)
        return bool(done.rowcount == 1)

    def move_or_refuse(self, transition: Transition, refusal: Exception) -> None:
        """`move`, sent with the transaction's next round trip (db.pipeline); `refusal` is
        raised, before anything commits, when the slip was not in a status it starts from."""
        defer(self._session, moving(transition.move), _moved(transition), refusal=refusal)
        exposure.moved(self._session, transition)  # after it: refused, nothing commits

    def _slips(self, rows: Sequence[SlipRow | Row[Any]]) -> list[Slip]:
        """The slips of these rows (ORM objects or Core rows of the slips table)."""
        if not rows:
            return []
        ids = {"ids": [row.id for row in rows]}
        members = _members(run(self._session, _LEGS, ids))
        settled = {}
        if any(row.status in MAY_BE_SETTLED for row in rows):  # else a read saved
            settled = {
                row.slip_id: (row.status, row.payout) for row in run(self._session, _SETTLED, ids)
            }
        return [_slip(row, members.get(row.id, []), settled.get(row.id)) for row in rows]


def _members(legs: Iterable[Sequence[Any]]) -> dict[int, list[list[Leg]]]:
    """The legs of each slip by its id, in their members (express blocks), in order (each
    row the columns of _LEG_COLUMNS)."""
    members: dict[int, list[list[Leg]]] = {}
    # By position, in the order of _LEG_COLUMNS (issue 34: a payout of 20 legs read each
    # column of each by its name).
    for slip_id, member, market, odds, version, code, home, away, starts, sport, tour in legs:
        blocks = members.setdefault(slip_id, [])
        while len(blocks) <= member:
            blocks.append([])
        blocks[member].append(
            Leg(
                code,
                market,
                odds,
                version,
                home,
                away,
                starts,
                sport=sport_of(sport)[0],  # a game's draw: Sport.GAME (issue 36)
                tournament=tour,
            )
        )
    return members


def _moved(transition: Transition) -> dict[str, object]:
    """The parameters of a move's UPDATE (db.slip_statuses.moving)."""
    changes = transition.changes
    cancellation = changes.pop("cancellation", None)
    if cancellation is not None:
        changes.update(
            cancelled_at=cancellation.at,
            cancelled_by=cancellation.by,
            cancel_reason=cancellation.reason,
        )
    return {"slip_number": transition.number, "new_status": transition.status.value, **changes}


def _slip_fields(slip: Slip) -> dict[str, object]:
    cancellation = slip.cancellation
    return {
        "request_key": slip.request_key,
        "kind": str(slip.kind),
        "stake": slip.stake,
        "total_odds": str(slip.total_odds),
        "possible_payout": slip.possible_payout,
        "terminal": slip.terminal,
        "office": slip.office,
        "cashier": slip.cashier,
        "issued_at": slip.issued_at,
        "status": slip.status.value,
        "agreed_in_play": slip.agreed_in_play,
        "fiscal_receipt_no": slip.fiscal_receipt_no,
        "reprints": slip.reprints,
        "payout_cap": slip.payout_cap,
        "cancelled_at": cancellation.at if cancellation else None,
        "cancelled_by": cancellation.by if cancellation else None,
        "cancel_reason": cancellation.reason if cancellation else None,
        "account_number": slip.account,  # p.7: the account that paid it (issue 37)
        "coupon": slip.coupon,  # p.17: the remote coupon it was registered from
    }


def _slip(
    row: SlipRow | Row[Any], members: list[list[Leg]], settled: tuple[str, Decimal] | None
) -> Slip:
    """The slip; an issued (open) slip takes its status from its settlement, if it has one."""
    status = SlipStatus(row.status)
    if status is SlipStatus.OPEN and settled is not None:
        status = SlipStatus(settled[0])
    cancellation = None
    if row.cancelled_at is not None:
        cancellation = Cancellation(
            row.cancelled_at, row.cancelled_by or "", row.cancel_reason or ""
        )
    return Slip(
        number=row.number,
        kind=parse_kind(row.kind),
        members=tuple(tuple(member) for member in members),
        stake=row.stake,
        total_odds=Decimal(row.total_odds),
        possible_payout=row.possible_payout,
        terminal=row.terminal,
        office=row.office,
        cashier=row.cashier,
        issued_at=row.issued_at,
        status=status,
        agreed_in_play=row.agreed_in_play,
        request_key=row.request_key,
        fiscal_receipt_no=row.fiscal_receipt_no,
        reprints=row.reprints,
        cancellation=cancellation,
        settled_payout=None if settled is None else settled[1],
        payout_cap=row.payout_cap,
        account=row.account_number,
        coupon=row.coupon,
    )
