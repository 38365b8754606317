"""The shared input checks: text a database can store, whole numbers in range (issue 15)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pos.core.errors import PosError, visible
from pos.core.input_errors import INPUT_LABELS, InvalidNumber, InvalidText
from pos.core.inputs import MAX_INTEGER, clean_text, encodable, parse_code, shown

# Every character there is, lone surrogates (category Cs, off by default) and NUL included.
ANY_CHARACTER = (
    st.characters(codec=None, categories=None)
    | st.characters(categories=["Cs"])
    | st.sampled_from(["\x00", "\ud800", "\udfff", "\x1b", "\x7f", "\x85"])
)


def test_text_is_collapsed_and_trimmed_as_stored() -> None:
    assert clean_text("  Динамо \t Минск\n", "home", 100) == "Динамо Минск"
    assert clean_text("", "home", 100) == ""


def test_a_number_where_text_is_due_is_taken_as_written() -> None:
    assert clean_text(1860, "home", 100) == "1860"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Дина\x00мо", "control"),
        ("Динамо\x1b[0m", "control"),
        ("\x7fБАТЭ", "control"),
        ("Динамо\ud800", "unencodable"),
        ("\udcff", "unencodable"),
        ("Б" * 101, "too_long"),
        (["Динамо"], "not_text"),
        (None, "not_text"),
        (True, "not_text"),
        (10**5000, "too_long"),
    ],
    ids=lambda value: shown(value, 12),
)
def test_text_a_database_cannot_store_is_refused_naming_the_field(
    text: object, reason: str
) -> None:
    with pytest.raises(InvalidText) as refused:
        clean_text(text, "home", 100)

    assert refused.value.reason == reason
    assert str(refused.value).startswith("Поле «Хозяева» не принято: ")


def test_a_text_too_long_says_how_long_it_may_be_and_is() -> None:
    with pytest.raises(InvalidText, match="не длиннее 100 знаков, а в тексте 150"):
        clean_text("x" * 150, "tournament", 100)


def test_the_length_counts_after_the_spaces_are_collapsed() -> None:
    assert clean_text("а" + " " * 500 + "б", "home", 3) == "а б"


@given(st.text(alphabet=ANY_CHARACTER, max_size=120))
@settings(max_examples=300, deadline=None)
def test_clean_text_gives_storable_text_or_refuses(text: str) -> None:
    try:
        cleaned = clean_text(text, "source", 100)
    except InvalidText as refused:
        assert encodable(str(refused))
        return
    assert encodable(cleaned)
    assert len(cleaned) <= 100
    assert not any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F for ch in cleaned)


@pytest.mark.parametrize(
    ("value", "number"),
    [(101, 101), ("101", 101), (" 0101 ", 101), ("2147483647", MAX_INTEGER), ("0" * 50 + "7", 7)],
)
def test_codes_are_read_from_ascii_digits_or_an_int(value: object, number: int) -> None:
    assert parse_code(value, "event_code") == number


@pytest.mark.parametrize(
    "value",
    [
        "",
        "abc",
        "-1",
        "+5",
        "1.0",
        "1 0",
        "²",  # str.isdigit() says yes, int() refuses it
        "٤٠١",  # other scripts' digits
        "0",
        0,
        -5,
        2**31,
        2**63,
        10**5000,
        "1" * 4301,  # int() refuses 4,300 digits and more
        "0" * 4301 + "101",  # ... leading zeros included (issue 34)
        "0" * 4301,
        "0" * 64 + "1",  # more characters than a number typed or scanned has
        "1" * 13,  # a slip number scanned into the event field
        str(2**63),
        True,
        1.0,
        None,
    ],
    ids=lambda value: shown(value, 12),
)
def test_what_is_not_a_code_in_range_is_refused_naming_the_field(value: object) -> None:
    with pytest.raises(InvalidNumber) as refused:
        parse_code(value, "event_code")

    assert str(refused.value).startswith("Поле «Код события» не принято: ")
    assert "от 1 до 2147483647" in str(refused.value)
    assert len(str(refused.value)) < 200  # the input is quoted shortened


def test_a_range_of_its_own_is_kept() -> None:
    assert parse_code("0", "score", 999, low=0) == 0
    with pytest.raises(InvalidNumber, match="от 0 до 999"):
        parse_code("1000", "score", 999, low=0)


@given(st.one_of(st.integers(), st.text(alphabet=ANY_CHARACTER), st.text("0123456789")))
@settings(max_examples=300, deadline=None)
def test_parse_code_gives_a_number_in_range_or_refuses(value: object) -> None:
    try:
        number = parse_code(value, "draw_number", 10**6)
    except InvalidNumber as refused:
        assert encodable(str(refused))
        return
    assert 1 <= number <= 10**6


def test_a_sentence_shows_no_character_a_screen_or_log_cannot_carry() -> None:
    assert visible("a\x00b\ud800c\td\ne") == "a\ufffdb\ufffdc\td\ne"
    assert shown("x" * 100) == "x" * 39 + "…"
    assert shown(10**5000) == "число из более чем 40 цифр"
    assert shown([10**5000]) == "list"


def test_every_refusal_renders_without_unshowable_characters() -> None:
    class Quoting(PosError):
        def message(self) -> str:
            return "«\x00\ud800»"

    assert str(Quoting()) == "«\ufffd\ufffd»"


def test_every_field_a_check_names_has_a_russian_label() -> None:
    assert all(label and label[0].isupper() for label in INPUT_LABELS.values())
