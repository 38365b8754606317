"""pos.exchange: offers and paris between players and their settlement, named by the paragraphs
of the Rules (p.37–p.53, DESIGN.md «Спрэдбетэкс»); the properties: test_exchange_properties."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest

from pos.accounts.ledger import Balance
from pos.core.input_errors import InvalidAmount
from pos.exchange.errors import (
    AcceptAboveOpen,
    CoefficientOutsideLimits,
    EventStarted,
    InvalidCommission,
    NothingToChange,
    NotOnLine,
    OfferClosed,
    OwnOffer,
    PariNotCancellable,
    PariSettled,
    PartBelowMinimum,
    RiskBelowKopeck,
    StakeOutsideLimits,
    UnknownSide,
)
from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.paris import BlockChange, Offer, OfferStatus, Pari, PariStatus, Side, risk
from pos.exchange.settlement import back_verdict, settle_pari
from pos.exchange.terms import ExchangeLimits, parse_side
from pos.line.errors import InvalidMarket
from pos.line.events import Event, Sport
from pos.line.markets import LegOutcome
from pos.settlement.results import Result, ResultStatus

D = Decimal
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
STARTS = T0 + timedelta(hours=6)
MINSK = timezone(timedelta(hours=3))
EVENT = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", STARTS)
LINE = ("1", "X", "2", "O2.5", "U2.5")
LIMITS = ExchangeLimits(
    min_stake=D("1.00"), max_stake=D("1000.00"), min_coefficient=D("0.10"), max_coefficient=D("50")
)
ANNA, BORIS = "00000100017", "00000200025"  # two players' accounts
D0 = D("0.00")


def _offer(
    side: str = "back",
    coefficient: str = "1.50",
    stake: str = "100",
    *,
    market: str = "1",
    event: Event = EVENT,
    at: datetime = T0,
) -> Offer:
    return new_offer(
        number="7",
        account=ANNA,
        event=event,
        terms=OfferTerms(market=market, side=side, coefficient=coefficient, stake=stake),
        line_markets=LINE,
        limits=LIMITS,
        at=at,
        terminal="К1",
        cashier="anna",
        office="M1",
    )


def _accept(offer: Offer, stake: str, at: datetime = T0) -> tuple[Offer, Pari, BlockChange]:
    return offer.accept(stake, account=BORIS, number="P1", at=at, limits=LIMITS)


def _pari(coefficient: str = "1.50", stake: str = "100") -> Pari:
    return _accept(_offer(coefficient=coefficient, stake=stake), stake)[1]


def test_p37_the_bookmaker_organises_paris_between_two_players() -> None:
    pari = _pari()
    assert {pari.back_account, pari.lay_account} == {ANNA, BORIS}
    with pytest.raises(OwnOffer, match=r"№ 7 сделано со счёта № 000001-000-17"):
        _offer().accept("10", account=ANNA, number="P1", at=T0, limits=LIMITS)


def test_p38_stakes_outside_the_organiser_s_limits_are_refused_naming_them() -> None:
    for stake in ("0.99", "1000.01"):
        with pytest.raises(StakeOutsideLimits) as refused:
            _offer(stake=stake)
        assert "от 1,00 руб. до 1\u00a0000,00 руб. (п. 38 Правил)" in str(refused.value)
    assert _offer(stake="1").stake == D("1.00") and _offer(stake="1000").stake == D("1000.00")


def test_p38_coefficients_outside_the_organiser_s_limits_are_refused_naming_them() -> None:
    with pytest.raises(CoefficientOutsideLimits, match=r"Коэффициент 50,01 .* от 0,10 до 50,00"):
        _offer(coefficient="50.01")
    with pytest.raises(CoefficientOutsideLimits, match=r"Коэффициент 0,09 не принят"):
        _offer(coefficient="0,09")
    with pytest.raises(ValueError, match="stake limits"):
        ExchangeLimits(min_stake=D(5), max_stake=D(1), min_coefficient=D(1), max_coefficient=D(2))


def test_p38_a_part_below_the_minimum_is_accepted_only_as_all_that_is_left() -> None:
    offer, _, _ = _accept(_offer(stake="100"), "99.50")
    with pytest.raises(PartBelowMinimum, match=r"Принять 0,10 руб\..* весь остаток, 0,50 руб\."):
        _accept(offer, "0.10")
    assert _accept(offer, "0.50")[0].status is OfferStatus.ACCEPTED


def test_p39_the_stake_is_the_money_put_in() -> None:
    back = _offer("back", "1.50", "100")
    assert back.blocked == back.stake == back.stake_open == D("100.00")
    assert _pari("1.50", "100").back_risk == D("100.00")


def test_p40_back_is_for_the_outcome_lay_against_it() -> None:
    for word in ("back", "BACK", " Бэк ", "за", "ЗА"):
        assert parse_side(word) is Side.BACK
    for word in ("lay", "Лэй", "против", "ПРОТИВ"):
        assert parse_side(word) is Side.LAY
    with pytest.raises(UnknownSide, match=r"«вверх».*«бэк» \(за, back\).*«лэй» \(против, lay\)"):
        parse_side("вверх")
    assert Side.BACK.opposite is Side.LAY and Side.LAY.opposite is Side.BACK


def test_p40_a_lay_offer_blocks_the_stake_times_the_coefficient_rounded_down() -> None:
    lay = _offer("против", "1.37", "33.33")
    assert lay.side is Side.LAY and lay.blocked == D("45.66")  # 45.6621
    assert risk(Side.LAY, D("33.33"), D("1.37")) == D("45.66")


def test_p41_the_terms_are_the_event_side_coefficient_stake_and_the_players() -> None:
    offer = _offer("lay", "2,25", "40", market="б2,5")
    assert (offer.event, offer.market, offer.side) == (101, "O2.5", Side.LAY)
    assert (offer.coefficient, offer.stake, offer.account) == (D("2.25"), D("40.00"), ANNA)
    pari = _accept(offer, "40")[1]
    assert (pari.back_account, pari.lay_account) == (BORIS, ANNA)  # the acceptor takes back


def test_p41_a_back_win_under_a_kopeck_is_no_pari() -> None:
    small = ExchangeLimits(
        min_stake=D("0.01"), max_stake=D(1), min_coefficient=D("0.01"), max_coefficient=D(9)
    )
    with pytest.raises(RiskBelowKopeck, match=r"0,01 руб\. с коэффициентом 0,50 невозможно"):
        new_offer(
            number="8",
            account=ANNA,
            event=EVENT,
            terms=OfferTerms("1", "back", "0.50", "0.01"),
            line_markets=LINE,
            limits=small,
            at=T0,
            terminal="К1",
            cashier="anna",
            office="M1",
        )


def test_p42_a_pari_is_concluded_at_the_acceptance() -> None:
    at = T0 + timedelta(minutes=5)
    offer, pari, change = _accept(_offer(), "100", at)
    assert pari.concluded_at == at and pari.status is PariStatus.CONCLUDED
    assert (pari.offer_number, pari.event, pari.market, pari.stake) == ("7", 101, "1", D("100"))
    assert offer.status is OfferStatus.ACCEPTED and offer.stake_open == offer.blocked == 0
    assert change == BlockChange(ANNA)  # the block stays: it is the pari's now
    assert pari.back_risk == D("100.00") and pari.lay_risk == D("150.00")


def test_p43_a_pari_may_be_for_less_than_the_stake() -> None:
    offer, pari, _ = _accept(_offer(stake="100"), "40")
    assert pari.stake == D("40.00") and offer.stake_open == D("60.00")
    assert offer.accepted == D("40.00") and offer.status is OfferStatus.OPEN
    with pytest.raises(AcceptAboveOpen, match=r"№ 7 осталось 60,00 руб\.: принять 60,01 руб\."):
        _accept(offer, "60.01")


def test_p43_parts_of_a_lay_offer_release_what_rounding_leaves_over() -> None:
    offer = _offer("lay", "1.37", "3.33")  # blocks 4.5621 → 4.56
    offer, first, change = _accept(offer, "1.11")  # 1.5207 → 1.52; 2.22 × 1.37 = 3.0414 → 3.04
    assert (first.lay_risk, offer.blocked, change.release) == (D("1.52"), D("3.04"), D0)
    offer, second, change = _accept(offer, "1.11")
    assert (second.lay_risk, offer.blocked, change.release) == (D("1.52"), D("1.52"), D0)
    offer, third, change = _accept(offer, "1.11")
    assert offer.blocked == 0 and change.release == 0 and third.lay_risk == D("1.52")
    odd, part, change = _accept(_offer("lay", "1.55", "2"), "1.01")  # 3.10 = 1.5655 + 1.5345
    assert (part.lay_risk, odd.blocked, change.release) == (D("1.56"), D("1.53"), D("0.01"))


def test_p44_the_offerer_changes_or_withdraws_only_the_unaccepted_part() -> None:
    offer, pari, _ = _accept(_offer("lay", "1.50", "100"), "40")
    changed, change = offer.change(D("1.40"), at=T0, limits=LIMITS)
    assert changed.coefficient == D("1.40") and pari.coefficient == D("1.50")
    assert changed.blocked == D("84.00") and change == BlockChange(ANNA, release=D("6.00"))
    bigger, change = changed.change(stake="200", at=T0, limits=LIMITS)
    assert (bigger.stake_open, bigger.stake, bigger.accepted) == (D(200), D(240), D(40))
    assert change == BlockChange(ANNA, block=D("196.00"))  # 280.00 − 84.00
    gone, change = bigger.change(stake="0", at=T0, limits=LIMITS)
    assert gone.status is OfferStatus.WITHDRAWN and change.release == D("280.00")
    with pytest.raises(InvalidAmount, match="не может быть отрицательной"):
        bigger.change(stake="-1", at=T0, limits=LIMITS)
    with pytest.raises(NothingToChange, match=r"сейчас 200,00 руб\.; 0 — отозвать"):
        bigger.change(at=T0, limits=LIMITS)
    with pytest.raises(StakeOutsideLimits):
        bigger.change(stake="1000.01", at=T0, limits=LIMITS)


def test_p44_withdrawing_releases_the_block_of_the_unaccepted_part() -> None:
    offer, _, _ = _accept(_offer("back", "1.50", "100"), "30")
    withdrawn, change = offer.withdraw()
    assert withdrawn.status is OfferStatus.WITHDRAWN and change.release == D("70.00")
    assert (withdrawn.accepted, withdrawn.stake_open, withdrawn.blocked) == (D(30), D0, D0)
    for refused in (
        withdrawn.withdraw,
        lambda: withdrawn.change(D(2), at=T0, limits=LIMITS),
        lambda: _accept(withdrawn, "1"),
    ):
        with pytest.raises(OfferClosed, match=r"№ 7 .* нельзя: оно отозвано игроком"):
            refused()


def test_p45_a_concluded_pari_has_no_cancel() -> None:
    pari = _pari()
    assert not any(hasattr(pari, name) for name in ("cancel", "void", "annul"))
    assert str(PariNotCancellable(pari.number, pari.stake)) == (
        "Пари № P1 на 100,00 руб. заключено и отмене не подлежит (п. 45 Правил)."
    )
    accepted = _accept(_offer(), "100")[0]
    with pytest.raises(OfferClosed, match=r"полностью принято на 100,00 руб\..*\(п\. 45 Правил\)"):
        accepted.withdraw()
    with pytest.raises(OfferClosed, match=r"Предложение № 7 изменить нельзя"):
        accepted.change(D("1.20"), at=T0, limits=LIMITS)


def test_p46_unaccepted_parts_lapse_at_the_start() -> None:
    offer, _, _ = _accept(_offer("lay", "2", "100"), "25")
    assert offer.lapse(STARTS - timedelta(seconds=1)) is None
    lapsed = offer.lapse(STARTS)
    assert lapsed is not None
    after, change = lapsed
    assert after.status is OfferStatus.LAPSED and change == BlockChange(ANNA, release=D("150.00"))
    assert after.lapse(STARTS) is None and _accept(_offer(), "100")[0].lapse(STARTS) is None
    with pytest.raises(OfferClosed, match=r"аннулировано в момент начала события \(п\. 46"):
        after.change(D(3), at=T0, limits=LIMITS)


def test_p46_nothing_is_offered_changed_or_accepted_from_the_start() -> None:
    late = STARTS.astimezone(MINSK)
    message = r"Событие 101 началось 30\.11\.2026 в 18:00: .*\(п\. 46 Правил\)"
    with pytest.raises(EventStarted, match=message):
        _offer(at=late)
    with pytest.raises(EventStarted, match=message):
        _accept(_offer(), "10", late)
    with pytest.raises(EventStarted, match=message):
        _offer().change(D(2), at=late, limits=LIMITS)


def test_p47_paris_only_on_events_the_bookmaker_offers() -> None:
    with pytest.raises(NotOnLine, match=r"исхода «Ф1-1,5» события 101 нет в линии.*п\. 47"):
        _offer(market="H1-1.5")
    with pytest.raises(NotOnLine, match=r"приём на событие 101 приостановлен"):
        _offer(event=Event(101, Sport.FOOTBALL, "А", "Б", STARTS, suspended=True))
    with pytest.raises(NotOnLine, match=r"событие 9 — тираж Bet-on-Poker"):
        _offer(
            event=Event(
                9, Sport.GAME, "Тираж", "9", STARTS, tournament="Bet-on-Poker", game="poker"
            )
        )
    with pytest.raises(InvalidMarket):
        _offer(market="победа")


def test_p48_a_back_win_is_the_stake_times_the_coefficient() -> None:
    done = settle_pari(_pari("1.50", "100"), LegOutcome.WON, D(0))
    assert (done.back.gain, done.back.loss, done.back.released) == (D("150.00"), D0, D("100.00"))
    assert done.pari.status is PariStatus.SETTLED and done.pari.back_result == D("150.00")


def test_p49_a_lay_win_is_the_backer_s_stake_twice_the_stake_at_evens() -> None:
    done = settle_pari(_pari("1.50", "100"), LegOutcome.LOST, D(0))
    assert (done.lay.gain, done.lay.loss, done.lay.released) == (D("100.00"), D0, D("150.00"))
    evens = settle_pari(_pari("1.00", "100"), LegOutcome.LOST, D(0)).lay
    assert evens.released + evens.gain == 2 * D("100.00")  # his own stake back and the backer's


def test_p50_a_back_loss_is_the_stake() -> None:
    done = settle_pari(_pari("1.50", "100"), LegOutcome.LOST, D(0))
    assert (done.back.gain, done.back.loss, done.back.result) == (D0, D("100.00"), D("-100.00"))
    assert done.pari.back_result == D("-100.00") and done.pari.lay_result == D("100.00")


def test_p51_a_lay_loss_is_the_stake_times_the_coefficient() -> None:
    done = settle_pari(_pari("1.37", "33.33"), LegOutcome.WON, D(0))
    assert done.lay.loss == done.lay.released == D("45.66")  # 45.6621 rounded down
    assert done.back.gain == D("45.66") and done.pari.lay_result == D("-45.66")


def test_p52_the_bookmaker_is_each_side_s_counterparty() -> None:
    for outcome in LegOutcome.WON, LegOutcome.LOST, LegOutcome.VOID:
        pari = _pari("1.37", "33.33")
        back, lay = Balance().deposit(D(500)), Balance().deposit(D(500))
        back, lay = back.block(pari.back_risk), lay.block(pari.lay_risk)
        done = settle_pari(pari, outcome, D(5))
        back, lay = done.back.apply(back), done.lay.apply(lay)
        assert back.blocked == lay.blocked == 0
        assert back.total + lay.total + done.commission == D(1000)
        assert done.back.result + done.lay.result + done.commission == 0


def test_p52_a_void_result_releases_both_blocks_and_moves_nothing() -> None:
    done = settle_pari(_pari("2.50", "40"), LegOutcome.VOID, D(5))
    assert (done.back.released, done.lay.released) == (D("40.00"), D("100.00"))
    assert done.back.result == done.lay.result == done.commission == 0
    assert done.pari.status is PariStatus.VOID and done.pari.back_result == 0
    with pytest.raises(PariSettled, match=r"Пари № P1 уже возвращено"):
        settle_pari(done.pari, LegOutcome.WON, D(5))
    with pytest.raises(ValueError, match="without a result"):
        settle_pari(_pari(), LegOutcome.OPEN, D(5))


def test_p53_the_commission_is_kept_from_the_winner_s_gain() -> None:
    back_won = settle_pari(_pari("1.50", "100"), LegOutcome.WON, D(5))
    assert (back_won.back.gain, back_won.commission) == (D("142.50"), D("7.50"))
    assert back_won.lay.loss == D("150.00")
    lay_won = settle_pari(_pari("1.37", "33.33"), LegOutcome.LOST, "2,5")
    # 33.33 × 0.975 = 32.49675: the winner's gain rounded down, the commission the rest
    assert (lay_won.lay.gain, lay_won.commission) == (D("32.49"), D("0.84"))
    assert lay_won.back.loss == lay_won.lay.gain + lay_won.commission
    with pytest.raises(InvalidCommission, match=r"«100».*от 0 до 100"):
        settle_pari(_pari(), LegOutcome.WON, D(100))


def _result(home: int, away: int, *, first_score: datetime | None = None) -> Result:
    return Result(
        101, ResultStatus.FINISHED, home, away, STARTS, STARTS + timedelta(hours=2), "АБФФ",
        first_score_at=first_score,
    )  # fmt: skip


def test_second_p24_and_levels_void_a_pari_and_a_late_one_is_void_for_both() -> None:
    in_time = STARTS - timedelta(minutes=1)
    assert back_verdict("1", _result(2, 1), in_time).outcome is LegOutcome.WON
    assert back_verdict("O2.5", _result(1, 1), in_time).outcome is LegOutcome.LOST
    assert back_verdict("U2", _result(1, 1), in_time).outcome is LegOutcome.VOID  # on the line
    assert back_verdict("H1-1", _result(2, 1), in_time).outcome is LegOutcome.VOID
    postponed = Result(101, ResultStatus.POSTPONED, None, None, STARTS, STARTS, "АБФФ")
    assert back_verdict("1", postponed, in_time).outcome is LegOutcome.VOID
    assert back_verdict("1", None, in_time).outcome is LegOutcome.OPEN
    late = back_verdict("2", _result(0, 1), STARTS + timedelta(minutes=1))
    assert late.outcome is LegOutcome.VOID and "после фактического начала" in late.reason
    scoreless = _result(0, 1, first_score=STARTS + timedelta(minutes=30))
    assert back_verdict("2", scoreless, STARTS + timedelta(minutes=1)).outcome is LegOutcome.WON
