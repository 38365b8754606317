"""The demo organiser's registration (issue 34): its licence and УНП, and its registers'
registration numbers; every paper prints them, and a shop without them opens no shift
(pos.till.shifts.require_registration). A real shop sets its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pos.core.settings import ShopSettings

if TYPE_CHECKING:
    from pos.shop.services import Shop

DEMO_LICENCE = "33000/0000123"
DEMO_UNP = "190123456"


def demo_register_number(terminal: str) -> str:
    """The registration number of a demo terminal's cash register."""
    return f"DEMO-РН-{terminal}"


def seed_registration(shop: Shop) -> None:
    """Give the demo organiser its licence and УНП, and this terminal's register its
    registration number, where they are not set yet."""
    settings, changes = shop.settings(), dict[str, object]()
    if settings.licence_number == ShopSettings.licence_number:
        changes["licence_number"] = DEMO_LICENCE
    if not settings.unp:
        changes["unp"] = DEMO_UNP
    if not shop.register_number():
        changes["register_number"] = demo_register_number(shop.terminal)
    if changes:
        shop.update_settings(**changes)


def number_registers(shop: Shop, terminals: Iterable[str]) -> None:
    """Give the registers of demo terminals their registration numbers (issue 34), where not
    set: a number is a terminal's setting, and the demo sets up terminals it does not run on."""
    with shop.unit_of_work() as uow:
        for terminal in terminals:
            if not uow.settings.register_number(terminal):
                uow.settings.set_register_number(terminal, demo_register_number(terminal))
        uow.commit()
