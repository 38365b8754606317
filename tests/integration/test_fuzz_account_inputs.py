"""What a cashier or a manager types, scans or loads for players' accounts and «Спрэдбет»
(issue 19), fuzzed on SQLite and on PostgreSQL: nothing but a PosError comes out, and what
the database cannot store never reaches it (see test_fuzz_inputs.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.shop.desk import Desk
from tests.documents import PASSPORT
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

NUMBERS = st.one_of(TEXT, DIGITS, st.sampled_from(["", "000001-000-00", "1234567890123", "²"]))
PRICES = st.one_of(AMOUNTS, st.sampled_from(["74,10", "0.001", "-1", "1e12", "74.105"]))


@pytest.fixture(scope="module")
def account(manager: Desk, cashier: Desk) -> str:
    """A player's account with money on it, and an asset quoted."""
    manager.add_asset(
        "BRENT",
        name="Нефть Brent",
        point=Decimal("0.01"),
        margin_points=100,
        maintenance=Decimal("0.5"),
        min_stake=Decimal("0.10"),
        max_stake=Decimal("50"),
    )
    manager.set_quote("BRENT", bid="74.10", ask="74.14")
    number = cashier.open_account(document=PASSPORT).number
    cashier.deposit(number, "1000")
    return number


@FUZZ
@given(number=NUMBERS, amount=AMOUNTS)
@example(number="", amount="10")
@example(number="\x00", amount="10")
def test_an_account_number_and_an_amount_as_typed(
    cashier: Desk, account: str, number: str, amount: object
) -> None:
    _refused_or_done(lambda: cashier.account(number))
    _refused_or_done(lambda: cashier.deposit(number, amount))
    _refused_or_done(lambda: cashier.deposit(account, amount))
    _refused_or_done(lambda: cashier.withdraw(account, amount, document=PASSPORT))


@FUZZ
@given(code=WORDS, direction=WORDS, stake=AMOUNTS, number=NUMBERS)
@example(code="brent", direction="вверх", stake="0,10", number="")
@example(code="BRENT\x00", direction="up", stake="1", number="\ud800")
def test_a_spread_bet_as_typed(
    cashier: Desk, account: str, code: str, direction: str, stake: object, number: str
) -> None:
    _refused_or_done(lambda: cashier.open_spread(account, code, direction, stake=stake))
    _refused_or_done(lambda: cashier.open_spread(account, "BRENT", direction, stake=stake))
    _refused_or_done(lambda: cashier.close_spread(number, stake=stake))
    _refused_or_done(lambda: cashier.cancel_spread(number))
    _refused_or_done(lambda: cashier.spread(number))


@FUZZ
@given(
    code=WORDS,
    name=WORDS,
    kind=WORDS,
    point=PRICES,
    margin=st.one_of(AMOUNTS, st.integers()),
    bid=PRICES,
    ask=PRICES,
)
@example(code="GOLD", name="Золото", kind="фьючерс", point="0,1", margin="10", bid="1", ask="2")
def test_an_asset_and_a_quote_as_typed(
    manager: Desk,
    account: str,
    code: str,
    name: str,
    kind: str,
    point: object,
    margin: object,
    bid: object,
    ask: object,
) -> None:
    _refused_or_done(
        lambda: manager.add_asset(
            code,
            name=name,
            kind=kind,
            point=point,
            margin_points=margin,
            maintenance=point,
            min_stake=bid,
            max_stake=ask,
        )
    )
    _refused_or_done(lambda: manager.set_quote(code, bid=bid, ask=ask))


@FUZZ
@given(
    rows=st.lists(st.tuples(CELLS, CELLS, CELLS), max_size=4),
    raw=st.binary(max_size=200),
    name=st.sampled_from(["котировки.csv", "котировки.json", "реестр.csv", "x.txt", "\x00.csv"]),
)
def test_quotes_and_the_self_exclusion_register_as_loaded(
    manager: Desk, account: str, rows: list[tuple[str, str, str]], raw: bytes, name: str
) -> None:
    text = "Код;Бид;Аск\n" + "".join(f"{a};{b};{c}\n" for a, b, c in rows)
    for data in (text.encode("utf-8", "surrogatepass"), raw):
        _refused_or_done(lambda data=data: manager.import_quotes(name, data))
        _refused_or_done(lambda data=data: manager.load_self_exclusions(name, data))
    manager.load_self_exclusions("пусто.csv", b"AB0000000\n")  # keep the player allowed


@FUZZ
@given(
    event=st.one_of(DIGITS, TEXT, st.integers(), st.sampled_from([101, "101", " 102 ", "²"])),
    market=WORDS,
    side=WORDS,
    coefficient=PRICES,
    stake=AMOUNTS,
    number=NUMBERS,
)
@example(event=101, market="1", side="бэк", coefficient="1,50", stake="10", number="")
@example(event=101, market="П1", side="lay", coefficient="1e9", stake="0,001", number="\x00")
def test_an_offer_and_an_acceptance_as_typed(
    cashier: Desk,
    account: str,
    event: object,
    market: str,
    side: str,
    coefficient: object,
    stake: object,
    number: str,
) -> None:
    _refused_or_done(
        lambda: cashier.offer_pari(
            account, event=event, market=market, side=side, coefficient=coefficient, stake=stake
        )
    )
    _refused_or_done(lambda: cashier.accept_pari(account, number, stake=stake))
    _refused_or_done(lambda: cashier.change_offer(number, coefficient=coefficient, stake=stake))
    _refused_or_done(lambda: cashier.withdraw_offer(number))
    _refused_or_done(lambda: cashier.pari(number))
    _refused_or_done(lambda: cashier.board(event))  # the fuzz found 2**31 reaching the server
