"""The personal (identification) number of Belarusian passports and ID cards (issue 35): read
from the zone's optional data when it is there and well formed, typed and checked otherwise."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.people.errors import InvalidDocument
from pos.people.identity import (
    ID_CARD,
    PASSPORT,
    IdDocument,
    check_document,
    compact_personal_number,
    document_from_mrz,
)
from pos.people.mrz import PERSONAL_NUMBER, parse_mrz
from tests.unit.pos.test_mrz import BELARUS_TD3, SPECIMEN_TD3, _td1, _td3, _text

TODAY = date(2026, 11, 30)
PERSONAL = "3010185A001PB1"
DOCUMENT = IdDocument(
    surname="Иванов",
    name="Пётр",
    birth_date=date(1990, 5, 17),
    kind=PASSPORT,
    number="MP1234567",
)


def test_a_belarusian_passport_zone_gives_its_personal_number_from_positions_29_to_42() -> None:
    assert parse_mrz(_text(BELARUS_TD3), TODAY).personal_number == "3150395A012PB7"
    document = document_from_mrz(_text(_td3(optional=PERSONAL)), TODAY)
    assert (document.kind, document.personal_number) == (PASSPORT, PERSONAL)


def test_a_belarusian_id_card_zone_gives_its_personal_number_from_line_1_positions_16_to_30() -> (
    None
):
    lines = _td1(optional1=PERSONAL)
    assert lines[0][15:29] == PERSONAL
    document = document_from_mrz(_text(lines), TODAY)
    assert (document.kind, document.personal_number) == (ID_CARD, PERSONAL)


@pytest.mark.parametrize("optional", ["", "ZE184226B", "3010185A001PB", "30101850001PB1"])
def test_optional_data_that_is_not_a_personal_number_gives_none(optional: str) -> None:
    assert parse_mrz(_text(_td3(optional=optional)), TODAY).personal_number == ""
    assert parse_mrz(_text(_td1(optional1=optional[:15])), TODAY).personal_number == ""


def test_the_icao_specimen_has_no_personal_number() -> None:
    assert parse_mrz(_text(SPECIMEN_TD3), TODAY).personal_number == ""


def test_a_typed_personal_number_is_compacted_in_latin_capitals() -> None:
    typed = replace(DOCUMENT, personal_number=" 3010185 а001рв1 ")  # Cyrillic а, р, в
    assert check_document(typed, TODAY).personal_number == PERSONAL


def test_no_personal_number_is_fine_for_every_existing_caller() -> None:
    assert check_document(DOCUMENT, TODAY).personal_number == ""


@pytest.mark.parametrize(
    "typed", ["3010185A001PB", "3010185A001PB12", "301018SA001PB1", "3010185A0O1PB1", "ЖЖЖ"]
)
def test_a_personal_number_of_the_wrong_shape_is_refused_naming_it(typed: str) -> None:
    with pytest.raises(InvalidDocument) as refused:
        check_document(replace(DOCUMENT, personal_number=typed), TODAY)
    assert refused.value.field == "personal_number"
    assert str(refused.value) == (
        "Документ не принят: личный номер не из 14 знаков вида 3010185A001PB1."
    )


def test_a_personal_number_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidDocument, match="личный номер"):
        check_document(replace(DOCUMENT, personal_number=3010185), TODAY)  # type: ignore[arg-type]


@given(st.from_regex(PERSONAL_NUMBER, fullmatch=True))
def test_every_well_formed_personal_number_goes_through_the_zone_and_back(number: str) -> None:
    assert compact_personal_number(number) == number
    assert parse_mrz(_text(_td3(optional=number)), TODAY).personal_number == number
    assert parse_mrz(_text(_td1(optional1=number)), TODAY).personal_number == number
