"""Input the database cannot store never reaches it (issue 15): Bet-on-Poker draws and their
results files, fuzzed on SQLite and on PostgreSQL (see test_fuzz_inputs.py).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.core.clock import FixedClock
from pos.core.input_errors import InvalidNumber
from pos.poker.draws import INTERVAL
from pos.poker.errors import DrawFileRejected
from pos.poker.events import MAX_DRAW_NUMBER
from pos.shop.desk import Desk
from tests.integration.fuzz_helpers import (
    CELLS,
    DIGITS,
    FUZZ,
    INTEGERS,
    TEXT,
    WORDS,
    _refused_or_done,
)

pytestmark = pytest.mark.integration


# --- Bet-on-Poker draws (they move the clock: keep them last) ---------------------------------


DRAW_NUMBERS = st.one_of(
    INTEGERS, DIGITS, TEXT, st.sampled_from(["²", "٤", "1" * 4301, "0" * 4301 + "1"])
)


def test_a_draw_number_in_other_digits_is_refused_in_russian(manager: Desk) -> None:
    content = "тираж;руки;стол\n²;отменён;сканер\n".encode()
    with pytest.raises(DrawFileRejected) as refused:
        manager.import_draw_results("feed.csv", content)
    assert "invalid literal" not in str(refused.value)
    assert refused.value.problems == [
        (2, str(InvalidNumber("draw_number", "²", 1, MAX_DRAW_NUMBER)))
    ]


@FUZZ
@given(number=DRAW_NUMBERS, cards=WORDS, reason=WORDS)
@example(number=None, cards="As Ks", reason="сбой\x00")
@example(number=None, cards="As Ks", reason="\ud800")
@example(number=None, cards="As Ks", reason="с" * 201)
@example(number=2**63, cards="As Ks", reason="сбой")
@example(number="1" * 4301, cards="As Ks", reason="сбой")
@example(number="0" * 4301 + "1", cards="As Ks", reason="сбой")
def test_draws_take_any_number_cards_and_reason(
    manager: Desk, fuzz_clock: FixedClock, number: object, cards: str, reason: str
) -> None:
    fuzz_clock.advance(INTERVAL)
    board = manager.draw_board()
    _refused_or_done(lambda: manager.deal_cards(number, cards))
    _refused_or_done(lambda: manager.deal_cards(board.playing.number, cards))
    _refused_or_done(lambda: manager.cancel_draw(number, reason))
    _refused_or_done(lambda: manager.cancel_draw(board.next.number, reason))


@st.composite
def draw_files(draw: st.DrawFn, number: int) -> bytes:
    """A file of draw results for draw `number` (or any), whose fields are anything."""
    given_number = draw(st.one_of(st.just(str(number)), CELLS, st.sampled_from(["²", "٤"])))
    hands = draw(st.one_of(st.just("отменён"), st.just("AsKs QhQd 7c8c 2d2h JsTd 9h9c"), TEXT))
    rest = draw(st.one_of(st.just("Ac 7h 3s Kd 5d"), WORDS))
    line = f"{given_number};{hands};{rest}"
    return f"тираж;руки;стол\n{line}\n".encode("utf-8", "surrogatepass")


@FUZZ
@given(data=st.data())
def test_a_draw_results_file_may_hold_anything(
    manager: Desk, fuzz_clock: FixedClock, data: st.DataObject
) -> None:
    fuzz_clock.advance(INTERVAL)
    board = manager.draw_board()
    content = data.draw(st.one_of(draw_files(board.playing.number), st.binary(max_size=200)))
    _refused_or_done(lambda: manager.import_draw_results("feed.csv", content))
