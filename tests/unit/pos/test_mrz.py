"""The ICAO 9303 zone parser: specimens, check digits, scanner input, centuries, round trips."""

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.people.errors import InvalidMrz
from pos.people.mrz import MrzData, check_digit, parse_mrz

TODAY = date(2026, 11, 30)

# ICAO 9303-4 and 9303-5 specimens (Utopia).
SPECIMEN_TD3 = (
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
)
SPECIMEN_TD1 = (
    "I<UTOD231458907<<<<<<<<<<<<<<<",
    "7408122F1204159UTO<<<<<<<<<<<6",
    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
)
# A Belarusian-looking passport made for these tests; check digits computed by hand and by
# check_digit (not a real person).
BELARUS_TD3 = (
    "P<BLRKAVALIOU<<SIARHEI<<<<<<<<<<<<<<<<<<<<<<",
    "MP34567893BLR9503157M31012073150395A012PB780",
)


def _text(lines: tuple[str, ...]) -> str:
    return "\n".join(lines)


def _with(lines: tuple[str, ...], row: int, col: int, char: str) -> str:
    changed = list(lines)
    changed[row] = changed[row][:col] + char + changed[row][col + 1 :]
    return _text(tuple(changed))


def _td3(
    *,
    code: str = "P",
    state: str = "BLR",
    surname: str = "KAVALIOU",
    given_names: str = "SIARHEI",
    number: str = "MP3456789",
    nationality: str = "BLR",
    birth: str = "950315",
    sex: str = "M",
    expiry: str = "310120",
    optional: str = "",
) -> tuple[str, str]:
    line1 = (code.ljust(2, "<") + state + surname + "<<" + given_names).ljust(44, "<")
    number, optional = number.ljust(9, "<"), optional.ljust(14, "<")
    expiry_digit = "<" if expiry == "<<<<<<" else check_digit(expiry)
    line2 = (
        f"{number}{check_digit(number)}{nationality}{birth}{check_digit(birth)}{sex}"
        f"{expiry}{expiry_digit}{optional}{check_digit(optional)}"
    )
    return line1, line2 + check_digit(line2[0:10] + line2[13:20] + line2[21:43])


def _td1(
    *,
    code: str = "ID",
    state: str = "BLR",
    surname: str = "KAVALIOU",
    given_names: str = "SIARHEI",
    number: str = "AB1234567",
    nationality: str = "BLR",
    birth: str = "950315",
    sex: str = "M",
    expiry: str = "310120",
    optional1: str = "",
    optional2: str = "",
) -> tuple[str, str, str]:
    if len(number) > 9:  # the long-number layout of 9303-5 §4.2.4
        number_part = f"{number[:9]}<{number[9:]}{check_digit(number)}<{optional1}"
    else:
        number_part = number.ljust(9, "<") + check_digit(number.ljust(9, "<")) + optional1
    line1 = (code.ljust(2, "<") + state + number_part).ljust(30, "<")
    line2 = (
        f"{birth}{check_digit(birth)}{sex}{expiry}{check_digit(expiry)}{nationality}"
        + optional2.ljust(11, "<")
    )
    line2 += check_digit(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29])
    line3 = (surname + "<<" + given_names).ljust(30, "<")
    return line1, line2, line3


# --- specimens --------------------------------------------------------------------------------


def test_the_icao_passport_specimen_is_read_field_by_field() -> None:
    assert parse_mrz(_text(SPECIMEN_TD3), TODAY) == MrzData(
        document_code="P",
        issuing_state="UTO",
        surname="ERIKSSON",
        given_names="ANNA MARIA",
        number="L898902C3",
        nationality="UTO",
        birth_date=date(1974, 8, 12),
        sex="F",
        expiry_date=date(2012, 4, 15),
        optional_data="ZE184226B",
    )


def test_the_icao_id_card_specimen_is_read_field_by_field() -> None:
    assert parse_mrz(_text(SPECIMEN_TD1), TODAY) == MrzData(
        document_code="I",
        issuing_state="UTO",
        surname="ERIKSSON",
        given_names="ANNA MARIA",
        number="D23145890",
        nationality="UTO",
        birth_date=date(1974, 8, 12),
        sex="F",
        expiry_date=date(2012, 4, 15),
        optional_data="",
    )


def test_a_belarusian_passport_is_read_with_its_personal_number() -> None:
    data = parse_mrz(_text(BELARUS_TD3), TODAY)
    assert (data.surname, data.given_names, data.number) == ("KAVALIOU", "SIARHEI", "MP3456789")
    assert (data.issuing_state, data.nationality, data.sex) == ("BLR", "BLR", "M")
    assert (data.birth_date, data.expiry_date) == (date(1995, 3, 15), date(2031, 1, 20))
    assert data.optional_data == "3150395A012PB7"
    assert _td3(optional="3150395A012PB7") == BELARUS_TD3


def test_an_id_card_number_longer_than_nine_characters_runs_into_the_optional_field() -> None:
    # ICAO 9303-5's own example of the long-number layout.
    lines = ("I<UTOD23145890<7349<<<<<<<<<<<", *SPECIMEN_TD1[1:])
    data = parse_mrz(_text(lines), TODAY)
    assert (data.number, data.optional_data) == ("D23145890734", "")
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(_with(lines, 0, 18, "8"), TODAY)
    assert caught.value.reason == "check_number"


def test_id_card_optional_fields_are_kept_joined() -> None:
    lines = _td1(optional1="X1", optional2="Y2")
    assert parse_mrz(_text(lines), TODAY).optional_data == "X1 Y2"


def test_names_keep_their_latin_letters_and_lose_the_fillers() -> None:
    lines = _td3(surname="DE<LA<CRUZ", given_names="MARIA<JOSE")
    data = parse_mrz(_text(lines), TODAY)
    assert (data.surname, data.given_names) == ("DE LA CRUZ", "MARIA JOSE")


# --- check digits -----------------------------------------------------------------------------


def test_check_digits_follow_the_icao_examples() -> None:
    assert check_digit("L898902C3") == "6"
    assert check_digit("740812") == "2"
    assert check_digit("120415") == "9"
    assert check_digit("ZE184226B<<<<<") == "1"
    assert check_digit("<<<<<<<<<") == "0"


def _bump(char: str) -> str:
    return str((int(char) + 1) % 10)


@pytest.mark.parametrize(
    ("lines", "row", "col", "reason"),
    [
        (SPECIMEN_TD3, 1, 9, "check_number"),
        (SPECIMEN_TD3, 1, 19, "check_birth"),
        (SPECIMEN_TD3, 1, 27, "check_expiry"),
        (SPECIMEN_TD3, 1, 42, "check_optional"),
        (SPECIMEN_TD3, 1, 43, "check_composite"),
        (BELARUS_TD3, 1, 9, "check_number"),
        (BELARUS_TD3, 1, 19, "check_birth"),
        (BELARUS_TD3, 1, 27, "check_expiry"),
        (BELARUS_TD3, 1, 42, "check_optional"),
        (BELARUS_TD3, 1, 43, "check_composite"),
        (SPECIMEN_TD1, 0, 14, "check_number"),
        (SPECIMEN_TD1, 1, 6, "check_birth"),
        (SPECIMEN_TD1, 1, 14, "check_expiry"),
        (SPECIMEN_TD1, 1, 29, "check_composite"),
    ],
)
def test_each_wrong_check_digit_is_refused_with_its_own_reason(
    lines: tuple[str, ...], row: int, col: int, reason: str
) -> None:
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(_with(lines, row, col, _bump(lines[row][col])), TODAY)
    assert caught.value.reason == reason
    assert "контрольная цифра" in str(caught.value)


@pytest.mark.parametrize("digit", ["<", "0"])
def test_empty_optional_data_may_carry_a_filler_or_zero_as_its_check_digit(digit: str) -> None:
    line1, line2 = _td3()
    line2 = line2[:42] + digit
    line2 += check_digit(line2[0:10] + line2[13:20] + line2[21:43])
    assert parse_mrz(f"{line1}\n{line2}", TODAY).optional_data == ""


def test_a_document_without_expiry_has_no_expiry_date() -> None:
    assert parse_mrz(_text(_td3(expiry="<<<<<<")), TODAY).expiry_date is None


# --- scanner input and shapes -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "\r\n".join(SPECIMEN_TD3) + "\r\n",
        "\r".join(SPECIMEN_TD3),
        "  " + "   \n".join(SPECIMEN_TD3).lower() + "  \n\n",
        "\n\n" + SPECIMEN_TD3[0] + "\n \n" + SPECIMEN_TD3[1],
        SPECIMEN_TD3[0][:20] + " " + SPECIMEN_TD3[0][20:] + "\t\n" + SPECIMEN_TD3[1],
        "".join(SPECIMEN_TD3),  # a reader whose line ends were swallowed
    ],
    ids=["crlf", "cr", "lower-case-and-trailing-spaces", "blank-lines", "inner-space", "one-line"],
)
def test_what_a_keyboard_reader_types_is_normalised(text: str) -> None:
    assert parse_mrz(text, TODAY) == parse_mrz(_text(SPECIMEN_TD3), TODAY)


def test_an_id_card_typed_on_one_line_is_split_into_three() -> None:
    assert parse_mrz("".join(SPECIMEN_TD1), TODAY) == parse_mrz(_text(SPECIMEN_TD1), TODAY)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n ",
        SPECIMEN_TD3[0],
        "\n".join(line[:43] for line in SPECIMEN_TD3),
        "\n".join((*SPECIMEN_TD3, SPECIMEN_TD3[1])),
        "\n".join(SPECIMEN_TD1[:2]),
        "\n".join(line[:36] for line in SPECIMEN_TD3),  # TD2, not supported
        "\n".join((SPECIMEN_TD1[0], SPECIMEN_TD3[1])),
    ],
    ids=["empty", "blank", "one-line", "short-lines", "three-td3", "two-td1", "td2", "mixed"],
)
def test_a_zone_of_the_wrong_shape_is_refused(text: str) -> None:
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(text, TODAY)
    assert caught.value.reason == "shape"


@pytest.mark.parametrize("char", ["Б", "-", "*", "É"])
def test_a_character_outside_the_zone_alphabet_is_refused(char: str) -> None:
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(_with(SPECIMEN_TD3, 0, 10, char), TODAY)
    assert caught.value.reason == "charset"


@pytest.mark.parametrize(
    "fields",
    [{"birth": "951315"}, {"birth": "950230"}, {"expiry": "3101<0"}, {"birth": "9503AB"}],
)
def test_an_impossible_date_with_correct_check_digits_is_refused(fields: dict[str, str]) -> None:
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(_text(_td3(**fields)), TODAY)
    assert caught.value.reason == "date"


# --- centuries ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("birth", "expected"),
    [
        ("261130", date(2026, 11, 30)),  # born today
        ("261201", date(1926, 12, 1)),  # tomorrow's date a hundred years ago
        ("000229", date(2000, 2, 29)),
        ("080229", date(2008, 2, 29)),
        ("270101", date(1927, 1, 1)),
        ("740812", date(1974, 8, 12)),
    ],
)
def test_a_birth_date_is_the_latest_such_date_not_after_today(birth: str, expected: date) -> None:
    assert parse_mrz(_text(_td3(birth=birth)), TODAY).birth_date == expected


@pytest.mark.parametrize(
    ("expiry", "expected"),
    [
        ("770101", date(1977, 1, 1)),  # 49 years back: the earliest year read
        ("761231", date(2076, 12, 31)),  # 50 years ahead: the latest year read
        ("120415", date(2012, 4, 15)),
        ("361130", date(2036, 11, 30)),
    ],
)
def test_an_expiry_year_lies_from_49_years_back_to_50_years_ahead(
    expiry: str, expected: date
) -> None:
    assert parse_mrz(_text(_td3(expiry=expiry)), TODAY).expiry_date == expected


# --- properties ---------------------------------------------------------------------------------

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALNUM = _LETTERS + "0123456789"
_words = st.lists(st.text(_LETTERS, min_size=1, max_size=6), min_size=1, max_size=2)
_births = st.dates(min_value=date(1926, 12, 1), max_value=TODAY)
_expiries = st.none() | st.dates(min_value=date(1977, 1, 1), max_value=date(2076, 12, 31))


def _yymmdd(day: date | None) -> str:
    return "<<<<<<" if day is None else day.strftime("%y%m%d")


@st.composite
def _documents(draw: st.DrawFn, *, id_card: bool, long_numbers: bool = True) -> MrzData:
    number_size = 12 if id_card and long_numbers else 9
    optional_size = 11 if id_card else 14
    given_names = draw(st.lists(st.text(_LETTERS, min_size=1, max_size=6), max_size=2))
    return MrzData(
        document_code=draw(st.sampled_from(["I", "ID", "AC", "C"] if id_card else ["P", "PB"])),
        issuing_state=draw(st.text(_LETTERS, min_size=3, max_size=3)),
        surname=" ".join(draw(_words)),
        given_names=" ".join(given_names),
        number=draw(st.text(_ALNUM, min_size=1, max_size=number_size)),
        nationality=draw(st.text(_LETTERS, min_size=3, max_size=3)),
        birth_date=draw(_births),
        sex=draw(st.sampled_from(["M", "F", "X", ""])),
        expiry_date=draw(_expiries),
        optional_data=draw(st.text(_ALNUM, max_size=optional_size)),
    )


def _zone(data: MrzData) -> tuple[str, ...]:
    fields = {
        "code": data.document_code,
        "state": data.issuing_state,
        "surname": data.surname.replace(" ", "<"),
        "given_names": data.given_names.replace(" ", "<"),
        "number": data.number,
        "nationality": data.nationality,
        "birth": _yymmdd(data.birth_date),
        "sex": data.sex or "<",
        "expiry": _yymmdd(data.expiry_date),
    }
    if data.document_code.startswith("P"):
        return _td3(**fields, optional=data.optional_data)
    return _td1(**fields, optional2=data.optional_data)


@given(_documents(id_card=False) | _documents(id_card=True))
def test_any_valid_document_reads_back_to_its_own_fields(data: MrzData) -> None:
    assert parse_mrz(_text(_zone(data)), TODAY) == data


# Which check fails when one digit changes at (row, column), by layout.
_TD3_GUARDS = [
    *[(1, col, "check_number") for col in range(10)],
    *[(1, col, "check_birth") for col in range(13, 20)],
    *[(1, col, "check_expiry") for col in range(21, 28)],
    *[(1, col, "check_optional") for col in range(28, 43)],
    (1, 43, "check_composite"),
]
_TD1_GUARDS = [
    *[(0, col, "check_number") for col in range(5, 15)],
    *[(0, col, "check_composite") for col in range(15, 30)],
    *[(1, col, "check_birth") for col in range(7)],
    *[(1, col, "check_expiry") for col in range(8, 15)],
    *[(1, col, "check_composite") for col in (*range(18, 29), 29)],
]


@given(
    st.one_of(
        _documents(id_card=False).map(lambda data: (_zone(data), _TD3_GUARDS)),
        _documents(id_card=True, long_numbers=False).map(lambda data: (_zone(data), _TD1_GUARDS)),
    ),
    st.data(),
)
def test_changing_any_guarded_digit_is_refused_by_its_check(
    zone_and_guards: tuple[tuple[str, ...], list[tuple[int, int, str]]], draw: st.DataObject
) -> None:
    lines, guards = zone_and_guards
    digits = [(row, col, reason) for row, col, reason in guards if lines[row][col].isdigit()]
    row, col, reason = draw.draw(st.sampled_from(digits))
    other = draw.draw(st.sampled_from([d for d in "0123456789" if d != lines[row][col]]))
    with pytest.raises(InvalidMrz) as caught:
        parse_mrz(_with(lines, row, col, other), TODAY)
    assert caught.value.reason == reason
