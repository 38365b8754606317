"""A deposit's participant (issue 35, protocol 6.5.5): the account keeps the holder's document as
it was shown at opening, so that money onto the account names the holder as a withdrawal or a
win paid does; an account opened before keeps the masked fields it has."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date

import pytest
from escpos.printer import Dummy

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.documents import ID_CARD
from tests.integration.skks_helpers import skks_shop
from tests.integration.sql import sql
from tests.skks_simulator import SimulatedController
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
PERSONAL = "3010185A001PB1"
HOLDER = dataclasses.replace(ID_CARD, personal_number="3010185 а001рв1")  # as typed


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    with skks_shop(db_url, clock, printer) as shop:
        yield shop


def _participants(controller: SimulatedController) -> list[tuple[str, object]]:
    return [
        (entry["kind"], controller.message(entry["id"]).get("participant"))
        for entry in controller.log()
    ]


def test_a_deposit_names_the_holder_as_a_withdrawal_does(
    db_shop: Shop, controller: SimulatedController
) -> None:
    db_shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=1)
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=HOLDER).number

    anna.deposit(number, "500")
    anna.withdraw(number, "100", document=HOLDER)

    (deposit_kind, deposited), (withdrawal_kind, withdrawn) = _participants(controller)
    assert (deposit_kind, withdrawal_kind) == ("account_deposit", "account_withdrawal")
    assert deposited == {
        "surname": "Ковалёва",
        "name": "Анна",
        "patronymic": "Петровна",
        "document_kind": "ID-карта",
        "document_number": "KH7654321",
        "issued_on": "2022-06-01",
        "issued_by": "Фрунзенский РУВД г. Минска",
        "personal_number": PERSONAL,
    }
    assert deposited == withdrawn


def test_the_account_keeps_the_document_as_it_was_checked(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    opened = anna.open_account(document=HOLDER)

    kept = db_shop.account(opened.number).account.document

    assert kept == dataclasses.replace(HOLDER, number="KH7654321", personal_number=PERSONAL)
    assert opened.document == kept
    assert isinstance(kept.issued_on, date) and kept.expires_on == date(2032, 6, 1)


def test_an_account_opened_before_names_its_holder_as_it_did(
    db_shop: Shop, controller: SimulatedController
) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=HOLDER).number
    sql(  # what migration 0022 leaves on an account opened before it
        db_shop,
        "UPDATE accounts SET holder_surname = NULL, holder_name = NULL, "
        "holder_patronymic = NULL, holder_birth_date = NULL, document_kind = NULL, "
        "document_number = NULL, document_issued_on = NULL, document_issued_by = NULL, "
        "document_expires_on = NULL, personal_number = NULL",
    )
    db_shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=1)

    anna.deposit(number, "500")

    assert db_shop.account(number).account.document is None
    assert _participants(controller) == [
        (
            "account_deposit",
            {"holder": "Ковалёва Анна Петровна", "document": "ID-карта ******321"},
        )
    ]


def test_the_statement_prints_no_document_the_account_keeps(db_shop: Shop, printer: Dummy) -> None:
    anna = db_shop.login("anna", "4821")
    number = anna.open_account(document=HOLDER).number
    anna.deposit(number, "500")
    printer.clear()

    anna.print_statement(number)

    text = "\n".join(read_job(printer.output, "TM-T20II").lines)
    assert "Ковалёва Анна Петровна" in text  # handed to the holder
    for kept in ("7654321", PERSONAL, "Фрунзенский", "01.06.2022"):
        assert kept not in text
