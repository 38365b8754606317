"""The slip's life on both databases: each move is stored only from the statuses it starts
from (pos.betting.slips.LIFE), whatever the caller checked before (db/slip_statuses.py)."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import select

from db.bootstrap import open_storage
from db.tables import SettlementRow, SlipRow
from main import open_shop
from pos.core.clock import FixedClock
from tests.fakes import PlainPinHasher
from tests.slip_life import AT, JUDGED, MOVES, STATUSES, expect_moved, move_of, payout_of, slip_in

pytestmark = pytest.mark.integration


def test_a_slip_moves_only_from_the_statuses_its_move_starts_from(
    db_url: str, clock: FixedClock
) -> None:
    shop = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    shop.seed_demo()  # its line holds the slips' event
    shop.close()
    storage = open_storage(db_url)
    cases = list(itertools.product(STATUSES, MOVES))
    numbers = [f"{9000001 + i}" for i in range(len(cases))]
    try:
        with storage.unit_of_work() as uow:
            for number, (status, _) in zip(numbers, cases, strict=True):
                uow.slips.add(slip_in(status, number))
                if status in JUDGED:
                    session = uow._session  # type: ignore[attr-defined]
                    slip_id = session.scalar(select(SlipRow.id).where(SlipRow.number == number))
                    session.add(
                        SettlementRow(
                            slip_id=slip_id,
                            status=status.value,
                            payout=payout_of(status),
                            settled_at=AT,
                        )
                    )
            uow.commit()
        for number, (status, move) in zip(numbers, cases, strict=True):
            transition = move_of(move, number)
            with storage.unit_of_work() as uow:
                moved = uow.slips.move(transition)
                uow.commit()
            with storage.unit_of_work() as uow:
                after = uow.slips.get(number)
            assert after is not None
            expect_moved(status, transition, moved, after)
    finally:
        storage.close()
