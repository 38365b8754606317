"""Who may bet and be paid (p.4, p.13): document checks, age, expiry, zones, masked numbers."""

from dataclasses import replace
from datetime import date

import pytest

from pos.people.errors import DocumentExpired, InvalidDocument, InvalidMrz, Underage
from pos.people.identity import (
    ID_CARD,
    PASSPORT,
    IdDocument,
    age_on,
    check_document,
    check_player,
    document_from_mrz,
    masked_number,
)

TODAY = date(2026, 11, 30)
MIN_AGE = 21

PASSPORT_OF_IVAN = IdDocument(
    surname="Иванов",
    name="Иван",
    patronymic="Иванович",
    birth_date=date(1990, 5, 17),
    kind=PASSPORT,
    number="MP1234567",
    issued_on=date(2020, 6, 1),
    issued_by="Фрунзенский РУВД г. Минска",
    expires_on=date(2030, 6, 1),
)

# ICAO 9303 specimens (expired in 2012) and a Belarusian-looking passport made for the tests.
SPECIMEN_TD3 = "\n".join(
    (
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    )
)
SPECIMEN_TD1 = "\n".join(
    (
        "I<UTOD231458907<<<<<<<<<<<<<<<",
        "7408122F1204159UTO<<<<<<<<<<<6",
        "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    )
)
BELARUS_TD3 = "\n".join(
    (
        "P<BLRKAVALIOU<<SIARHEI<<<<<<<<<<<<<<<<<<<<<<",
        "MP34567893BLR9503157M31012073150395A012PB780",
    )
)


def _born(birth_date: date, expires_on: date | None = None) -> IdDocument:
    return replace(PASSPORT_OF_IVAN, birth_date=birth_date, issued_on=None, expires_on=expires_on)


# --- the document -------------------------------------------------------------------------------


def test_a_typed_document_is_cleaned_of_stray_spaces() -> None:
    typed = replace(
        PASSPORT_OF_IVAN,
        surname="  Иванов ",
        name="Иван\t",
        patronymic=" Иванович  ",
        kind=" паспорт",
        number=" mp 123 4567 ",
        issued_by="Фрунзенский   РУВД\n г. Минска",
    )
    assert check_document(typed, TODAY) == PASSPORT_OF_IVAN


@pytest.mark.parametrize(
    ("document", "field"),
    [
        (replace(PASSPORT_OF_IVAN, surname="  "), "surname"),
        (replace(PASSPORT_OF_IVAN, name=""), "name"),
        (replace(PASSPORT_OF_IVAN, kind="\t"), "kind"),
        (replace(PASSPORT_OF_IVAN, number=" "), "number"),
    ],
)
def test_a_document_without_a_required_field_is_refused_naming_it(
    document: IdDocument, field: str
) -> None:
    with pytest.raises(InvalidDocument) as caught:
        check_document(document, TODAY)
    assert caught.value.field == field


def test_patronymic_issue_date_and_authority_may_be_left_out() -> None:
    bare = IdDocument(
        surname="Eriksson", name="Anna", birth_date=date(1974, 8, 12), kind="ID-карта", number="X1"
    )
    assert check_document(bare, TODAY) == bare


@pytest.mark.parametrize("birth_date", [date(2026, 12, 1), None])
def test_a_birth_date_after_today_or_missing_is_refused(birth_date: date | None) -> None:
    # None can come from a form whose date was left empty, whatever the annotation says.
    with pytest.raises(InvalidDocument) as caught:
        check_document(_born(birth_date), TODAY)  # type: ignore[arg-type]
    assert caught.value.field == "birth_date"


@pytest.mark.parametrize("issued_on", [date(2026, 12, 1), date(1990, 5, 16)])
def test_an_issue_date_after_today_or_before_birth_is_refused(issued_on: date) -> None:
    with pytest.raises(InvalidDocument) as caught:
        check_document(replace(PASSPORT_OF_IVAN, issued_on=issued_on), TODAY)
    assert caught.value.field == "issued_on"


@pytest.mark.parametrize("issued_on", [TODAY, date(1990, 5, 17)])
def test_a_document_issued_today_or_on_the_birth_day_is_possible(issued_on: date) -> None:
    assert check_document(replace(PASSPORT_OF_IVAN, issued_on=issued_on), TODAY).issued_on


# --- age ----------------------------------------------------------------------------------------


def test_age_counts_full_years_and_the_birthday_itself() -> None:
    assert age_on(date(2005, 11, 30), TODAY) == 21
    assert age_on(date(2005, 12, 1), TODAY) == 20
    assert age_on(TODAY, TODAY) == 0


def test_someone_born_on_29_february_comes_of_age_on_1_march_in_a_common_year() -> None:
    born = date(2008, 2, 29)
    assert age_on(born, date(2026, 2, 28)) == 17
    assert age_on(born, date(2026, 3, 1)) == 18


def test_someone_born_on_29_february_comes_of_age_on_29_february_in_a_leap_year() -> None:
    born = date(2004, 2, 29)
    assert age_on(born, date(2028, 2, 28)) == 23
    assert age_on(born, date(2028, 2, 29)) == 24


def test_an_age_before_birth_is_a_bug() -> None:
    with pytest.raises(ValueError, match="before the birth"):
        age_on(TODAY, date(2026, 11, 29))


# --- the player ---------------------------------------------------------------------------------


def test_a_player_turning_21_today_may_bet() -> None:
    assert check_player(_born(date(2005, 11, 30)), TODAY, MIN_AGE) == 21


def test_a_player_a_day_short_of_21_is_refused_with_their_age() -> None:
    with pytest.raises(Underage) as caught:
        check_player(_born(date(2005, 12, 1)), TODAY, MIN_AGE)
    assert (caught.value.min_age, caught.value.age) == (21, 20)
    assert "Игроку 20" in str(caught.value)


def test_a_player_born_on_29_february_2008_may_bet_at_18_from_1_march_2026() -> None:
    player = _born(date(2008, 2, 29))
    with pytest.raises(Underage) as caught:
        check_player(player, date(2026, 2, 28), 18)
    assert caught.value.age == 17
    assert check_player(player, date(2026, 3, 1), 18) == 18


def test_an_expired_passport_is_refused_even_for_an_adult() -> None:
    with pytest.raises(DocumentExpired) as caught:
        check_player(_born(date(1970, 1, 1), expires_on=date(2026, 11, 29)), TODAY, MIN_AGE)
    assert caught.value.expired_on == date(2026, 11, 29)
    assert "29.11.2026" in str(caught.value)


def test_a_document_valid_through_today_is_accepted() -> None:
    assert check_player(_born(date(1970, 1, 1), expires_on=TODAY), TODAY, MIN_AGE) == 56


def test_a_document_without_expiry_is_accepted() -> None:
    assert check_player(_born(date(1970, 1, 1), expires_on=None), TODAY, MIN_AGE) == 56


def test_an_expired_document_is_named_before_the_age() -> None:
    with pytest.raises(DocumentExpired):
        check_player(_born(date(2010, 1, 1), expires_on=date(2020, 1, 1)), TODAY, MIN_AGE)


def test_an_incomplete_document_is_refused_before_any_age_check() -> None:
    with pytest.raises(InvalidDocument):
        check_player(replace(_born(date(2010, 1, 1)), number=""), TODAY, MIN_AGE)


# --- machine-readable zones ---------------------------------------------------------------------


def test_a_passport_zone_becomes_a_passport_without_issue_date() -> None:
    assert document_from_mrz(BELARUS_TD3, TODAY) == IdDocument(
        surname="KAVALIOU",
        name="SIARHEI",
        birth_date=date(1995, 3, 15),
        kind=PASSPORT,
        number="MP3456789",
        issued_on=None,
        issued_by="BLR",
        expires_on=date(2031, 1, 20),
        personal_number="3150395A012PB7",  # its optional data (issue 35)
    )


def test_an_id_card_zone_becomes_an_id_card() -> None:
    document = document_from_mrz(SPECIMEN_TD1, TODAY)
    assert (document.kind, document.number, document.issued_by) == (ID_CARD, "D23145890", "UTO")
    assert (document.surname, document.name, document.patronymic) == ("ERIKSSON", "ANNA MARIA", "")


def test_the_icao_specimen_passport_is_read_but_refused_as_expired() -> None:
    document = document_from_mrz(SPECIMEN_TD3.lower().replace("\n", "\r\n"), TODAY)
    assert (document.kind, document.expires_on) == (PASSPORT, date(2012, 4, 15))
    with pytest.raises(DocumentExpired):
        check_player(document, TODAY, MIN_AGE)


def test_a_visa_zone_is_not_an_identity_document() -> None:
    visa = "\n".join(
        (
            "V<BLRKAVALIOU<<SIARHEI<<<<<<<<<<<<<<<<<<<<<<",
            "MP34567893BLR9503157M3101207<<<<<<<<<<<<<<04",
        )
    )
    with pytest.raises(InvalidDocument) as caught:
        document_from_mrz(visa, TODAY)
    assert caught.value.field == "kind"


def test_a_zone_without_given_names_needs_the_name_typed_in() -> None:
    surname_only = "\n".join(
        (
            "P<BLRKAVALIOU<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<",
            "MP34567893BLR9503157M3101207<<<<<<<<<<<<<<04",
        )
    )
    with pytest.raises(InvalidDocument) as caught:
        document_from_mrz(surname_only, TODAY)
    assert caught.value.field == "name"


def test_a_damaged_zone_is_refused_by_the_parser() -> None:
    with pytest.raises(InvalidMrz) as caught:
        document_from_mrz(BELARUS_TD3.replace("MP34567893", "MP34567883"), TODAY)
    assert caught.value.reason == "check_number"


# --- what is kept -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "masked"),
    [
        ("MP1234567", "******567"),
        (" mp 123 4567 ", "******567"),
        ("D23145890734", "*********734"),
        ("1234", "*234"),
        ("123", "***"),
        ("", ""),
    ],
)
def test_only_the_last_three_characters_of_a_number_are_kept(number: str, masked: str) -> None:
    assert masked_number(number) == masked
