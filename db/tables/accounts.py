"""Player accounts (pos.accounts): the balance row, its movements, the register of restricted
persons and its loads."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import ACCOUNT_NUMBER, DOCUMENT_KEY, LOGIN, OFFICE, TERMINAL, ZERO, Base, BigId
from db.types import Kopecks, UTCDateTime


class AccountRow(Base):
    """An account: its balance, changed only under its row lock with a movement beside it.

    The checks are the last guard of "never below zero"; `document_key` (unique) of "one
    account per document in the chain".
    """

    __tablename__ = "accounts"
    __table_args__ = (
        CheckConstraint("free >= 0", name="free"),
        CheckConstraint("blocked >= 0", name="blocked"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    number: Mapped[str] = mapped_column(String(ACCOUNT_NUMBER), unique=True)
    document_key: Mapped[str] = mapped_column(String(DOCUMENT_KEY), unique=True)
    holder: Mapped[str] = mapped_column(String(300))
    document_masked: Mapped[str] = mapped_column(String(80))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    office: Mapped[str] = mapped_column(ForeignKey("offices.code"))
    opened_by: Mapped[str] = mapped_column(String(LOGIN))
    free: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    blocked: Mapped[Decimal] = mapped_column(Kopecks(), default=ZERO, server_default="0")
    blocked_reason: Mapped[str | None] = mapped_column(String(200))
    # The keyed hash of the holder's personal number, None when opened without one (issue 35).
    person_key: Mapped[str | None] = mapped_column(String(DOCUMENT_KEY))
    # The holder's document as it was shown at opening, which a deposit's message to the СККС
    # names (protocol 6.5.5, issue 35); None on an account opened before migration 0022.
    holder_surname: Mapped[str | None] = mapped_column(String(80))
    holder_name: Mapped[str | None] = mapped_column(String(80))
    holder_patronymic: Mapped[str | None] = mapped_column(String(80))
    holder_birth_date: Mapped[date | None] = mapped_column(Date)
    document_kind: Mapped[str | None] = mapped_column(String(40))
    document_number: Mapped[str | None] = mapped_column(String(30))
    document_issued_on: Mapped[date | None] = mapped_column(Date)
    document_issued_by: Mapped[str | None] = mapped_column(String(200))
    document_expires_on: Mapped[date | None] = mapped_column(Date)
    personal_number: Mapped[str | None] = mapped_column(String(14))


class AccountMovementRow(Base):
    """One line of an account's statement: the signed change of its free money and the
    balance it left."""

    __tablename__ = "account_movements"
    __table_args__ = (
        CheckConstraint("free_after >= 0", name="free_after"),
        CheckConstraint("blocked_after >= 0", name="blocked_after"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[Decimal] = mapped_column(Kopecks())
    free_after: Mapped[Decimal] = mapped_column(Kopecks())
    blocked_after: Mapped[Decimal] = mapped_column(Kopecks())
    reference: Mapped[str] = mapped_column(String(80))
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    cashier: Mapped[str] = mapped_column(String(LOGIN))
    office: Mapped[str] = mapped_column(String(OFFICE))


class SelfExclusionRow(Base):
    """A document number or a personal number in the register of restricted persons, by its
    keyed hash (no number kept; pos.people.restricted hashes the two kinds apart)."""

    __tablename__ = "self_exclusions"

    document_key: Mapped[str] = mapped_column(String(DOCUMENT_KEY), primary_key=True)


class RestrictedLoadRow(Base):
    """A load of the register of restricted persons (issue 35): the file's name as its version,
    when and by whom, how many persons; the newest is the one in force."""

    __tablename__ = "restricted_loads"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    version: Mapped[str] = mapped_column(String(200))
    loaded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    loaded_by: Mapped[str] = mapped_column(String(LOGIN))
    persons: Mapped[int] = mapped_column(Integer)
