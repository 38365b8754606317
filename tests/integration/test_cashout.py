"""Cash-out at the counter on a real database, SQLite and PostgreSQL (issue 38): the offer, the
refusals, the slip bought back as a payout is made, settlement leaving it alone, and two
terminals buying the same slip back at once paying it once."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from pypdf import PdfReader

from main import open_shop
from pos.betting.errors import SlipNotOpen
from pos.betting.slips import SlipStatus
from pos.cashout.errors import CashoutOff, LegStarted, LegSuspended, NotOffered, OfferChanged
from pos.core.clock import FixedClock
from pos.payouts import use_cases as payouts_cases
from pos.payouts.errors import NotPayable
from pos.poker.events import draw_code
from pos.reports.tables import ReportKind
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.day_reports import Operation
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql
from tests.integration.test_withdrawal_race import HeldPrinter
from tests.shifts import number_terminals, reopen_shift

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def shop(db_shop: Shop) -> Shop:
    db_shop.update_settings(cashout_enabled=True)
    return db_shop


@pytest.fixture
def anna(shop: Shop) -> Desk:
    return shop.login("anna", "4821")


@pytest.fixture
def boss(shop: Shop) -> Desk:
    return shop.login("boss", "9911")


def _kickoff(desk: Desk, code: int) -> datetime:
    return next(row.event for row in desk.line() if row.event.code == code).starts_at


def test_a_single_bought_back_is_paid_at_once_with_its_journal_entry_receipt_and_drawer(
    shop: Shop, anna: Desk, boss: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    boss.set_odds(101, "1", "1.80")
    drawer = anna.shift().summary.expected

    offer = anna.cashout_offer(slip.number)
    entry = anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)

    assert offer.amount == D("11.08")  # DESIGN.md's example: 10 × 2,10 ÷ 1,80 × 0,95
    assert offer.valid_until - offer.made_at == timedelta(seconds=30)
    assert entry.amount == D("11.08") and entry.is_cashout and entry.slip_number == slip.number
    assert shop.journal() == [entry]
    assert shop.slip(slip.number).status is SlipStatus.CASHED_OUT
    assert sql(
        shop, "SELECT kind, amount, printed FROM fiscal_receipts WHERE kind = 'expense'"
    ) == [("expense", 1108, True)]
    assert sql(shop, "SELECT kind, amount FROM cash_movements WHERE kind = 'cashout'") == [
        ("cashout", -1108)
    ]
    summary = anna.shift().summary
    assert summary.cashouts == D("11.08") and summary.payouts == D("0.00")
    assert summary.expected == drawer - D("11.08")
    assert sql(shop, "SELECT count(*) FROM audit_log WHERE action = 'slip_cashed_out'") == [(1,)]
    day = {t.operation: (t.count, t.amount) for t in boss.x_report().totals.by_operation()}
    assert day[Operation.CASHOUTS] == (1, D("11.08")) and day[Operation.PAYOUTS] == (0, D("0"))
    with pytest.raises(NotOffered, match="уже выкуплен"):
        anna.cashout_offer(slip.number)
    with pytest.raises(NotPayable, match="выкуплен"):
        anna.pay_out(slip.number, PASSPORT)


def test_the_journals_pdf_says_the_entry_is_a_cash_out(
    shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    anna.cash_out(slip.number, amount=anna.cashout_offer(slip.number).amount, document=PASSPORT)
    written = io.BytesIO()
    today = clock.now().date()

    boss.export_journal_pdf(written, today, today)

    text = "".join(page.extract_text() for page in PdfReader(written).pages)
    assert "выкуп ставки до окончания" in " ".join(text.split())


def test_the_drawers_cash_out_still_takes_an_amount_and_a_reason(shop: Shop, boss: Desk) -> None:
    taken = boss.cash_out("50", "в сейф")

    assert taken.amount == D("50") and taken.reason == "в сейф"
    assert boss.cash_out_drawer("25", reason="в банк").amount == D("25")


def test_cash_out_is_refused_while_the_shop_has_not_turned_it_on(shop: Shop, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    shop.update_settings(cashout_enabled=False)

    with pytest.raises(CashoutOff, match="не проводится"):
        anna.cashout_offer(slip.number)
    with pytest.raises(CashoutOff):
        anna.cash_out(slip.number, amount="10", document=PASSPORT)
    assert shop.slip(slip.number).status is SlipStatus.OPEN


def test_no_offer_once_a_legs_event_has_started(shop: Shop, anna: Desk, clock: FixedClock) -> None:
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], stake="10", kind="express")
    offer = anna.cashout_offer(slip.number)
    clock.set(_kickoff(anna, 102))
    reopen_shift(anna, cash="1000")  # a day on: the demo's shift is too long by then

    with pytest.raises(LegStarted, match="событие 102 началось"):
        anna.cashout_offer(slip.number)
    with pytest.raises(LegStarted):  # the offer made before the start is not paid after it
        anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)
    assert shop.slip(slip.number).status is SlipStatus.OPEN


def test_no_offer_while_an_event_or_its_outcome_is_suspended(
    shop: Shop, anna: Desk, boss: Desk
) -> None:
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], stake="10", kind="express")

    boss.suspend_outcome(102, "O2.5")
    with pytest.raises(LegSuspended, match=r"исход O2\.5 события 102 приостановлен"):
        anna.cashout_offer(slip.number)
    boss.resume_outcome(102, "O2.5")
    boss.suspend_event(101)
    with pytest.raises(LegSuspended, match="события 101"):
        anna.cashout_offer(slip.number)


def test_systems_draws_and_lost_slips_are_not_bought_back(
    shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    system = anna.accept_bet([(101, "1"), (102, "O2.5"), (103, "1")], stake="9", kind="system 2/3")
    draw = anna.accept_bet([(draw_code(anna.draw_board().next.number), "P1")], stake="10")
    express = anna.accept_bet([(101, "2"), (103, "1")], stake="4", kind="express")
    single = anna.accept_bet([(101, "2")], stake="4")
    clock.advance(timedelta(days=5))  # after the matches
    boss.record_result(101, 2, 1, source="АБФФ")

    with pytest.raises(NotOffered, match="система"):
        anna.cashout_offer(system.number)
    with pytest.raises(NotOffered, match="тираж"):
        anna.cashout_offer(draw.number)
    with pytest.raises(NotOffered, match="проигрышный"):
        anna.cashout_offer(express.number)  # a leg lost, another still open
    shop.settle()
    with pytest.raises(NotOffered, match="проигрышный"):
        anna.cashout_offer(single.number)


def test_an_expired_offer_is_refused_with_the_new_one(
    shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    offer = anna.cashout_offer(slip.number)
    clock.advance(timedelta(seconds=31))
    boss.set_odds(101, "1", "1.80")

    with pytest.raises(OfferChanged, match="11,08") as refused:
        anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)

    assert shop.slip(slip.number).status is SlipStatus.OPEN and shop.journal() == []
    entry = anna.cash_out(slip.number, amount=refused.value.amount, document=PASSPORT)
    assert entry.amount == D("11.08")


def test_an_amount_no_offer_made_is_refused(shop: Shop, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    offer = anna.cashout_offer(slip.number)

    with pytest.raises(OfferChanged):
        anna.cash_out(slip.number, amount=offer.amount + D("0.01"), document=PASSPORT)
    assert shop.slip(slip.number).status is SlipStatus.OPEN


def test_a_cashed_out_slip_is_untouched_by_settlement_and_the_window(
    shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    offer = anna.cashout_offer(slip.number)
    anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)

    with pytest.raises(SlipNotOpen, match="уже выкуплен"):
        anna.cancel_in_window(slip.number, "передумал")
    clock.advance(timedelta(days=5))  # after the match
    boss.record_result(101, 2, 0, source="АБФФ")
    shop.settle()

    assert shop.slip(slip.number).status is SlipStatus.CASHED_OUT
    assert sql(shop, "SELECT count(*) FROM settlements") == [(0,)]


@pytest.fixture
def two(db_url: str, clock: FixedClock) -> Iterator[tuple[Shop, Shop, HeldPrinter]]:
    """The demo at К1, whose printer holds its jobs, and К2 of the same office."""
    held = HeldPrinter()
    k1 = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=held)
    held.release.set()
    k1.seed_demo()
    k1.update_settings(cashout_enabled=True)
    k1.register_terminal("К2", office="M1", register_serial="KSA-0002")
    number_terminals(k1, "К2")
    k2 = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(), printer=Dummy())
    k2.login("boss", "9911").open_shift(cash="1000")
    yield k1, k2, held
    held.release.set()
    k2.close()
    k1.close()


def test_two_terminals_cashing_out_the_same_slip_pay_it_once(
    two: tuple[Shop, Shop, HeldPrinter],
) -> None:
    k1, k2, held = two
    anna, boss = k1.login("anna", "4821"), k2.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="10")
    first, second = anna.cashout_offer(slip.number), boss.cashout_offer(slip.number)
    held.started.clear()
    held.release.clear()
    paid: list[object] = []
    worker = threading.Thread(
        target=lambda: paid.append(
            anna.cash_out(slip.number, amount=first.amount, document=PASSPORT)
        )
    )
    worker.start()
    try:
        assert held.started.wait(30), "К1's receipt never reached its printer"
        with pytest.raises(NotPayable, match="К1"):
            boss.cash_out(slip.number, amount=second.amount, document=PASSPORT)
    finally:
        held.release.set()
        worker.join(30)

    assert len(paid) == 1 and k1.slip(slip.number).status is SlipStatus.CASHED_OUT
    with pytest.raises(NotOffered, match="уже выкуплен"):
        boss.cash_out(slip.number, amount=second.amount, document=PASSPORT)
    assert sql(k1, "SELECT count(*) FROM journal_entries") == [(1,)]
    assert sql(k1, "SELECT sum(amount) FROM cash_movements WHERE kind = 'cashout'") == [(-950,)]


def test_p6_the_conditions_print_the_cash_out_with_its_margin_and_offer_time_once_on(
    db_shop: Shop, clock: FixedClock
) -> None:
    before = db_shop.conditions()
    clock.advance(timedelta(minutes=1))

    db_shop.login("boss", "9911").update_settings(
        cashout_enabled=True, cashout_margin="0.07", cashout_offer_seconds=45
    )

    after = db_shop.conditions()
    assert "выкуп" not in before.text.lower()
    assert after.number == before.number + 1
    assert "за вычетом 7 %" in after.text
    assert "Предложение выкупа действует 45 секунд" in after.text


def test_a_cash_out_whose_receipt_came_out_before_a_crash_is_made_a_cash_out_after_it(
    shop: Shop, anna: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    slip = anna.accept_bet([(101, "1")], stake="10")
    offer = anna.cashout_offer(slip.number)

    def power_cut(*args: object, **kwargs: object) -> None:
        raise SystemExit("power cut")

    with monkeypatch.context() as patched:  # the receipt printed, then the power went
        patched.setattr(payouts_cases, "_make", power_cut)
        with pytest.raises(SystemExit):
            anna.cash_out(slip.number, amount=offer.amount, document=PASSPORT)
    assert shop.slip(slip.number).status is SlipStatus.OPEN

    entry = anna.confirm_pending_payout(slip.number)  # the cashier saw the receipt come out

    assert entry.is_cashout and entry.amount == D("9.50")
    assert shop.slip(slip.number).status is SlipStatus.CASHED_OUT
    assert sql(shop, "SELECT kind, amount FROM cash_movements WHERE kind = 'cashout'") == [
        ("cashout", -950)
    ]


def test_the_reports_show_cash_outs_apart_count_the_stake_and_no_open_liability(
    shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    kept = anna.accept_bet([(102, "1")], stake="20")
    slip = anna.accept_bet([(101, "1")], stake="10")
    boss.set_odds(101, "1", "1.80")
    anna.cash_out(slip.number, amount=anna.cashout_offer(slip.number).amount, document=PASSPORT)
    today = clock.now().astimezone(shop.settings().zone).date()

    shifts = boss.report(ReportKind.SHIFTS, today, today)
    turnover = boss.report(ReportKind.TURNOVER, today, today)
    liabilities = boss.report(ReportKind.LIABILITIES, today, today)

    (row,) = shifts.rows
    cells = dict(zip((column.title for column in shifts.columns), row, strict=True))
    assert cells["Выкуп ставок"] == D("11.08") and cells["Выплаты"] == D("0.00")
    assert cells["Ожидалось"] == anna.shift().summary.expected
    assert turnover.totals is not None and D("30.00") in turnover.totals  # both stakes taken
    events = {r[0] for r in liabilities.rows}
    assert 102 in events and 101 not in events, kept.number
