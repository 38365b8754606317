"""The cash payout journal (appendix to seed 000, item 47): its entries and their fingerprint.

"ЖУРНАЛ УЧЕТА ВЫПЛАТ НАЛИЧНЫХ ДЕНЕГ" is numbered continuously; entries are never edited or
deleted, a mistake is corrected by a new entry that references the old one with a reason.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.core.wording import issued_words
from pos.offices.offices import FIRST_OFFICE
from pos.people.identity import IdDocument

TITLE = "ЖУРНАЛ УЧЕТА ВЫПЛАТ НАЛИЧНЫХ ДЕНЕГ"
# What a cash-out's entry says (issue 38): the appendix's columns have no place for the kind of
# a payout, so the entry carries it as its note, printed beside the amount.
CASHOUT_NOTE = "выкуп ставки до окончания событий"
# The eight columns of the appendix, in its order and wording.
COLUMNS = (
    "№ п/п",
    "Дата проведения выплаты",
    "Фамилия, имя, отчество игрока",
    "Наименование, номер, дата и место выдачи документа, удостоверяющего личность",
    "Размер выплаты, рублей",
    "Фискальный чек №",
    "Заводской номер обслуживающего кассового суммирующего аппарата",
    "Подпись кассира",
)


@dataclass(frozen=True)
class JournalEntry:
    """One line of the journal: a cash payout, or a correction of an earlier line."""

    number: int
    paid_at: datetime
    player: str  # surname, name, patronymic
    document: str  # kind, number, date and place of issue
    amount: Decimal
    fiscal_receipt_no: int
    register_serial: str
    cashier: str
    slip_number: str = ""
    terminal: str = ""
    corrects: int | None = None  # the number of the entry this one corrects
    reason: str = ""  # why, for a correction; CASHOUT_NOTE for a slip bought back (issue 38)
    office: str = FIRST_OFFICE  # whose journal: each office numbers its own 1..N (issue 18)
    account_number: str = ""  # a withdrawal from a player's account (pos.accounts)

    @property
    def is_correction(self) -> bool:
        return self.corrects is not None

    @property
    def is_cashout(self) -> bool:
        """An open slip the shop bought back (issue 38), not a win paid."""
        return self.corrects is None and self.reason == CASHOUT_NOTE


@dataclass(frozen=True)
class JournalHeading:
    """Whose journal it is, on every sheet: the organiser, its licence, the office's address,
    and the office (its name and code; issue 18), also named on the certification sheet."""

    shop_name: str
    licence: str
    address: str
    office: str = ""


@dataclass(frozen=True)
class JournalQuery:
    """Which entries to list: a period of moments (`since` included, `until` not), the
    cashier, an amount range (both ends included), a slip, an office's journal; None leaves
    that filter out (a slip's payout is looked up in the whole chain)."""

    since: datetime | None = None
    until: datetime | None = None
    cashier: str | None = None
    min_amount: Decimal | None = None
    max_amount: Decimal | None = None
    slip_number: str | None = None
    office: str | None = None
    account_number: str | None = None  # a player account's withdrawals


def player_name(document: IdDocument) -> str:
    """Column 3: surname, name and patronymic as on the document."""
    return " ".join(p for p in (document.surname, document.name, document.patronymic) if p)


def document_text(document: IdDocument) -> str:
    """Column 4: the document's kind, number, and the date and place it was issued."""
    word = issued_words(document.kind)  # «паспорт …, выдан», «ID-карта …, выдана» (issue 16)
    issued = f"{word} {document.issued_on:%d.%m.%Y}" if document.issued_on else word
    return f"{document.kind} {document.number}, {issued} {document.issued_by}".strip()


def correction(
    old: JournalEntry,
    number: int,
    at: datetime,
    cashier: str,
    player: str,
    document: str,
    reason: str,
) -> JournalEntry:
    """A new entry restating `old` with the right player and document.

    It pays nothing: its amount is 0.00, so that the journal's totals stay the cash paid out;
    its receipt and register are those of the payout it corrects.
    """
    return JournalEntry(
        number=number,
        paid_at=at,
        player=player,
        document=document,
        amount=Decimal("0.00"),
        fiscal_receipt_no=old.fiscal_receipt_no,
        register_serial=old.register_serial,
        cashier=cashier,
        slip_number=old.slip_number,
        terminal=old.terminal,
        office=old.office,
        corrects=old.number,
        reason=reason,
    )


def entries_hash(entries: Iterable[JournalEntry]) -> str:
    """SHA-256 over the entries in number order, each as one line of its fields.

    Printed on the journal's certification page: any change to an entry it covers, or an
    entry added or removed, gives another value.
    """
    digest = hashlib.sha256()
    for entry in sorted(entries, key=lambda e: e.number):
        fields = (
            entry.number,
            entry.paid_at.isoformat(),
            entry.player,
            entry.document,
            f"{entry.amount:.2f}",
            entry.fiscal_receipt_no,
            entry.register_serial,
            entry.cashier,
            entry.slip_number,
            "" if entry.corrects is None else entry.corrects,
            entry.reason,
        )
        digest.update(("\t".join(str(f) for f in fields) + "\n").encode("utf-8"))
    return digest.hexdigest()


def journal_problems(entries: Iterable[JournalEntry], numbers_taken: int) -> list[str]:
    """What is wrong with the journal's numbering, each said where: numbers not 1, 2, 3 …
    without gaps or repeats, a number handed out but not in the journal, a correction that
    does not reference an earlier payout, a slip paid twice. Empty when all is well.

    Args:
        entries: every entry, in number order.
        numbers_taken: the journal counter's value (how many numbers were handed out).
    """
    problems: list[str] = []
    expected = 1
    payouts: dict[int, JournalEntry] = {}
    paid_slips: dict[str, int] = {}
    for entry in entries:
        if entry.number < expected:
            problems.append(f"Журнал выплат: запись № {entry.number} повторяется.")
            continue
        if entry.number > expected:
            missing = (
                f"№ {expected}"
                if entry.number == expected + 1
                else f"№ {expected}–{entry.number - 1}"
            )
            problems.append(f"Журнал выплат: нет записей {missing} (пропуск в нумерации).")
        expected = entry.number + 1
        if entry.corrects is None:
            payouts[entry.number] = entry
            if entry.account_number:
                continue  # a withdrawal from an account: an account is paid from many times
            earlier = paid_slips.setdefault(entry.slip_number, entry.number)
            if earlier != entry.number:
                problems.append(
                    f"Журнал выплат: купон {entry.slip_number} выплачен дважды "
                    f"(записи № {earlier} и № {entry.number})."
                )
        elif entry.corrects not in payouts:
            problems.append(
                f"Журнал выплат: запись № {entry.number} исправляет № {entry.corrects}, "
                "которой нет среди выплат до неё."
            )
    if numbers_taken >= expected:
        problems.append(
            f"Журнал выплат: выдано номеров {numbers_taken}, последняя запись № {expected - 1} "
            f"— записей № {expected}–{numbers_taken} нет (удалены?)."
        )
    return problems
