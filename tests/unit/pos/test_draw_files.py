"""Reading a file of Bet-on-Poker results: the draws, cancellations, and every bad line named."""

from __future__ import annotations

import pytest

from pos.poker.errors import DrawFileRejected
from pos.poker.files import DrawLine, read_draw_results

GOOD = (
    "тираж;руки;стол\n"
    "96013;AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d\n"
    "\n"
    "# the studio lost a card\n"
    "96014;отменён;сканер не считал карту\n"
)


def test_a_file_reads_into_its_draws() -> None:
    assert read_draw_results("feed.csv", GOOD.encode("utf-8-sig")) == [
        DrawLine(2, 96013, ("AsKs", "QhQd", "7c8c", "2d2h", "JsTd", "9h9c"), "Ac7h3sKd5d"),
        DrawLine(5, 96014, None, "", "сканер не считал карту"),
    ]


def test_commas_tabs_and_lower_case_ranks_read_too() -> None:
    (draw,) = read_draw_results("f.csv", b"7\tas ks qh qd 7c 8c 2d 2h js td 9h 9c\tac 7h 3s kd 5d")
    assert draw.hands is not None and draw.hands[0] == "AsKs" and draw.board == "Ac7h3sKd5d"


def test_every_bad_line_is_named_and_nothing_is_read() -> None:
    text = (
        "тираж;руки;стол\n"
        "1;AsKs QhQd;Ac7h3sKd5d\n"
        "2;AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h\n"
        "x;AsKs;Ac\n"
        "4;отменён;\n"
        "5;AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5z\n"
        "6;AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d\n"
        "6;отменён;дубль\n"
    )
    with pytest.raises(DrawFileRejected) as rejected:
        read_draw_results("feed.csv", text.encode())

    assert str(rejected.value) == (
        "Результаты тиражей из файла «feed.csv» не загружены, ничего не изменено. Исправьте: "
        "строка 2: нужны 12 карт рук (по две на шесть рук), а их 4; "
        "строка 3: нужны 5 карт стола, а их 2; "
        "строка 4: Поле «Номер тиража» не принято: «x» — нужно целое число цифрами от 1 до "
        "2146483647; "
        "строка 5: у отменённого тиража нужна причина; "
        "строка 6: не карта: «5z»; "
        "строка 8: тираж № 6 уже был в файле."
    )


@pytest.mark.parametrize("data", [b"", b"\xff\xfe", "тираж;руки;стол\n".encode()])
def test_an_empty_or_unreadable_file_is_refused(data: bytes) -> None:
    with pytest.raises(DrawFileRejected):
        read_draw_results("feed.csv", data)


@pytest.mark.parametrize("number", ["²", "٤", "1" * 4301, "1234567890123", "0"])
def test_a_draw_number_that_is_not_one_is_refused_in_russian(number: str) -> None:
    text = f"тираж;руки;стол\n{number};отменён;сбой\n"
    with pytest.raises(DrawFileRejected) as rejected:
        read_draw_results("feed.csv", text.encode())

    ((line, problem),) = rejected.value.problems
    assert line == 2
    assert problem.startswith("Поле «Номер тиража» не принято: ")
    assert "invalid literal" not in problem and "Exceeds" not in problem


@pytest.mark.parametrize("reason", ["сбой\x00", "с" * 201])
def test_a_cancel_reason_no_database_can_store_is_refused_with_its_line(reason: str) -> None:
    text = f"тираж;руки;стол\n7;отменён;{reason}\n"
    with pytest.raises(DrawFileRejected) as rejected:
        read_draw_results("feed.csv", text.encode())

    ((line, problem),) = rejected.value.problems
    assert line == 2
    assert problem.startswith("Поле «Причина отмены тиража» не принято: ")
