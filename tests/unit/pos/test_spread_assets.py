"""pos.spread's assets and quotes as the manager types them (p.25, p.27; DESIGN.md «Спрэдбет»)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from pos.core.errors import PosError
from pos.core.input_errors import InvalidAmount
from pos.spread.asset_errors import (
    AskNotAboveBid,
    InvalidAssetCode,
    InvalidAssetKind,
    InvalidAssetName,
    InvalidMaintenance,
    InvalidMarginPoints,
    InvalidPoint,
    InvalidPrice,
    PriceNotInPoints,
    StaleQuote,
)
from pos.spread.assets import (
    Asset,
    AssetKind,
    make_asset,
    make_quote,
    quote_age_refusal,
)
from tests.unit.pos.spread_helpers import BRENT, BRENT_TYPED, GOLD, T0, D, _quote


def test_p25_an_asset_is_made_from_what_the_manager_typed() -> None:
    assert make_asset(*BRENT_TYPED) == Asset(
        "BRENT",
        "Нефть Brent, фьючерс",
        AssetKind.FUTURE,
        D("0.01"),
        100,
        D("0.5"),
        D("0.10"),
        D(50),
    )
    index = make_asset(" imoex ", "  Индекс  МосБиржи ", "Индекс", "0,25", "5", "1", "1", "1")
    assert (index.code, index.name, index.kind, index.point) == (
        "IMOEX",
        "Индекс МосБиржи",
        AssetKind.INDEX,
        D("0.25"),
    )
    assert make_asset("SBER", "Сбербанк", "акция", "1", 1, "0.3", "1", "2").kind is AssetKind.SHARE


@pytest.mark.parametrize(
    ("field", "value", "refusal", "words"),
    [
        ("code", "BRENT OIL", InvalidAssetCode, "«BRENT OIL»"),
        ("code", "НЕФТЬ", InvalidAssetCode, "латинские"),
        ("code", "A" * 17, InvalidAssetCode, "от 1 до 16"),
        ("name", "  ", InvalidAssetName, "Название актива"),
        ("kind", "облигация", InvalidAssetKind, "акция, фьючерс, индекс"),
        ("point", "0", InvalidPoint, "«0»"),
        ("point", "0,0000001", InvalidPoint, "6 знаков"),
        ("point", 0.01, InvalidPoint, "«0.01»"),
        ("margin_points", "0", InvalidMarginPoints, "от 1 до 1000000"),
        ("margin_points", "12,5", InvalidMarginPoints, "«12,5»"),
        ("maintenance", "0", InvalidMaintenance, "больше 0 и не больше 1"),
        ("maintenance", "1,01", InvalidMaintenance, "«1,01»"),
        ("min_stake", "0", InvalidAmount, "больше нуля"),
        ("max_stake", "1,005", InvalidAmount, "целых копейках"),
    ],
)
def test_p25_an_asset_with_a_wrong_term_is_refused_naming_it(
    field: str, value: object, refusal: type[PosError], words: str
) -> None:
    given = {
        "code": "BRENT",
        "name": "Нефть",
        "kind": "future",
        "point": "0.01",
        "margin_points": "100",
        "maintenance": "0.5",
        "min_stake": "0.10",
        "max_stake": "50",
    } | {field: value}
    with pytest.raises(refusal, match=words):
        make_asset(**given)


def test_p25_the_ask_is_above_the_bid() -> None:
    quote = _quote("74,10", "74,14")
    assert (quote.bid, quote.ask, quote.asset, quote.author) == (
        D("74.10"),
        D("74.14"),
        "BRENT",
        "boss",
    )
    for bid, ask in (("74.14", "74.10"), ("74.12", "74.12")):
        with pytest.raises(AskNotAboveBid) as refused:
            _quote(bid, ask)
        words = str(refused.value)
        assert f"аск {ask.replace('.', ',')}" in words and f"бида {bid.replace('.', ',')}" in words


def test_p25_a_quote_is_in_whole_points_of_its_asset() -> None:
    with pytest.raises(PriceNotInPoints, match=r"бид 74,105 .* пункт актива 0,01"):
        _quote("74.105", "74.14")
    with pytest.raises(PriceNotInPoints, match=r"аск 1500,05 .* пункт актива 0,1"):
        _quote("1500.0", "1500.05", GOLD)
    assert _quote("1500.1", "1500.3", GOLD).ask == D("1500.3")


@pytest.mark.parametrize(
    ("bid", "ask", "words"),
    [
        ("0", "0.04", "Бид «0» не принят: котировка должна быть больше нуля"),
        ("-1", "0.04", "Бид «-1»"),
        ("74.10", "много", "Аск «много» не принят: нужно число"),
        ("74.10", 74.14, "Аск «74.14» не принят: нужно число"),
        ("74.10", D("NaN"), "Аск «NaN»"),
        ("74.10", "1" * 15, "меньше 1 000 000 000 000"),
    ],
)
def test_p25_prices_are_exact_numbers_above_zero(bid: object, ask: object, words: str) -> None:
    with pytest.raises(InvalidPrice, match=words):
        make_quote(BRENT, bid, ask, T0, "boss", 1)


def test_p25_every_quote_is_a_new_version_with_its_time_and_author() -> None:
    first, second = _quote("74.10", "74.14", version=1), _quote("74.20", "74.24", version=2)
    assert (first.version, second.version) == (1, 2) and second.at > first.at
    with pytest.raises(ValueError, match="aware"):
        make_quote(BRENT, "1", "2", datetime(2026, 1, 1), "boss", 1)  # noqa: DTZ001 - the bug


def test_p30_a_quote_older_than_allowed_refuses_with_its_age_and_time() -> None:
    quote = _quote("74.10", "74.14", version=1)  # at 09:01 UTC
    now = quote.at + timedelta(minutes=3, seconds=20)
    assert quote_age_refusal(quote, now, timedelta(minutes=5)) is None
    assert quote_age_refusal(quote, quote.at - timedelta(seconds=2), timedelta(0)) is None
    refusal = quote_age_refusal(quote, now, timedelta(minutes=1))
    assert isinstance(refusal, StaleQuote)
    assert str(refusal) == (
        "Котировка BRENT от 02.03.2026 09:01:00 устарела: ей 3 минуты 20 секунд, а допустимый "
        "возраст котировки — 1 минута. Попросите менеджера обновить котировку."
    )
