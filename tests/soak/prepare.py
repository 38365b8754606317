"""The soak's database, prepared by the parent before any worker runs.

Every scenario starts from the demo line (users anna/4821 and boss/9911) on terminal К1 with
register KSA-1. For payouts, `count` winning singles on 101 «1» at 2,10 are stored in one
transaction (as tests/integration/test_payouts.py `_won_slips` does), the result recorded
three days later, settled, and the clock moved to the next day, the first day they may be
paid; the shift is reopened with a float that covers every payout (the drawer caps them).
For issuing, the demo shift stays open at the demo line's day, before every kick-off. For
accounts, the player's account is opened and an asset quoted (pos.accounts, pos.spread).

Returns the moment the workers' clock starts from.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from escpos.printer import Dummy

import main
from pos.betting import counter
from pos.betting.bets import parse_kind
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # 12:00 in Minsk, as the suite's clock
TERMINAL = "К1"
REGISTER = "KSA-1"
CASHIER = ("anna", "4821")
MANAGER = ("boss", "9911")
ODDS = Decimal("2.10")
STAKES = 40  # payout slips stake 1 … 40 roubles in turn
ASSET = {
    "name": "Нефть Brent, фьючерс",
    "point": Decimal("0.01"),
    "margin_points": 100,
    "maintenance": Decimal("0.5"),
    "min_stake": Decimal("0.10"),
    "max_stake": Decimal("5"),
}


def open_shop(url: str, clock: FixedClock, **printers: object) -> Shop:
    """The shop as every soak process opens it (PINs hashed plainly: sign-ins are cheap)."""
    if "printer" not in printers:
        printers["printer"] = Dummy(profile="TM-T20II")
    return main.open_shop(
        url,
        clock=clock,
        terminal=TERMINAL,
        pin_hasher=PlainPinHasher(),
        **printers,  # type: ignore[arg-type]
    )


def prepare(url: str, scenario: str, count: int) -> datetime:
    """Create the database for `scenario` ("payouts": with `count` winning slips)."""
    clock = FixedClock(NOW)
    shop = open_shop(url, clock)
    try:
        shop.update_settings(register_serial=REGISTER)
        shop.seed_demo()
        if scenario == "payouts":
            _won_slips(shop, clock, count)
        if scenario == "accounts":
            _accounts(shop)
        if scenario == "issuing":  # slips bought back too (issue 38), from the stakes taken
            shop.update_settings(cashout_enabled=True)
    finally:
        shop.close()
    return clock.now()


def _accounts(shop: Shop) -> None:
    """An asset quoted for the whole run and the player's account, for the accounts soak
    (deposits, withdrawals, spread bets opened and closed); the drawer holds a float."""
    shop.update_settings(quote_max_age_minutes=24 * 60)
    boss = shop.login(*MANAGER)
    boss.add_asset("BRENT", **ASSET)
    boss.set_quote("BRENT", bid="74.10", ask="74.14")
    cashier = shop.login(*CASHIER)
    cashier.open_account(document=PASSPORT)
    reopen_shift(cashier, cash="100000")


def _won_slips(shop: Shop, clock: FixedClock, count: int) -> None:
    total = Decimal(0)
    with shop.unit_of_work() as uow:
        demo = uow.line.get_event(101)
        assert demo is not None
        version = next(q.version for q in uow.line.current_quotes([101]) if q.market == "1")
        secret = counter.shop_secret(uow)
        for index in range(count):
            stake = Decimal(1 + index % STAKES)
            number = make_slip_number(uow.slips.next_serial(), secret)
            leg = Leg(101, "1", ODDS, version, demo.home, demo.away, demo.starts_at)
            uow.slips.add(
                Slip(
                    number=number,
                    kind=parse_kind("single"),
                    members=((leg,),),
                    stake=stake,
                    total_odds=ODDS,
                    possible_payout=stake * ODDS,
                    terminal=TERMINAL,
                    cashier=CASHIER[0],
                    issued_at=clock.now(),
                    request_key=f"soak-{index}",
                )
            )
            total += stake * ODDS
        uow.commit()
    clock.advance(timedelta(days=3))
    shop.login(*MANAGER).record_result(101, 2, 1, source="АБФФ")
    shop.settle()
    clock.advance(timedelta(days=1))
    # The drawer caps payouts: the float covers them all, and a little more.
    reopen_shift(shop.login(*CASHIER), cash=str(total + 1000))
