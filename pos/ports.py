"""The ports pos/ needs from the outside world: storage and PIN hashing (printers come later)."""

from __future__ import annotations

from types import TracebackType
from typing import Protocol, Self

from pos.audit import AuditRecord
from pos.line import Event, OddsQuote
from pos.users import User


class UserRepository(Protocol):
    """Users by login."""

    def get(self, login: str, *, for_update: bool = False) -> User | None: ...
    def add(self, user: User) -> None: ...
    def update(self, user: User) -> None: ...
    def list(self) -> list[User]: ...


class SettingsRepository(Protocol):
    """Shop settings as text by name, and the settings that belong to one terminal."""

    def load(self) -> dict[str, str]: ...
    def save(self, values: dict[str, str]) -> None: ...
    def register_serial(self, terminal: str) -> str | None: ...
    def set_register_serial(self, terminal: str, serial: str) -> None: ...


class AuditLog(Protocol):
    """The append-only audit trail."""

    def append(self, record: AuditRecord) -> None: ...
    def recent(self, limit: int) -> list[AuditRecord]: ...


class LineRepository(Protocol):
    """Events and the versions of their odds."""

    def add_event(self, event: Event) -> None: ...
    def get_event(self, code: int) -> Event | None: ...
    def events(self) -> list[Event]: ...
    def add_quote(self, quote: OddsQuote) -> None: ...
    def current_quotes(self, codes: list[int]) -> list[OddsQuote]: ...


class UnitOfWork(Protocol):
    """One transaction: everything done inside `with uow:` is rolled back unless committed."""

    users: UserRepository
    settings: SettingsRepository
    audit: AuditLog
    line: LineRepository

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...


class Storage(Protocol):
    """An opened, migrated database: a source of units of work."""

    description: str

    def unit_of_work(self) -> UnitOfWork: ...
    def close(self) -> None: ...


class StorageOpener(Protocol):
    """How a storage adapter is opened from a URL (the `storage` adapter entry point)."""

    def __call__(self, url: str) -> Storage: ...


class PinHasher(Protocol):
    """Hashes PINs and checks them against a stored hash."""

    def hash(self, pin: str) -> str: ...
    def verify(self, pin_hash: str, pin: str) -> bool: ...
