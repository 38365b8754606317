"""The printers given to `open_shop` win over the terminal's settings one by one (issue 34):
a fiscal printer given alone gets the fiscal receipts, the slips go where the settings say."""

from __future__ import annotations

from pathlib import Path

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
PROFILE = "TM-T20II"


def test_a_fiscal_printer_given_alone_gets_the_fiscal_receipts(
    db_url: str, clock: FixedClock, tmp_path: Path
) -> None:
    receipts = Dummy(profile=PROFILE)
    jobs = tmp_path / "prints"
    shop = open_shop(
        db_url,
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        fiscal_printer=receipts,
        jobs_dir=jobs,
    )
    try:
        shop.seed_demo()
        slip = shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    finally:
        shop.close()
    printed = read_job(receipts.output, PROFILE)
    assert "КАССОВЫЙ ЧЕК" in printed.text()
    assert printed.cuts >= 1
    files = sorted(path.name for path in jobs.iterdir())
    # The slip went where the settings say (none set up: a file in the jobs folder).
    assert [name.partition("-slip-")[2] for name in files if "-slip-" in name] == [
        f"{slip.number}.bin"
    ]
    assert not any("-receipt-" in name for name in files), files
