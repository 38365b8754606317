"""A studio's file of roulette spins (issue 36, DESIGN.md Roulette): read all or nothing, each
problem named by its line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.core.errors import PosError
from pos.roulette.errors import SpinsFileRejected
from pos.roulette.files import SpinLine, read_spins


def test_spins_and_cancelled_draws_are_read_in_order() -> None:
    text = "тираж;число\n512;17\n513;отменён;шарик вылетел\n\n# повтор\n514\t0\n"
    assert read_spins("спины.txt", text.encode()) == [
        SpinLine(2, 512, 17),
        SpinLine(3, 513, None, "шарик вылетел"),
        SpinLine(6, 514, 0),
    ]


def test_a_file_with_problems_records_nothing_and_names_each_line() -> None:
    text = "512;37\n513;1\n513;2\n514\n515;1;2\n516;отменён\n"
    with pytest.raises(SpinsFileRejected) as rejected:
        read_spins("b.txt", text.encode())
    assert str(rejected.value) == (
        "Результаты рулетки из файла «b.txt» не загружены, ничего не изменено. Исправьте: "
        "строка 1: «37» — не число колеса: числа от 0 до 36; "
        "строка 3: тираж № 513 уже был в файле; "
        "строка 4: нужны два поля: тираж и выпавшее число (или «отменён» и причина); "
        "строка 5: после выпавшего числа полей быть не должно; "
        "строка 6: у отменённого тиража нужна причина."
    )


def test_a_file_not_in_utf8_or_empty_is_refused() -> None:
    with pytest.raises(SpinsFileRejected, match="не в кодировке UTF-8"):
        read_spins("a.txt", "512;17".encode("cp1251") + b"\xff")
    with pytest.raises(SpinsFileRejected, match="нет ни одного тиража"):
        read_spins("a.txt", b"# nothing\n")


@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_file_reads_or_is_refused_in_words(data: bytes) -> None:
    try:
        spins = read_spins("f.txt", data)
    except PosError as refused:
        assert str(refused)
    else:
        assert all(spin.came_up is None or 0 <= spin.came_up <= 36 for spin in spins)
