"""Digit strings padded with thousands of zeros are refused by their length (issue 34).

`int()` refuses a string of more than 4,300 digits, leading zeros included; a check that
counted only the significant digits let `"0" * 4301 + "101"` through to it. Each entry point
the issue names is tried here on SQLite and on PostgreSQL: it refuses with the field's own
sentence, and a file names its bad row instead of failing whole.
"""

from __future__ import annotations

import pytest

from pos.betting.errors import InvalidBetKind
from pos.core.clock import FixedClock
from pos.core.input_errors import InvalidNumber
from pos.line.errors import LineFileRejected
from pos.poker.draws import INTERVAL
from pos.poker.errors import DrawFileRejected
from pos.settlement.errors import InvalidResult, ResultsFileRejected
from pos.shop.desk import Desk
from tests.integration.fuzz_helpers import _fresh_event

pytestmark = pytest.mark.integration

PADDED = "0" * 4301 + "101"


def test_an_event_code_padded_with_zeros_is_refused_when_pricing_and_accepting(
    cashier: Desk,
) -> None:
    with pytest.raises(InvalidNumber, match="Код события"):
        cashier.price_bet([(PADDED, "1")], "5")
    with pytest.raises(InvalidNumber, match="Код события"):
        cashier.accept_bet([(PADDED, "1")], "5")


def test_a_system_padded_with_zeros_is_refused_as_a_kind(cashier: Desk) -> None:
    legs = [(101, "1"), (102, "1"), (103, "1")]
    with pytest.raises(InvalidBetKind):
        cashier.price_bet(legs, "6", "система " + "0" * 4301 + "2/3")
    with pytest.raises(InvalidBetKind):
        cashier.accept_bet(legs, "6", "system 2/" + "0" * 4301 + "3")


def test_a_line_file_names_the_row_whose_code_is_padded_with_zeros(manager: Desk) -> None:
    header = "код;спорт;турнир;хозяева;гости;начало;1;Х;2"
    row = f"{PADDED};футбол;;Хозяева;Гости;05.12.2026 19:00;2,10;3,10;4,20"
    with pytest.raises(LineFileRejected) as refused:
        manager.import_line("line.csv", f"{header}\n{row}\n".encode())
    assert [line for line, _ in refused.value.problems] == [2]
    assert "код события «000" in str(refused.value)
    assert len(str(refused.value)) < 300  # the cell is quoted shortened


def test_a_result_padded_with_zeros_is_refused(manager: Desk) -> None:
    code = _fresh_event(manager)
    with pytest.raises(InvalidNumber, match="Код события"):
        manager.record_result(PADDED, 2, 1, source="АБФФ")
    with pytest.raises(InvalidResult, match="счёт «000"):
        manager.record_result(code, "0" * 4301 + "2", 1, source="АБФФ")
    assert all(row.result is None for row in manager.results() if row.event.code == code)


def test_a_results_file_names_the_row_whose_code_is_padded_with_zeros(manager: Desk) -> None:
    header = "код;хозяева;гости;статус;начало_факт;окончание;источник"
    row = f"{PADDED};2;1;;30.11.2026 10:00;30.11.2026 11:50;АБФФ"
    with pytest.raises(ResultsFileRejected) as refused:
        manager.import_results("results.csv", f"{header}\n{row}\n".encode())
    assert [line for line, _ in refused.value.problems] == [2]
    assert len(str(refused.value)) < 300


def test_a_draw_number_padded_with_zeros_is_refused(manager: Desk, fuzz_clock: FixedClock) -> None:
    fuzz_clock.advance(INTERVAL)
    with pytest.raises(InvalidNumber, match="Номер тиража"):
        manager.deal_cards("0" * 4301 + "1", "As Ks")
    content = f"тираж;руки;стол\n{'0' * 4301}1;отменён;сканер\n".encode()
    with pytest.raises(DrawFileRejected) as refused:
        manager.import_draw_results("feed.csv", content)
    assert [line for line, _ in refused.value.problems] == [2]
    assert len(str(refused.value)) < 300


def test_a_code_with_a_few_leading_zeros_is_still_the_code(cashier: Desk) -> None:
    # A scanner or a file may pad a code with zeros; a sane number of them is the same code.
    priced = cashier.price_bet([("000101", "1")], "5")
    assert priced == cashier.price_bet([(101, "1")], "5")
