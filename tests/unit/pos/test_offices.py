"""A chain of offices on the fake database (issue 18): terminals registered in offices, a
journal per office, staff per office, payouts across offices, office settings, the head."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.core.input_errors import InvalidSetting
from pos.offices.errors import (
    OtherOfficesJournal,
    PaidOnlyWhereIssued,
    TerminalBusy,
    TerminalNotRegistered,
)
from pos.payouts.errors import NotPayable
from pos.people.errors import NotInOffice
from pos.people.users import Role
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import FakeStorage, PlainPinHasher
from tests.shifts import reopen_shift

D = Decimal


def _at(storage: FakeStorage, clock: FixedClock, terminal: str) -> Shop:
    return assemble_shop(
        storage, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=Dummy()
    )


@pytest.fixture
def chain(demo_shop: Shop, storage: FakeStorage, clock: FixedClock) -> Shop:
    """The demo shop at К1 (office M1) with a second office M2 whose terminal К5 is
    registered with its own register; vera is its cashier, boss the chain's head."""
    demo_shop.add_office(
        "M2", name="Пункт приёма ставок № 2", address="г. Гродно, ул. Советская, 1"
    )
    demo_shop.register_terminal("К5", office="M2", register_serial="KSA-0005")
    storage.data.register_numbers["К5"] = "00000005-РБ"  # a shift opens only with it (issue 34)
    demo_shop.create_user("vera", "5555", "cashier", office="M2")
    demo_shop.create_user("chief", "7777", "head")
    return demo_shop


def _m2(storage: FakeStorage, clock: FixedClock) -> Shop:
    m2 = _at(storage, clock, "К5")
    m2.login("chief", "7777").open_shift(cash="1000")
    return m2


def test_a_new_database_is_one_office_every_terminal_joins(
    shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    assert [office.code for office in shop.offices()] == ["M1"]
    assert _at(storage, clock, "К9").office == "M1"  # as before offices: it just works


def test_once_there_are_two_offices_a_terminal_works_only_once_registered(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    with pytest.raises(TerminalNotRegistered) as refused:
        _at(storage, clock, "К9")
    assert "Зарегистрировать его может менеджер" in str(refused.value)
    assert _at(storage, clock, "К5").office == "M2"
    assert chain.terminals() == {"К1": "M1", "К5": "M2"}


def test_slips_and_settings_name_the_office_where_the_terminal_works(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    m2 = _m2(storage, clock)
    assert m2.settings().address == "г. Гродно, ул. Советская, 1"
    assert m2.settings().office_name == "Пункт приёма ставок № 2"
    assert chain.settings().address == "г. Минск"
    slip = m2.login("vera", "5555").accept_bet([(101, "1")], stake="10")
    assert slip.office == "M2"
    assert chain.slip(slip.number).office == "M2"


def test_a_user_works_only_in_the_offices_they_are_assigned_to(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    m2 = _at(storage, clock, "К5")
    with pytest.raises(NotInOffice, match="не работает в пункте M2"):
        m2.login("anna", "4821")
    chain.assign_user("anna", office="M2", role="manager")
    assert m2.login("anna", "4821").role is Role.MANAGER
    assert chain.login("anna", "4821").role is Role.CASHIER  # she keeps M1
    assert m2.login("chief", "7777").role is Role.HEAD
    assert chain.login("chief", "7777").role is Role.HEAD
    assert "vera" not in chain.user_logins() and "vera" in m2.user_logins()


def test_in_a_chain_the_line_is_the_heads(chain: Shop) -> None:
    boss = chain.login("boss", "9911")  # the manager of M1
    with pytest.raises(NotPermitted, match="доступно только руководителю сети"):
        boss.set_odds(101, "1", D("2.20"))
    chief = chain.login("chief", "7777")
    assert chief.set_odds(101, "1", D("2.20")).odds == D("2.20")
    boss.update_settings(min_stake="2")  # their own office's business stays theirs


def _won_slip(issuer: Desk, clock: FixedClock, head: Desk) -> str:
    number = issuer.accept_bet([(101, "1")], stake="10").number
    clock.advance(timedelta(days=2))
    head.record_result(101, 2, 1, source="АБФФ")
    head.settle()
    clock.advance(timedelta(days=1))  # paid from the day after the event (p.24)
    return number


def test_a_slip_is_paid_only_where_it_was_issued_unless_the_chain_says_anywhere(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    chief = chain.login("chief", "7777")
    number = _won_slip(chain.login("anna", "4821"), clock, chief)
    m2 = _at(storage, clock, "К5")
    vera = m2.login("vera", "5555")
    reopen_shift(m2.login("chief", "7777"))
    with pytest.raises(PaidOnlyWhereIssued, match=r"выдан в пункте M1 \(г\. Минск\)"):
        vera.pay_out(number, PASSPORT)
    chain.update_settings(payout_anywhere=True)
    entry = vera.pay_out(number, PASSPORT)
    assert (entry.office, entry.number) == ("M2", 1)
    assert [e.number for e in chain.journal(office="M2")] == [1]
    assert chain.journal() == []  # M1's journal: nothing paid there
    anna = chain.login("anna", "4821")
    reopen_shift(anna)
    with pytest.raises(NotPayable, match="выплачен"):
        anna.pay_out(number, PASSPORT)  # once in the chain


def test_each_office_numbers_its_own_journal_from_one(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    chain.update_settings(payout_anywhere=True)
    anna, chief = chain.login("anna", "4821"), chain.login("chief", "7777")
    first = [anna.accept_bet([(101, "1")], stake="10").number for _ in range(3)]
    number = _won_slip(anna, clock, chief)
    m2 = _at(storage, clock, "К5")
    reopen_shift(anna)
    reopen_shift(m2.login("chief", "7777"))
    vera = m2.login("vera", "5555")
    paid_m1 = [anna.pay_out(n, PASSPORT).number for n in first[:2]]
    paid_m2 = [vera.pay_out(n, PASSPORT).number for n in (first[2], number)]
    assert paid_m1 == [1, 2] and paid_m2 == [1, 2]
    found = chain.verify()
    assert found.ok and dict(found.journals) == {"M1": 2, "M2": 2}
    assert "Журнал выплат пункта M2: записей 2" in "\n".join(found.words())


def test_another_offices_journal_needs_the_heads_right(chain: Shop) -> None:
    boss = chain.login("boss", "9911")
    with pytest.raises(OtherOfficesJournal, match="пункта M2"):
        boss.journal(office="M2")
    assert chain.login("chief", "7777").journal(office="M2") == []
    assert boss.journal(office="m1") == []  # their own, typed in lower case


def test_an_office_sets_its_own_limits_over_the_organisers(
    chain: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    chief = chain.login("chief", "7777")
    chief.update_office("M2", max_payout="20000", working_hours="10:00-22:00")
    m2 = _at(storage, clock, "К5")
    assert m2.settings().max_payout == D("20000.00")
    assert m2.settings().working_hours == "10:00–22:00"
    assert chain.settings().max_payout == D("100000.00")
    with pytest.raises(InvalidSetting, match="настройка всей сети"):
        chief.update_office("M2", min_age="25")
    chief.update_office("M2", max_payout="")
    assert m2.settings().max_payout == D("100000.00")


def test_a_terminal_moves_to_another_office_only_with_its_shift_closed(chain: Shop) -> None:
    with pytest.raises(TerminalBusy, match="смена открыта"):
        chain.register_terminal("К1", office="M2")


def test_the_demo_chain_has_two_offices_of_two_terminals(
    storage: FakeStorage, clock: FixedClock
) -> None:
    shop = _at(storage, clock, "К1")
    shop.seed_demo(chain=True)
    assert [(o.code, o.address) for o in shop.offices()] == [
        ("M1", "г. Минск, пр. Независимости, 58"),
        ("M2", "г. Минск, ул. Кальварийская, 1"),
    ]
    assert shop.terminals() == {"К1": "M1", "К2": "M1", "К3": "M2", "К4": "M2"}
    assert shop.login("boss", "9911").role is Role.HEAD
    assert _at(storage, clock, "К3").login("vera", "5555").role is Role.CASHIER
