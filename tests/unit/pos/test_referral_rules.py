"""The referral's rules without a database (issue 38): decided once, a cut below the stake
and not below the minimum, a silence or a started event lapses it, the sentences the
cashier reads; and the desk's flow on the in-memory storage."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from pos.betting.bets import BetKind, BetType
from pos.betting.errors import StakeNotSplittable, StakeTooLow
from pos.betting.slips import Leg
from pos.core.clock import FixedClock
from pos.risk.referral_errors import CutNotBelowStake, ReferralDecided, ReferralLapsed
from pos.risk.referral_wording import referral_sentence
from pos.risk.referrals import Decision, Referral, ReferralState, decided, lapsed
from pos.shop.services import Shop

SENT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
MIN = Decimal("1.00")
SINGLE = BetKind(BetType.SINGLE)


def _referral(kind: BetKind = SINGLE, legs: int = 1) -> Referral:
    leg = Leg(101, "1", Decimal("2.10"), 1, "Динамо Минск", "БАТЭ", SENT + timedelta(hours=8))
    members = tuple((replace(leg, event_code=101 + n),) for n in range(legs))
    return Referral("M1", 7, "К1", "anna", SENT, SENT + timedelta(seconds=60), kind, members,
                    Decimal("5000.00"), Decimal("2.10"), Decimal("10500.00"), "лимит")  # fmt: skip


def _decision(state: ReferralState, stake: str | None = None, at: int = 10) -> Decision:
    amount = None if stake is None else Decimal(stake)
    return Decision(state, SENT + timedelta(seconds=at), "boss", amount)


def test_an_acceptance_as_asked_takes_the_stake_asked() -> None:
    accepted = decided(_referral(), _decision(ReferralState.ACCEPTED), MIN)
    assert (accepted.status, accepted.accepted_stake) == ("accepted", Decimal("5000.00"))


def test_a_cut_is_below_the_stake_asked_and_not_below_the_minimum() -> None:
    cut = decided(_referral(), _decision(ReferralState.CUT, "3000.00"), MIN)
    assert (cut.status, cut.accepted_stake) == ("cut", Decimal("3000.00"))
    assert cut.payout_at(Decimal("3000.00")) == Decimal("6300.00")
    with pytest.raises(CutNotBelowStake):
        decided(_referral(), _decision(ReferralState.CUT, "5000.00"), MIN)
    with pytest.raises(StakeTooLow):
        decided(_referral(), _decision(ReferralState.CUT, "0.50"), MIN)


def test_a_systems_cut_must_split_into_kopecks() -> None:
    system = _referral(BetKind(BetType.SYSTEM, 2, 3), legs=3)
    with pytest.raises(StakeNotSplittable):
        decided(system, _decision(ReferralState.CUT, "10.01"), MIN)


def test_decided_once_and_the_second_hears_who_decided() -> None:
    refused = decided(_referral(), _decision(ReferralState.REFUSED), MIN)
    with pytest.raises(ReferralDecided) as second:
        decided(refused, _decision(ReferralState.ACCEPTED), MIN)
    assert str(second.value) == "Крупная ставка № 7 уже отклонена (решение принял boss)."


def test_a_silence_until_the_deadline_is_a_refusal() -> None:
    waiting = _referral()
    assert not lapsed(waiting, SENT + timedelta(seconds=59))
    assert lapsed(waiting, SENT + timedelta(seconds=60))
    with pytest.raises(ReferralLapsed):
        decided(waiting, _decision(ReferralState.ACCEPTED, at=60), MIN)
    assert waiting.seconds_left(SENT + timedelta(seconds=15, milliseconds=500)) == 45


def test_the_cashier_reads_one_sentence_for_each_state() -> None:
    waiting = _referral()
    assert referral_sentence(waiting, SENT + timedelta(seconds=15)) == (
        "Ставка 5\u00a0000,00 руб. ждёт решения менеджера: осталось 45 с."
    )
    cut = decided(waiting, _decision(ReferralState.CUT, "3000.00"), MIN)
    assert referral_sentence(cut, SENT).startswith(
        "Менеджер согласовал 3\u00a0000,00 вместо 5\u00a0000,00."
    )
    refused = decided(waiting, replace(_decision(ReferralState.REFUSED), reason="лимит"), MIN)
    assert referral_sentence(refused, SENT) == "Менеджер отклонил ставку: лимит."


def test_on_the_fakes_a_referral_is_sent_cut_and_issued(demo_shop: Shop, clock: FixedClock) -> None:
    demo_shop.update_settings(max_stake_per_event=Decimal("2000"))
    anna, boss = demo_shop.login("anna", "4821"), demo_shop.login("boss", "9911")
    sent = anna.accept_bet([(101, "1")], stake="5000", refer=True)
    assert isinstance(sent, Referral)
    assert boss.waiting_referrals() == 1

    boss.decide_referral(sent.number, stake="3000")
    slip = anna.issue_referral(sent.number)

    assert (slip.stake, anna.referral(sent.number).status) == (Decimal("3000.00"), "issued")
    assert boss.waiting_referrals() == 0
