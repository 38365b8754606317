"""The database rows as SQLAlchemy 2 declarative classes; repositories turn them into pos objects.

Constraint names come from one naming convention, so that Alembic's batch mode on SQLite and
ALTER TABLE on PostgreSQL can find and drop them (notes/libraries.md §4). The first migration
(`migrations/versions/0001_foundation.py`) creates exactly this schema; a test compares them.

The rows live in modules by room: `base` (the declarative base and shared column sizes),
`shop` (users, settings, terminals, audit, counters), `line` (events, odds, results),
`slips` (slips, legs, cash, identity checks, settlements), `till` (registers, receipts,
days, pending payouts, the journal, shifts), `accounts` (player accounts, their movements,
the self-exclusion register), `spread` (assets, quotes, spread bets) and `exchange`
(players' offers and paris); importing this package registers them all with
`Base.metadata`, which Alembic reads. A game's own tables are its module's in db.games
(issue 36), registered when `main.game_stores()` or the migrations' env imports it.
"""

from __future__ import annotations

from db.tables.accounts import (
    AccountMovementRow,
    AccountRow,
    RestrictedLoadRow,
    SelfExclusionRow,
)
from db.tables.base import (
    LOGIN,
    MARKET,
    NAMING_CONVENTION,
    OFFICE,
    REGISTER_SERIAL,
    SLIP_NUMBER,
    TERMINAL,
    ZERO,
    Base,
    BigId,
)
from db.tables.cashouts import CashoutOfferRow
from db.tables.claims import ClaimEvidenceRow, ClaimRow
from db.tables.conditions import ConditionsVersionRow
from db.tables.coupons import CouponRow
from db.tables.exchange import (
    ExchangeConcludedRow,
    ExchangeOfferRow,
    ExchangePariRow,
    ExchangeSettlementRow,
)
from db.tables.exposure import OutcomeExposureRow
from db.tables.line import EventResultRow, EventRow, OddsQuoteRow, SportLimitRow
from db.tables.offices import OfficeRow, OfficeSettingRow, UserOfficeRow
from db.tables.referrals import ReferralRow
from db.tables.shop import AuditRow, CounterRow, SettingRow, TerminalRow, UserRow
from db.tables.skks import SkksMessageRow
from db.tables.slips import (
    CashMovementRow,
    IdCheckRow,
    SettlementRow,
    SlipLegRow,
    SlipRow,
    SlipTermsRow,
)
from db.tables.spread import SpreadAssetRow, SpreadBetRow, SpreadClosingRow, SpreadQuoteRow
from db.tables.till import (
    CashTransferRow,
    FiscalDayRow,
    FiscalReceiptRow,
    FiscalRegisterRow,
    JournalEntryRow,
    PendingPayoutRow,
    ShiftRow,
    VoidNoticeRow,
)
from db.tables.transfers import AccountTransferRow

__all__ = [
    "LOGIN",
    "MARKET",
    "NAMING_CONVENTION",
    "OFFICE",
    "REGISTER_SERIAL",
    "SLIP_NUMBER",
    "TERMINAL",
    "ZERO",
    "AccountMovementRow",
    "AccountRow",
    "AccountTransferRow",
    "AuditRow",
    "Base",
    "BigId",
    "CashMovementRow",
    "CashTransferRow",
    "CashoutOfferRow",
    "ClaimEvidenceRow",
    "ClaimRow",
    "ConditionsVersionRow",
    "CounterRow",
    "CouponRow",
    "EventResultRow",
    "EventRow",
    "ExchangeConcludedRow",
    "ExchangeOfferRow",
    "ExchangePariRow",
    "ExchangeSettlementRow",
    "FiscalDayRow",
    "FiscalReceiptRow",
    "FiscalRegisterRow",
    "IdCheckRow",
    "JournalEntryRow",
    "OddsQuoteRow",
    "OfficeRow",
    "OfficeSettingRow",
    "OutcomeExposureRow",
    "PendingPayoutRow",
    "ReferralRow",
    "RestrictedLoadRow",
    "SelfExclusionRow",
    "SettingRow",
    "SettlementRow",
    "ShiftRow",
    "SkksMessageRow",
    "SlipLegRow",
    "SlipRow",
    "SlipTermsRow",
    "SportLimitRow",
    "SpreadAssetRow",
    "SpreadBetRow",
    "SpreadClosingRow",
    "SpreadQuoteRow",
    "TerminalRow",
    "UserOfficeRow",
    "UserRow",
    "VoidNoticeRow",
]
