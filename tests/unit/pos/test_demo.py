"""The demo's played yesterday: a newcomer can try results, slips and payouts at once (issue 16)."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from decimal import Decimal

from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.documents import PASSPORT


def _yesterdays_slips(shop: Shop) -> dict[str, tuple[SlipStatus, Decimal | None]]:
    slips = shop.login("anna", "4821").recent_slips(minutes=2 * 24 * 60)
    return {slip.number: (slip.status, slip.payout) for slip in slips}


def test_the_demo_played_yesterday_leaves_three_winners_to_pay_today(
    shop: Shop, clock: FixedClock
) -> None:
    assert shop.seed_demo(played_yesterday=True) == 10

    slips = _yesterdays_slips(shop)
    assert Counter(slips.values()) == Counter(
        [
            (SlipStatus.WON, Decimal("42.00")),
            (SlipStatus.WON, Decimal("67.20")),
            (SlipStatus.WON, Decimal("170.55")),
            (SlipStatus.LOST, Decimal("0")),
            (SlipStatus.LOST, Decimal("0")),
        ]
    )
    winner = next(number for number, (status, _payout) in slips.items() if status is SlipStatus.WON)
    entry = shop.login("anna", "4821").pay_out(winner, document=PASSPORT)
    assert entry.number == 1
    assert shop.verify().ok


def test_yesterday_is_over_before_today_starts(shop: Shop, clock: FixedClock) -> None:
    shop.seed_demo(played_yesterday=True)

    anna = shop.login("anna", "4821")
    status = anna.shift()
    assert status is not None and status.shift.opened_at == clock.now()  # today's demo shift
    # 113 was played last night and waits for its result (issue 34).
    coming = [row.event for row in anna.line() if row.event.code not in {111, 112, 113, 211}]
    assert len(coming) == 10 and all(event.starts_at > clock.now() for event in coming)
    played = [row for row in shop.login("boss", "9911").results() if row.result is not None]
    assert [row.event.code for row in played] == [111, 112, 211]
    assert all(row.event.starts_at < clock.now() - timedelta(hours=12) for row in played)


def test_yesterday_is_played_only_on_a_new_database(shop: Shop) -> None:
    shop.seed_demo()
    shop.seed_demo(played_yesterday=True)

    assert _yesterdays_slips(shop) == {}
