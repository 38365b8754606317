"""A manager of one office of a chain acts only on the offices they manage (issue 34), on both
backends: registering or moving a terminal, changing an office, creating, assigning and
unlocking its users each need a manager of every office involved, or the head. Whoever adds
an office manages it. The journal's office, typed wrong, is refused with what was wrong."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, UnknownOffice
from pos.offices.errors import JournalOfOneOffice
from pos.people.errors import NotManagerOf, UserLocked, WrongPin
from pos.people.use_cases import UserInfo
from pos.people.users import Role
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration


def _open(url: str, clock: FixedClock, terminal: str) -> Shop:
    return open_shop(
        url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=Dummy()
    )


@pytest.fixture
def chain(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    """The demo at К1 (M1, boss its manager) and office M2 with terminal К4, ivan its
    manager and vera its cashier; chief is the chain's head."""
    shop = _open(demo_url, clock, "К1")
    shop.add_office("M2", name="Пункт приёма ставок № 2", address="г. Минск, ул. Кальварийская, 1")
    shop.register_terminal("К4", office="M2")
    shop.create_user("ivan", "6600", "manager", office="M2")
    shop.create_user("vera", "5555", "cashier", office="M2")
    shop.create_user("chief", "7777", "head")
    yield shop
    shop.close()


def test_a_manager_of_one_office_registers_no_terminal_into_another(chain: Shop) -> None:
    boss = chain.login("boss", "9911")
    with pytest.raises(NotManagerOf) as refused:
        boss.register_terminal("К7", office="M2")
    assert str(refused.value) == (
        "В пункте M2 регистрировать терминалы может только менеджер этого пункта "
        "или руководитель сети."
    )
    assert "К7" not in chain.terminals()


def test_a_manager_of_one_office_moves_no_terminal_out_of_another(
    db_url: str, chain: Shop, clock: FixedClock
) -> None:
    boss = chain.login("boss", "9911")
    with pytest.raises(NotManagerOf, match="В пункте M2"):
        boss.register_terminal("К4", office="M1")
    assert chain.terminals()["К4"] == "M2"
    k4 = _open(db_url, clock, "К4")
    try:
        assert k4.login("vera", "5555").office == "M2"  # M2's cashier still works at К4
    finally:
        k4.close()


def test_a_manager_of_both_offices_or_the_head_moves_a_terminal(chain: Shop) -> None:
    chain.assign_user("ivan", office="M1", role="manager")
    chain.login("ivan", "6600").register_terminal("К4", office="M1")
    assert chain.terminals()["К4"] == "M1"
    chain.login("chief", "7777").register_terminal("К4", office="M2")
    assert chain.terminals()["К4"] == "M2"


@pytest.mark.warns_in_log  # the wrong PINs lock ivan, which is logged
def test_a_manager_of_one_office_unlocks_no_user_of_another(
    db_url: str, chain: Shop, clock: FixedClock
) -> None:
    k4 = _open(db_url, clock, "К4")
    try:
        _lock(k4, "ivan")
        with pytest.raises(NotManagerOf) as refused:
            chain.login("boss", "9911").unlock_user("ivan")
        assert str(refused.value) == (
            "Пользователь «ivan» работает в пункте M2: разблокировать его может только "
            "менеджер этого пункта или руководитель сети."
        )
        with pytest.raises(UserLocked):
            k4.login("ivan", "6600")
        chain.login("chief", "7777").unlock_user("ivan")
        assert k4.login("ivan", "6600").role is Role.MANAGER
    finally:
        k4.close()


def test_only_the_head_unlocks_the_head(chain: Shop) -> None:
    with pytest.raises(NotManagerOf, match="руководитель сети: разблокировать его"):
        chain.login("boss", "9911").unlock_user("chief")


def test_a_manager_of_one_office_keeps_no_users_of_another(chain: Shop) -> None:
    boss = chain.login("boss", "9911")
    with pytest.raises(NotManagerOf, match="В пункте M2 заводить сотрудников"):
        boss.create_user("lena", "4444", "cashier", office="M2")
    with pytest.raises(NotManagerOf, match="В пункте M2 назначать сотрудников"):
        boss.assign_user("anna", office="M2", role="manager")
    with pytest.raises(NotManagerOf, match="В пункте M2 назначать сотрудников"):
        boss.assign_user("vera", office="M2", role=None)
    with pytest.raises(NotPermitted, match="руководителю сети"):
        boss.create_user("lena", "4444", "head")
    chief = chain.login("chief", "7777")
    assert "lena" not in [user.login for user in chief.users()]
    k4_staff = {info.login: info.role for info in _users_of(chain, "M2")}
    assert k4_staff == {"ivan": Role.MANAGER, "vera": Role.CASHIER}


def test_a_manager_of_one_office_changes_no_other_office(chain: Shop) -> None:
    boss = chain.login("boss", "9911")
    with pytest.raises(NotManagerOf, match="В пункте M2 менять пункт"):
        boss.update_office("M2", name="Чужой пункт")
    assert chain.office_info("M2").name == "Пункт приёма ставок № 2"


def test_whoever_adds_an_office_manages_it(db_url: str, chain: Shop, clock: FixedClock) -> None:
    boss = chain.login("boss", "9911")
    boss.add_office("M3", name="Пункт приёма ставок № 3", address="г. Гомель, 1")
    boss.register_terminal("К8", office="M3")
    boss.create_user("lena", "4444", "cashier", office="M3")
    k8, k4 = _open(db_url, clock, "К8"), _open(db_url, clock, "К4")
    try:
        assert k8.login("boss", "9911").role is Role.MANAGER
        assert k8.login("lena", "4444").role is Role.CASHIER
        with pytest.raises(NotManagerOf, match="В пункте M3"):
            k4.login("ivan", "6600").register_terminal("К9", office="M3")
    finally:
        k8.close()
        k4.close()


def test_the_journal_of_the_whole_chain_is_refused_with_what_to_type(chain: Shop) -> None:
    chief = chain.login("chief", "7777")
    with pytest.raises(JournalOfOneOffice) as refused:
        chief.journal(office="*")
    assert "Настройка" not in str(refused.value)
    assert str(refused.value) == (
        "Журнал выплат ведёт каждый пункт свой: вместо «*» укажите код одного пункта, "
        "например M2, или оставьте поле пустым — это пункт этого терминала."
    )
    with pytest.raises(UnknownOffice, match="Пункта с кодом «M 2» нет в сети"):
        chief.journal(office="M 2")
    assert chief.journal(office="M2") == []


def _lock(shop: Shop, login: str) -> None:
    """Five wrong PINs: the user is locked for a while (pos.people.users)."""
    for _ in range(4):
        with pytest.raises(WrongPin):
            shop.login(login, "0000")
    with pytest.raises(UserLocked):
        shop.login(login, "0000")


def _users_of(shop: Shop, office: str) -> list[UserInfo]:
    """The users with a role in `office` (the heads aside), read from the database."""
    with shop.unit_of_work() as uow:
        roles = uow.users.roles_in(office)
    return [UserInfo(login, role, None) for login, role in sorted(roles.items())]
