"""What the СККС tests share (issue 35): the demo shop at К1 with its register numbered, the
till connected to the simulator, and the reads they check."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.skks_simulator import SimulatedController


@contextmanager
def skks_shop(db_url: str, clock: FixedClock, printer: Dummy | None = None) -> Iterator[Shop]:
    """The demo shop at К1 on either backend, its register numbered, no controller yet."""
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer or Dummy()
    )
    try:
        shop.update_settings(register_serial="KSA-К1", register_number="RN-К1")
        shop.seed_demo()
        yield shop
    finally:
        shop.close()


def connect(shop: Shop, controller: SimulatedController, mode: str = "online") -> None:
    """The office reporting to `controller`, waiting a second for an answer."""
    shop.update_settings(skks_url=controller.url, skks_mode=mode, skks_timeout=1)


def kinds(controller: SimulatedController) -> list[str]:
    """The kinds the controller registered, in order."""
    return [entry["kind"] for entry in controller.log()]


def drawer(shop: Shop) -> Decimal:
    """What anna's open shift's drawer holds."""
    status = shop.login("anna", "4821").shift()
    assert status is not None
    return status.shift.drawer


def brent(boss: Desk) -> None:
    """A «Спрэдбет» asset quoted at 74.10 / 74.14."""
    boss.add_asset(
        "BRENT",
        name="Нефть Brent",
        point=Decimal("0.01"),
        margin_points=100,
        maintenance=Decimal("0.5"),
        min_stake=Decimal("0.10"),
        max_stake=Decimal("50"),
    )
    boss.set_quote("BRENT", bid=Decimal("74.10"), ask=Decimal("74.14"))
