"""pos.exchange.undoing.reopened: a pari the СККС did not register taken back off its offer
(issue 35), every block back where it was before the acceptance or released."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.paris import BlockChange, Offer, OfferStatus
from pos.exchange.terms import ExchangeLimits
from pos.exchange.undoing import reopened
from pos.line.events import Event, Sport

D = Decimal
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
EVENT = Event(101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ", T0 + timedelta(hours=6))
LIMITS = ExchangeLimits(
    min_stake=D("1.00"), max_stake=D("1000.00"), min_coefficient=D("0.10"), max_coefficient=D("50")
)
ANNA, BORIS = "00000100017", "00000200025"


def _offer(side: str, coefficient: str = "1.37", stake: str = "100") -> Offer:
    return new_offer(
        number="7",
        account=ANNA,
        event=EVENT,
        terms=OfferTerms(market="1", side=side, coefficient=coefficient, stake=stake),
        line_markets=("1", "X", "2"),
        limits=LIMITS,
        at=T0,
        terminal="К1",
        cashier="anna",
        office="M1",
    )


def test_a_pari_taken_back_leaves_its_offer_as_before_the_acceptance() -> None:
    for side in ("back", "lay"):
        offer = _offer(side)
        after, pari, moved = offer.accept(
            D("33.33"), account=BORIS, number="8", at=T0, limits=LIMITS
        )

        again, change = reopened(after, pari)

        assert again == offer
        # What the acceptance released (a lay offer's rounding kopeck) is blocked again.
        assert change == BlockChange(ANNA, block=moved.release)


def test_a_pari_taken_back_off_an_offer_accepted_whole_opens_it_again() -> None:
    offer = _offer("back")
    after, pari, _ = offer.accept(D("100"), account=BORIS, number="8", at=T0, limits=LIMITS)
    assert after.status is OfferStatus.ACCEPTED

    again, change = reopened(after, pari)

    assert again == offer and change == BlockChange(ANNA)


def test_a_pari_taken_back_off_a_withdrawn_offer_releases_its_risk() -> None:
    offer = _offer("lay")
    after, pari, _ = offer.accept(D("40"), account=BORIS, number="8", at=T0, limits=LIMITS)
    withdrawn, _ = after.withdraw()

    again, change = reopened(withdrawn, pari)

    assert (again.status, again.stake, again.accepted, again.stake_open) == (
        OfferStatus.WITHDRAWN,
        D("60.00"),
        D("0.00"),
        D("0.00"),
    )
    assert change == BlockChange(ANNA, release=pari.lay_risk)


def test_a_pari_taken_back_off_an_offer_changed_since_releases_its_risk() -> None:
    offer = _offer("back")
    after, pari, _ = offer.accept(D("40"), account=BORIS, number="8", at=T0, limits=LIMITS)
    changed, _ = after.change(coefficient="2.0", at=T0, limits=LIMITS)

    again, change = reopened(changed, pari)

    assert (again.stake, again.stake_open, again.accepted) == (D("60.00"), D("60.00"), D("0.00"))
    assert again.coefficient == D("2.0") and change == BlockChange(ANNA, release=D("40.00"))
