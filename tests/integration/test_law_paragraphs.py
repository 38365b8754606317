"""The bookmaker rules no other test was named after (issue 37): p.3, p.4, p.5, p.10, p.12,
p.20, on both databases (docs/law.md lists every paragraph with its tests)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from pos.betting.errors import DocumentRefused, EventHasResult, OddsChanged, PayoutTooHigh
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.line.errors import InvalidEvent, UnknownEvent
from pos.people.errors import Underage
from pos.people.identity import IdDocument
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.integration.sql import sql as _sql
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration
D = Decimal


def _slip_rows(shop: Shop) -> int:
    rows = _sql(shop, "SELECT count(*) FROM slips")
    return int(str(rows[0][0]))


def test_p3_bets_only_on_matches_of_the_line_whose_result_is_a_fact_to_check(
    db_shop: Shop, clock: FixedClock
) -> None:
    # p.3: the parties cannot act on the result, only facts are checked. The line holds only
    # matches of its sports between two teams, put there by a manager; the cashier who takes
    # the stake neither adds an event nor records its result; a result, once a fact, takes
    # no more bets.
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    starts = NOW + timedelta(days=3)
    with pytest.raises(InvalidEvent, match="неизвестный вид спорта"):
        boss.add_event(700, "выборы", "Кандидат А", "Кандидат Б", starts)
    with pytest.raises(InvalidEvent, match="две разные команды"):
        boss.add_event(701, "football", "Динамо Минск", "Динамо Минск", starts)
    with pytest.raises(NotPermitted):
        anna.add_event(702, "football", "Ислочь", "Минск", starts)
    before = _slip_rows(db_shop)
    with pytest.raises(UnknownEvent, match="700"):
        anna.accept_bet([(700, "1")], stake="10")
    clock.advance(timedelta(days=1, hours=9))  # 101 started at 19:00 and has ended
    reopen_shift(anna)
    with pytest.raises(NotPermitted):
        anna.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(101, 2, 1, source="АБФФ")
    for desk in (anna, boss):
        with pytest.raises(EventHasResult, match="101"):
            desk.accept_bet([(101, "1")], stake="10", agreed_in_play=desk is boss)
    assert _slip_rows(db_shop) == before
    assert _sql(db_shop, "SELECT code FROM events WHERE code IN (700, 701, 702)") == []
    kept = {row.event.code: row.result for row in boss.results()}[101]
    assert kept is not None and kept.source == "АБФФ"


def _document(born: date) -> IdDocument:
    return IdDocument(
        surname="Иванов",
        name="Пётр",
        patronymic="Сергеевич",
        birth_date=born,
        kind="паспорт",
        number="MP1234567",
        issued_on=date(2024, 6, 1),
        issued_by="Фрунзенский РУВД г. Минска",
        expires_on=date(2034, 6, 1),
    )


def test_p4_a_player_under_age_or_without_a_document_is_refused_and_each_check_recorded(
    db_shop: Shop,
) -> None:
    # p.4: no stakes from minors; in doubt the cashier asks for a document and refuses a player
    # who will not show it. The age is the shop's setting: 21 since 2019, the text's 18 typed.
    anna = db_shop.login("anna", "4821")
    before = _slip_rows(db_shop)
    with pytest.raises(Underage, match="Игроку 18 лет — ставки и выплаты только с 21 года"):
        anna.accept_bet([(101, "1")], stake="10", document=_document(date(2008, 1, 1)))
    with pytest.raises(DocumentRefused):
        anna.check_identity(None)
    assert _slip_rows(db_shop) == before
    db_shop.update_settings(min_age="18")
    anna.accept_bet([(101, "1")], stake="10", document=_document(date(2008, 1, 1)))

    assert _slip_rows(db_shop) == before + 1
    checks = _sql(db_shop, "SELECT outcome, age, masked_number FROM id_checks ORDER BY id")
    assert checks[-3:] == [
        ("underage", 18, "******567"),
        ("refused", None, ""),
        ("accepted", 18, "******567"),
    ]


def test_p5_the_win_is_fixed_when_the_bet_is_accepted_before_the_game(
    db_shop: Shop, clock: FixedClock
) -> None:
    # p.5: the size of the win is set before the game: the slip carries its possible payout
    # from the moment it is issued, and the result pays exactly that.
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], stake="10", kind="express")
    assert slip.possible_payout == D("40.95")  # 10 × 2,10 × 1,95
    stored = _sql(db_shop, f"SELECT possible_payout FROM slips WHERE number = '{slip.number}'")
    assert stored == [(4095,)]
    clock.advance(timedelta(days=5))
    boss.record_result(101, 3, 0, source="АБФФ")
    boss.record_result(102, 2, 1, source="АБФФ")

    db_shop.settle()

    assert db_shop.slip(slip.number).payout == slip.possible_payout


def test_p10_changed_conditions_apply_to_the_bets_made_after_the_change(
    db_shop: Shop,
) -> None:
    # p.10: the bookmaker may change its conditions; a bet made before keeps the ones it was
    # made on, a bet made after is taken on the new ones.
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    before = anna.accept_bet([(101, "1")], stake="50")  # 105,00 under 100 000,00
    db_shop.update_settings(max_payout="100", max_stake_per_event="50")
    boss.set_odds(101, "1", "2.50")
    with pytest.raises(PayoutTooHigh):
        anna.accept_bet([(101, "1")], stake="50")  # 125,00 above the new 100,00
    after = anna.accept_bet([(101, "1")], stake="40")

    kept = db_shop.slip(before.number)
    assert (kept.status, kept.possible_payout, kept.legs[0].odds) == (
        SlipStatus.OPEN,
        D("105.00"),
        D("2.10"),
    )
    assert (after.possible_payout, after.legs[0].odds) == (D("100.00"), D("2.50"))
    caps = _sql(
        db_shop,
        "SELECT payout_cap FROM slips WHERE number IN "
        f"('{before.number}', '{after.number}') ORDER BY id",
    )
    assert caps == [(10_000_000,), (10_000,)]


def test_p12_the_win_is_worked_out_by_the_terms_the_bet_was_made_on(
    db_shop: Shop, clock: FixedClock
) -> None:
    # p.12 (with p.10): the odds and the maximum payout in force when the bet was accepted
    # decide its win, whatever the line and the settings say at the settlement.
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    made = anna.accept_bet([(101, "1")], stake="10")  # 2,10; the maximum payout 100 000,00
    boss.set_odds(101, "1", "1.50")
    db_shop.update_settings(max_payout="15", max_stake_per_event="10")
    later = anna.accept_bet([(101, "1")], stake="10")  # 1,50 under the new maximum
    clock.advance(timedelta(days=5))
    boss.record_result(101, 2, 1, source="АБФФ")

    db_shop.settle()

    assert db_shop.slip(made.number).status is SlipStatus.WON
    assert db_shop.slip(made.number).payout == D("21.00")
    assert db_shop.slip(later.number).payout == D("15.00")
    settlement = anna.settlement(made.number)
    assert settlement is not None and any("2,10" in line for line in settlement.lines)
    stored = _sql(
        db_shop,
        "SELECT s.payout FROM settlements s JOIN slips p ON p.id = s.slip_id "
        f"WHERE p.number = '{made.number}'",
    )
    assert stored == [(2100,)]  # integer kopecks at rest
    caps = _sql(db_shop, f"SELECT payout_cap FROM slips WHERE number = '{made.number}'")
    assert caps == [(10_000_000,)]  # the maximum in force at acceptance, kept with the slip


def test_p20_a_bet_is_taken_at_the_odds_offered_and_keeps_them_after_a_change(
    db_shop: Shop,
) -> None:
    # p.20: bets are taken at the odds the bookmaker offers; they may change after any bet,
    # the bets made before keep theirs; the player must know the change before the bet (the
    # price shown is checked again at issue).
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    offered = {row.event.code: row for row in anna.line()}[101]
    assert offered.odds["1"] == D("2.10")
    first = anna.accept_bet([(101, "1")], stake="10")
    shown = anna.price_bet([(101, "1")], stake="10").possible_payout
    boss.set_odds(101, "1", "1.90")
    with pytest.raises(OddsChanged, match=r"19,00 руб\. вместо 21,00 руб\."):
        anna.accept_bet([(101, "1")], stake="10", expected_payout=shown)
    second = anna.accept_bet([(101, "1")], stake="10", expected_payout=D("19.00"))

    kept = db_shop.slip(first.number)
    assert [(leg.odds, leg.odds_version) for leg in kept.legs] == [(D("2.10"), 1)]
    assert kept.possible_payout == D("21.00")
    assert [(leg.odds, leg.odds_version) for leg in second.legs] == [(D("1.90"), 2)]
    versions = _sql(
        db_shop,
        "SELECT version FROM odds_quotes q JOIN events e ON e.id = q.event_id "
        "WHERE e.code = 101 AND q.market = '1' ORDER BY version",
    )
    assert versions == [(1,), (2,)]  # the first version stays, the change is a new row
