"""Big stakes referred to a manager on SQLite and PostgreSQL (issue 38, DESIGN.md "Referral"):
sent instead of refused with nothing taken, accepted, cut, refused, lapsed, asked again when
the odds moved, decided once by two managers at once, and kept across a restart."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from main import open_shop
from pos.betting.errors import OddsChanged, StakeAboveEventLimit, StakeTooLow
from pos.betting.slips import Slip
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PosError
from pos.line.errors import UnknownEvent
from pos.people.users import Role
from pos.risk.referral_errors import (
    CutNotBelowStake,
    ReferralDecided,
    ReferralLapsed,
    ReferralNotAccepted,
    ReferralOfOtherTerminal,
)
from pos.risk.referrals import Referral
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
BIG = Decimal("5000")
LIMIT = Decimal("2000")


@pytest.fixture
def printer() -> Dummy:
    return Dummy()


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    """The demo shop at К1 whose events take at most 2 000,00 a stake."""
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    shop.update_settings(max_stake_per_event=LIMIT)
    yield shop
    shop.close()


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


@pytest.fixture
def boss(db_shop: Shop) -> Desk:
    return db_shop.login("boss", "9911")


def _refer(desk: Desk, stake: Decimal = BIG) -> Referral:
    sent = desk.accept_bet([(101, "1")], stake=stake, document=PASSPORT, refer=True)
    assert isinstance(sent, Referral)
    return sent


def _till(shop: Shop) -> tuple[object, ...]:
    """The drawer's movements, the receipts and the slips: what a bet would have taken."""
    return (
        sql(shop, "SELECT count(*) FROM cash_movements")[0][0],
        sql(shop, "SELECT count(*) FROM fiscal_receipts")[0][0],
        sql(shop, "SELECT count(*) FROM slips")[0][0],
    )


def _audited(shop: Shop, action: AuditAction) -> int:
    return int(str(sql(shop, f"SELECT count(*) FROM audit_log WHERE action = '{action}'")[0][0]))


def test_a_stake_over_the_limit_is_referred_with_nothing_taken_from_the_player(
    db_shop: Shop, anna: Desk, clock: FixedClock
) -> None:
    before = _till(db_shop)

    referral = _refer(anna)

    assert referral.status == "referred"
    assert referral.number == 1
    assert referral.deadline == clock.now() + timedelta(seconds=60)
    assert (referral.stake, referral.total_odds) == (BIG, Decimal("2.10"))
    assert referral.possible_payout == Decimal("10500.00")  # priced with the limits waived
    assert "больше максимальной на событие 101" in referral.refusal
    assert _till(db_shop) == before  # no cash, no receipt, no slip
    checks = sql(db_shop, "SELECT outcome FROM id_checks")
    assert checks[-1][0] == "accepted"  # the document checked and recorded as at the counter
    assert _audited(db_shop, AuditAction.REFERRAL_SENT) == 1


def test_without_refer_the_limit_refuses_as_before_and_a_small_bet_is_simply_issued(
    anna: Desk,
) -> None:
    with pytest.raises(StakeAboveEventLimit):
        anna.accept_bet([(101, "1")], stake=BIG)
    slip = anna.accept_bet([(101, "1")], stake="10", refer=True)
    assert isinstance(slip, Slip)
    with pytest.raises(UnknownEvent):  # any other refusal is raised as usual
        anna.accept_bet([(999, "1")], stake=BIG, refer=True)


def test_the_manager_sees_it_with_the_players_day_and_accepts_it(
    db_shop: Shop, anna: Desk, boss: Desk, printer: Dummy
) -> None:
    small = anna.accept_bet([(101, "1")], stake="10")  # an open slip on the outcome
    first = _refer(anna, Decimal("2500"))
    boss.decide_referral(first.number, accept=False, reason="много")
    referral = _refer(anna)

    waiting = boss.referrals()

    assert [one.referral.number for one in waiting] == [referral.number]
    assert waiting[0].seconds_left == 60
    assert (waiting[0].player_today.referrals, waiting[0].player_today.asked) == (
        1,
        Decimal("2500.00"),
    )
    outcome = waiting[0].liability[0]  # the liability board's row of 101 «1»
    assert (outcome.event.code, outcome.market, outcome.chain.slips) == (101, "1", 1)
    assert outcome.chain.payout == small.possible_payout
    boss.decide_referral(referral.number)
    assert anna.referral(referral.number).status == "accepted"
    slip = anna.issue_referral(referral.number)
    assert (slip.stake, slip.possible_payout) == (BIG, Decimal("10500.00"))
    assert anna.issue_referral(referral.number).number == slip.number  # issued once
    assert anna.referral(referral.number).slip_number == slip.number
    assert sql(db_shop, "SELECT count(*) FROM slips")[0][0] == 2
    assert boss.referrals() == []


def test_referral_cut_stake_is_issued_at_the_cashiers_till(
    db_shop: Shop, anna: Desk, boss: Desk, printer: Dummy
) -> None:
    referral = _refer(anna)

    boss.decide_referral(referral.number, accept=True, stake=Decimal("3000"))

    polled = anna.referral(referral.number)
    assert (polled.status, polled.accepted_stake) == ("cut", Decimal("3000.00"))
    slip = anna.issue_referral(referral.number)
    assert (slip.stake, slip.possible_payout, slip.terminal) == (
        Decimal("3000.00"),
        Decimal("6300.00"),
        "К1",
    )
    text = "\n".join(read_job(printer.output, "TM-T20II").lines)
    assert "3 000,00" in text.replace("\u00a0", " ")
    moved = sql(db_shop, "SELECT amount FROM cash_movements")
    assert [int(str(row[0])) for row in moved] == [300000]  # the cut stake, in kopecks


def test_a_cut_must_be_below_the_stake_asked_and_not_below_the_minimum(
    anna: Desk, boss: Desk
) -> None:
    referral = _refer(anna)
    with pytest.raises(CutNotBelowStake):
        boss.decide_referral(referral.number, stake=BIG)
    with pytest.raises(StakeTooLow):
        boss.decide_referral(referral.number, stake="0.50")
    assert anna.referral(referral.number).status == "referred"


def test_a_refused_referral_issues_nothing(db_shop: Shop, anna: Desk, boss: Desk) -> None:
    referral = _refer(anna)
    before = _till(db_shop)

    boss.decide_referral(referral.number, accept=False, reason="лимит игрока")

    assert anna.referral(referral.number).status == "refused"
    with pytest.raises(ReferralNotAccepted, match="отклонена"):
        anna.issue_referral(referral.number)
    assert _till(db_shop) == before
    assert _audited(db_shop, AuditAction.REFERRAL_DECIDED) == 1


def test_no_answer_within_the_timeout_is_a_refusal_and_a_late_decision_is_refused(
    db_shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    referral = _refer(anna)
    clock.advance(timedelta(seconds=59))
    assert anna.referral(referral.number).status == "referred"

    clock.advance(timedelta(seconds=1))

    assert anna.referral(referral.number).status == "lapsed"
    with pytest.raises(ReferralDecided, match="не решена вовремя"):
        boss.decide_referral(referral.number)
    assert _audited(db_shop, AuditAction.REFERRAL_LAPSED) == 1
    assert boss.referrals() == []


def test_a_decision_after_the_deadline_lapses_it_first(
    db_shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    referral = _refer(anna)
    clock.advance(timedelta(minutes=5))
    with pytest.raises(ReferralLapsed):
        boss.decide_referral(referral.number)
    assert anna.referral(referral.number).status == "lapsed"


def test_an_event_starting_lapses_the_referral(
    db_shop: Shop, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    boss.update_event(
        101, "football", "Динамо Минск", "БАТЭ Борисов", clock.now() + timedelta(seconds=20)
    )
    referral = _refer(anna)
    assert referral.deadline == clock.now() + timedelta(seconds=20)
    clock.advance(timedelta(seconds=20))
    assert anna.referral(referral.number).status == "lapsed"


def test_odds_changed_while_waiting_ask_the_player_again(anna: Desk, boss: Desk) -> None:
    referral = _refer(anna)
    boss.set_odds(101, "1", Decimal("2.20"))
    boss.decide_referral(referral.number, stake=Decimal("3000"))

    with pytest.raises(OddsChanged) as changed:
        anna.issue_referral(referral.number)

    assert (changed.value.shown, changed.value.now) == (Decimal("6300.00"), Decimal("6600.00"))
    slip = anna.issue_referral(referral.number, expected_payout=changed.value.now)
    assert (slip.stake, slip.possible_payout) == (Decimal("3000.00"), Decimal("6600.00"))


def test_two_managers_deciding_at_once_one_wins(db_shop: Shop, anna: Desk, boss: Desk) -> None:
    db_shop.create_user("vera", "5511", Role.MANAGER)
    vera = db_shop.login("vera", "5511")
    referral = _refer(anna)
    start = threading.Barrier(2)
    outcomes: dict[str, object] = {}

    def decide(desk: Desk, accept: bool) -> None:
        start.wait()
        try:
            outcomes[desk.login] = desk.decide_referral(referral.number, accept=accept)
        except ReferralDecided as refused:
            outcomes[desk.login] = refused

    threads = [
        threading.Thread(target=decide, args=(boss, True)),
        threading.Thread(target=decide, args=(vera, False)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    losers = [o for o in outcomes.values() if isinstance(o, ReferralDecided)]
    winners = [o for o in outcomes.values() if isinstance(o, Referral)]
    assert (len(winners), len(losers)) == (1, 1)
    won = winners[0]
    assert won.decision is not None
    assert losers[0].by == won.decision.decided_by
    assert f"решение принял {won.decision.decided_by}" in str(losers[0])
    assert anna.referral(referral.number).status == won.status


def test_a_terminal_restarted_while_waiting_sees_its_referral(
    db_url: str, db_shop: Shop, anna: Desk, clock: FixedClock
) -> None:
    referral = _refer(anna)
    db_shop.close()

    again = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        cashier = again.login("anna", "4821")
        found = cashier.open_referral()
        assert found is not None
        assert (found.number, found.status) == (referral.number, "referred")
        again.login("boss", "9911").decide_referral(referral.number, stake="3000")
        assert cashier.open_referral() is not None  # cut, not yet issued
        slip = cashier.issue_referral(referral.number)
        assert slip.stake == Decimal("3000.00")
        assert cashier.open_referral() is None
    finally:
        again.close()


def test_only_the_till_that_sent_it_issues_it(
    db_url: str, anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    referral = _refer(anna)
    boss.decide_referral(referral.number)
    other = open_shop(
        db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        with pytest.raises(ReferralOfOtherTerminal):
            other.login("boss", "9911").issue_referral(referral.number)
    finally:
        other.close()


def test_a_cashier_may_not_decide_and_the_report_counts_the_decisions(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    first, second, third = _refer(anna), _refer(anna), _refer(anna)
    with pytest.raises(NotPermitted):
        anna.decide_referral(first.number)
    boss.decide_referral(first.number)
    boss.decide_referral(second.number, accept=False)
    clock.advance(timedelta(minutes=2))
    anna.withdraw_referral(third.number)  # lapsed already: returned as it is

    today = clock.now().date()
    report = boss.referral_report(today, today)

    rows = {row[0]: row[1:] for row in report.rows}
    assert rows == {"boss": (1, 0, 1, 0, 0, 2), "время истекло": (0, 0, 0, 1, 0, 1)}
    assert report.totals == ("Итого", 1, 0, 1, 1, 0, 3)


def test_esc_withdraws_a_waiting_referral(anna: Desk, boss: Desk) -> None:
    referral = _refer(anna)
    assert anna.withdraw_referral(referral.number).status == "withdrawn"
    with pytest.raises(ReferralDecided, match="отозвана кассиром"):
        boss.decide_referral(referral.number)


_TYPED = st.one_of(st.none(), st.text(max_size=12), st.integers(), st.decimals(allow_nan=True))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(number=_TYPED, stake=_TYPED, reason=_TYPED)
def test_what_a_manager_types_into_a_decision_gives_nothing_but_a_sentence(
    anna: Desk, boss: Desk, number: object, stake: object, reason: object
) -> None:
    with contextlib.suppress(PosError):  # nothing else: no crash, no database error
        boss.decide_referral(number, accept=True, stake=stake, reason=reason)


def test_the_demo_refers_a_stake_of_5000_on_its_event_105(db_shop: Shop, anna: Desk) -> None:
    db_shop.update_settings(max_stake_per_event=Decimal("5000"))  # the demo's own, as shipped

    sent = anna.accept_bet([(105, "X")], stake=BIG, refer=True)

    assert isinstance(sent, Referral)
    assert "на событие 105 (2 000,00" in sent.refusal.replace("\u00a0", " ")
