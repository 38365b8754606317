"""What a cashier or a manager types into the register of claims (issue 37, p.14–p.16), fuzzed
on SQLite and on PostgreSQL: the slip's number, the claim, the player's documents, the
journal entry, the decision's number, reason and next step; nothing but a PosError comes out,
and what the database cannot store never reaches it (see test_fuzz_inputs.py)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from tests.integration.fuzz_helpers import DIGITS, FUZZ, INTEGERS, TEXT, WORDS, _refused_or_done

pytestmark = pytest.mark.integration

LONG = st.text(alphabet=st.sampled_from("Бб \n\x00"), min_size=990, max_size=1100)
CLAIM_TEXT = st.one_of(WORDS, LONG, st.sampled_from(["", "   ", "видео.mp4", "\ud800"]))
EVIDENCE = st.one_of(
    st.lists(st.one_of(WORDS, st.sampled_from(["чек 17", "запись камеры", "x.MOV"])), max_size=25),
    WORDS,
    st.sampled_from([None, 17, ("чек",), "\n" * 500, ["a\x00"], [17, None]]),
)
NUMBERS = st.one_of(TEXT, DIGITS, INTEGERS, st.sampled_from(["", "1", " 1 ", "-1", "²", 1, None]))


@pytest.fixture(scope="module")
def slip(cashier: Desk) -> str:
    return cashier.accept_bet([(101, "1")], stake="10").number


@FUZZ
@given(number=st.one_of(WORDS, DIGITS), text=CLAIM_TEXT, evidence=EVIDENCE, payout=NUMBERS)
@example(number="", text="x", evidence=[], payout=None)
@example(number="\x00", text="\x00", evidence=["\x00"], payout="\x00")
def test_p14_a_claim_as_typed(
    cashier: Desk, slip: str, number: str, text: object, evidence: object, payout: object
) -> None:
    _refused_or_done(lambda: cashier.record_claim(number, text=text, evidence=evidence))
    _refused_or_done(lambda: cashier.record_claim(slip, text=text, evidence=evidence))
    shown = display_slip_number(slip)
    _refused_or_done(lambda: cashier.record_claim(shown, text="спор", payout=payout))


@FUZZ
@given(number=NUMBERS, upheld=st.one_of(st.booleans(), TEXT, st.none()), reason=CLAIM_TEXT,
       remedy=st.one_of(WORDS, st.none(), LONG))  # fmt: skip
@example(number="1", upheld=True, reason="", remedy=None)
@example(number="1", upheld=False, reason="\x00", remedy="\ud800")
def test_p15_p16_a_decision_as_typed(
    manager: Desk, cashier: Desk, slip: str, number: object, upheld: object, reason: object,
    remedy: object,
) -> None:  # fmt: skip
    fresh = cashier.record_claim(slip, text="спор").number
    _refused_or_done(
        lambda: manager.decide_claim(number, upheld=upheld, reason=reason, remedy=remedy)
    )
    _refused_or_done(
        lambda: manager.decide_claim(fresh, upheld=upheld, reason=reason, remedy=remedy)
    )
    _refused_or_done(lambda: manager.print_claim_answer(number))
    _refused_or_done(lambda: manager.claim(number))


def test_the_limits_of_the_claims_checks_are_the_lengths_of_their_columns() -> None:
    from db.tables.claims import ClaimEvidenceRow, ClaimRow
    from pos.claims import inputs

    columns = {
        inputs.TEXT: ClaimRow.text,
        inputs.REASON: ClaimRow.reason,
        inputs.REMEDY: ClaimRow.remedy,
        inputs.EVIDENCE: ClaimEvidenceRow.text,
    }
    assert all(column.type.length == limit for limit, column in columns.items())
