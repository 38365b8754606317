"""Slips for a chain's tests and soak: won singles issued in each office, settled."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from decimal import Decimal

from pos.betting import counter
from pos.betting.bets import parse_kind
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core.clock import FixedClock
from pos.shop.services import Shop

D = Decimal


def won_slips(
    shop: Shop,
    clock: FixedClock,
    offices: Sequence[str],
    per_office: int,
    *,
    by: tuple[str, str] = ("chief", "7777"),
) -> dict[str, list[str]]:
    """`per_office` singles on 101 "1" at 2.10 issued in each office, won and settled; the clock
    then stands on the first day they may be paid. `by` (login, PIN) sells and records."""
    numbers: dict[str, list[str]] = {}
    with shop.unit_of_work() as uow:
        demo = uow.line.get_event(101)
        assert demo is not None
        version = next(q.version for q in uow.line.current_quotes([101]) if q.market == "1")
        secret = counter.shop_secret(uow)
        for index, office in enumerate(offices):
            for stake in range(1, per_office + 1):
                number = make_slip_number(uow.slips.next_serial(), secret)
                leg = Leg(101, "1", D("2.10"), version, demo.home, demo.away, demo.starts_at)
                uow.slips.add(
                    Slip(
                        number=number,
                        kind=parse_kind("single"),
                        members=((leg,),),
                        stake=D(stake),
                        total_odds=D("2.10"),
                        possible_payout=D(stake) * D("2.10"),
                        terminal=f"К{index + 1}",
                        cashier=by[0],
                        office=office,
                        issued_at=clock.now(),
                        request_key=f"chain-{office}-{stake}",
                    )
                )
                numbers.setdefault(office, []).append(number)
        uow.commit()
    clock.advance(timedelta(days=3))
    shop.login(*by).record_result(101, 2, 1, source="АБФФ")
    shop.settle()
    clock.advance(timedelta(days=1))  # paid from the day after the event (p.24)
    return numbers
