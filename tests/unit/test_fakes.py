"""The fake repositories refuse what the SQL ones refuse (db/slip_statuses.py's guards)."""

from __future__ import annotations

import pytest

from pos.betting.slips import LIFE, Move, SlipStatus, Transition
from tests.fakes import FakeStorage
from tests.slip_life import (
    JUDGED,
    MOVES,
    NUMBER,
    STATUSES,
    expect_moved,
    move_of,
    payout_of,
    slip_in,
)


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("move", MOVES)
def test_a_slip_moves_only_from_the_statuses_its_move_starts_from(
    status: SlipStatus, move: str
) -> None:
    storage = FakeStorage()
    storage.data.slips[NUMBER] = slip_in(status)
    if status in JUDGED:
        storage.data.settled[NUMBER] = (status, payout_of(status))
    transition = move_of(move)
    with storage.unit_of_work() as uow:
        moved = uow.slips.move(transition)
        after = uow.slips.get(NUMBER)
    assert after is not None
    expect_moved(status, transition, moved, after)


def test_the_life_of_a_slip() -> None:
    """Issued or voided from pending; cancelled or settled while open; paid when won or
    refund; nothing leaves cancelled, paid or void."""
    starts = {move: before for move, (before, _) in LIFE.items()}
    assert starts[Move.PAY] == {SlipStatus.WON, SlipStatus.REFUND}
    assert starts[Move.CANCEL] == starts[Move.SETTLE] == {SlipStatus.OPEN}
    ends = {SlipStatus.CANCELLED, SlipStatus.PAID, SlipStatus.VOID}
    assert not any(ends & before for before in starts.values())


def test_a_move_leads_only_where_the_rules_say() -> None:
    with pytest.raises(ValueError, match="pay does not lead to won"):
        Transition(NUMBER, Move.PAY, SlipStatus.WON)
