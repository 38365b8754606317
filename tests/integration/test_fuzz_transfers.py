"""What a manager types or loads for bank transfers (issue 37, p.7), fuzzed on SQLite and on
PostgreSQL: every field of a transfer in and out, and the bank statement file in both formats
— nothing but a PosError comes out, and what the database cannot store never reaches it."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.accounts.bank_files import CSV_HEADER, MAGIC
from pos.accounts.transfer_rules import iban_with_checks
from pos.shop.desk import Desk
from tests.documents import PASSPORT_HB
from tests.integration.fuzz_helpers import (
    AMOUNTS,
    CELLS,
    DIGITS,
    FUZZ,
    TEXT,
    WORDS,
    _refused_or_done,
)

pytestmark = pytest.mark.integration

BANK = iban_with_checks("ALFA30120000012345678901")
ORDERS = st.one_of(TEXT, DIGITS, st.integers(-5, 10**25), st.sampled_from(["124", "0", "А-1/2"]))
DATES = st.one_of(
    TEXT,
    st.dates(),
    st.sampled_from(["27.11.2026", "31.02.2026", "2026-11-27", "00.00.0000", "1.1.1"]),
)
BANKS = st.one_of(
    st.none(), TEXT, st.sampled_from([BANK, BANK.lower(), BANK[:-1] + "9", "BY" + "0" * 26, ""])
)
_orders = iter(range(1, 10**9))


@pytest.fixture(scope="module")
def account(manager: Desk) -> str:
    """A player's account with a transfer on it, so that money may go back out."""
    number = manager.open_account(document=PASSPORT_HB).number
    manager.record_transfer(
        number, "1000", payer="Шевчук Д. О.", order="1", on=date(2026, 11, 27), bank_account=BANK
    )
    return number


@FUZZ
@given(amount=AMOUNTS, payer=WORDS, order=ORDERS, on=DATES, bank=BANKS, number=CELLS)
@example(amount="10", payer="Иванов", order="\x00", on="27.11.2026", bank=None, number="")
@example(amount="10", payer="a\x00b", order="5", on="\ud800", bank="\ud800", number="\x00")
def test_p7_every_field_of_a_transfer_as_typed(
    manager: Desk,
    account: str,
    amount: object,
    payer: object,
    order: object,
    on: object,
    bank: object,
    number: object,
) -> None:
    for target in (account, number):
        _refused_or_done(
            lambda target=target: manager.record_transfer(
                target, amount, payer=payer, order=order, on=on, bank_account=bank
            )
        )
        _refused_or_done(
            lambda target=target: manager.transfer_out(
                target, amount, order=order, bank_account=bank, on=on
            )
        )
    _refused_or_done(lambda: manager.transfers_by_order(order, on))
    _refused_or_done(lambda: manager.account_transfers(number))


def _one_c(fields: list[tuple[str, str]]) -> str:
    body = "\r\n".join(f"{key}={value}" for key, value in fields)
    return f"{MAGIC}\r\nСекцияДокумент=Платежное поручение\r\n{body}\r\nКонецДокумента\r\n"


KEYS = st.sampled_from(
    ["Номер", "Дата", "Сумма", "ПлательщикСчет", "Плательщик", "Плательщик1",
     "НазначениеПлатежа", "ДатаСписано", "ДатаПоступило", "РасчСчет", "СекцияДокумент",
     "КонецДокумента", ""]
)  # fmt: skip
ONE_C = st.lists(st.tuples(KEYS, CELLS), max_size=12).map(_one_c)
CSV = st.lists(st.lists(CELLS, min_size=0, max_size=7), max_size=5).map(
    lambda rows: "\n".join([";".join(CSV_HEADER), *(";".join(row) for row in rows)])
)
FILES = st.one_of(
    st.binary(max_size=300),
    ONE_C.map(lambda text: text.encode("cp1251", errors="replace")),
    ONE_C.map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    CSV.map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    CSV,
    ONE_C,
    TEXT,
)


@FUZZ
@given(data=FILES, name=WORDS)
@example(data=b"\xff\xfe\x00", name="\x00")
@example(data=f"{MAGIC}\nСекцияДокумент=\nСумма=1e30\n", name="v.txt")
def test_p7_a_bank_statement_file_as_loaded(
    manager: Desk, account: str, data: bytes | str, name: str
) -> None:
    _refused_or_done(lambda: manager.load_bank_statement(data))
    if isinstance(data, bytes):
        _refused_or_done(lambda: manager.load_bank_statement(name, data))


@FUZZ
@given(amount=st.decimals("0.01", "99999", places=2), bank=st.sampled_from([BANK, ""]))
def test_p7_a_good_line_of_a_generated_file_is_loaded(
    manager: Desk, account: str, amount: object, bank: str
) -> None:
    order = next(_orders) + 1_000
    text = "\n".join(
        [";".join(CSV_HEADER), f"27.11.2026;{order};{amount};Шевчук Д. О.;{bank};{account}"]
    )
    loaded = manager.load_bank_statement(text)
    assert (loaded.transfers, loaded.accounts) == (1, (account,))
