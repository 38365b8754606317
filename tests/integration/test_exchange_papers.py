"""The «Спрэдбетэкс» papers as printed on both backends (issue 34): a pari's confirmation for
each side, saying whose it is, the side, what this holder wins or loses, and the event as the
slip names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
PROFILE = "TM-T20II"
CUT = b"\x1dV\x00"
EVENT = "101 Динамо Минск - БАТЭ Борисов"  # « — » is "-" in CP866


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile=PROFILE)


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


@pytest.fixture
def players(anna: Desk) -> tuple[str, str]:
    numbers = []
    for document in (PASSPORT, ID_CARD):
        number = anna.open_account(document=document).number
        anna.deposit(number, "1000")
        numbers.append(number)
    return numbers[0], numbers[1]


def _papers(output: bytes) -> list[str]:
    """Each document of the job as its words, one space between them."""
    documents = [part + CUT for part in output.split(CUT) if part]
    return [" ".join(read_job(part, PROFILE).text().split()) for part in documents]


def test_each_side_gets_its_own_confirmation_of_the_pari(
    anna: Desk, players: tuple[str, str], printer: Dummy
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    printer.clear()
    pari = anna.accept_pari(layer, offer.number, stake="40")
    papers = _papers(printer.output)
    assert len(papers) == 2  # one for each side, the acceptor's first
    lay, back = papers
    for paper, account in ((lay, layer), (back, backer)):
        assert "ПАРИ ЗАКЛЮЧЕНО" in paper and pari.number in "".join(paper.split("-"))
        assert f"Счёт игрока {display_account_number(account)}" in paper
        assert EVENT in paper and "Футбол" in paper and "Начало" in paper
        assert "Исход Победа хозяев (1)" in paper
        assert "отмене не подлежит" in paper
    assert display_account_number(backer) not in lay
    assert display_account_number(layer) not in back
    assert "Ваша сторона лэй (исход не свершится)" in lay
    assert "Ваша сторона бэк (исход свершится)" in back
    # The lay side wins the backer's stake and risks the stake × coefficient; the back side
    # the other way round (p.48–p.51).
    assert "Ваш выигрыш, если исход не свершится 40,00 руб." in lay
    assert "Ваш проигрыш, если исход свершится 60,00 руб." in lay
    assert "Ваш выигрыш, если исход свершится 60,00 руб." in back
    assert "Ваш проигрыш, если исход не свершится 40,00 руб." in back


def test_the_offer_s_confirmation_names_the_event_as_the_slip_does(
    anna: Desk, players: tuple[str, str], printer: Dummy
) -> None:
    backer, _layer = players
    printer.clear()
    anna.offer_pari(backer, event=101, market="X", side="lay", coefficient="3.00", stake="20")
    (paper,) = _papers(printer.output)
    assert "ПРЕДЛОЖЕНИЕ ПАРИ" in paper
    assert EVENT in paper and "Начало" in paper and "Исход Ничья (X)" in paper
    assert "101, X" not in paper
