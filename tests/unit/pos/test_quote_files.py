"""pos.spread.quote_files: a manager's quotes file, CSV or JSON, read whole or refused whole with
every bad row named (p.25: the ask above the bid), then checked against the stored assets."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos.core.errors import PosError
from pos.spread.asset_errors import (
    QuoteFileRejected,
)
from pos.spread.assets import make_asset
from pos.spread.quote_files import QuoteRow, check_against, parse_quote_file

D = Decimal
ASSETS = {
    "BRENT": make_asset("BRENT", "Нефть Brent", "future", "0.01", 100, "0.5", "0.10", "50"),
    "IMOEX": make_asset("IMOEX", "Индекс МосБиржи", "index", "0.25", 10, "0.5", "1", "10"),
}


def _problems(name: str, data: bytes) -> list[tuple[int, str]]:
    with pytest.raises(QuoteFileRejected) as refused:
        parse_quote_file(name, data)
    assert str(refused.value).startswith(f"Котировки из файла {name} не загружены")
    return refused.value.problems


def test_a_csv_as_russian_excel_saves_it_is_read() -> None:
    text = (
        "Название;Код;Бид;Аск\r\nНефть;BRENT;74,10;74,14\r\n;;;\r\nИндекс;imoex;3 150,25;3 151\r\n"
    )
    rows = parse_quote_file("котировки.CSV", text.encode("cp1251"))
    assert rows == [
        QuoteRow(2, "BRENT", D("74.10"), D("74.14")),
        QuoteRow(4, "IMOEX", D("3150.25"), D("3151")),
    ]
    assert check_against(rows, ASSETS) == []


def test_a_csv_with_english_headers_commas_and_a_bom_is_read() -> None:
    data = "\ufeffcode,BID,Ask\nBRENT,74.10,74.14\n".encode()
    assert parse_quote_file("q.csv", data) == [QuoteRow(2, "BRENT", D("74.10"), D("74.14"))]


def test_a_json_list_of_quotes_is_read_exactly() -> None:
    text = (
        '[\n {"code": "BRENT", "bid": 74.10, "ask": "74,14"},\n'
        ' {"Код": "IMOEX", "bid": 3150, "ask": 3150.25}\n]'
    )
    data = text.encode()
    rows = parse_quote_file("q.json", data)
    assert rows == [
        QuoteRow(2, "BRENT", D("74.10"), D("74.14")),
        QuoteRow(3, "IMOEX", D("3150"), D("3150.25")),
    ]
    assert all(isinstance(price, Decimal) for row in rows for price in (row.bid, row.ask))


@pytest.mark.parametrize(
    ("name", "data"), [("q.csv", b""), ("q.csv", "Код;Бид;Аск\n;;\n".encode()), ("q.json", b"[]")]
)
def test_an_empty_file_is_refused(name: str, data: bytes) -> None:
    assert _problems(name, data) == [(0, "в файле нет ни одной котировки")]


def test_a_repeated_code_is_refused() -> None:
    data = "Код;Бид;Аск\nBRENT;74,10;74,14\nbrent;74,20;74,24\n".encode()
    assert _problems("q.csv", data) == [(3, "котировка BRENT уже встречалась в этом файле")]


def test_a_missing_column_is_refused_naming_it() -> None:
    (problem,) = _problems("q.csv", b"code;bid\nBRENT;74.10\n")
    assert problem[0] == 1 and "нет обязательных столбцов: ask (аск)" in problem[1]
    assert _problems("q.json", b'[{"bid": "1", "ask": "2"}]') == [(1, "не заполнено поле «code»")]


def test_a_non_number_is_refused() -> None:
    data = "Код;Бид;Аск\nBRENT;семьдесят;74,14\nIMOEX;3150;-1\n".encode()
    assert _problems("q.csv", data) == [
        (2, "Бид «семьдесят» не принят: нужно число, например 74,10."),
        (3, "Аск «-1» не принят: котировка должна быть больше нуля."),
    ]


def test_p25_a_row_whose_ask_is_not_above_its_bid_is_refused() -> None:
    data = "Код;Бид;Аск\nBRENT;74,14;74,10\n".encode()
    ((line, reason),) = _problems("q.csv", data)
    assert line == 2 and "аск 74,10 должен быть выше бида 74,14" in reason


def test_every_bad_row_is_named_the_first_ten_and_the_rest_counted() -> None:
    rows = "\n".join(f"A{index};{index + 1};{index}" for index in range(1, 14))
    problems = _problems("q.csv", f"Код;Бид;Аск\n{rows}\n".encode())
    assert [line for line, _ in problems] == list(range(2, 15))
    with pytest.raises(QuoteFileRejected) as refused:
        parse_quote_file("q.csv", f"Код;Бид;Аск\n{rows}\n".encode())
    words = str(refused.value)
    assert "строка 11:" in words and "строка 12:" not in words and "и ещё ошибок: 3" in words


def test_a_file_neither_csv_nor_json_nor_readable_is_refused() -> None:
    assert _problems("q.xlsx", b"PK") == [(0, "нужен файл .csv или .json, а не «.xlsx»")]
    ((_, reason),) = _problems("q.json", b"{not json")
    assert reason.startswith("это не JSON")
    ((_, reason),) = _problems("q.json", b'{"code": "BRENT"}')
    assert reason.startswith("ожидался список котировок")


def test_rows_are_checked_against_the_stored_assets() -> None:
    rows = [
        QuoteRow(2, "BRENT", D("74.105"), D("74.14")),
        QuoteRow(3, "GOLD", D("1500"), D("1501")),
        QuoteRow(4, "IMOEX", D("3150.25"), D("3150.30")),
    ]
    assert check_against(rows, ASSETS) == [
        (2, "Котировка BRENT не принята: бид 74,105 — не целое число пунктов, пункт актива 0,01."),
        (3, "актива с кодом GOLD нет среди активов — сначала добавьте актив"),
        (4, "Котировка IMOEX не принята: аск 3150,30 — не целое число пунктов, пункт актива 0,25."),
    ]


@settings(max_examples=300)
@given(
    name=st.sampled_from(["q.csv", "q.json"]),
    data=st.binary(max_size=200)
    | st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass"))
    | st.text(st.characters(codec="cp1251"), max_size=200).map(lambda text: text.encode("cp1251")),
)
def test_any_bytes_are_quotes_or_a_pos_error(name: str, data: bytes) -> None:
    try:
        rows = parse_quote_file(name, data)
    except PosError as refused:
        assert refused.message()
    else:
        assert rows and all(row.ask > row.bid > 0 for row in rows)


_CELL = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["BRENT", "74,10", "74.14", "-1", "0", "1e5", "NaN", '"', ";", ","]),
)


@settings(max_examples=300)
@given(
    header=st.lists(
        st.sampled_from(["Код", "code", "Бид", "bid", "Аск", "ask", "x", ""]), max_size=4
    ),
    cells=st.lists(st.lists(_CELL, max_size=4), max_size=5),
    delimiter=st.sampled_from([";", ","]),
)
def test_any_csv_text_is_quotes_or_a_pos_error(
    header: list[str], cells: list[list[str]], delimiter: str
) -> None:
    text = "\n".join(delimiter.join(row) for row in [header, *cells])
    try:
        rows = parse_quote_file("q.csv", text.encode("utf-8", "surrogatepass"))
    except PosError as refused:
        assert refused.message()
    else:
        assert len({row.code for row in rows}) == len(rows)
        assert all(row.ask > row.bid > 0 for row in rows)


_JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(["74.10"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(max_examples=300)
@given(
    items=st.lists(
        st.dictionaries(st.sampled_from(["code", "bid", "ask", "код", "x"]), _JSON_VALUE)
        | _JSON_VALUE,
        max_size=4,
    )
)
def test_any_json_is_quotes_or_a_pos_error(items: list[object]) -> None:
    try:
        rows = parse_quote_file("q.json", json.dumps(items).encode())
    except PosError as refused:
        assert refused.message()
    else:
        assert all(row.ask > row.bid > 0 for row in rows)
