"""The register of restricted persons on both backends (issue 35; DESIGN.md "Restricted
persons"): a cash bet with a document in it is refused with nothing issued, a win already won
is still paid."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from escpos.printer import Dummy
from sqlalchemy import text

from main import open_shop
from pos.accounts.errors import RestrictedFileRejected
from pos.betting.slips import IdOutcome, SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.people.errors import RestrictedPerson
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT, PASSPORT_HB
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal
REGISTER = "личный_номер;документ\n;MP 1234567\n".encode()


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def shop(db_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    shop.seed_demo(played_yesterday=True)
    yield shop
    shop.close()


def test_a_cash_bet_with_a_document_in_the_register_is_refused_and_nothing_issued(
    shop: Shop, printer: Dummy
) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    boss.load_self_exclusions("реестр.csv", b"MP 1234567\n")
    slips_before = len(anna.recent_slips(minutes=3 * 24 * 60))
    status = anna.shift()
    assert status is not None
    drawer_before = status.shift.drawer
    printed_before = len(printer.output)

    with pytest.raises(RestrictedPerson) as refused:
        anna.accept_bet([(101, "1")], stake="10", document=PASSPORT)

    assert str(refused.value).startswith("Игрок в перечне лиц, ограниченных")
    assert str(refused.value).count(".") == 1  # one sentence
    assert len(anna.recent_slips(minutes=3 * 24 * 60)) == slips_before
    after = anna.shift()
    assert after is not None and after.shift.drawer == drawer_before
    assert len(printer.output) == printed_before
    # Someone else's document still bets.
    assert anna.accept_bet([(101, "1")], stake="10", document=ID_CARD).stake == D("10.00")


def test_a_win_already_won_is_paid_to_a_player_in_the_register(shop: Shop) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    winners = [
        slip for slip in anna.recent_slips(minutes=2 * 24 * 60) if slip.status is SlipStatus.WON
    ]
    boss.load_self_exclusions("реестр.csv", b"MP 1234567\n")

    entry = anna.pay_out(winners[0].number, document=PASSPORT)

    assert entry.amount == winners[0].payout
    assert shop.slip(winners[0].number).status is SlipStatus.PAID


PERSONAL = "3010185A001PB1"
CENTRE_FILE = f"личный_номер;документ\n{PERSONAL};\n;HB 2345678\n".encode()


def test_the_centres_file_matches_a_cash_bet_by_personal_number_or_document(
    shop: Shop, clock: FixedClock
) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    with pytest.raises(NotPermitted):
        anna.load_restricted("perechen.csv", CENTRE_FILE)

    load = boss.load_restricted("perechen.csv", CENTRE_FILE)

    assert (load.version, load.persons, load.loaded_by) == ("perechen.csv", 2, "boss")
    # Another passport of the same person: the personal number finds them.
    renewed = dataclasses.replace(PASSPORT, number="MP 7777777", personal_number=PERSONAL)
    with pytest.raises(RestrictedPerson):
        anna.accept_bet([(101, "1")], stake="10", document=renewed)
    with pytest.raises(RestrictedPerson):
        anna.accept_bet([(101, "1")], stake="10", document=PASSPORT_HB)
    # The refusals are recorded as the identity checks are, with the number masked.
    with shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]  # the records, as an inspector
        rows = session.execute(
            text("SELECT masked_number FROM id_checks WHERE outcome = :o ORDER BY id"),
            {"o": IdOutcome.RESTRICTED.value},
        ).all()
    assert [row.masked_number for row in rows] == ["******777", "******678"]
    # The older list of documents loads the same register, in place of the centre's file.
    assert boss.load_self_exclusions("реестр.csv", b"HB 2345678\n") == 1
    assert anna.accept_bet([(101, "1")], stake="10", document=renewed).stake == D("10.00")


def test_a_bad_line_refuses_the_whole_file_naming_it_and_the_register_stays(shop: Shop) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    boss.load_restricted("perechen-1.csv", CENTRE_FILE)
    bad = "личный_номер;документ\n;MP1234567\n3010185A001PB;\n".encode()

    with pytest.raises(RestrictedFileRejected) as refused:
        boss.load_restricted("perechen-2.csv", bad)

    assert str(refused.value) == (
        "Перечень ограниченных лиц из файла «perechen-2.csv» не загружен, прежний действует: "
        "строка 3: «3010185A001PB» — не личный номер."
    )
    assert anna.accept_bet([(101, "1")], stake="10", document=PASSPORT).stake == D("10.00")
    assert "perechen-1.csv" in boss.restricted_register().words()
    for data, why in (
        (b"\xff\xfe", "кодировка файла не UTF-8"),
        ("документ;личный_номер\n".encode(), "первая строка не «личный_номер;документ»"),
        ("личный_номер;документ\n;\n".encode(), "строка 2: ни личного номера"),
        ("личный_номер;документ\nMP1;2;3\n".encode(), "строка 2: «MP1;2;3» — нужно два поля"),
    ):
        with pytest.raises(RestrictedFileRejected, match=why):
            boss.load_restricted("perechen-3.csv", data)
    with pytest.raises(RestrictedFileRejected, match="нет ни одного лица"):
        boss.load_restricted("perechen-4.csv", "личный_номер;документ\n".encode())


def test_the_version_and_load_time_are_shown_and_a_stale_register_warned_about(
    shop: Shop, clock: FixedClock
) -> None:
    boss = shop.login("boss", "9911")
    assert boss.restricted_register().stale
    assert "не загружен" in boss.restricted_register().words()
    boss.load_restricted("perechen-2026-11-30.csv", CENTRE_FILE)

    fresh = boss.restricted_register()

    assert not fresh.stale
    assert fresh.words() == (
        "Перечень лиц «perechen-2026-11-30.csv» загружен "
        f"{clock.now().astimezone(ZoneInfo('Europe/Minsk')):%d.%m.%Y %H:%M}, 2 лица."
    )
    clock.advance(timedelta(days=1, minutes=1))
    stale = boss.restricted_register()
    assert stale.stale
    assert stale.words().startswith("Перечень лиц устарел: «perechen-2026-11-30.csv» загружен")
    assert stale.warning() == "Перечень лиц устарел"
    boss.update_settings(restricted_max_age="2")
    assert not boss.restricted_register().stale


def test_an_account_opened_with_a_personal_number_is_matched_by_it(shop: Shop) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    holder = dataclasses.replace(ID_CARD, personal_number="3010185 а001рв1")  # as typed
    number = anna.open_account(document=holder).number
    anna.deposit(number, "100")

    boss.load_restricted("perechen.csv", f"личный_номер;документ\n{PERSONAL};\n".encode())

    with pytest.raises(RestrictedPerson):
        anna.deposit(number, "10")
    with pytest.raises(RestrictedPerson):
        anna.open_account(document=dataclasses.replace(PASSPORT, personal_number=PERSONAL))
    # Their free money still goes back to them.
    assert anna.withdraw(number, "100", document=holder).amount == D("100.00")
    with shop.unit_of_work() as uow:
        stored = uow.accounts.get(number)
    assert stored is not None and stored.person_key not in (None, PERSONAL)


def test_a_spread_bet_and_a_pari_are_refused_to_a_holder_in_the_register(shop: Shop) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    boss.add_asset(
        "BRENT",
        name="Нефть Brent",
        point=D("0.01"),
        margin_points=100,
        maintenance=D("0.5"),
        min_stake=D("0.10"),
        max_stake=D("50"),
    )
    boss.set_quote("BRENT", bid=D("74.10"), ask=D("74.14"))
    holder = dataclasses.replace(ID_CARD, personal_number=PERSONAL)
    number = anna.open_account(document=holder).number
    anna.deposit(number, "500")
    offer = anna.offer_pari(
        number, event=101, market="1", side="back", coefficient="1.5", stake="10"
    )

    boss.load_restricted("perechen.csv", f"личный_номер;документ\n{PERSONAL};\n".encode())

    with pytest.raises(RestrictedPerson):
        anna.open_spread(number, "BRENT", "up", stake="1")
    with pytest.raises(RestrictedPerson):
        anna.offer_pari(number, event=101, market="1", side="back", coefficient="1.5", stake="10")
    other = anna.open_account(document=PASSPORT).number
    anna.deposit(other, "500")
    assert anna.accept_pari(other, offer.number, stake="5").stake == D("5.00")  # not restricted
