"""The database of Bet-on-Poker draws made before the games' seam (issue 36,
tests/integration/games_baseline.py) read by today's build: each slip as it was made, the
journal as it was, and the won draw slip still paid at its payout."""

from __future__ import annotations

import gzip
import json
import shutil
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.games_baseline import FILE, RECORD
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration


def test_the_draws_made_before_the_seam_read_and_pay_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with gzip.open(FILE) as packed, path.open("wb") as file:
        shutil.copyfileobj(packed, file)
    record = json.loads(RECORD.read_text())
    clock = FixedClock(NOW + timedelta(days=1, hours=2))
    shop = open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(),
    )
    try:
        for name, was in record["slips"].items():
            slip = shop.slip(was["number"])
            assert (slip.status.value, str(slip.payout)) == (was["status"], was["payout"]), name
        journal = [[entry.slip_number, str(entry.amount)] for entry in shop.journal()]
        assert journal == record["journal"]
        anna = shop.login("anna", "4821")
        reopen_shift(anna)
        won = record["slips"]["won"]["number"]
        assert anna.pay_out(won, PASSPORT).amount == Decimal(record["slips"]["won"]["payout"])
        refunded = record["slips"]["refunded"]["number"]
        assert anna.pay_out(refunded, PASSPORT).amount == Decimal("7.00")
    finally:
        shop.close()
