"""The centre's file of restricted persons (issue 35) fuzzed on SQLite and on PostgreSQL: any
bytes give a refusal in one sentence or a loaded register, nothing else, and a refused file
leaves the register in force."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from tests.integration.fuzz_helpers import CELLS, FUZZ, WORDS, _refused_or_done

pytestmark = pytest.mark.integration

PERSONAL = st.from_regex(r"[0-9]{7}[A-Z][0-9]{3}[A-Z]{2}[0-9]", fullmatch=True)
DOCUMENTS = st.from_regex(r"[A-Z]{2} ?[0-9]{7}", fullmatch=True)
GOOD_CELL = st.one_of(st.just(""), PERSONAL, DOCUMENTS)
NAMES = st.sampled_from(["perechen.csv", "реестр.csv", "x.txt", "\x00.csv", "п" * 300])


@FUZZ
@given(
    rows=st.lists(st.tuples(st.one_of(GOOD_CELL, CELLS), st.one_of(GOOD_CELL, CELLS)), max_size=5),
    raw=st.binary(max_size=200),
    name=NAMES,
)
@example(rows=[("3010185A001PB1", "MP 1234567")], raw=b"", name="perechen.csv")
def test_any_file_gives_a_refusal_or_a_loaded_register(
    manager: Desk, rows: list[tuple[str, str]], raw: bytes, name: str
) -> None:
    text = "личный_номер;документ\n" + "".join(f"{a};{b}\n" for a, b in rows)
    before = manager.restricted_register().load
    for data in (text.encode("utf-8", "surrogatepass"), raw, b"\xef\xbb\xbf" + raw):
        if _refused_or_done(lambda data=data: manager.load_restricted(name, data)):
            load = manager.restricted_register().load
            assert load is not None and load.persons >= 1
            assert load.version and "\x00" not in load.version
            before = load
        else:
            assert manager.restricted_register().load == before  # all or nothing


@FUZZ
@given(personal=st.one_of(WORDS, PERSONAL))
@example(personal="3010185A001PB1\x00")
@example(personal="3010185 а001рв1")
def test_an_identity_check_takes_any_personal_number_text(manager: Desk, personal: str) -> None:
    document = IdDocument(
        surname="Иванов",
        name="Иван",
        birth_date=date(1990, 5, 17),
        kind="паспорт",
        number="MP1234567",
        personal_number=personal,
    )
    _refused_or_done(lambda: manager.check_identity(document))
    _refused_or_done(lambda: manager.accept_bet([(101, "1")], stake="1", document=document))
