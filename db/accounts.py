"""Player accounts in the database: the pos.core.account_ports AccountRepository.

A balance changes only under its row's lock (`get(for_update=True)`, FOR NO KEY UPDATE on
PostgreSQL: a movement's foreign key to the row does not wait on it, tests/integration/
test_lock_order.py), and the statement line that changed it is written in the same
transaction. The rows' checks (free and blocked not below zero) are the last guard.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from db.pipeline import defer
from db.slips import MOVE_DRAWER
from db.statements import inserting, next_in_counter, read, run
from db.tables import (
    AccountMovementRow,
    AccountRow,
    CashMovementRow,
    RestrictedLoadRow,
    SelfExclusionRow,
)
from db.types import Kopecks
from pos.accounts.accounts import Account, StatementLine
from pos.accounts.exclusions import RegisterLoad
from pos.accounts.ledger import Balance, Movement
from pos.core.errors import ConcurrentChange
from pos.people.identity import IdDocument
from pos.till.shifts import CashKind

_ACCOUNTS = cast(Table, AccountRow.__table__)
_MOVEMENTS = cast(Table, AccountMovementRow.__table__)
_BY_NUMBER = select(_ACCOUNTS).where(_ACCOUNTS.c.number == bindparam("number"))
_BY_NUMBER_FOR_UPDATE = _BY_NUMBER.with_for_update(key_share=True)
_BY_KEY = select(_ACCOUNTS).where(_ACCOUNTS.c.document_key == bindparam("key"))
_ID_OF_NUMBER = (
    select(_ACCOUNTS.c.id).where(_ACCOUNTS.c.number == bindparam("number")).scalar_subquery()
)
_SAVE_BALANCE = (
    update(_ACCOUNTS)
    .where(_ACCOUNTS.c.number == bindparam("at_number"))
    .values(free=bindparam("new_free"), blocked=bindparam("new_blocked"))
)
_INSERT_MOVEMENT = inserting(AccountMovementRow, account_id=_ID_OF_NUMBER)
_CASH = cast(Table, CashMovementRow.__table__)
_DEPOSIT = CashKind.DEPOSIT.value
# The drawer's cash of an account's latest deposit at a terminal (a deposit undone, issue 35).
_TAKE_BACK_CASH = delete(_CASH).where(
    _CASH.c.id
    == select(func.max(_CASH.c.id))
    .where(
        _CASH.c.terminal == bindparam("terminal"),
        _CASH.c.account_number == bindparam("account"),
        _CASH.c.kind == bindparam("kind"),
        _CASH.c.amount == bindparam("amount", type_=Kopecks()),
    )
    .scalar_subquery()
)
# The holder's document as shown at opening (migration 0022, issue 35): column, field.
_DOCUMENT_COLUMNS = {
    "holder_surname": "surname",
    "holder_name": "name",
    "holder_patronymic": "patronymic",
    "holder_birth_date": "birth_date",
    "document_kind": "kind",
    "document_number": "number",
    "document_issued_on": "issued_on",
    "document_issued_by": "issued_by",
    "document_expires_on": "expires_on",
    "personal_number": "personal_number",
}
_EXCLUDED = select(SelfExclusionRow.document_key).where(
    SelfExclusionRow.document_key == bindparam("key")
)


class SqlAccountRepository:
    """Accounts, their statements, and the self-exclusion register."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def next_serial(self) -> int:
        """The next account serial, from the counters row in this transaction (a rolled-back
        opening leaves its serial unused: account numbers are unique, not gapless)."""
        return next_in_counter(self._session, "account_serial")

    def add(self, account: Account) -> None:
        """Store a newly opened account (the unique document key refuses a second one)."""
        run(
            self._session,
            insert(_ACCOUNTS),
            {
                "number": account.number,
                "document_key": account.document_key,
                "holder": account.holder,
                "document_masked": account.document_masked,
                "opened_at": account.opened_at,
                "office": account.office,
                "opened_by": account.opened_by,
                "free": account.free,
                "blocked": account.blocked,
                "blocked_reason": account.blocked_reason,
                "person_key": account.person_key,
                **_document_values(account.document),
            },
        )

    def get(self, number: str, *, for_update: bool = False) -> Account | None:
        """The account with this number; `for_update` locks its row for the transaction."""
        query = _BY_NUMBER_FOR_UPDATE if for_update else _BY_NUMBER
        return _account(read(self._session, query, {"number": number}).first())

    def by_document(self, key: str) -> Account | None:
        """The account opened on the document with this keyed hash, if any."""
        return _account(read(self._session, _BY_KEY, {"key": key}).first())

    def move(self, number: str, balance: Balance, line: StatementLine) -> None:
        """The new balance and its statement line, sent with the next round trip."""
        defer(
            self._session,
            _SAVE_BALANCE,
            {"at_number": number, "new_free": balance.free, "new_blocked": balance.blocked},
        )
        defer(self._session, _INSERT_MOVEMENT, _movement(number, line))

    def lock_many(self, numbers: list[str]) -> dict[str, Account]:
        """These accounts, their rows locked in one statement, in the order of `numbers`."""
        query = (
            select(_ACCOUNTS)
            .where(_ACCOUNTS.c.number.in_(numbers))
            .order_by(_ACCOUNTS.c.number)
            .with_for_update(key_share=True)
        )
        found = (_account(row) for row in run(self._session, query))
        return {account.number: account for account in found if account is not None}

    def move_many(
        self, lines: Mapping[str, list[StatementLine]], accounts: Mapping[str, Account]
    ) -> None:
        """Several accounts' movements and the balance each one's last left, in two
        statements."""
        if not lines:
            return
        balances = [accounts[number].balance for number in lines]
        run(
            self._session,
            _SAVE_BALANCE,
            [
                {"at_number": number, "new_free": balance.free, "new_blocked": balance.blocked}
                for number, balance in zip(lines, balances, strict=True)
            ],
        )
        run(
            self._session,
            _INSERT_MOVEMENT,
            [_movement(number, line) for number, some in lines.items() for line in some],
        )

    def take_back_cash(self, terminal: str, number: str, amount: Decimal) -> None:
        """Remove the drawer's cash of the account's latest deposit of `amount` at `terminal`
        and move the drawer back (a deposit the СККС did not register, issue 35)."""
        values = {"terminal": terminal, "account": number, "kind": _DEPOSIT, "amount": amount}
        if run(self._session, _TAKE_BACK_CASH, values).rowcount != 1:
            raise ConcurrentChange()
        defer(self._session, MOVE_DRAWER, {"drawer_terminal": terminal, "moved": -amount})

    def set_blocked(self, number: str, reason: str | None) -> None:
        """Block the account with `reason`, or unblock it (None)."""
        run(
            self._session,
            update(_ACCOUNTS).where(_ACCOUNTS.c.number == number).values(blocked_reason=reason),
        )

    def statement(self, number: str) -> list[StatementLine]:
        """Every movement of the account, in the order it was made."""
        rows = run(
            self._session,
            select(_MOVEMENTS)
            .where(_MOVEMENTS.c.account_id == _ID_OF_NUMBER)
            .order_by(_MOVEMENTS.c.id),
            {"number": number},
        )
        return [_line(row) for row in rows]

    def all_numbers(self) -> list[str]:
        """Every account's number, in the order they were opened."""
        return list(self._session.scalars(select(AccountRow.number).order_by(AccountRow.id)))

    def excluded(self, key: str) -> bool:
        """Whether the document with this keyed hash is in the self-exclusion register."""
        return read(self._session, _EXCLUDED, {"key": key}).first() is not None

    def replace_exclusions(self, keys: Collection[str]) -> None:
        """The register becomes exactly `keys` (a manager loads the whole list each time)."""
        run(self._session, delete(SelfExclusionRow))
        if keys:
            run(
                self._session,
                insert(SelfExclusionRow),
                [{"document_key": key} for key in sorted(set(keys))],
            )

    def exclusion_count(self) -> int:
        """How many keys (document and personal numbers) the register holds."""
        return int(self._session.scalar(select(func.count()).select_from(SelfExclusionRow)) or 0)

    def record_register_load(self, load: RegisterLoad) -> None:
        """Record a load of the register of restricted persons (issue 35)."""
        row = RestrictedLoadRow(
            version=load.version,
            loaded_at=load.loaded_at,
            loaded_by=load.loaded_by,
            persons=load.persons,
        )
        self._session.add(row)
        self._session.flush()

    def last_register_load(self) -> RegisterLoad | None:
        """The register's newest load, the one in force; None: never loaded."""
        row = self._session.scalars(
            select(RestrictedLoadRow).order_by(RestrictedLoadRow.id.desc()).limit(1)
        ).first()
        if row is None:
            return None
        return RegisterLoad(row.version, row.loaded_at, row.loaded_by, row.persons)


def _account(row: Row[Any] | None) -> Account | None:
    if row is None:
        return None
    return Account(
        number=row.number,
        holder=row.holder,
        document_key=row.document_key,
        document_masked=row.document_masked,
        opened_at=row.opened_at,
        office=row.office,
        opened_by=row.opened_by,
        balance=Balance(row.free, row.blocked),
        blocked_reason=row.blocked_reason,
        person_key=row.person_key,
        document=_document(row),
    )


def _document_values(document: IdDocument | None) -> dict[str, object]:
    """The holder's document in its columns (all None for none, as before migration 0022)."""
    return {
        column: None if document is None else getattr(document, field)
        for column, field in _DOCUMENT_COLUMNS.items()
    }


def _document(row: Row[Any]) -> IdDocument | None:
    """The document an account was opened on; None for an account opened before it was kept
    (issue 35)."""
    if row.document_number is None:
        return None
    values = row._mapping
    return IdDocument(**{field: values[column] for column, field in _DOCUMENT_COLUMNS.items()})


def _movement(number: str, line: StatementLine) -> dict[str, object]:
    return {
        "number": number,
        "at": line.at,
        "kind": line.kind.value,
        "amount": line.amount,
        "free_after": line.free_after,
        "blocked_after": line.blocked_after,
        "reference": line.reference,
        "terminal": line.terminal,
        "cashier": line.cashier,
        "office": line.office,
    }


def _line(row: Row[Any]) -> StatementLine:
    return StatementLine(
        at=row.at,
        kind=Movement(row.kind),
        amount=row.amount,
        free_after=row.free_after,
        blocked_after=row.blocked_after,
        reference=row.reference,
        terminal=row.terminal,
        cashier=row.cashier,
        office=row.office,
    )
