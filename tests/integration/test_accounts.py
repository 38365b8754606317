"""Player accounts on a real database, both backends (issue 19; DESIGN.md "Player accounts"):
opened on the whole document, one per document in the chain, cash in with a «ПРИХОД» receipt,
cash out only to the holder with a «РАСХОД» receipt and a journal line, never below zero."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from datetime import date
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy import text

from main import open_shop
from pos.accounts.errors import (
    AccountBlocked,
    AccountExists,
    BlockReasonRequired,
    DepositTooLarge,
    ExclusionFileRejected,
    FreeBalanceShort,
    InvalidAccountNumber,
    NotTheHolder,
    SelfExcluded,
    UnknownAccount,
)
from pos.accounts.ledger import Movement
from pos.betting.errors import DrawerShort
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PrinterUnavailable
from pos.payouts.errors import PayoutDocumentRequired
from pos.people.errors import InvalidDocument, Underage
from pos.reports.tables import ReportKind
from pos.shop.services import Shop
from pos.till.errors import PaperNotPrinted
from pos.till.shifts import CashKind
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


def test_an_account_opened_takes_cash_pays_it_out_and_lists_every_movement(
    db_shop: Shop, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    expected = anna.shift().summary.expected
    opened = anna.open_account(document=PASSPORT)
    assert len(opened.number) == 11 and opened.holder == "Иванов Пётр Сергеевич"
    card = printer.output
    assert "КАРТА СЧЁТА ИГРОКА".encode("cp866") in card and opened.number.encode() in card
    assert "Иванов".encode("cp866") not in card  # a lost card tells nothing of its holder
    assert "1234567" not in opened.document_masked  # the number is never kept whole

    after = anna.deposit(opened.number, "500")
    assert (after.free, after.blocked) == (D("500.00"), D("0.00"))
    paper = printer.output
    assert "ПРИХОД".encode("cp866") in paper and "Пополнение счёта".encode("cp866") in paper

    entry = anna.withdraw(opened.number, D("200"), document=PASSPORT)
    assert (entry.amount, entry.account_number, entry.player) == (
        D("200.00"),
        opened.number,
        "Иванов Пётр Сергеевич",
    )
    assert "MP1234567" in entry.document  # the journal's fourth column, whole (item 47)
    assert "РАСХОД".encode("cp866") in printer.output
    assert db_shop.journal() == [entry]

    view = db_shop.account(opened.number)
    assert (view.free, view.blocked) == (D("300.00"), D("0.00"))
    lines = view.statement()
    assert [(line.kind, line.amount, line.free_after) for line in lines] == [
        (Movement.DEPOSIT, D("500.00"), D("500.00")),
        (Movement.WITHDRAWAL, D("-200.00"), D("300.00")),
    ]
    assert lines[1].reference == f"чек {entry.fiscal_receipt_no}"
    summary = anna.shift().summary
    assert (summary.deposits, summary.withdrawals) == (D("500.00"), D("200.00"))
    assert summary.expected == expected + D("300.00")
    assert db_shop.verify().ok


def test_one_account_per_document_number_in_the_whole_chain(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    first = anna.open_account(document=PASSPORT)
    again = dataclasses.replace(ID_CARD, number=" mp 1234567 ")  # the same number, typed loosely
    with pytest.raises(AccountExists, match="уже открыт счёт") as refused:
        anna.open_account(document=again)
    assert refused.value.number == first.number
    assert anna.open_account(document=ID_CARD).number != first.number


def test_an_account_needs_the_whole_document_and_the_age(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    young = dataclasses.replace(PASSPORT, birth_date=date(2010, 1, 1))
    with pytest.raises(Underage):
        anna.open_account(document=young)
    with pytest.raises(InvalidDocument):
        anna.open_account(document=dataclasses.replace(PASSPORT, issued_by=""))
    with pytest.raises(PayoutDocumentRequired):
        anna.open_account(document=None)


def test_cash_goes_out_only_to_the_holder_and_only_the_free_money(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    with pytest.raises(NotTheHolder):
        anna.withdraw(number, "50", document=ID_CARD)
    with pytest.raises(FreeBalanceShort, match=r"не хватает 20,00 руб\.: свободно 100,00 руб\."):
        anna.withdraw(number, "120", document=PASSPORT)
    assert db_shop.account(number).free == D("100.00")
    assert db_shop.journal() == []


def test_a_withdrawal_beyond_the_drawer_is_refused(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    boss = db_shop.login("boss", "9911")
    boss.cash_out(anna.shift().summary.expected, "инкассация")
    with pytest.raises(DrawerShort):
        anna.withdraw(number, "50", document=PASSPORT)


def test_a_number_with_a_wrong_check_code_or_a_slip_s_is_no_account(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    typo = number[:-1] + str((int(number[-1]) + 1) % 10)
    with pytest.raises(InvalidAccountNumber):
        anna.deposit(typo, "10")
    slip = anna.accept_bet([(101, "1")], "10").number
    with pytest.raises(InvalidAccountNumber):
        db_shop.account(slip)
    assert db_shop.account(f"{number[:6]}-{number[6:9]}-{number[9:]}").number == number


def test_a_manager_blocks_an_account_with_a_reason(db_shop: Shop) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    with pytest.raises(NotPermitted):
        anna.block_account(number, "проверка")
    with pytest.raises(BlockReasonRequired):
        boss.block_account(number, "  ")
    boss.block_account(number, "проверка службы безопасности")
    with pytest.raises(AccountBlocked, match="проверка службы безопасности"):
        anna.deposit(number, "10")
    with pytest.raises(AccountBlocked):
        anna.withdraw(number, "10", document=PASSPORT)
    boss.unblock_account(number)
    assert anna.deposit(number, "10").free == D("110.00")


def test_the_self_exclusion_register_refuses_opening_and_deposits(db_shop: Shop) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    data = "Номер документа;Примечание\nMP 1234567;по заявлению\nHB2345678\n".encode("cp1251")
    with pytest.raises(NotPermitted):
        anna.load_self_exclusions("реестр.csv", data)
    assert boss.load_self_exclusions("реестр.csv", data) == 2
    with pytest.raises(SelfExcluded):
        anna.deposit(number, "10")
    with pytest.raises(SelfExcluded):
        anna.open_account(document=dataclasses.replace(ID_CARD, number="HB 2345678"))
    # Their free money still goes back to them.
    assert anna.withdraw(number, "100", document=PASSPORT).amount == D("100.00")
    with pytest.raises(ExclusionFileRejected, match="строка 2"):
        boss.load_self_exclusions("плохой.csv", b"MP1234567\n<script>\n")
    with pytest.raises(SelfExcluded):  # the bad file changed nothing
        anna.deposit(number, "10")


def test_an_unknown_account_is_named(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    opened = anna.open_account(document=PASSPORT).number
    with db_shop.unit_of_work() as uow:
        from pos.accounts.numbers import make_account_number
        from pos.betting.counter import shop_secret

        other = make_account_number(999, shop_secret(uow))
    assert other != opened
    with pytest.raises(UnknownAccount, match="не найден"):
        db_shop.account(other)


def test_two_withdrawals_at_once_never_overdraw(db_url: str, clock: FixedClock) -> None:
    shops = [open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())]
    try:
        shops[0].seed_demo()
        shops.append(open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher()))
        shops[1].update_settings(register_serial="KSA-К2", register_number="RN-К2")
        anna = shops[0].login("anna", "4821")
        number = anna.open_account(document=PASSPORT).number
        anna.deposit(number, "100")
        other = shops[1].login("anna", "4821")
        other.open_shift(cash=D("500"))
        desks = [anna, other]
        done: list[object] = []

        def take(index: int) -> None:
            try:
                done.append(desks[index].withdraw(number, "80", document=PASSPORT))
            except FreeBalanceShort as refused:
                done.append(refused)

        threads = [threading.Thread(target=take, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(type(item).__name__ for item in done) == ["FreeBalanceShort", "JournalEntry"]
        assert shops[0].account(number).free == D("20.00")
        assert shops[0].verify().ok
    finally:
        for shop in shops:
            shop.close()


def test_a_deposit_moves_the_drawer_as_its_own_kind(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "70")
    with db_shop.unit_of_work() as uow:
        moved = uow.shifts.movements("К1", db_shop.clock.now().replace(year=2000))
    assert (CashKind.DEPOSIT, D("70.00")) in moved


def test_verify_adds_up_every_statement_and_finds_a_balance_changed_by_hand(
    db_shop: Shop,
) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    anna.withdraw(number, "10", document=PASSPORT)
    anna.withdraw(number, "10", document=PASSPORT)  # an account is paid from many times
    found = db_shop.verify()
    assert found.ok and found.accounts == 1, found.words()
    assert "Счета игроков: 1, остатки сходятся с выписками." in found.words()
    with db_shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]  # someone with the database
        session.execute(text("UPDATE accounts SET free = free + 100000"))
        uow.commit()
    found = db_shop.verify()
    assert not found.ok
    assert any("не равен сумме выписки" in line for line in found.words())


def test_the_shift_report_counts_the_accounts_cash(db_shop: Shop, clock: FixedClock) -> None:
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "500")
    anna.withdraw(number, "200", document=PASSPORT)
    today = clock.now().astimezone(db_shop.settings().zone).date()
    report = boss.report(ReportKind.SHIFTS, today, today)
    (row,) = report.rows
    cells = dict(zip((column.title for column in report.columns), row, strict=True))
    # Issue 34: deposits and withdrawals each in their own column, not netted into one.
    assert cells["Пополнения счетов"] == D("500.00")
    assert cells["Выплаты со счетов"] == D("200.00")
    assert cells["Выплаты"] == D("0.00")
    assert cells["Ожидалось"] == anna.shift().summary.expected  # counts them


def test_a_card_not_printed_still_names_the_new_account(
    db_shop: Shop, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise PrinterUnavailable("К1", "нет бумаги")

    monkeypatch.setattr(type(db_shop.station), "print_document", broken)
    with pytest.raises(PaperNotPrinted, match=r"Счёт № \d{6}-\d{3}-\d{2} открыт, но карта"):
        db_shop.login("anna", "4821").open_account(document=PASSPORT)


def test_the_statement_prints_the_shop_s_time(
    db_shop: Shop, printer: Dummy, clock: FixedClock
) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "10")
    printer.clear()
    anna.print_statement(number)
    local = clock.now().astimezone(db_shop.settings().zone)
    assert f"{local:%d.%m.%Y %H:%M} Пополнение".encode("cp866") in printer.output


def test_a_deposit_above_the_limit_is_refused(db_shop: Shop) -> None:
    """The fuzz found a thousand deposits of 1,000,000,000 taking the register's grand totals
    past what the database stores: a deposit has a limit (a setting)."""
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    with pytest.raises(DepositTooLarge, match="100\xa0000,00 руб"):
        anna.deposit(number, "1000000000")
    assert db_shop.account(number).free == D("0.00")


def _printed_lines(printer: Dummy) -> list[str]:
    """The printed job's text lines, read back from its ESC/POS bytes."""
    return [line.strip() for line in read_job(printer.output, "TM-T20II").lines]


def _line(lines: list[str], words: str) -> str:
    found = [line for line in lines if line.startswith(words)]
    assert len(found) == 1, (words, lines)
    return found[0]


def test_the_x_and_z_reports_give_the_accounts_cash_its_own_lines(
    db_shop: Shop, printer: Dummy
) -> None:
    """Issue 34: 800,00 deposited and 120,50 withdrawn were folded into «Приход» and «Расход»
    as if they were betting turnover; each kind has its own line, on the Z's copy too."""
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.accept_bet([(101, "1")], stake="61,50")
    anna.deposit(number, "800")
    anna.withdraw(number, "120,50", document=PASSPORT)
    printer.clear()
    report = anna.x_report()
    assert (report.totals.income, report.totals.expenses) == (D("861.50"), D("120.50"))
    assert (report.totals.stakes, report.totals.deposits) == (D("61.50"), D("800.00"))
    assert (report.totals.payouts, report.totals.withdrawals) == (D("0.00"), D("120.50"))
    lines = _printed_lines(printer)
    for words, amount in (
        ("Ставки наличными", "61,50"),
        ("Возвраты ставок", "0,00"),
        ("Выплаты по купонам", "0,00"),
        ("Пополнения счетов", "800,00"),
        ("Выплаты со счетов", "120,50"),
    ):
        assert _line(lines, words).endswith(f" {amount} руб."), words
    anna.z_report()
    printer.clear()
    assert anna.print_last_z_report() is not None
    copy = _printed_lines(printer)
    assert _line(copy, "Пополнения счетов").endswith(" 800,00 руб.")
    assert _line(copy, "Ставки наличными").endswith(" 61,50 руб.")
    assert _line(copy, "Выплаты со счетов").endswith(" 120,50 руб.")
