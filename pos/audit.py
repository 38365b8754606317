"""The audit trail: who did what, when and at which terminal, kept for the regulator."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime


class AuditAction(enum.StrEnum):
    """Everything the audit table records."""

    SIGNED_IN = "signed_in"
    SIGNED_OUT = "signed_out"
    WRONG_PIN = "wrong_pin"
    UNKNOWN_LOGIN = "unknown_login"
    LOCKED_OUT = "locked_out"
    REFUSED_LOCKED = "refused_locked"
    UNLOCKED = "unlocked"
    USER_CREATED = "user_created"
    SETTINGS_CHANGED = "settings_changed"
    EVENT_ADDED = "event_added"
    ODDS_SET = "odds_set"
    DEMO_SEEDED = "demo_seeded"
    BET_ACCEPTED = "bet_accepted"
    SLIP_CANCELLED = "slip_cancelled"
    SLIP_REPRINTED = "slip_reprinted"
    ID_CHECKED = "id_checked"
    EVENT_EDITED = "event_edited"
    EVENT_SUSPENDED = "event_suspended"
    EVENT_RESUMED = "event_resumed"
    SPORT_LIMIT_SET = "sport_limit_set"
    LINE_IMPORTED = "line_imported"
    SLIP_PENDING = "slip_pending"
    SLIP_VOIDED = "slip_voided"
    RECEIPT_PRINTED = "receipt_printed"
    X_REPORT = "x_report"
    Z_REPORT = "z_report"
    PRINTERS_CHANGED = "printers_changed"
    PRINT_FAILED = "print_failed"
    RESULT_RECORDED = "result_recorded"
    RESULT_CORRECTED = "result_corrected"
    SETTLED = "settled"
    PAID_OUT = "paid_out"
    PAYOUT_REFUSED = "payout_refused"
    JOURNAL_CORRECTED = "journal_corrected"
    JOURNAL_EXPORTED = "journal_exported"


@dataclass(frozen=True)
class AuditRecord:
    """One line of the audit trail; `actor` is a login, or "система" for set-up and commands."""

    at: datetime
    terminal: str
    actor: str
    action: AuditAction
    detail: str = ""


SYSTEM_ACTOR = "система"
