"""The papers a player gets for their account (pos.core.documents): the account card, scanned
like a slip, and the statement of every movement."""

from __future__ import annotations

from datetime import datetime, tzinfo

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.ledger import CASH_KINDS, ZERO, Movement
from pos.accounts.numbers import display_account_number
from pos.betting.teller import Teller
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.money import format_roubles

# The bank transfers: the cashless channel the statement adds up apart (issue 37, p.7).
TRANSFER_KINDS = frozenset({Movement.TRANSFER_IN, Movement.TRANSFER_OUT})
KIND_WORDS = {
    Movement.DEPOSIT: "Пополнение",
    Movement.WITHDRAWAL: "Выплата",
    Movement.BLOCK: "Блокировка под ставку",
    Movement.RELEASE: "Разблокировка",
    Movement.GAIN: "Выигрыш",
    Movement.LOSS: "Проигрыш",
    Movement.RETURN: "Возврат (чек не вышел)",
    Movement.ANNULLED: "Пополнение аннулировано (СККС)",
    Movement.TRANSFER_IN: "Перевод на счёт (безнал.)",
    Movement.TRANSFER_OUT: "Перевод со счёта (безнал.)",
    Movement.STAKE: "Ставка со счёта",  # p.7, issue 37: a cashless stake at the counter
    Movement.STAKE_BACK: "Ставка отменена, возврат на счёт",
    Movement.SLIP_WIN: "Выигрыш по купону на счёт",
    Movement.SLIP_REFUND: "Возврат ставки по купону на счёт",
}


def account_card(account: Account, at: datetime, teller: Teller, zone: tzinfo) -> PrintedDocument:
    """The card of a newly opened account: its number as text, barcode and QR code; no
    name and no document (a lost card shows nothing about its holder)."""
    return PrintedDocument(
        title="КАРТА СЧЁТА ИГРОКА",
        number=account.number,
        number_shown=display_account_number(account.number),
        lines=(DocumentLine("Счёт открыт", f"{account.opened_at.astimezone(zone):%d.%m.%Y}"),),
        notes=(
            "Предъявляйте карту при пополнении счёта и ставках «Спрэдбет». Выплата со счёта — "
            "только владельцу по документу, удостоверяющему личность.",
        ),
        at=at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"account-{account.number}-card",
    )


def statement(
    account: Account,
    lines: list[StatementLine],
    at: datetime,
    teller: Teller,
    zone: tzinfo,
    *,
    for_holder: bool = True,
) -> PrintedDocument:
    """The account's statement: every movement with the free money after it (times in the
    shop's `zone`).

    Args:
        for_holder: the paper is handed to the holder, who may read their own full name;
            any other copy (a job kept as a file where no printer prints) shows it masked
            (issue 34).
    """
    holder = account.holder if for_holder else masked_name(account.holder)
    body = [DocumentLine("Владелец", holder)]
    for line in lines:
        when = line.at.astimezone(zone)
        body.append(DocumentLine(f"{when:%d.%m.%Y %H:%M} {KIND_WORDS[line.kind]}"))
        body.append(DocumentLine(f"  {line.reference}", format_roubles(line.amount)))
    body.append(DocumentLine(""))
    body.extend(_channels(lines))
    body.append(DocumentLine("Свободно", format_roubles(account.free), bold=True))
    body.append(DocumentLine("Заблокировано под ставки", format_roubles(account.blocked)))
    return PrintedDocument(
        title="ВЫПИСКА ПО СЧЁТУ ИГРОКА",
        number=None,
        number_shown=display_account_number(account.number),
        lines=tuple(body),
        at=at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"account-{account.number}-statement",
    )


def _channels(lines: list[StatementLine]) -> list[DocumentLine]:
    """Cash and cashless apart (issue 37, p.7): what the movements of each kind added up to
    on the account, a channel printed once it moved."""
    totals = [
        (words, [line.amount for line in lines if line.kind in kinds])
        for words, kinds in (
            ("Наличными, итого", CASH_KINDS),
            ("Переводами, итого", TRANSFER_KINDS),
        )
    ]
    return [
        DocumentLine(words, format_roubles(sum(amounts, ZERO)))
        for words, amounts in totals
        if amounts
    ]


def masked_name(holder: str) -> str:
    """The holder's name as a copy not handed to the holder shows it (issue 34): the
    surname's first letter and a star for each other letter, then the initials:
    "Иванов Пётр Сергеевич" → "И***** П. С."."""
    words = holder.split()
    if not words:
        return ""
    surname = words[0][0] + "*" * (len(words[0]) - 1)
    return " ".join([surname, *(f"{word[0]}." for word in words[1:])])
