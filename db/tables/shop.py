"""The shop's users, settings, terminals, audit trail and numbering counters."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import LOGIN, OFFICE, TERMINAL, Base, BigId
from db.types import UTCDateTime


class UserRow(Base):
    """A cashier or manager; `role` holds a `pos.people.users.Role` value."""

    __tablename__ = "users"
    __table_args__ = (
        CheckConstraint("role IN ('cashier', 'manager', 'head')", name="role"),
        CheckConstraint("failed_pins >= 0", name="failed_pins"),
        CheckConstraint("locks >= 0", name="locks"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(LOGIN), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    pin_hash: Mapped[str] = mapped_column(String(255))
    failed_pins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # Locks since the last correct PIN or unlock: each one longer, the third has no end (#15).
    locks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The surname, name and patronymic the journal's column 8 is signed with, printed on the
    # user's papers; "" for users from before 0018: their papers show the login (issue 34).
    full_name: Mapped[str] = mapped_column(String(100), default="", server_default="")


class SettingRow(Base):
    """One shop setting as text (pos.core.settings parses and checks it)."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TerminalRow(Base):
    """A cashier PC and the factory serial of its cash register."""

    __tablename__ = "terminals"

    name: Mapped[str] = mapped_column(String(TERMINAL), primary_key=True)
    # The office the terminal works in, registered by a manager (pos.offices.terminals).
    office: Mapped[str | None] = mapped_column(ForeignKey("offices.code"))
    register_serial: Mapped[str | None] = mapped_column(String(40))
    # The register's registration number with the tax authority, printed on its receipts.
    register_number: Mapped[str] = mapped_column(String(40), default="", server_default="")
    # pos.core.printers.to_text of the slip printer and of a separate fiscal printer (None: same).
    printer: Mapped[str | None] = mapped_column(Text)
    fiscal_printer: Mapped[str | None] = mapped_column(Text)


class AuditRow(Base):
    """One line of the append-only audit trail; `action` holds a `pos.core.audit.AuditAction` value.

    Records are numbered and chained when their transaction commits (db.audit
    SqlAuditLog), each office's in its own chain, the number taken from the counters row
    "audit:<office>".
    """

    __tablename__ = "audit_log"
    __table_args__ = (UniqueConstraint("office", "seq"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    terminal: Mapped[str] = mapped_column(String(TERMINAL))
    actor: Mapped[str] = mapped_column(String(LOGIN))
    action: Mapped[str] = mapped_column(String(32))
    detail: Mapped[str] = mapped_column(Text, default="")
    # Whose chain (issue 18; the records from before offices are all in M1's), the record's
    # place in it and its hash (pos.core.audit.chain_hash).
    office: Mapped[str] = mapped_column(String(OFFICE))
    seq: Mapped[int] = mapped_column(BigInteger)
    hash: Mapped[str] = mapped_column(String(64))


class CounterRow(Base):
    """A number handed out in the same transaction that uses it (slip serials)."""

    __tablename__ = "counters"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger)
