"""Text fitted to one printer code page: close fallbacks, never a mid-line code-page switch."""

from __future__ import annotations

import pytest

from printing.text import for_code_page

BOTH = ["CP866", "CP1251"]


@pytest.mark.parametrize("code_page", BOTH)
def test_russian_text_and_numero_sign_are_kept(code_page: str) -> None:
    text = "Купон № 17, Шахтёр Солигорск — съешь ещё этих мягких булок"
    fitted = for_code_page(text, code_page)
    assert fitted.startswith("Купон № 17, Шахтёр Солигорск ")
    fitted.encode(code_page)  # encodes, nothing left for escpos to turn into "?"


def test_cp866_replaces_guillemets_and_dashes_with_ascii() -> None:
    assert for_code_page("ООО «Ставка» — 1–2 −1,5", "CP866") == 'ООО "Ставка" - 1-2 -1,5'


def test_cp1251_keeps_guillemets_and_dashes_it_has() -> None:
    text = "ООО «Ставка» — 1–2"
    assert for_code_page(text, "CP1251") == text
    assert for_code_page("−1,5", "CP1251") == "-1,5"  # U+2212 is in neither code page


@pytest.mark.parametrize("code_page", BOTH)
def test_rouble_sign_is_written_out(code_page: str) -> None:
    assert for_code_page("10,00 ₽", code_page) == "10,00 руб."


@pytest.mark.parametrize("code_page", BOTH)
def test_no_break_and_narrow_spaces_print_as_spaces(code_page: str) -> None:
    assert for_code_page("1\u00a0250,50 и 3\u202f000", code_page) == "1 250,50 и 3 000"


def test_belarusian_i_becomes_latin_i_in_cp866_only() -> None:
    assert for_code_page("Гродзенскі раён, І", "CP866") == "Гродзенскi раён, I"
    assert for_code_page("Гродзенскі раён, І", "CP1251") == "Гродзенскі раён, І"
    assert for_code_page("Ўручча", "CP866") == "Ўручча"  # CP866 has Ў/ў


@pytest.mark.parametrize("code_page", BOTH)
def test_accented_letters_lose_their_accents(code_page: str) -> None:
    assert for_code_page("Málaga, Dvořák, Łódź", code_page) == "Malaga, Dvorak, ?odz"


@pytest.mark.parametrize("code_page", BOTH)
def test_question_mark_only_as_the_last_resort(code_page: str) -> None:
    assert for_code_page("Гол ⚽ 北京", code_page) == "Гол ? ??"


@pytest.mark.parametrize("code_page", BOTH)
def test_control_characters_cannot_reach_the_printer(code_page: str) -> None:
    # An ESC in a shop name would otherwise be sent as a printer command.
    assert for_code_page("Пункт\x1b@ 1\tА\nБ", code_page) == "Пункт@ 1 А\nБ"


def test_unknown_code_page_is_a_programming_error() -> None:
    with pytest.raises(LookupError):
        for_code_page("x", "CP9999")
