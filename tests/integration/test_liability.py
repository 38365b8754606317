"""The liability board and the caps on SQLite and PostgreSQL (issue 38, DESIGN.md "Liability"):
the board equals the sums computed from the slips, the cap refuses at its boundary, an
outcome suspended from the board refuses bets, an office's figures beside the chain's."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from datetime import timedelta
from decimal import Decimal
from typing import Any, cast

import pytest
from escpos.printer import Dummy
from hypothesis import given
from hypothesis import strategies as st

from main import open_shop
from pos.betting import counter
from pos.betting.bets import parse_kind, possible_payout
from pos.betting.errors import LiabilityCapExceeded
from pos.betting.numbers import make_slip_number
from pos.betting.pricing import price_bet
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.line.events import Event, Sport
from pos.line.markets import LegOutcome, Market
from pos.line.quote_errors import MarketNotOffered, OutcomeSuspended
from pos.offices.errors import OtherOfficesJournal
from pos.risk.liability import Exposure
from pos.settlement.results import Result, ResultStatus
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher
from tests.integration.fuzz_helpers import FUZZ

pytestmark = pytest.mark.integration
D = Decimal
MARKETS = ("1", "X", "2", "O2.5")
ODDS = {"1": D("2.10"), "X": D("3.40"), "2": D("3.05"), "O2.5": D("1.85")}
KICKOFF = NOW + timedelta(days=1)
_CODES = itertools.count(7000, 10)  # a fresh block of event codes per example


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    yield shop
    shop.close()


def _event(shop: Shop, code: int, odds: str = "2.00") -> int:
    boss = shop.login("boss", "9911")
    boss.add_event(code, "football", f"Хозяева {code}", f"Гости {code}", KICKOFF)
    boss.set_odds(code, "1", D(odds))
    boss.set_odds(code, "2", D("1.90"))
    return code


# --- the board equals the sums computed from the slips -----------------------------------

RESULTS = st.one_of(
    st.none(),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.just("cancelled"),
)
SLIP = st.tuples(
    st.sampled_from(("single", "express", "system 2/3")),
    st.permutations(range(4)),
    st.lists(st.sampled_from(MARKETS), min_size=3, max_size=3),
    st.integers(1, 300),
    st.sampled_from(
        (SlipStatus.OPEN,) * 4 + (SlipStatus.CANCELLED, SlipStatus.VOID, SlipStatus.PENDING)
    ),
    st.sampled_from(("M1", "M1", "M2")),
)


@FUZZ
@given(results=st.lists(RESULTS, min_size=4, max_size=4), drawn=st.lists(SLIP, max_size=12))
def test_the_board_equals_the_sums_computed_from_the_open_slips(
    fuzz_shop: Shop, results: list[object], drawn: list[tuple[Any, ...]]
) -> None:
    """Singles, expresses and systems, some legs won, lost or void: each outcome of an event
    with no result carries every open slip with a leg on it whole, unless another of its legs
    is lost; the net is its payout less the event's stakes; settling changes none of it."""
    first = next(_CODES)
    codes = [first + n for n in range(4)]
    slips = _store(fuzz_shop, codes, results, drawn)
    expected = _expected(slips, dict(zip(codes, results, strict=True)), fuzz_shop.office)

    assert _board(fuzz_shop, codes) == expected
    for code in codes:  # one event's board: the same rows, its other legs checked too
        assert _board(fuzz_shop, [code], event=code) == {
            key: sums for key, sums in expected.items() if key[0] == code
        }
    fuzz_shop.settle()
    assert _board(fuzz_shop, codes) == expected


def _store(
    shop: Shop, codes: list[int], results: Sequence[object], drawn: Sequence[Sequence[Any]]
) -> list[Slip]:
    slips = []
    with shop.unit_of_work() as uow:
        secret = counter.shop_secret(uow)
        for code, result in zip(codes, results, strict=True):
            uow.line.add_event(Event(code, Sport.FOOTBALL, "Хозяева", "Гости", KICKOFF))
            if result is not None:
                uow.results.add(_result(code, result))
        for kind_text, order, markets, units, status, office in drawn:
            kind = parse_kind(kind_text)
            count = 1 if kind_text == "single" else 2 if kind_text == "express" else 3
            legs = [
                Leg(codes[i], m, ODDS[m], 1, "Хозяева", "Гости", KICKOFF)
                for i, m in zip(list(order)[:count], markets, strict=False)
            ]
            stake = D(int(units)) * (3 if count == 3 else 1)  # a system's stake splits in three
            number = make_slip_number(uow.slips.next_serial(), secret)
            slip = Slip(
                number=number,
                kind=kind,
                members=tuple((leg,) for leg in legs) if count > 1 else (tuple(legs),),
                stake=stake,
                total_odds=D(1),
                possible_payout=possible_payout(kind, stake, [leg.odds for leg in legs]),
                terminal="К1",
                cashier="anna",
                issued_at=NOW,
                status=status,  # type: ignore[arg-type]
                office=str(office),
                request_key=f"board-{number}",
            )
            uow.slips.add(slip)
            slips.append(slip)
        uow.commit()
    return slips


def _result(code: int, drawn: object) -> Result:
    if drawn == "cancelled":
        status, home, away = ResultStatus.CANCELLED, None, None
    else:
        status = ResultStatus.FINISHED
        home, away = cast("tuple[int, int]", drawn)
    ended = KICKOFF + timedelta(hours=2)
    return Result(code, status, home, away, KICKOFF, ended, "протокол", recorded_at=NOW)


def _lost(market: str, drawn: object) -> bool:
    if drawn is None or drawn == "cancelled":
        return False
    home, away = cast("tuple[int, int]", drawn)
    return Market.from_code(market).verdict(home, away).outcome is LegOutcome.LOST


Sums = dict[tuple[int, str], tuple[Exposure, Exposure, Decimal]]


def _expected(slips: Sequence[Slip], results: dict[int, object], office: str) -> Sums:
    chain: dict[tuple[int, str], Exposure] = {}
    mine: dict[tuple[int, str], Exposure] = {}
    for slip in slips:
        if slip.status is not SlipStatus.OPEN:
            continue
        if any(_lost(leg.market, results[leg.event_code]) for leg in slip.legs):
            continue
        one = Exposure(1, slip.stake, slip.possible_payout)
        for leg in slip.legs:
            if results[leg.event_code] is None:  # decided outcomes are not on the board
                key = (leg.event_code, leg.market)
                chain[key] = chain.get(key, Exposure()) + one
                mine[key] = mine.get(key, Exposure()) + (
                    one if slip.office == office else Exposure()
                )
    stakes: dict[int, Decimal] = {}
    for (code, _market), figures in chain.items():
        stakes[code] = stakes.get(code, D(0)) + figures.stakes
    return {key: (chain[key], mine[key], chain[key].payout - stakes[key[0]]) for key in chain}


def _board(shop: Shop, codes: list[int], event: int | None = None) -> Sums:
    rows = shop.liability(event=event).rows
    nets = [row.net for row in rows]
    assert nets == sorted(nets, reverse=True)  # the worst outcome first
    return {
        (row.event.code, row.market): (row.chain, row.office, row.net)
        for row in rows
        if row.event.code in codes
    }


def test_an_express_lost_on_one_leg_leaves_the_board_and_one_won_on_a_leg_stays(
    db_shop: Shop,
) -> None:
    codes = [7900, 7901, 7902, 7903]
    open_slip = SlipStatus.OPEN
    drawn = [
        ("express", (0, 1, 2, 3), ["1", "1", "1"], 10, open_slip, "M1"),  # 7900 lost (0:1)
        ("express", (2, 1, 0, 3), ["1", "1", "1"], 20, open_slip, "M1"),  # 7902 won (2:0)
        ("system 2/3", (3, 1, 2, 0), ["X", "2", "1"], 5, open_slip, "M2"),
    ]
    slips = _store(db_shop, codes, [(0, 1), None, (2, 0), None], drawn)

    board = _board(db_shop, codes)
    assert set(board) == {(7901, "1"), (7903, "X"), (7901, "2")}
    assert board[(7901, "1")][0] == Exposure(1, D("20.00"), slips[1].possible_payout)
    assert board[(7903, "X")][0] == Exposure(1, D("15.00"), slips[2].possible_payout)


# --- the cap -------------------------------------------------------------------------------


def test_a_bet_taking_an_outcome_to_its_cap_is_taken_and_a_kopeck_over_is_refused(
    db_shop: Shop,
) -> None:
    boss, anna = db_shop.login("boss", "9911"), db_shop.login("anna", "4821")
    db_shop.update_settings(max_liability=D("150.00"))
    code = _event(db_shop, 701)
    anna.accept_bet([(code, "1")], stake="50")  # 100,00 if 701 "1" happens
    anna.accept_bet([(code, "1")], stake="25")  # 150,00: the cap itself is allowed

    with pytest.raises(LiabilityCapExceeded) as refused:
        anna.accept_bet([(code, "1")], stake="1")  # 152,00
    assert (refused.value.code, refused.value.market) == (code, "1")
    assert (refused.value.payout, refused.value.cap) == (D("152.00"), D("150.00"))
    assert "больше предела по исходу (150,00 руб.)" in str(refused.value)
    anna.accept_bet([(code, "2")], stake="50")  # another outcome has its own figure
    boss.set_liability_cap(code, "151.99")
    with pytest.raises(LiabilityCapExceeded):
        anna.accept_bet([(code, "1")], stake="1")
    boss.set_liability_cap(code, "152.00")  # a kopeck more and the same bet is taken
    anna.accept_bet([(code, "1")], stake="1")
    (worst,) = [row for row in boss.liability(event=code).rows if row.market == "1"]
    assert (worst.chain.slips, worst.chain.payout, worst.cap) == (3, D("152.00"), D("152.00"))


def test_an_events_own_cap_stands_over_the_setting_and_none_gives_it_back(db_shop: Shop) -> None:
    boss, anna = db_shop.login("boss", "9911"), db_shop.login("anna", "4821")
    db_shop.update_settings(max_liability=D("10.00"))
    code = _event(db_shop, 702)
    boss.set_liability_cap(code, "1 000,00")  # above the setting: the event's own counts
    anna.accept_bet([(code, "1")], stake="400")
    boss.set_liability_cap(code, None)
    with pytest.raises(LiabilityCapExceeded) as refused:
        anna.accept_bet([(code, "1")], stake="1")
    assert refused.value.cap == D("10.00")
    with db_shop.unit_of_work() as uow:
        caps = [
            e.detail
            for e in reversed(uow.audit.recent(50))
            if e.action is AuditAction.LIABILITY_CAP_SET
        ]
    assert caps[-2:] == ["702: 1\u00a0000,00 руб.", "702: по настройке сети"]


def test_an_express_counts_whole_under_each_of_its_outcomes_against_the_cap(
    db_shop: Shop,
) -> None:
    anna = db_shop.login("anna", "4821")
    db_shop.update_settings(max_liability=D("100.00"))
    first, second = _event(db_shop, 703), _event(db_shop, 704, odds="1.50")
    anna.accept_bet([(first, "1"), (second, "1")], stake="30", kind="express")  # 90,00
    with pytest.raises(LiabilityCapExceeded) as refused:
        anna.accept_bet([(second, "1")], stake="10")  # 90,00 + 15,00 on 704 "1"
    assert (refused.value.code, refused.value.payout) == (second, D("105.00"))


def test_a_manager_accepting_a_referral_waives_the_cap(db_shop: Shop, clock: FixedClock) -> None:
    db_shop.update_settings(max_liability=D("10.00"))
    code = _event(db_shop, 705)
    with db_shop.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load("M1"))
        priced = price_bet(uow, settings, clock.now(), picks=[[(code, "1")]], stake="50",
                           kind="single", agreed_in_play=False, limits_waived=True)  # fmt: skip
        with pytest.raises(LiabilityCapExceeded):
            price_bet(uow, settings, clock.now(), picks=[[(code, "1")]], stake="50",
                      kind="single", agreed_in_play=False)  # fmt: skip
    assert priced.possible_payout == D("100.00")


# --- suspension ----------------------------------------------------------------------------


def test_a_suspended_outcome_refuses_bets_until_resumed_and_new_odds_keep_it_suspended(
    db_shop: Shop,
) -> None:
    boss, anna = db_shop.login("boss", "9911"), db_shop.login("anna", "4821")
    code = _event(db_shop, 706)
    anna.accept_bet([(code, "1")], stake="10")
    boss.suspend_outcome(code, "1")

    with pytest.raises(OutcomeSuspended) as refused:
        anna.accept_bet([(code, "1")], stake="10")
    assert str(refused.value) == (
        "Приём ставок на исход 1 события 706 приостановлен менеджером. Выберите другой исход."
    )
    anna.accept_bet([(code, "2")], stake="10")  # the event's other outcomes still sell
    boss.set_odds(code, "1", D("2.20"))  # a new version of the odds stays suspended
    with pytest.raises(OutcomeSuspended):
        anna.accept_bet([(code, "1")], stake="10")
    assert {(r.market, r.suspended) for r in boss.liability(event=code).rows} == {
        ("1", True),
        ("2", False),
    }
    boss.resume_outcome(code, "1")
    taken = anna.accept_bet([(code, "1")], stake="10")
    assert isinstance(taken, Slip) and taken.legs[0].odds == D("2.20")
    with db_shop.unit_of_work() as uow:
        actions = [e.action for e in reversed(uow.audit.recent(50)) if e.detail == f"{code} 1"]
    assert actions == [AuditAction.OUTCOME_SUSPENDED, AuditAction.OUTCOME_RESUMED]


def test_only_an_outcome_with_odds_is_suspended_and_only_by_who_edits_the_line(
    db_shop: Shop,
) -> None:
    code = _event(db_shop, 707)
    with pytest.raises(MarketNotOffered):
        db_shop.login("boss", "9911").suspend_outcome(code, "X")
    with pytest.raises(NotPermitted):
        db_shop.login("anna", "4821").suspend_outcome(code, "1")
    with pytest.raises(NotPermitted):
        db_shop.login("anna", "4821").liability()


# --- the office and the chain --------------------------------------------------------------


def test_an_offices_figures_stand_beside_the_chains(db_shop: Shop, clock: FixedClock) -> None:
    code = _event(db_shop, 708)  # the line is the chain's: edited by its head once offices
    db_shop.add_office("M2", name="Пункт приёма ставок № 2", address="г. Минск, 2")
    db_shop.create_user("chief", "7777", "head")
    db_shop.login("anna", "4821").accept_bet([(code, "1")], stake="10")  # M1: 20,00
    with db_shop.unit_of_work() as uow:  # a slip taken in M2 (its terminal's own database row)
        secret, quote = counter.shop_secret(uow), uow.line.quotes_for([(code, "1")])[(code, "1")]
        number = make_slip_number(uow.slips.next_serial(), secret)
        leg = Leg(code, "1", quote.odds, quote.version, "Хозяева", "Гости", KICKOFF)
        uow.slips.add(Slip(number, parse_kind("single"), ((leg,),), D("30"), D("2.00"),
                           D("60.00"), "К2", "anna", clock.now(), office="M2",
                           request_key="m2-slip"))  # fmt: skip
        uow.commit()

    (mine,) = db_shop.login("boss", "9911").liability(event=code).rows
    assert (mine.chain, mine.office) == (Exposure(2, D("40.00"), D("80.00")),
                                         Exposure(1, D("10.00"), D("20.00")))  # fmt: skip
    assert (mine.net, mine.office_net) == (D("40.00"), D("10.00"))
    (theirs,) = db_shop.login("chief", "7777").liability(event=code, office="M2").rows
    assert theirs.office == Exposure(1, D("30.00"), D("60.00")) and theirs.chain == mine.chain
    with pytest.raises(OtherOfficesJournal):
        db_shop.login("boss", "9911").liability(office="M2")  # a manager sees his own office


def test_the_demos_day_shows_its_worst_outcome_first(db_url: str, clock: FixedClock) -> None:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        shop.seed_demo(played_yesterday=True, chain=True, spread=True)  # as main.py does
        worst, *others = shop.login("boss", "9911").liability().rows
    finally:
        shop.close()
    assert (worst.event.code, worst.market, worst.chain.slips) == (101, "1", 3)
    assert worst.net > 2 * max(row.net for row in others)  # clearly the worst
