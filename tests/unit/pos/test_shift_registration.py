"""A shift opens only in a shop whose papers carry its registration (issue 34): the licence,
the organiser's УНП and the register's registration number; the demo shop has its own."""

from __future__ import annotations

import pytest
from escpos.printer import Dummy

from pos.core.settings import ShopSettings
from pos.shop.demo_registration import DEMO_LICENCE, DEMO_UNP, demo_register_number
from pos.shop.services import Shop
from pos.till.errors import RegistrationMissing
from pos.till.shifts import require_registration
from tests.fakes import FakeStorage


def test_a_shift_is_refused_naming_each_registration_item_missing(
    shop: Shop, storage: FakeStorage
) -> None:
    storage.data.settings.clear()
    storage.data.register_numbers.clear()
    shop.create_user("boss", "9911", "manager")
    boss = shop.login("boss", "9911")
    with pytest.raises(RegistrationMissing) as refused:
        boss.open_shift(cash="100")
    assert str(refused.value) == (
        "Смену не открыть: не заданы номер лицензии, УНП организатора и регистрационный номер "
        "ККМ терминала К1, а они печатаются на каждом чеке и отчёте. Менеджер задаёт их на "
        "вкладке «Настройки»."
    )
    assert boss.shift() is None
    boss.update_settings(licence_number="33000/0000777", unp="190000007")
    with pytest.raises(RegistrationMissing, match="не задан регистрационный номер ККМ терминала"):
        boss.open_shift(cash="100")
    boss.update_settings(register_number="00012345-РБ")
    assert boss.open_shift(cash="100").opening_cash == 100


@pytest.mark.parametrize(
    ("licence", "unp", "number", "missing"),
    [
        ("не указан", "190000007", "1", ("licence",)),
        ("33000/1", "", "1", ("unp",)),
        ("33000/1", "190000007", "  ", ("register_number",)),
        ("33000/1", "190000007", "1", ()),
    ],
)
def test_each_missing_item_is_named_and_nothing_else(
    licence: str, unp: str, number: str, missing: tuple[str, ...]
) -> None:
    settings = ShopSettings(licence_number=licence, unp=unp)
    if not missing:
        require_registration(settings, "К1", number)
        return
    with pytest.raises(RegistrationMissing) as refused:
        require_registration(settings, "К1", number)
    assert refused.value.missing == missing
    assert str(refused.value).startswith("Смену не открыть: не задан ")


def test_the_demo_organiser_prints_its_licence_and_unp(demo_shop: Shop, printer: Dummy) -> None:
    settings = demo_shop.settings()
    assert (settings.licence_number, settings.unp) == (DEMO_LICENCE, DEMO_UNP)
    assert demo_shop.register_number() == demo_register_number("К1")
    demo_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    paper = printer.output
    assert f"Лицензия № {DEMO_LICENCE}".encode("cp866") in paper
    assert f"УНП {DEMO_UNP}".encode("cp866") in paper
    assert "не указан".encode("cp866") not in paper
