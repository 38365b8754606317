"""A bet is priced once (issue 34): one sum over its expresses gives both its total odds and
its possible payout, the same as each alone."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting import bets
from pos.betting.bets import BetKind, BetType, possible_payout, prices, total_odds
from pos.shop.desk import Desk
from pos.shop.services import Shop

_ODDS = st.integers(101, 5000).map(lambda hundredths: Decimal(hundredths) / 100)


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    return demo_shop.login("anna", "4821")


@pytest.mark.parametrize(
    ("legs", "stake", "kind"),
    [([(101, "1")], "10", "single"), ([(101, "1"), (102, "X"), (103, "2")], "9", "system 2/3")],
)
def test_accepting_a_bet_prices_it_once(
    anna: Desk, monkeypatch: pytest.MonkeyPatch, legs: list[tuple[int, str]], stake: str, kind: str
) -> None:
    sums = []
    summed = bets.elementary_symmetric

    def counted(values: list[Decimal], k: int) -> Decimal:
        sums.append(k)
        return summed(values, k)

    monkeypatch.setattr(bets, "elementary_symmetric", counted)
    slip = anna.accept_bet(legs, stake, kind)
    assert len(sums) == 1
    odds = [leg.odds for leg in slip.legs]
    assert (slip.total_odds, slip.possible_payout) == (
        total_odds(slip.kind, odds),
        possible_payout(slip.kind, slip.stake, odds),
    )


@given(st.lists(_ODDS, min_size=2, max_size=8), st.integers(1, 10_000), st.data())
def test_the_prices_are_what_the_total_odds_and_the_payout_say_alone(
    odds: list[Decimal], roubles: int, data: st.DataObject
) -> None:
    size = data.draw(st.integers(0, len(odds) - 1))
    kind = BetKind(BetType.SYSTEM, size, len(odds)) if size >= 2 else BetKind(BetType.EXPRESS)
    stake = Decimal(roubles * kind.combinations)
    assert prices(kind, stake, odds) == (
        total_odds(kind, odds),
        possible_payout(kind, stake, odds),
    )
