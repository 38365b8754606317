"""In-memory fakes of the pos ports, for unit and GUI tests that need no database."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Self, TypeVar, cast

from pos.claims.ports import ClaimRepository
from pos.core.account_ports import AccountRepository, ExchangeRepository
from pos.core.conditions_ports import ConditionsRepository
from pos.core.coupon_ports import CouponRepository
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
    ShiftRepository,
    SlipRepository,
    UserRepository,
    VoidNoticeRepository,
)
from pos.core.risk_ports import CashoutRepository, LiabilityRepository, ReferralRepository
from pos.core.transfer_ports import TransferRepository
from pos.games.stores import StoreKey, UnknownStore
from pos.poker.ports import DRAWS

try:  # tests.fakes
    from tests.fake_account_repositories import FakeAccounts, FakeExchange, FakeSpread
    from tests.fake_cashout_repository import FakeCashouts
    from tests.fake_claim_repositories import FakeClaims
    from tests.fake_conditions_repository import FakeConditions
    from tests.fake_coupon_repositories import FakeCoupons
    from tests.fake_liability_repository import FakeLiability
    from tests.fake_referral_repositories import FakeReferrals
    from tests.fake_repositories import (
        FakeAudit,
        FakeData,
        FakeDraws,
        FakeLine,
        FakeOffices,
        FakeSettings,
        FakeUsers,
    )
    from tests.fake_settlement_repositories import (
        FakeJournal,
        FakePendingPayouts,
        FakeResults,
        FakeSettlement,
    )
    from tests.fake_slip_repositories import FakeFiscal, FakeShifts, FakeSlips, FakeVoidNotices
    from tests.fake_transfer_repositories import FakeTransfers
except ImportError:  # fakes, with tests/ on sys.path (python tests/screenshots.py)
    from fake_account_repositories import (  # type: ignore[no-redef]
        FakeAccounts,
        FakeExchange,
        FakeSpread,
    )
    from fake_cashout_repository import FakeCashouts  # type: ignore[no-redef]
    from fake_claim_repositories import FakeClaims  # type: ignore[no-redef]
    from fake_conditions_repository import FakeConditions  # type: ignore[no-redef]
    from fake_coupon_repositories import FakeCoupons  # type: ignore[no-redef]
    from fake_liability_repository import FakeLiability  # type: ignore[no-redef]
    from fake_referral_repositories import FakeReferrals  # type: ignore[no-redef]
    from fake_repositories import (  # type: ignore[no-redef]
        FakeAudit,
        FakeData,
        FakeDraws,
        FakeLine,
        FakeOffices,
        FakeSettings,
        FakeUsers,
    )
    from fake_settlement_repositories import (  # type: ignore[no-redef]
        FakeJournal,
        FakePendingPayouts,
        FakeResults,
        FakeSettlement,
    )
    from fake_slip_repositories import (  # type: ignore[no-redef]
        FakeFiscal,
        FakeShifts,
        FakeSlips,
        FakeVoidNotices,
    )
    from fake_transfer_repositories import FakeTransfers  # type: ignore[no-redef]


class FakeUnitOfWork:
    """Works on a copy of the data and publishes it only on commit, like a real transaction."""

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
    accounts: AccountRepository
    exchange: ExchangeRepository
    claims: ClaimRepository  # issue 37
    referrals: ReferralRepository  # issue 38
    conditions: ConditionsRepository  # issue 37, p.6
    transfers: TransferRepository  # issue 37
    coupons: CouponRepository  # issue 37, p.17
    cashouts: CashoutRepository  # issue 38
    liability: LiabilityRepository  # issue 38

    def __init__(self, storage: FakeStorage) -> None:
        self._storage = storage
        self.committed = False

    def __enter__(self) -> Self:
        self._work = _copy(self._storage.data)
        self.users = FakeUsers(self._work)
        self.offices = FakeOffices(self._work)
        self.settings = FakeSettings(self._work)
        self.audit = FakeAudit(self._work)
        self.line = FakeLine(self._work)
        self.slips = FakeSlips(self._work)
        self.fiscal = FakeFiscal(self._work)
        self.void_notices = FakeVoidNotices(self._work)
        self.pending_payouts = FakePendingPayouts(self._work)
        self.results = FakeResults(self._work)
        self.settlement = FakeSettlement(self._work)
        self.journal = FakeJournal(self._work)
        self.shifts = FakeShifts(self._work)
        # The games' own, registered with the storage as main.game_stores() does (issue 36).
        self._stores = {name: make(self._work) for name, make in self._storage.stores.items()}
        self.accounts = FakeAccounts(self._work)
        self.exchange = FakeExchange(self._work)
        self.spread = FakeSpread(self._work)
        self.claims = FakeClaims(self._work)
        self.referrals = FakeReferrals(self._work)  # issue 38
        self.conditions = FakeConditions(self._work)
        self.transfers = FakeTransfers(self._work)
        self.coupons = FakeCoupons(self._work)
        self.cashouts = FakeCashouts(self._work)
        self.liability = FakeLiability(self._work)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # What was not committed is dropped with the copy (no copy is made to be thrown away).
        del self._work

    def commit(self) -> None:
        self._storage.data = self._work
        self._storage.commits += 1
        self._work = _copy(self._work)
        self.committed = True

    def rollback(self) -> None:
        self._work = _copy(self._storage.data)

    def read_ahead(self, *reads: Callable[[], object]) -> None:
        """Nothing to save in memory: each read is made when it is asked for."""

    def store(self, key: StoreKey[T]) -> T:
        """A game's own repository (pos.core.ports.UnitOfWork.store)."""
        if key.name not in self._stores:
            raise UnknownStore(key.name)
        return cast("T", self._stores[key.name])


def _copy(data: FakeData) -> FakeData:
    """The data with each of its containers copied and the values in them shared.

    That isolates a transaction as a deep copy did: every stored value is a frozen dataclass
    (or a str, number, enum or tuple of them), which the fakes replace and never change in
    place. A deep copy walked every slip and leg at each `with` and commit, about half of
    the unit tests' time.
    """
    copied = copy.copy(data)
    for name, value in vars(data).items():
        if isinstance(value, dict | list | set):
            setattr(copied, name, value.copy())
    return copied


T = TypeVar("T")
# The games' stores in memory, as db.games' in the database (main.game_stores(), issue 36).
FAKE_STORES: Mapping[str, Callable[[FakeData], object]] = {DRAWS.name: FakeDraws}


class FakeStorage:
    """A database in memory."""

    description = "память (тест)"

    def __init__(self, stores: Mapping[str, Callable[[FakeData], object]] | None = None) -> None:
        self.data = FakeData()
        self.stores = FAKE_STORES if stores is None else stores
        self.commits = 0
        self.closed = False

    def unit_of_work(self) -> FakeUnitOfWork:
        return FakeUnitOfWork(self)

    def close(self) -> None:
        self.closed = True


class PlainPinHasher:
    """A PIN "hash" for tests where argon2's cost is not what is being tested."""

    def hash(self, pin: str) -> str:
        return f"plain${pin}"

    def verify(self, pin_hash: str, pin: str) -> bool:
        return pin_hash == f"plain${pin}"
