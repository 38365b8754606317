"""What every table shares: the declarative base with its naming convention, the key type
and the lengths of the columns that several tables hold."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import BigInteger, Integer, MetaData
from sqlalchemy.orm import DeclarativeBase

ZERO = Decimal(0)

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# A 64-bit key on PostgreSQL; on SQLite only INTEGER PRIMARY KEY is the auto-numbered rowid.
BigId = BigInteger().with_variant(Integer(), "sqlite")

LOGIN = 32
TERMINAL = 32
MARKET = 16
SLIP_NUMBER = 13
REGISTER_SERIAL = 40
OFFICE = 16  # an office code
ACCOUNT_NUMBER = 11  # a player account (pos.accounts.numbers)
DOCUMENT_KEY = 64  # a keyed hash of a document number (pos.accounts.accounts)


class Base(DeclarativeBase):
    """Every table of the shop."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
