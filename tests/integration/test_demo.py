"""The demo's played yesterday on both databases: slips, results, a closed shift, a payout."""

from __future__ import annotations

from escpos.printer import Dummy

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher


def test_a_new_database_gets_a_played_yesterday_ready_to_pay(
    db_url: str, clock: FixedClock
) -> None:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        shop.seed_demo(played_yesterday=True)
        anna = shop.login("anna", "4821")
        slips = anna.recent_slips(minutes=2 * 24 * 60)
        winners = [slip for slip in slips if slip.status is SlipStatus.WON]
        assert len(slips) == 5 and len(winners) == 3

        entry = anna.pay_out(winners[0].number, document=PASSPORT)

        assert entry.amount == winners[0].payout
        assert shop.slip(winners[0].number).status is SlipStatus.PAID
        assert shop.verify().ok
    finally:
        shop.close()
