"""Roulette's spins and studio files take any input on SQLite and on PostgreSQL (issue 15,
issue 36): a refusal in one sentence and nothing recorded, or the result recorded."""

from __future__ import annotations

from datetime import UTC

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.core.clock import FixedClock
from pos.roulette.draws import spin_code
from pos.roulette.schedule import interval
from pos.shop.desk import Desk
from pos.shop.services import Shop
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

SPIN_NUMBERS = st.one_of(INTEGERS, DIGITS, TEXT, st.sampled_from(["17", " 0 ", "²", "٤", "36 "]))


def _results(shop: Shop) -> int:
    with shop.context.storage.unit_of_work() as uow:
        return len(uow.results.all())


def _next_draw(manager: Desk, clock: FixedClock) -> int:
    """The draw in play, its start reached: its number may be recorded."""
    clock.advance(interval(manager.context.settings()))
    board = manager.draw_board(game="roulette")
    clock.set(max(clock.now(), board.current.starts_at.astimezone(UTC)))
    return int(board.current.code)


@FUZZ
@given(code=SPIN_NUMBERS, number=SPIN_NUMBERS, reason=WORDS)
@example(code=None, number=17, reason="сбой\x00")
@example(code=2**63, number="1" * 4301, reason="\ud800")
@example(code=spin_code(1) - 1, number=-1, reason="с" * 201)
def test_spins_take_any_draw_number_and_reason(
    manager: Desk, fuzz_clock: FixedClock, code: object, number: object, reason: str
) -> None:
    current = _next_draw(manager, fuzz_clock)
    _refused_or_done(lambda: manager.check_spin(code, number))
    _refused_or_done(lambda: manager.record_spin(code, number))
    _refused_or_done(lambda: manager.record_spin(current, number))
    _refused_or_done(lambda: manager.cancel_draw(current, reason))


@st.composite
def spin_files(draw: st.DrawFn, number: int) -> bytes:
    """A studio's file for draw `number` (or any), whose fields are anything."""
    given_number = draw(st.one_of(st.just(str(number)), CELLS, st.sampled_from(["²", "٤"])))
    came_up = draw(st.one_of(st.just("отменён"), st.sampled_from(["0", "17", "36", "37"]), TEXT))
    rest = draw(st.one_of(st.just(""), st.just("шарик вылетел"), WORDS))
    lines = draw(st.sampled_from(["тираж;число\n", ""])) + f"{given_number};{came_up};{rest}\n"
    bad = draw(st.sampled_from(["", "1;40\n", "x;y\n"]))  # a bad line after a good one
    return (lines + bad).encode("utf-8", "surrogatepass")


@FUZZ
@given(data=st.data())
def test_a_spins_file_may_hold_anything(
    fuzz_shop: Shop, manager: Desk, fuzz_clock: FixedClock, data: st.DataObject
) -> None:
    current = _next_draw(manager, fuzz_clock)
    content = data.draw(st.one_of(spin_files(current - spin_code(0)), st.binary(max_size=200)))
    before = _results(fuzz_shop)
    if not _refused_or_done(lambda: manager.import_spins("spins.csv", content)):
        assert _results(fuzz_shop) == before  # all or nothing


# What a cashier types on the board's «Ставка на поле» or the betting page for a roulette bet.
BET_CODES = st.one_of(
    TEXT,
    WORDS,
    st.sampled_from(["17", "17/20", "20/17", "0/1/2/3", "д1", "К3", "кр", "ЧЁ", "вз", "Н36"]),
    st.lists(st.integers(-3, 40).map(str), max_size=7).map("/".join),
)


@FUZZ
@given(typed=BET_CODES, stake=st.sampled_from(["1", "9", "10", "0.05", "1e9", "десять"]))
@example(typed="ВЗ", stake="10")
@example(typed="13/14/15/16/17/18", stake="6")
def test_a_bet_typed_on_a_spin_is_sold_or_refused_in_words(
    manager: Desk, cashier: Desk, fuzz_clock: FixedClock, typed: str, stake: str
) -> None:
    board = manager.draw_board(game="roulette")
    code = int(board.current.code)
    if fuzz_clock.now() >= board.current.starts_at:  # the wheel spins: the next draw sells
        assert board.next is not None
        code = int(board.next.code)
    _refused_or_done(lambda: cashier.price_pick((code, typed), [], "1"))
    _refused_or_done(lambda: cashier.accept_bet([(code, typed)], stake=stake))
