"""The unit of work: one session and one transaction per `with`, rolled back unless committed.

Database errors are split as qutebrowser's `misc/sql.py` splits them (STYLE.md B3.6): what
the environment causes (a busy or read-only file, a full disk, a lost server) becomes
`pos.errors.StorageUnavailable` with a short Russian detail; anything else is a bug and
propagates unchanged.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Self, TypeVar, cast

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import OperationalError as SAOperationalError
from sqlalchemy.orm import Session

from db.accounts import SqlAccountRepository
from db.audit import ChainHeads, SqlAuditLog
from db.cashouts import SqlCashoutRepository
from db.claims import SqlClaimRepository
from db.conditions import SqlConditionsRepository
from db.coupons import SqlCouponRepository
from db.exchange import SqlExchangeRepository
from db.fiscal import SqlFiscalRepository
from db.journal import SqlJournalRepository
from db.liability import SqlLiabilityRepository
from db.line import SqlLineRepository
from db.line_cache import LineCache
from db.offices import SqlOfficeRepository
from db.payouts import SqlPendingPayoutRepository
from db.read_ahead import read_ahead
from db.referrals import SqlReferralRepository
from db.reports import SqlReportQueries
from db.results import SqlResultRepository, SqlSettlementRepository
from db.settings import SettingsCache, SqlSettingsRepository
from db.shifts import SqlShiftRepository
from db.skks_outbox import SqlOutboxRepository
from db.slips import SqlSlipRepository
from db.spread import SqlSpreadRepository
from db.transfers import SqlTransferRepository
from db.users import SqlUserRepository
from db.void_notices import SqlVoidNoticeRepository
from pos.claims.ports import ClaimRepository
from pos.core.account_ports import AccountRepository, ExchangeRepository, SpreadRepository
from pos.core.conditions_ports import ConditionsRepository
from pos.core.coupon_ports import CouponRepository
from pos.core.errors import ConcurrentChange, StorageUnavailable
from pos.core.outbox_ports import OutboxRepository
from pos.core.ports import (
    AuditLog,
    FiscalRepository,
    JournalRepository,
    LineRepository,
    OfficeRepository,
    PendingPayoutRepository,
    ResultRepository,
    SettingsRepository,
    SettlementRepository,
    SlipRepository,
    UserRepository,
    VoidNoticeRepository,
)
from pos.core.report_ports import ReportQueries
from pos.core.risk_ports import CashoutRepository, LiabilityRepository, ReferralRepository
from pos.core.shift_ports import ShiftRepository
from pos.core.transfer_ports import TransferRepository
from pos.games.stores import StoreKey, UnknownStore

log = logging.getLogger(__name__)

T = TypeVar("T")
# How a game's repository is made on a session (db.games; main.game_stores() lists them).
StoreFactory = Callable[[Session], object]

BUSY = "база занята другим терминалом"
NO_SERVER = "нет связи с сервером"
_UNIQUE_VIOLATION = "23505"

# Primary SQLite result codes (https://sqlite.org/rescode.html) that the environment causes.
_SQLITE_PROBLEMS = {
    5: BUSY,  # SQLITE_BUSY
    6: BUSY,  # SQLITE_LOCKED
    8: "файл базы открыт только для чтения",  # SQLITE_READONLY
    10: "ошибка чтения или записи диска",  # SQLITE_IOERR
    11: "файл базы повреждён",  # SQLITE_CORRUPT
    13: "диск заполнен",  # SQLITE_FULL
    14: "файл базы не открывается",  # SQLITE_CANTOPEN
    26: "файл базы повреждён",  # SQLITE_NOTADB
}

# PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html),
# matched on the longest prefix first.
_POSTGRES_PROBLEMS = {
    "08": NO_SERVER,  # connection exception
    "40001": BUSY,  # serialization_failure
    "40P01": BUSY,  # deadlock_detected
    "55P03": BUSY,  # lock_not_available
    "53100": "диск сервера заполнен",  # disk_full
    "53": "серверу базы не хватает ресурсов",  # insufficient resources
    "57P": "сервер базы данных закрыл соединение",  # shutdown, terminated, cannot connect now
    "57014": "сервер не ответил вовремя",  # query_canceled (statement timeout)
    "58": "ошибка диска на сервере",  # system error
    "XX001": "база на сервере повреждена",  # data_corrupted
    "XX002": "база на сервере повреждена",  # index_corrupted
    "25006": "база открыта только для чтения",  # read_only_sql_transaction (a standby)
}


def storage_problem(error: DBAPIError) -> str | None:
    """The Russian detail for a database error the environment caused, or None for a bug.

    Args:
        error: what SQLAlchemy raised; its `orig` is the driver's exception.
    """
    orig = error.orig
    if isinstance(orig, sqlite3.Error):
        code = getattr(orig, "sqlite_errorcode", None)
        return None if code is None else _SQLITE_PROBLEMS.get(code & 0xFF)
    sqlstate = getattr(orig, "sqlstate", None)
    if isinstance(sqlstate, str):
        for prefix in sorted(_POSTGRES_PROBLEMS, key=len, reverse=True):
            if sqlstate.startswith(prefix):
                return _POSTGRES_PROBLEMS[prefix]
        return None
    if error.connection_invalidated or isinstance(error, SAOperationalError):
        # libpq reports a refused or dropped connection without any SQLSTATE.
        return NO_SERVER
    return None


class SqlAlchemyUnitOfWork:
    """`with uow:` opens a session; leaving it rolls back whatever was not committed."""

    users: UserRepository
    offices: OfficeRepository
    settings: SettingsRepository
    audit: AuditLog
    line: LineRepository
    slips: SlipRepository
    fiscal: FiscalRepository
    void_notices: VoidNoticeRepository
    pending_payouts: PendingPayoutRepository
    results: ResultRepository
    settlement: SettlementRepository
    journal: JournalRepository
    shifts: ShiftRepository
    reports: ReportQueries
    accounts: AccountRepository
    spread: SpreadRepository
    exchange: ExchangeRepository
    skks: OutboxRepository
    conditions: ConditionsRepository  # the published conditions (issue 37, p.6)
    transfers: TransferRepository  # issue 37, p.7
    claims: ClaimRepository  # issue 37
    coupons: CouponRepository  # remote coupons (issue 37, p.17)
    liability: LiabilityRepository  # the risk desk (issue 38)
    referrals: ReferralRepository
    cashouts: CashoutRepository

    def __init__(
        self,
        session_factory: Callable[[], Session],
        settings: SettingsCache | None = None,
        stores: Mapping[str, StoreFactory] | None = None,
        heads: ChainHeads | None = None,
        line: LineCache | None = None,
    ) -> None:
        self._session_factory = session_factory
        self._settings_cache = settings
        self._line_cache = line  # SQLite's (db.line_cache, issue 34)
        self._heads = heads  # the audit chains' last records, SQLite's (issue 34)
        self._store_factories = stores or {}  # the games' (main.game_stores(), issue 36)
        self.committed = False
        self._made: list[str] = []  # the repositories made in this `with`

    def __enter__(self) -> Self:
        self._session = self._session_factory()
        for name in self._made:  # made for an earlier `with` of this unit of work
            del self.__dict__[name]
        self._made = []
        self._audit_log = SqlAuditLog(self._session, self._heads)
        self.audit = self._audit_log
        self._stores: dict[str, object] = {}  # the games' own, made when first asked
        self.committed = False
        return self

    def __getattr__(self, name: str) -> object:
        # A repository is made at its first use in the `with` (issue 34: a bet uses 8 of
        # the 25, and making them all cost each transaction 15 µs), then kept as an attribute.
        make = _REPOSITORIES.get(name)
        if make is None or "_session" not in self.__dict__:
            raise AttributeError(name)
        repository = self.__dict__[name] = make(self)
        self._made.append(name)
        return repository

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            self._end_session()
        except DBAPIError as cleanup:
            if exc is None:
                unavailable = _unavailable(cleanup)
                if unavailable is None:
                    raise
                raise unavailable from cleanup
            # The original error says more; the connection went down with it anyway.
            log.info("rollback after a failed operation also failed: %s", cleanup)
        if isinstance(exc, DBAPIError) and (unavailable := _unavailable(exc)) is not None:
            raise unavailable from exc

    def commit(self) -> None:
        """Make everything done in this `with` block permanent (the audit lines last)."""
        self._audit_log.commit()
        self.committed = True

    def rollback(self) -> None:
        """Undo everything not yet committed."""
        self._session.rollback()

    def store(self, key: StoreKey[T]) -> T:
        """A game's own repository on this transaction's session (issue 36).

        Raises:
            UnknownStore: no game registered `key` with this storage.
        """
        found = self._stores.get(key.name)
        if found is None:
            factory = self._store_factories.get(key.name)
            if factory is None:
                raise UnknownStore(key.name)
            found = self._stores[key.name] = factory(self._session)
        return cast("T", found)

    def read_ahead(self, *reads: Callable[[], object]) -> None:
        """Send these reads' statements in one round trip (db.read_ahead; PostgreSQL only)."""
        read_ahead(self._session, reads)

    def _end_session(self) -> None:
        try:
            self._session.rollback()
        finally:
            self._session.close()


_REPOSITORIES: dict[str, Callable[[SqlAlchemyUnitOfWork], object]] = {
    "users": lambda uow: SqlUserRepository(uow._session),
    "offices": lambda uow: SqlOfficeRepository(uow._session),
    "settings": lambda uow: SqlSettingsRepository(uow._session, uow._settings_cache),
    "line": lambda uow: SqlLineRepository(uow._session, uow._settings_cache, uow._line_cache),
    "slips": lambda uow: SqlSlipRepository(uow._session),
    "fiscal": lambda uow: SqlFiscalRepository(uow._session),
    "void_notices": lambda uow: SqlVoidNoticeRepository(uow._session),
    "pending_payouts": lambda uow: SqlPendingPayoutRepository(uow._session),
    "results": lambda uow: SqlResultRepository(uow._session, uow._line_cache),
    "settlement": lambda uow: SqlSettlementRepository(uow._session),
    "journal": lambda uow: SqlJournalRepository(uow._session),
    "shifts": lambda uow: SqlShiftRepository(uow._session),
    "reports": lambda uow: SqlReportQueries(uow._session),
    "skks": lambda uow: SqlOutboxRepository(uow._session),
    "accounts": lambda uow: SqlAccountRepository(uow._session),
    "spread": lambda uow: SqlSpreadRepository(uow._session),
    "exchange": lambda uow: SqlExchangeRepository(uow._session),
    "conditions": lambda uow: SqlConditionsRepository(uow._session),
    "transfers": lambda uow: SqlTransferRepository(uow._session),
    "claims": lambda uow: SqlClaimRepository(uow._session),
    "coupons": lambda uow: SqlCouponRepository(uow._session),
    "liability": lambda uow: SqlLiabilityRepository(uow._session),
    "referrals": lambda uow: SqlReferralRepository(uow._session),
    "cashouts": lambda uow: SqlCashoutRepository(uow._session),
}


def _unavailable(error: DBAPIError) -> StorageUnavailable | ConcurrentChange | None:
    """`StorageUnavailable` for an error the environment caused; None for a bug."""
    if getattr(error.orig, "sqlstate", None) == _UNIQUE_VIOLATION:
        # Two terminals inserting the same key at once (e.g. the same new login): the
        # service checked first, but on PostgreSQL the check and the insert are not atomic.
        log.info("concurrent change refused by a unique constraint: %s", error.orig)
        return ConcurrentChange()
    problem = storage_problem(error)
    if problem is None:
        return None
    log.info("database unavailable (%s): %s", problem, error.orig)
    return StorageUnavailable(problem)
