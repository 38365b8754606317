"""Papers name the cashier as the journal's column 8 is signed (issue 34): «Кассир Соколова
А. С.», the login where a user has no name kept, on both backends and in the ESC/POS bytes."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy import select

from db.tables import AuditRow, UserRow
from main import open_shop
from pos.core.clock import FixedClock
from pos.people.errors import NotManagerOf
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import SlipNotPrinted
from tests.chain_helpers import won_slips
from tests.documents import ID_CARD, PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
PROFILE = "TM-T20II"
CUT = b"\x1dV\x00"
ANNA = "Кассир Соколова А. С."  # the demo's anna: «Соколова Анна Сергеевна»
BOSS = "Климович Д. П."  # the demo's boss: «Климович Дмитрий Петрович»


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
def anna(db_shop: Shop, printer: Dummy) -> Desk:
    desk = db_shop.login("anna", "4821")
    printer.clear()
    return desk


def _papers(printer: Dummy) -> list[str]:
    """Each document the printer got, as its words with one space between them."""
    output = printer.output
    parts = [part + CUT for part in output.split(CUT) if part.strip(b"\n")]
    return [" ".join(read_job(part, PROFILE).text().split()) for part in parts]


def test_a_slip_and_its_receipt_name_the_cashier_as_she_signs(anna: Desk, printer: Dummy) -> None:
    slip = anna.accept_bet([(101, "1")], stake=Decimal("10"))
    papers = _papers(printer)
    assert [p.count(ANNA) for p in papers] == [1, 1]  # the slip, its stake's receipt
    assert not any("Кассир anna" in p for p in papers)
    assert slip.cashier == "anna"  # the slip keeps the login: only paper shows the name
    assert anna.slip(slip.number).cashier == "anna"


def test_a_copy_says_who_reprinted_it_by_name(db_shop: Shop, anna: Desk, printer: Dummy) -> None:
    slip = anna.accept_bet([(101, "1")], stake=Decimal("10"))
    printer.clear()
    db_shop.login("boss", "9911").reprint(slip.number)
    (copy,) = _papers(printer)
    assert "КОПИЯ 1" in copy
    assert f"Копию напечатал {BOSS}" in copy
    assert ANNA in copy  # who took the bet stays on it
    preview = " ".join(line.text for line in anna.preview_slip(slip.number))
    assert ANNA in " ".join(preview.split())


def test_cash_put_in_and_taken_out_and_the_x_and_z_reports(anna: Desk, printer: Dummy) -> None:
    anna.accept_bet([(101, "1")], stake=Decimal("10"))  # the register's day opens
    anna.cash_in(Decimal("50"), "размен")
    anna.authorised_by("boss", "9911", "cash_out").cash_out(Decimal("20"), "инкассация")
    anna.x_report()
    anna.z_report()
    papers = _papers(printer)
    titles = ("ВНЕСЕНИЕ НАЛИЧНЫХ", "ИЗЪЯТИЕ НАЛИЧНЫХ", "X-ОТЧЁТ", "Z-ОТЧЁТ")
    for title in titles:
        (paper,) = [p for p in papers if title in p]
        assert ANNA in paper, paper


def test_a_payout_note_and_its_receipt(db_shop: Shop, clock: FixedClock, printer: Dummy) -> None:
    (number,) = won_slips(db_shop, clock, ("M1",), 1, by=("boss", "9911"))["M1"]
    anna = db_shop.login("anna", "4821")
    reopen_shift(anna, cash="1000")
    printer.clear()
    anna.pay_out(number, PASSPORT)
    papers = _papers(printer)
    assert papers and all(ANNA in p for p in papers), papers


def test_the_account_and_exchange_papers(anna: Desk, printer: Dummy) -> None:
    backer = anna.open_account(document=PASSPORT).number
    anna.deposit(backer, "1000")
    layer = anna.open_account(document=ID_CARD).number
    anna.deposit(layer, "1000")
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    anna.accept_pari(layer, offer.number, stake="40")
    papers = _papers(printer)
    assert len(papers) >= 6  # two cards, two receipts, the offer, the two confirmations
    assert all(ANNA in p for p in papers), papers


def test_a_user_with_no_name_is_printed_by_login_until_a_manager_types_it(
    db_shop: Shop, printer: Dummy
) -> None:
    db_shop.create_user("olga", pin="7351", role="cashier")
    olga = db_shop.login("olga", "7351")
    printer.clear()
    first = olga.accept_bet([(101, "1")], stake=Decimal("10"))
    assert all("Кассир olga" in p for p in _papers(printer))
    boss = db_shop.login("boss", "9911")
    boss.rename_user("olga", "  Петрова   Ольга  Ивановна ")
    printer.clear()
    olga.reprint(first.number)  # a slip taken before: its copy prints today's name
    (copy,) = _papers(printer)
    assert "Кассир Петрова О. И." in copy and "Копию напечатал Петрова О. И." in copy
    with db_shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]
        assert session.scalar(select(UserRow.full_name).where(UserRow.login == "olga")) == (
            "Петрова Ольга Ивановна"
        )
        details = session.scalars(select(AuditRow.detail).where(AuditRow.action == "user_renamed"))
        assert list(details) == ["olga: Петрова Ольга Ивановна"]


def test_a_manager_renames_only_the_staff_of_the_offices_they_manage(db_shop: Shop) -> None:
    db_shop.seed_demo(chain=True)
    db_shop.create_user("mira", pin="2468", role="manager", name="Орлова Мира Львовна")
    with pytest.raises(NotManagerOf, match="В пункте M2 менять имена сотрудников может"):
        db_shop.login("mira", "2468").rename_user("vera", "Тарасевич В.")
    with db_shop.unit_of_work() as uow:
        names = {user.login: user.full_name for user in uow.users.list()}
    assert (names["vera"], names["mira"]) == ("Тарасевич Вера Николаевна", "Орлова Мира Львовна")


def test_a_void_notice_names_the_cashier_who_prints_it(db_url: str, clock: FixedClock) -> None:
    printer = FlakyDummy()
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    try:
        shop.seed_demo()
        anna = shop.login("anna", "4821")
        printer.broken, printer.mode = True, "cut"
        with pytest.raises(SlipNotPrinted):
            anna.accept_bet([(101, "1")], stake="10", request_key="k1")
        printer.broken = False
        printer.clear()
        assert anna.print_void_notices() == 1
        (notice,) = _papers(printer)
    finally:
        shop.close()
    assert "АННУЛИРОВАН" in notice and ANNA in notice
