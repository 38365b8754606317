"""The audit trail: who did what, when and at which terminal, kept for the regulator.

Each record carries a number (`seq`, 1, 2, 3 … without gaps) and a SHA-256 hash over its
fields and the hash of the record before it, so that changing, deleting or reordering any
record breaks the chain from there on (`verify_chain` says where). Whoever holds the database
could recompute the whole chain; the head printed on every Z report and journal PDF is what
anchors it outside (notes/reliability.md, finding 8).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from pos.core.settings import FIRST_OFFICE


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
    RECEIPT_SPOILED = "receipt_spoiled"
    X_REPORT = "x_report"
    Z_REPORT = "z_report"
    PRINTERS_CHANGED = "printers_changed"
    PRINT_FAILED = "print_failed"
    RESULT_RECORDED = "result_recorded"
    RESULT_CORRECTED = "result_corrected"
    SETTLED = "settled"
    PAID_OUT = "paid_out"
    PAYOUT_PENDING = "payout_pending"
    PAYOUT_RELEASED = "payout_released"
    PAYOUT_REFUSED = "payout_refused"
    JOURNAL_CORRECTED = "journal_corrected"
    JOURNAL_EXPORTED = "journal_exported"
    AUTHORISED = "authorised"
    AUTHORISATION_REFUSED = "authorisation_refused"
    SCREEN_LOCKED = "screen_locked"
    SCREEN_UNLOCKED = "screen_unlocked"
    SHIFT_OPENED = "shift_opened"
    SHIFT_CLOSED = "shift_closed"
    CASH_IN = "cash_in"
    CASH_OUT = "cash_out"
    REPORT_SAVED = "report_saved"
    DRAW_DEALT = "draw_dealt"
    DRAW_CANCELLED = "draw_cancelled"
    OFFICE_ADDED = "office_added"
    OFFICE_CHANGED = "office_changed"
    TERMINAL_REGISTERED = "terminal_registered"
    USER_ASSIGNED = "user_assigned"
    ACCOUNT_OPENED = "account_opened"
    ACCOUNT_DEPOSIT = "account_deposit"
    ACCOUNT_WITHDRAWAL = "account_withdrawal"
    ACCOUNT_BLOCKED = "account_blocked"
    ACCOUNT_UNBLOCKED = "account_unblocked"
    ACCOUNT_REFUSED = "account_refused"
    EXCLUSIONS_LOADED = "exclusions_loaded"
    ASSET_SAVED = "asset_saved"
    QUOTE_SET = "quote_set"
    SPREAD_OPENED = "spread_opened"
    SPREAD_CLOSED = "spread_closed"
    MARGIN_CALL = "margin_call"
    EXCHANGE_OFFERED = "exchange_offered"
    EXCHANGE_ACCEPTED = "exchange_accepted"
    EXCHANGE_CHANGED = "exchange_changed"
    PARI_SETTLED = "pari_settled"
    USER_RENAMED = "user_renamed"  # the name a user signs papers with (issue 34)
    CONDITIONS_PUBLISHED = "conditions_published"  # a version of p.6's conditions (issue 37)
    # Bank transfers onto and off players' accounts, a bank statement loaded (issue 37, p.7).
    ACCOUNT_TRANSFER_IN = "account_transfer_in"
    ACCOUNT_TRANSFER_OUT = "account_transfer_out"
    BANK_STATEMENT_LOADED = "bank_statement_loaded"
    CLAIM_RECORDED = "claim_recorded"  # the register of claims (issue 37, p.14–p.16)
    CLAIM_DECIDED = "claim_decided"
    CLAIM_ANSWERED = "claim_answered"
    COUPON_REGISTERED = "coupon_registered"  # a remote coupon (issue 37, p.17)
    COUPON_PAID = "coupon_paid"  # its win by order, or by the payment list
    REFERRAL_SENT = "referral_sent"  # a big stake sent to a manager (issue 38)
    REFERRAL_DECIDED = "referral_decided"  # accepted, cut or refused by a manager
    REFERRAL_LAPSED = "referral_lapsed"  # no answer in time, or an event started
    OUTCOME_SUSPENDED = "outcome_suspended"  # from the liability board (issue 38)
    OUTCOME_RESUMED = "outcome_resumed"
    LIABILITY_CAP_SET = "liability_cap_set"  # an event's own cap
    SLIP_CASHED_OUT = "slip_cashed_out"  # the shop bought an open slip back (issue 38)


@dataclass(frozen=True)
class AuditRecord:
    """One line of the audit trail; `actor` is a login, or "система" for set-up and commands.

    `office` is whose chain holds it: each office numbers and chains its own (issue 18), so
    that terminals of different offices never wait for one another's audit lines.
    """

    at: datetime
    terminal: str
    actor: str
    action: AuditAction
    detail: str = ""
    office: str = FIRST_OFFICE


SYSTEM_ACTOR = "система"

# The "hash before the first record".
GENESIS = "0" * 64


def chain_hash(previous: str, seq: int, record: AuditRecord) -> str:
    """The hash of record number `seq`, chained to `previous` (hex SHA-256): of the UTF-8
    text `previous`, a line feed, `seq`, a tab and `chained_fields(record)`."""
    line = f"{previous}\n{seq}\t{chained_fields(record)}"
    return hashlib.sha256(line.encode("utf-8")).hexdigest()


def chained_fields(record: AuditRecord) -> str:
    """The record's fields as its hash covers them, after its number: tab-separated."""
    at = record.at if record.at.tzinfo is UTC else record.at.astimezone(UTC)
    fields = (
        at.isoformat(timespec="microseconds"),
        record.terminal,
        record.actor,
        record.action.value,
        record.detail,
    )
    return "\t".join(fields)


@dataclass(frozen=True)
class ChainedRecord:
    """An audit record as stored: its number in the chain and its hash."""

    seq: int
    record: AuditRecord
    hash: str


@dataclass(frozen=True)
class ChainHead:
    """The last record's number and hash (printed on Z reports and journal PDFs)."""

    seq: int
    hash: str

    def words(self) -> str:
        """ "№ 1234 · 3fa9…c2d1" — short enough for a 32-column receipt line."""
        return f"№ {self.seq} · {self.hash[:8]}…{self.hash[-8:]}"


EMPTY_HEAD = ChainHead(0, GENESIS)


@dataclass(frozen=True)
class ChainBreak:
    """Where the audit chain is broken: the first record that does not verify."""

    seq: int
    kind: str  # "changed", "missing", "swapped", "duplicate"

    def words(self) -> str:
        if self.kind == "missing":
            return f"Журнал аудита: нет записи № {self.seq} (удалена или не записана)."
        if self.kind == "swapped":
            return f"Журнал аудита: записи № {self.seq} и № {self.seq + 1} переставлены."
        if self.kind == "duplicate":
            return f"Журнал аудита: запись № {self.seq} встречается дважды."
        return f"Журнал аудита: запись № {self.seq} изменена (не сходится её хеш)."


def verify_chain(
    records: Iterable[ChainedRecord], numbers_taken: int | None = None
) -> ChainBreak | None:
    """The first break of a chain given in `seq` order, or None when it verifies whole.

    `numbers_taken` is how many numbers the chain has handed out (its counter): records
    missing at the end show only against it (or against a printed head).
    """
    previous, expected = GENESIS, 1
    suspect: ChainedRecord | None = None
    for current in records:
        if suspect is not None:
            # The record before did not verify: was it swapped with this one?
            swapped = chain_hash(previous, expected, current.record) == current.hash
            return ChainBreak(expected, "swapped" if swapped else "changed")
        if current.seq != expected:
            return ChainBreak(
                *((current.seq, "duplicate") if current.seq < expected else (expected, "missing"))
            )
        if chain_hash(previous, current.seq, current.record) != current.hash:
            suspect = current
            continue
        previous, expected = current.hash, expected + 1
    if suspect is not None:
        return ChainBreak(expected, "changed")
    if numbers_taken is not None and numbers_taken >= expected:
        return ChainBreak(expected, "missing")
    return None
