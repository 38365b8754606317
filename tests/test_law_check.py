"""The check of docs/law.md (tests/test_law.py) fails as issue 37 asks: docs/law.md spoilt one
way at a time, each spoiling is found and named by its paragraph."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_law import LAW, check

TEXT = LAW.read_text(encoding="utf-8")


def _entry(key: str) -> str:
    """The entry of `key` as docs/law.md writes it, heading to the next heading."""
    found = re.search(rf"^### {re.escape(key)}(?= |$).*?(?=^##|\Z)", TEXT, flags=re.M | re.S)
    assert found is not None, key
    return found.group(0)


def _spoilt(key: str, old: str, new: str) -> str:
    entry = _entry(key)
    assert old in entry, (key, old)
    return TEXT.replace(entry, entry.replace(old, new, 1))


def test_docs_law_md_as_it_stands_passes() -> None:
    assert check(TEXT) == []


def test_a_paragraph_without_an_entry_is_named() -> None:
    assert check(TEXT.replace(_entry("p.5"), "")) == ["p.5: no entry in docs/law.md"]


def test_the_second_p24_and_the_appendix_are_entries_of_their_own() -> None:
    problems = check(TEXT.replace(_entry("p.24 (second)"), "").replace(_entry("Appendix"), ""))
    assert problems == [
        "p.24 (second): no entry in docs/law.md",
        "Appendix: no entry in docs/law.md",
    ]


def test_p24_must_say_which_of_the_two_it_is() -> None:
    text = TEXT.replace("### p.24 (first) —", "### p.24 —")
    assert check(text) == [
        "p.24 (first): no entry in docs/law.md",
        "p.24: not a paragraph of the rules",
    ]


def test_an_entry_with_neither_tests_nor_a_reason_is_named() -> None:
    text = _spoilt("p.26", "- Tests:", "- Tested by:")
    assert "p.26: neither «- Tests:» nor a «- No test:» reason" in check(text)


def test_a_no_test_without_its_reason_is_no_reason() -> None:
    text = _spoilt("p.9", "- No test: a presumption", "- No test:\n\nA presumption")
    assert "p.9: neither «- Tests:» nor a «- No test:» reason" in check(text)


def test_a_code_path_that_does_not_exist_is_named() -> None:
    text = _spoilt("p.30", "pos/spread/bets.py::open_price", "pos/spread/bets.py::opening_price")
    assert check(text) == ["p.30: no opening_price in pos/spread/bets.py"]


def test_a_module_or_folder_that_does_not_exist_is_named() -> None:
    text = _spoilt("p.32", "`pos/spread/counter.py::require_hours`", "`pos/spread/hours/`")
    assert check(text) == ["p.32: no folder pos/spread/hours/"]


def test_a_method_is_found_in_its_class_only() -> None:
    text = _spoilt("p.42", "paris.py::Offer.accept", "paris.py::Pari.accept")
    assert check(text) == ["p.42: no Pari.accept in pos/exchange/paris.py"]


def test_a_test_that_does_not_exist_is_named() -> None:
    text = _spoilt("p.39", "test_p39_the_stake_is_the_money_put_in", "test_p39_the_stake")
    assert check(text) == ["p.39: no test_p39_the_stake in tests/unit/pos/test_exchange.py"]


def test_a_test_must_be_named_not_only_its_file() -> None:
    text = _spoilt("p.47", "::test_p47_paris_only_on_events_the_bookmaker_offers", "")
    assert check(text) == [
        "p.47: a test is named `tests/….py::test_…`: tests/unit/pos/test_exchange.py"
    ]


def test_only_the_paragraphs_being_built_may_carry_the_status() -> None:
    text = _spoilt("p.8", "- Code:", "- Status: being built (issue 37)\n- Code:")
    problems = check(text)
    assert len(problems) == 1 and problems[0].startswith("p.8: «- Status:» is only for")


def test_a_heading_that_names_no_paragraph_is_refused() -> None:
    heading = "### p.53 — the commission"
    line = TEXT.splitlines().index(heading) + 1
    text = TEXT.replace(heading, "### p.fifty-three")
    assert check(text) == [
        f"line {line}: a heading that names no paragraph: '### p.fifty-three'",
        "p.53: no entry in docs/law.md",
    ]


def test_a_name_the_system_cannot_look_up_is_no_file() -> None:
    long = "x" * 5000
    text = _spoilt("p.26", "`pos/spread/bets.py::result`", f"`{long}.py::x`, `a\x00b/`")
    assert check(text) == [f"p.26: no file {long}.py", "p.26: no folder a\x00b/"]


def test_a_path_outside_the_repository_is_refused() -> None:
    text = _spoilt("p.26", "`pos/spread/bets.py::result`", "`/etc/passwd`, `../main.py`")
    assert check(text) == [
        "p.26: not a path in the repository: /etc/passwd",
        "p.26: not a path in the repository: ../main.py",
    ]


_PIECES = st.sampled_from(
    [
        "### p.7",
        "### p.24 (first) — x",
        "### Appendix",
        "### p.99",
        "## section",
        "- Code: `pos/`, `pos/spread/bets.py::SpreadBet.close`, `nope.py::x`",
        "- Tests: `tests/test_law.py::test_law_md_is_well_formed`, `tests/x.py`",
        "- No test: a reason long enough",
        "- Status: being built (issue 37)",
        "- Gap: something",
        "- Other: thing",
        "  continued `main.py::main`",
        "a gist line",
        "",
    ]
)


_PATHS = st.text(min_size=1).map(lambda typed: f"- Code: `{typed}`, `{typed}::x`, `{typed}/`")


@settings(max_examples=80, deadline=None)
@given(st.lists(_PIECES | _PATHS | st.text(max_size=40), max_size=30))
def test_whatever_docs_law_md_says_the_check_answers_with_problems(lines: list[str]) -> None:
    problems = check("\n".join(lines))
    assert isinstance(problems, list)
    assert all(isinstance(problem, str) and problem for problem in problems)
