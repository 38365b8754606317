"""Bank transfers onto and off a player's account and the bank statement file (issue 37, p.7),
on SQLite and PostgreSQL: onto the free balance with no cash and no receipt, out only to a
bank account that paid in, the same payment order once, a statement file all or nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from hypothesis import given
from hypothesis import strategies as st

from main import open_shop
from pos.accounts.errors import (
    AccountBlocked,
    BankFileRejected,
    BankFileUnreadable,
    FreeBalanceShort,
    InvalidAccountNumber,
    InvalidBankAccount,
    OrderRecorded,
    ThirdPartyAccount,
)
from pos.accounts.ledger import Movement
from pos.accounts.transfer_rules import Direction, iban_with_checks
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.reports.tables import ReportKind
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.fuzz_helpers import FUZZ
from tests.integration.skks_helpers import connect, kinds, skks_shop
from tests.skks_simulator import SimulatedController
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal
ON = date(2026, 11, 27)
PAYER_BANK = iban_with_checks("ALFA30120000012345678901")
OTHER_BANK = iban_with_checks("BPSB30120000098765432101")
SHOP_BANK = iban_with_checks("AKBB30120000055555555501")


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


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def account(db_shop: Shop) -> str:
    return db_shop.login("anna", "4821").open_account(document=PASSPORT).number


def shown_number(number: str) -> str:
    return f"{number[:6]}-{number[6:9]}-{number[9:]}"


def one_c(*documents: str, own: str = SHOP_BANK) -> bytes:
    """A 1C client-bank exchange file, in Windows-1251 as banks write it."""
    head = [
        "1CClientBankExchange",
        "ВерсияФормата=1.03",
        "Кодировка=Windows",
        "Отправитель=Интернет-банк",
        "ДатаНачала=27.11.2026",
        "ДатаКонца=27.11.2026",
        f"РасчСчет={own}",
        "СекцияРасчСчет",
        f"РасчСчет={own}",
        "НачальныйОстаток=0.00",
        "КонецРасчСчет",
    ]
    text = "\r\n".join([*head, *documents, "КонецФайла", ""])
    return text.encode("cp1251")


def document(number: str, amount: str, purpose: str, payer_bank: str = PAYER_BANK) -> str:
    fields = [
        "СекцияДокумент=Платежное поручение",
        f"Номер={number}",
        "Дата=27.11.2026",
        f"Сумма={amount}",
        f"ПлательщикСчет={payer_bank}",
        "Плательщик=ИВАНОВ П. С.",
        "Плательщик1=Иванов Пётр Сергеевич",
        f"ПолучательСчет={SHOP_BANK}",
        "Получатель1=ООО «Букмекер»",
        "ДатаПоступило=27.11.2026",
        f"НазначениеПлатежа={purpose}",
        "КонецДокумента",
    ]
    return "\r\n".join(fields)


def test_p7_a_transfer_goes_onto_the_account_and_out_to_the_same_bank_account(
    db_shop: Shop, boss: Desk, account: str, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    expected = anna.shift().summary.expected
    before = printer.output
    after = boss.record_transfer(
        account,
        D("200"),
        payer="Иванов П. С.",
        order="124",
        on=ON,
        bank_account=f" {PAYER_BANK[:4]} {PAYER_BANK[4:]} ",
    )
    assert (after.free, after.blocked) == (D("200.00"), D("0.00"))
    out = boss.transfer_out(account, D("150"), order="77")
    assert out.free == D("50.00")

    lines = db_shop.account(account).statement()
    assert [(line.kind, line.amount, line.free_after) for line in lines] == [
        (Movement.TRANSFER_IN, D("200.00"), D("200.00")),
        (Movement.TRANSFER_OUT, D("-150.00"), D("50.00")),
    ]
    assert lines[0].reference == "п/п № 124 от 27.11.2026"
    assert lines[1].reference == "п/п № 77 от 30.11.2026"  # the shop's order, dated today
    # No cash moved: no receipt printed, the drawer and the cash journal as they were.
    assert printer.output == before
    assert anna.shift().summary.expected == expected
    assert db_shop.journal() == []
    register = boss.account_transfers(account)
    assert [(t.direction, t.amount, t.bank_account) for t in register] == [
        (Direction.IN, D("200.00"), PAYER_BANK),
        (Direction.OUT, D("150.00"), PAYER_BANK),
    ]
    assert [t.account_number for t in boss.transfers_by_order("0124")] == [account]
    with db_shop.unit_of_work() as uow:
        audit = [record.action for record in uow.audit.recent(5)]
    assert AuditAction.ACCOUNT_TRANSFER_IN in audit and AuditAction.ACCOUNT_TRANSFER_OUT in audit
    assert db_shop.verify().ok


def test_p7_the_same_payment_order_twice_is_refused(boss: Desk, account: str) -> None:
    boss.record_transfer(
        account, "200", payer="Иванов П. С.", order="124", on=ON, bank_account=PAYER_BANK
    )
    with pytest.raises(OrderRecorded, match=re.escape("№ 124 от 27.11.2026 уже записано")):
        boss.record_transfer(account, "200", payer="Иванов П. С.", order="000124", on="27.11.2026")
    # Another payer's bank numbers its orders apart: its № 124 of the day is another order.
    boss.record_transfer(account, "5", payer="Петров", order="124", on=ON, bank_account=OTHER_BANK)
    boss.transfer_out(account, "1", order="77", bank_account=PAYER_BANK, on=ON)
    with pytest.raises(
        OrderRecorded, match=re.escape("№ 77 от 27.11.2026")
    ):  # the shop's own, once too
        boss.transfer_out(account, "1", order="77", bank_account=OTHER_BANK, on=ON)
    assert boss.account(account).free == D("204.00")


def test_p7_money_goes_out_only_to_a_bank_account_that_sent_it(
    db_shop: Shop, boss: Desk, account: str
) -> None:
    db_shop.login("anna", "4821").deposit(account, "50")  # cash leaves as cash, to the holder
    with pytest.raises(ThirdPartyAccount, match="не поступало переводов с известного"):
        boss.transfer_out(account, "10", order="1")
    boss.record_transfer(account, "100", payer="Иванов", order="1", on=ON, bank_account=PAYER_BANK)
    with pytest.raises(ThirdPartyAccount, match="только на банковский счёт, с которого"):
        boss.transfer_out(account, "10", order="2", bank_account=OTHER_BANK)
    boss.record_transfer(account, "100", payer="Иванов", order="2", on=ON, bank_account=OTHER_BANK)
    with pytest.raises(ThirdPartyAccount, match="укажите, на какой"):
        boss.transfer_out(account, "10", order="3")
    assert boss.transfer_out(account, "10", order="3", bank_account=OTHER_BANK).free == D("240.00")
    with pytest.raises(InvalidBankAccount):
        boss.transfer_out(account, "10", order="4", bank_account=PAYER_BANK[:-1] + "0")


def test_p7_the_free_balance_never_goes_below_zero(boss: Desk, account: str) -> None:
    boss.record_transfer(account, "100", payer="Иванов", order="1", on=ON, bank_account=PAYER_BANK)
    with pytest.raises(FreeBalanceShort, match=re.escape("не хватает 0,01 руб.")):
        boss.transfer_out(account, "100.01", order="2")
    assert boss.transfer_out(account, "100", order="2").free == D("0.00")


def test_p7_only_a_manager_records_transfers(db_shop: Shop, account: str) -> None:
    anna = db_shop.login("anna", "4821")
    with pytest.raises(NotPermitted):
        anna.record_transfer(account, "100", payer="Иванов", order="1", on=ON)
    with pytest.raises(NotPermitted):
        anna.transfer_out(account, "1", order="1")
    with pytest.raises(NotPermitted):
        anna.load_bank_statement(b"")


def test_p7_a_blocked_or_unknown_account_takes_no_transfer(boss: Desk, account: str) -> None:
    boss.block_account(account, "проверка")
    with pytest.raises(AccountBlocked):
        boss.record_transfer(account, "1", payer="Иванов", order="1", on=ON)
    boss.unblock_account(account)
    typo = account[:-1] + str((int(account[-1]) + 1) % 10)
    with pytest.raises(InvalidAccountNumber):
        boss.record_transfer(typo, "1", payer="Иванов", order="1", on=ON)


def test_p7_a_1c_bank_statement_in_windows_1251_is_loaded_whole(
    db_shop: Shop, boss: Desk, account: str, tmp_path: Path
) -> None:
    second = db_shop.login("anna", "4821").open_account(document=ID_CARD).number
    outgoing = document("9", "1000.00", "Аренда", payer_bank=SHOP_BANK)
    data = one_c(
        document("124", "200.00", f"Пополнение счета игрока {shown_number(account)}"),
        outgoing,
        document("125", "50.50", f"Счёт игрока №{second}. Без НДС", payer_bank=OTHER_BANK),
    )
    path = tmp_path / "kl_to_1c.txt"
    path.write_bytes(data)
    loaded = boss.load_bank_statement(str(path))
    assert (loaded.name, loaded.transfers, loaded.total) == ("kl_to_1c.txt", 2, D("250.50"))
    assert loaded.accounts == (account, second)
    assert boss.account(account).free == D("200.00")
    assert boss.account(second).free == D("50.50")
    register = boss.account_transfers(account)
    assert register[0].payer == "Иванов Пётр Сергеевич" and register[0].source == "kl_to_1c.txt"
    with pytest.raises(BankFileRejected, match="уже записано"):
        boss.load_bank_statement(path)  # the same statement twice: nothing again
    assert db_shop.verify().ok


def test_p7_a_csv_bank_statement_is_loaded(boss: Desk, account: str) -> None:
    text = (
        "дата;поручение;сумма;плательщик;счёт_плательщика;счёт_игрока\n"
        f"27.11.2026;31;10,00;Иванов П. С.;{PAYER_BANK};{shown_number(account)}\n"
        f"27.11.2026;32;5.25;Иванов П. С.;;{account}\n"
    )
    loaded = boss.load_bank_statement("выписка.csv", text.encode("cp1251"))
    assert (loaded.transfers, loaded.total) == (2, D("15.25"))
    assert boss.account(account).free == D("15.25")


def test_p7_a_bad_line_refuses_the_whole_file_naming_its_line(boss: Desk, account: str) -> None:
    good = document("124", "200.00", f"Пополнение счета {account}")
    unknown = document("125", "1.00", "Пополнение счета 000999-999-99")
    bad_amount = document("126", "1,005", f"Пополнение счета {account}")
    repeated = document("124", "3.00", f"Пополнение счета {account}")
    nothing = document("127", "3.00", "Пополнение")
    data = one_c(good, unknown, bad_amount, repeated, nothing)
    with pytest.raises(BankFileRejected) as refused:
        boss.load_bank_statement("vypiska.txt", data)
    sentence = str(refused.value)
    assert "Выписка «vypiska.txt» не загружена, ничего не зачислено" in sentence
    lines = [line for line, _ in refused.value.problems]
    assert lines == [24, 36, 48, 60]  # each document by its СекцияДокумент line
    assert "строка 24: «00099999999» — не номер счёта игрока" in sentence
    assert "строка 36: Неверная сумма" in sentence
    assert "строка 48: Платёжное поручение № 124 от 27.11.2026 уже записано" in sentence
    assert "строка 60: в назначении платежа нет номера счёта игрока" in sentence
    assert boss.account(account).free == D("0.00")
    assert boss.account_transfers(account) == []
    csv = "дата;поручение;сумма;плательщик;счёт_плательщика;счёт_игрока\n27.11.2026;1;-5;И;;1\n"
    with pytest.raises(BankFileRejected, match="строка 2: Неверная сумма"):
        boss.load_bank_statement(csv)
    with pytest.raises(BankFileUnreadable, match="не прочитан"):
        boss.load_bank_statement("/nonexistent/vypiska.txt")


def test_p7_the_x_report_the_shifts_report_and_the_statement_keep_cash_and_cashless_apart(
    db_shop: Shop, boss: Desk, account: str, printer: Dummy
) -> None:
    anna = db_shop.login("anna", "4821")
    anna.deposit(account, "50")
    boss.record_transfer(
        account, "200", payer="Иванов", order="124", on=ON, bank_account=PAYER_BANK
    )
    boss.transfer_out(account, "150,25", order="77")
    printer.clear()
    report = anna.x_report()
    assert (report.cashless.transfers_in, report.cashless.transfers_out) == (
        D("200.00"),
        D("150.25"),
    )
    lines = _printed(printer)
    assert "Безналичные (без чека, не в кассе)" in lines
    assert _line(lines, "Переводы на счета").endswith(" 200,00 руб.")
    assert _line(lines, "Переводы со счетов").endswith(" 150,25 руб.")
    assert _line(lines, "Пополнения счетов").endswith(" 50,00 руб.")  # cash: its own line
    assert _line(lines, "Наличные за смену").endswith(" 50,00 руб.")  # no transfer in it
    anna.z_report()
    printer.clear()
    anna.print_last_z_report()  # the copy reads the day's transfers again
    assert _line(_printed(printer), "Переводы со счетов").endswith(" 150,25 руб.")

    shifts = boss.report(ReportKind.SHIFTS, date(2026, 11, 30), date(2026, 11, 30))
    assert shifts.notes[-1] == (
        "Безналичные операции за период (не в кассе и без чека, в колонки не входят): "
        "переводы на счета — 1 на 200,00 руб.; переводы со счетов — 1 на 150,25 руб."
    )
    earlier = boss.report(ReportKind.SHIFTS, date(2026, 11, 29), date(2026, 11, 29))
    assert not any("Безналичные" in note for note in earlier.notes)

    printer.clear()
    boss.print_statement(account)
    paper = _printed(printer)
    assert "Перевод на счёт (безнал.)" in " ".join(paper)
    assert _line(paper, "Наличными, итого").endswith(" 50,00 руб.")
    assert _line(paper, "Переводами, итого").endswith(" 49,75 руб.")


def _printed(printer: Dummy) -> list[str]:
    """The printed job's text lines, read back from its ESC/POS bytes."""
    return [line.strip() for line in read_job(printer.output, "TM-T20II").lines]


def _line(lines: list[str], words: str) -> str:
    found = [line for line in lines if line.startswith(words)]
    assert len(found) == 1, (words, lines)
    return found[0]


# --- the money adds up, whatever the order of transfers in and out ----------------------


OPERATIONS = st.lists(
    st.tuples(st.booleans(), st.integers(1, 30_000), st.booleans()), min_size=1, max_size=12
)


@FUZZ
@given(operations=OPERATIONS)
def test_p7_any_transfers_in_and_out_keep_the_ledger_equal_to_its_statement(
    fuzz_shop: Shop, manager: Desk, operations: list[tuple[bool, int, bool]]
) -> None:
    number = _fuzz_account(fuzz_shop)
    for incoming, kopecks, other in operations:
        amount = D(kopecks) / 100
        order = str(next(_ORDERS))
        bank = OTHER_BANK if other else PAYER_BANK
        try:
            if incoming:
                manager.record_transfer(
                    number, amount, payer="Иванов", order=order, on=ON, bank_account=bank
                )
            else:
                manager.transfer_out(number, amount, order=order, bank_account=bank)
        except (FreeBalanceShort, ThirdPartyAccount):
            pass
    view = fuzz_shop.account(number)
    lines = view.statement()
    assert view.free >= 0 and all(line.free_after >= 0 for line in lines)
    assert sum((line.amount for line in lines), D("0.00")) == view.free
    register = manager.account_transfers(number)
    assert sum((t.signed for t in register), D("0.00")) == view.free  # each one on it
    assert fuzz_shop.verify().ok


_ORDERS = iter(range(10_000, 10**9))
_FUZZ_ACCOUNTS: dict[int, str] = {}


def _fuzz_account(shop: Shop) -> str:
    """One account for the module's shop, opened once."""
    key = id(shop)
    if key not in _FUZZ_ACCOUNTS:
        _FUZZ_ACCOUNTS[key] = shop.login("anna", "4821").open_account(document=ID_CARD).number
    return _FUZZ_ACCOUNTS[key]


def test_p7_the_skks_hears_each_transfer_as_its_own_kind(
    db_url: str, clock: FixedClock, controller: SimulatedController
) -> None:
    with skks_shop(db_url, clock) as shop:
        number = shop.login("anna", "4821").open_account(document=PASSPORT).number
        connect(shop, controller)
        boss = shop.login("boss", "9911")
        boss.record_transfer(
            number, "200", payer="Иванов", order="124", on=ON, bank_account=PAYER_BANK
        )
        boss.transfer_out(number, "150", order="77")
        assert kinds(controller)[-2:] == ["transfer_in", "transfer_out"]
        sent = controller.message(controller.log()[-1]["id"])
        assert (sent["amount"], sent["account"], sent["bank_account"]) == (
            15000,
            number,
            PAYER_BANK,
        )
        assert sent["participant"]["surname"] == "Иванов"  # the account's holder (6.5.5)
        assert shop.skks_status().unsent == 0
