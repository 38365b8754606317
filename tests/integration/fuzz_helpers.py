"""The strategies and checks the fuzz tests of the entry points share (issue 15)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import timedelta

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pos.core.errors import PosError
from pos.core.inputs import encodable
from pos.shop.desk import Desk
from tests.conftest import NOW

FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CHEAP = settings(FUZZ, max_examples=50)

# Every character there is: lone surrogates (category Cs, off by default) and NUL included.
ANY_CHARACTER = (
    st.characters(codec=None, categories=None)
    | st.characters(categories=["Cs"])
    | st.sampled_from(["\x00", "\ud800", "\udfff", "\x1b", "\x7f", ";", "\n", '"'])
)
TEXT = st.text(alphabet=ANY_CHARACTER, max_size=40)
# Around the columns' lengths (100 and 200 characters).
LONG_TEXT = st.text(alphabet=ANY_CHARACTER | st.just("Б"), min_size=95, max_size=260)
WORDS = st.one_of(TEXT, LONG_TEXT, st.sampled_from(["Динамо", "БАТЭ", "А" * 101, "a\x00b"]))
# int() refuses 4,300 digits and more, leading zeros included (issue 34).
ZEROS = st.one_of(st.integers(0, 80), st.integers(4295, 4310))
DIGITS = st.one_of(
    st.text("0123456789", min_size=1, max_size=25),
    st.integers(4295, 4310).map(lambda n: "9" * n),
    st.tuples(ZEROS, st.text("0123456789", max_size=12)).map(lambda z: "0" * z[0] + z[1]),
)
INTEGERS = st.one_of(
    st.integers(),
    st.integers(2**31 - 3, 2**31 + 3),
    st.integers(2**63 - 2, 2**63 + 2),
    st.integers(0, 4400).map(lambda n: 10**n),
)
# What a JSON file can hold: json writes no integer of more than 4,300 digits.
JSON_INTEGERS = st.one_of(
    st.integers(), st.integers(2**31 - 3, 2**31 + 3), st.integers(0, 4299).map(lambda n: 10**n)
)
# A cell of a file: any text, digits of any length, numbers near the limits as written.
CELLS = st.one_of(TEXT, DIGITS, JSON_INTEGERS.map(str))
FINDINGS = [
    "1234567890123",  # a slip number scanned into the event field
    "2147483648",
    str(2**63),
    "1" * 4301,
    "0" * 4301 + "101",
    "²",
    "٤٠١",
]
CODES = st.one_of(INTEGERS, DIGITS, TEXT, st.sampled_from([101, "101", " 102 ", *FINDINGS]))
AMOUNTS = st.one_of(TEXT, DIGITS, INTEGERS, st.sampled_from(["5", "10,00", "1e30", "NaN"]))
MARKETS = st.one_of(TEXT, st.sampled_from(["1", "X", "б2,5", "O٢.5", "P1"]))
KINDS = st.one_of(TEXT, st.sampled_from(["single", "express", "system 2/3", "system ²/3"]))
_fresh_codes = itertools.count(500_000)


def _refused_or_done(call: Callable[[], object]) -> bool:
    """Call it: it may succeed (True), or refuse with a sentence (False); anything else
    fails the test."""
    try:
        call()
    except PosError as refusal:
        sentence = str(refusal)
        assert sentence, type(refusal)
        assert encodable(sentence), sentence
        assert "\x00" not in sentence, sentence
        return False
    return True


def _fresh_event(manager: Desk) -> int:
    """A new event of the line (its results are given an actual start in the past)."""
    code = next(_fresh_codes)
    manager.add_event(code, "football", f"Хозяева {code}", f"Гости {code}", NOW + timedelta(1))
    return code
