"""What a manager types at the liability board (issue 38), fuzzed on SQLite and PostgreSQL:
the event asked for, the office, an event's cap, the outcome suspended or resumed; nothing
but a PosError comes out, and what the database cannot store never reaches it."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.shop.desk import Desk
from tests.integration.fuzz_helpers import (
    AMOUNTS,
    CODES,
    FUZZ,
    MARKETS,
    TEXT,
    _refused_or_done,
)

pytestmark = pytest.mark.integration
CAPS = st.one_of(AMOUNTS, st.none(), st.sampled_from(["", "0", "-5", "0,001", "1000000"]))


@FUZZ
@given(event=st.one_of(CODES, st.none()), office=st.one_of(TEXT, st.none(), st.just("*")))
@example(event="", office=None)
@example(event=101, office="M1")
def test_the_board_asked_for_as_typed(manager: Desk, event: object, office: str | None) -> None:
    _refused_or_done(lambda: manager.liability(event=event, office=office))


@FUZZ
@given(event=CODES, amount=CAPS)
@example(event=101, amount="50 000,00")
@example(event=101, amount=None)
def test_an_events_cap_as_typed(manager: Desk, edited: int, event: object, amount: object) -> None:
    _refused_or_done(lambda: manager.set_liability_cap(event, amount))
    _refused_or_done(lambda: manager.set_liability_cap(edited, amount))


@FUZZ
@given(event=CODES, market=st.one_of(MARKETS, st.none(), st.integers()))
@example(event=101, market="1")
@example(event=101, market="п1")
def test_an_outcome_suspended_and_resumed_as_typed(
    manager: Desk, event: object, market: object
) -> None:
    _refused_or_done(lambda: manager.suspend_outcome(event, market))
    _refused_or_done(lambda: manager.resume_outcome(event, market))
