"""The papers a player gets for their account (pos.core.documents): the account card, scanned
like a slip, and the statement of every movement."""

from __future__ import annotations

from datetime import datetime, tzinfo

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.ledger import Movement
from pos.accounts.numbers import display_account_number
from pos.betting.teller import Teller
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.money import format_roubles

KIND_WORDS = {
    Movement.DEPOSIT: "Пополнение",
    Movement.WITHDRAWAL: "Выплата",
    Movement.BLOCK: "Блокировка под ставку",
    Movement.RELEASE: "Разблокировка",
    Movement.GAIN: "Выигрыш",
    Movement.LOSS: "Проигрыш",
    Movement.RETURN: "Возврат (чек не вышел)",
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
    account: Account, lines: list[StatementLine], at: datetime, teller: Teller, zone: tzinfo
) -> PrintedDocument:
    """The account's statement: every movement with the free money after it (times in the
    shop's `zone`)."""
    body = [DocumentLine("Владелец", account.holder)]
    for line in lines:
        when = line.at.astimezone(zone)
        body.append(DocumentLine(f"{when:%d.%m.%Y %H:%M} {KIND_WORDS[line.kind]}"))
        body.append(DocumentLine(f"  {line.reference}", format_roubles(line.amount)))
    body.append(DocumentLine(""))
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
