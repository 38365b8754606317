"""«Спрэдбет» on a real database, both backends (issue 19): every paragraph of p.25–p.36 and
the 5-minute claim window of p.8, through the desk a cashier and a manager use."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import time, timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.accounts.errors import FreeBalanceShort
from pos.accounts.ledger import Movement
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PrinterUnavailable
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.spread.asset_errors import AskNotAboveBid, PriceNotInPoints, QuoteFileRejected, StaleQuote
from pos.spread.bets import Direction, SpreadStatus
from pos.spread.errors import (
    AssetTermsLocked,
    CloseAboveOpen,
    OutOfHours,
    SpreadBetClosed,
    SpreadWindowClosed,
    StakeOutsideLimits,
)
from pos.till.errors import PaperNotPrinted
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal
BRENT = {
    "name": "Нефть Brent, фьючерс",
    "point": D("0.01"),
    "margin_points": 100,
    "maintenance": D("0.5"),
    "min_stake": D("0.10"),
    "max_stake": D("50"),
}


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    boss = shop.login("boss", "9911")
    boss.add_asset("BRENT", **BRENT)
    boss.set_quote("BRENT", bid=D("74.10"), ask=D("74.14"))
    yield shop
    shop.close()


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


@pytest.fixture
def account(anna: Desk) -> str:
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "500")
    return number


def test_p25_every_quote_is_a_version_with_its_time_and_author(db_shop: Shop, boss: Desk) -> None:
    done = boss.set_quote("BRENT", bid="74.20", ask="74.25")
    assert (done.quote.version, done.quote.author, done.quote.bid) == (2, "boss", D("74.20"))
    with pytest.raises(AskNotAboveBid):
        boss.set_quote("BRENT", bid="74.30", ask="74.30")
    with pytest.raises(PriceNotInPoints):
        boss.set_quote("BRENT", bid="74.205", ask="74.25")
    [(listed)] = boss.assets()
    assert listed.quote is not None and listed.quote.version == 2


def test_p25_a_cashier_neither_adds_assets_nor_quotes(anna: Desk) -> None:
    with pytest.raises(NotPermitted):
        anna.set_quote("BRENT", bid="74.00", ask="74.04")
    with pytest.raises(NotPermitted):
        anna.add_asset("GOLD", **BRENT)


def test_p27_a_stake_outside_the_limits_is_refused(anna: Desk, account: str) -> None:
    with pytest.raises(StakeOutsideLimits, match=r"п\. 27"):
        anna.open_spread(account, "BRENT", "up", stake="60")
    with pytest.raises(StakeOutsideLimits):
        anna.open_spread(account, "BRENT", "up", stake="0.05")


def test_p29_p30_up_opens_at_the_ask_down_at_the_bid_the_margin_blocked(
    db_shop: Shop, anna: Desk, account: str
) -> None:
    up = anna.open_spread(account, "BRENT", "up", stake=D("1.00"))
    down = anna.open_spread(account, "BRENT", "вниз", stake=D("0.50"))
    assert (up.direction, up.open_quote, up.margin_blocked) == (Direction.UP, D("74.14"), D("100"))
    assert (down.direction, down.open_quote, down.margin_blocked) == (
        Direction.DOWN,
        D("74.10"),
        D("50"),
    )
    view = db_shop.account(account)
    assert (view.free, view.blocked) == (D("350.00"), D("150.00"))
    assert db_shop.spread(up.number).status is SpreadStatus.OPEN


def test_p29_a_margin_beyond_the_free_money_is_refused(anna: Desk, account: str) -> None:
    with pytest.raises(FreeBalanceShort, match="нужно 600,00"):
        anna.open_spread(account, "BRENT", "up", stake="6")


def test_p31_p34_2_a_bet_closed_in_part_by_the_opposite_bet_settles_at_once(
    db_shop: Shop, anna: Desk, boss: Desk, account: str
) -> None:
    bet = anna.open_spread(account, "BRENT", "up", stake=D("1.00"))
    boss.set_quote("BRENT", bid="74.54", ask="74.58")  # the bid 40 points above the open ask
    part = anna.close_spread(bet.number, stake=D("0.40"))
    assert (part.close_price, part.result, part.margin_released) == (
        D("74.54"),
        D("16.00"),
        D("40.00"),
    )
    after = db_shop.spread(bet.number)
    assert (after.stake_open, after.margin_blocked, after.result) == (
        D("0.60"),
        D("60.00"),
        D("16.00"),
    )
    view = db_shop.account(account)
    assert (view.free, view.blocked) == (D("456.00"), D("60.00"))
    with pytest.raises(CloseAboveOpen):
        anna.close_spread(bet.number, stake="0.70")
    anna.close_spread(bet.number, stake="0.60")
    assert db_shop.spread(bet.number).status is SpreadStatus.CLOSED
    with pytest.raises(SpreadBetClosed):
        anna.close_spread(bet.number, stake="0.10")
    assert db_shop.verify().ok


def test_p35_1_a_down_bet_closed_higher_loses_the_difference(
    db_shop: Shop, anna: Desk, boss: Desk, account: str
) -> None:
    bet = anna.open_spread(account, "BRENT", "down", stake=D("2.00"))  # at the bid, 74.10
    boss.set_quote("BRENT", bid="74.26", ask="74.30")
    closed = anna.close_spread(bet.number, stake="2.00")  # at the ask: 20 points against
    assert closed.result == D("-40.00")
    lines = db_shop.account(account).statement()
    assert [(line.kind, line.amount) for line in lines[-3:]] == [
        (Movement.BLOCK, D("-200.00")),
        (Movement.RELEASE, D("200.00")),
        (Movement.LOSS, D("-40.00")),
    ]
    assert db_shop.account(account).free == D("460.00")


def test_p32_bets_open_and_close_only_in_working_hours(
    db_shop: Shop, anna: Desk, account: str, clock: FixedClock
) -> None:
    bet = anna.open_spread(account, "BRENT", "up", stake="1")
    local = clock.now().astimezone(db_shop.settings().zone)
    opens = (local + timedelta(hours=2)).strftime("%H:00")
    closes = (local + timedelta(hours=3)).strftime("%H:00")
    hours = (time.fromisoformat(opens), time.fromisoformat(closes))
    db_shop.update_settings(working_hours=hours)  # as DESIGN.md writes it
    with pytest.raises(OutOfHours, match=f"после {opens}"):
        anna.open_spread(account, "BRENT", "up", stake="1")
    with pytest.raises(OutOfHours):
        anna.close_spread(bet.number, stake="1")


def test_a_quote_older_than_the_setting_refuses_bets(
    db_shop: Shop, anna: Desk, account: str, clock: FixedClock
) -> None:
    db_shop.update_settings(quote_max_age_minutes=10)
    clock.advance(timedelta(minutes=11))
    with pytest.raises(StaleQuote, match="устарела"):
        anna.open_spread(account, "BRENT", "up", stake="1")


def test_p8_a_claim_within_5_minutes_voids_the_bet(
    db_shop: Shop, anna: Desk, account: str, clock: FixedClock
) -> None:
    bet = anna.open_spread(account, "BRENT", "up", stake="1")
    clock.advance(timedelta(minutes=4))
    assert anna.cancel_spread(bet.number).status is SpreadStatus.CANCELLED
    assert db_shop.account(account).free == D("500.00")
    late = anna.open_spread(account, "BRENT", "up", stake="1")
    clock.advance(timedelta(minutes=5, seconds=1))
    with pytest.raises(SpreadWindowClosed, match="5 минут"):
        anna.cancel_spread(late.number)


def test_p36_a_quote_below_the_maintenance_level_closes_the_bet_by_the_bookmaker(
    db_shop: Shop, anna: Desk, boss: Desk, account: str
) -> None:
    bet = anna.open_spread(account, "BRENT", "up", stake=D("1.00"))  # margin 100, called at −50
    kept = anna.open_spread(account, "BRENT", "down", stake=D("1.00"))
    quiet = boss.set_quote("BRENT", bid="73.65", ask="73.69")  # −49 points: not yet
    assert quiet.calls == ()
    called = boss.set_quote("BRENT", bid="73.63", ask="73.67")  # −51 points: called
    assert [done.bet.number for done in called.calls] == [bet.number]
    closing = called.calls[0].closing
    assert closing is not None and closing.by_bookmaker and closing.result == D("-51.00")
    assert db_shop.spread(bet.number).status is SpreadStatus.CLOSED_BY_BOOKMAKER
    assert db_shop.spread(kept.number).status is SpreadStatus.OPEN
    shown = anna.account_spreads(account)
    assert [(b.number, c.result) for b, c in shown.calls] == [(bet.number, D("-51.00"))]
    assert anna.account_spreads(account).calls == ()  # shown once
    assert db_shop.account(account).free == D("500.00") - D("51.00") - D("100.00")
    assert db_shop.verify().ok


def test_p36_a_gap_beyond_the_account_is_the_bookmaker_s_loss_reported(
    db_shop: Shop, anna: Desk, boss: Desk
) -> None:
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    bet = anna.open_spread(number, "BRENT", "up", stake=D("1.00"))
    called = boss.set_quote("BRENT", bid="72.00", ask="72.04")  # −214 points in one quote
    [done] = called.calls
    assert done.uncovered == D("114.00")  # the account held 100
    view = db_shop.account(number)
    assert (view.free, view.blocked) == (D("0.00"), D("0.00"))
    [row] = boss.exposure()
    assert (row.uncovered, row.bets) == (D("114.00"), 0)
    assert db_shop.spread(bet.number).result == D("-214.00")
    assert db_shop.verify().ok


def test_the_exposure_report_sums_the_open_bets_at_the_quote(
    anna: Desk, boss: Desk, account: str
) -> None:
    anna.open_spread(account, "BRENT", "up", stake="1")
    anna.open_spread(account, "BRENT", "down", stake="0.5")
    [row] = boss.exposure()
    assert (row.bets, row.up_stake, row.down_stake, row.margin) == (
        2,
        D("1.00"),
        D("0.50"),
        D("150.00"),
    )
    assert row.players_result == D("-4.00") + D("-2.00")  # each loses the spread at once


def test_an_asset_s_terms_do_not_change_under_open_bets(
    anna: Desk, boss: Desk, account: str
) -> None:
    anna.open_spread(account, "BRENT", "up", stake="1")
    with pytest.raises(AssetTermsLocked):
        boss.add_asset("BRENT", **{**BRENT, "margin_points": 50})
    boss.add_asset("BRENT", **{**BRENT, "max_stake": D("20")})  # the limits may change


def test_a_quotes_file_loads_all_or_nothing(db_shop: Shop, boss: Desk) -> None:
    boss.add_asset("GOLD", **{**BRENT, "name": "Золото", "point": D("0.1")})
    good = "Код;Бид;Аск\nBRENT;74,00;74,04\nGOLD;2010,1;2010,5\n".encode()
    assert [done.quote.version for done in boss.import_quotes("котировки.csv", good)] == [2, 1]
    bad = b'[{"code": "BRENT", "bid": "75", "ask": "75.04"}, {"code": "OIL", "bid": 1, "ask": 2}]'
    with pytest.raises(QuoteFileRejected, match="OIL"):
        boss.import_quotes("котировки.json", bad)
    assert {a.asset.code: a.quote.version for a in boss.assets() if a.quote} == {
        "BRENT": 2,
        "GOLD": 1,
    }


def test_two_terminals_closing_the_same_bet_at_once_close_it_once(
    db_url: str, db_shop: Shop, anna: Desk, account: str, clock: FixedClock
) -> None:
    bet = anna.open_spread(account, "BRENT", "up", stake=D("1.00"))
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    try:
        desks = [anna, other.login("anna", "4821")]
        outcomes: list[object] = []

        def close(index: int) -> None:
            try:
                outcomes.append(desks[index].close_spread(bet.number, stake="1.00"))
            except (SpreadBetClosed, CloseAboveOpen) as refused:
                outcomes.append(refused)

        threads = [threading.Thread(target=close, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(type(o).__name__ for o in outcomes) == ["Closing", "SpreadBetClosed"]
        assert db_shop.account(account).free == D("500.00") - D("4.00")
        assert db_shop.verify().ok
    finally:
        other.close()


def test_a_bet_and_a_withdrawal_at_once_never_overdraw(
    db_url: str, db_shop: Shop, anna: Desk, account: str, clock: FixedClock
) -> None:
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    try:
        other.update_settings(register_serial="KSA-К2", register_number="RN-К2")
        cashier = other.login("anna", "4821")
        cashier.open_shift(cash=D("1000"))
        outcomes: list[object] = []

        def bet() -> None:
            try:
                outcomes.append(anna.open_spread(account, "BRENT", "up", stake="4"))
            except FreeBalanceShort as refused:
                outcomes.append(refused)

        def withdraw() -> None:
            try:
                outcomes.append(cashier.withdraw(account, "200", document=PASSPORT))
            except FreeBalanceShort as refused:
                outcomes.append(refused)

        threads = [threading.Thread(target=bet), threading.Thread(target=withdraw)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sum(isinstance(o, FreeBalanceShort) for o in outcomes) == 1
        view = db_shop.account(account)
        assert view.free >= 0 and view.free + view.blocked in (D("500.00"), D("300.00"))
        assert db_shop.verify().ok
    finally:
        other.close()


def test_p8_the_confirmations_print_the_number_the_window_and_the_result(
    anna: Desk, boss: Desk, account: str, printer: Dummy
) -> None:
    printer.clear()
    bet = anna.open_spread(account, "BRENT", "up", stake=D("1.00"))
    paper = printer.output
    assert bet.number.encode() in paper  # the barcode and the QR code
    assert "5 минут".encode("cp866") in paper  # a no-break space is a space on paper
    assert "Цена открытия".encode("cp866") in paper and b"74,14" in paper
    assert b"74,10 / 74,14" in paper  # to the point's places, though stored as 74.1
    printer.clear()
    boss.set_quote("BRENT", bid="74.20", ask="74.24")
    anna.close_spread(bet.number, stake="1")
    assert "Выигрыш".encode("cp866") in printer.output and b"6,00" in printer.output


def test_a_confirmation_the_printer_lost_leaves_the_bet_standing(
    db_shop: Shop, anna: Desk, account: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise PrinterUnavailable("К1", "нет бумаги")

    monkeypatch.setattr(type(db_shop.station), "print_document", broken)
    with pytest.raises(PaperNotPrinted, match="Ставка открыта, но подтверждение не напечатано"):
        anna.open_spread(account, "BRENT", "up", stake="1")
    [position] = anna.account_spreads(account).positions
    assert position.bet.status is SpreadStatus.OPEN
