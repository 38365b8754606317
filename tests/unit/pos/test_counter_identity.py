"""The document check at the counter (p.18–p.22), on a fake database: refusals, each recorded."""

from datetime import UTC, date
from decimal import Decimal

import pytest

from pos.betting.errors import DocumentRefused, IdentityCheckRequired, StakeTooLow
from pos.betting.slips import IdOutcome
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage

D = Decimal


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


def adult(**changes: object) -> IdDocument:
    fields: dict[str, object] = {
        "surname": "Иванов",
        "name": "Пётр",
        "patronymic": "Сергеевич",
        "birth_date": date(1990, 5, 17),
        "kind": "паспорт",
        "number": "MP1234567",
        "issued_on": date(2015, 6, 1),
        "issued_by": "Фрунзенский РУВД г. Минска",
        "expires_on": date(2030, 6, 1),
    }
    fields.update(changes)
    return IdDocument(**fields)  # type: ignore[arg-type]


def test_an_underage_player_is_refused_and_the_check_recorded(
    storage: FakeStorage, anna: Desk
) -> None:
    with pytest.raises(Underage, match="Игроку 18 лет — ставки и выплаты только с 21 года"):
        anna.accept_bet([(101, "1")], stake="10", document=adult(birth_date=date(2008, 1, 1)))
    assert storage.data.slips == {}
    check = storage.data.id_checks[-1]
    assert (check.outcome, check.age, check.masked_number) == (IdOutcome.UNDERAGE, 18, "******567")


def test_an_expired_document_is_refused(storage: FakeStorage, anna: Desk) -> None:
    with pytest.raises(DocumentExpired):
        anna.accept_bet([(101, "1")], stake="10", document=adult(expires_on=date(2026, 11, 29)))
    assert storage.data.id_checks[-1].outcome is IdOutcome.EXPIRED


def test_an_accepted_check_stays_recorded_even_when_the_bet_is_refused(
    storage: FakeStorage, anna: Desk
) -> None:
    with pytest.raises(StakeTooLow):
        anna.accept_bet([(101, "1")], stake="0,10", document=adult())
    assert [c.outcome for c in storage.data.id_checks] == [IdOutcome.ACCEPTED]
    assert storage.data.slips == {}


def test_a_player_who_will_not_show_a_document_is_refused_and_recorded(
    storage: FakeStorage, anna: Desk
) -> None:
    with pytest.raises(DocumentRefused):
        anna.check_identity(None)
    assert storage.data.id_checks[-1].outcome is IdOutcome.REFUSED
    assert anna.check_identity(adult()) == 36


def test_a_shop_that_checks_everyone_refuses_a_bet_without_a_document(
    demo_shop: Shop, anna: Desk
) -> None:
    demo_shop.update_settings(always_check_id="да")
    with pytest.raises(IdentityCheckRequired):
        anna.accept_bet([(101, "1")], stake="10")
    assert anna.accept_bet([(101, "1")], stake="10", document=adult()).stake == D("10.00")


def test_a_document_with_wrong_field_types_is_refused_and_recorded(
    storage: FakeStorage, anna: Desk
) -> None:
    from datetime import datetime

    for broken in (
        adult(birth_date=datetime(1990, 1, 1, tzinfo=UTC)),
        adult(number=None),
        adult(expires_on="2030-01-01"),
    ):
        with pytest.raises(InvalidDocument):
            anna.accept_bet([(101, "1")], stake="10", document=broken)
    assert [c.outcome for c in storage.data.id_checks] == [IdOutcome.INVALID] * 3


def test_a_refused_check_in_a_shop_that_checks_everyone_is_recorded(
    demo_shop: Shop, storage: FakeStorage, anna: Desk
) -> None:
    demo_shop.update_settings(always_check_id="да")
    with pytest.raises(IdentityCheckRequired):
        anna.accept_bet([(101, "1")], stake="10")
    assert storage.data.id_checks[-1].outcome is IdOutcome.REFUSED
