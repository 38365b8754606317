"""The chain's offices (пункты приёма ставок), their own settings, and who works in which."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.tables.base import OFFICE, Base


class OfficeRow(Base):
    """A betting office of the organiser: its code, name and address (pos.offices.offices)."""

    __tablename__ = "offices"

    code: Mapped[str] = mapped_column(String(OFFICE), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(200))


class OfficeSettingRow(Base):
    """A setting of one office over the organiser's (a limit, the working hours), as text."""

    __tablename__ = "office_settings"

    office: Mapped[str] = mapped_column(ForeignKey("offices.code"), primary_key=True)
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class UserOfficeRow(Base):
    """A user's role in an office (a head works in every office and has no rows)."""

    __tablename__ = "user_offices"
    __table_args__ = (CheckConstraint("role IN ('cashier', 'manager')", name="role"),)

    login: Mapped[str] = mapped_column(ForeignKey("users.login"), primary_key=True)
    office: Mapped[str] = mapped_column(ForeignKey("offices.code"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
