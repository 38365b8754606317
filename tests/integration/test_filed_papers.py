"""The papers of an account a terminal without a printer writes to files, shown on its screen
(issue 34) on both databases: each once, as printed; none where paper comes out."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.accounts.numbers import display_account_number
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration


@pytest.fixture
def paperless(db_url: str, clock: FixedClock, tmp_path: Path) -> Iterator[Shop]:
    """The demo shop at К1 with no printer set up: its jobs go to files in `tmp_path`."""
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), jobs_dir=tmp_path
    )
    shop.seed_demo()
    yield shop
    shop.close()


def test_a_statement_written_to_a_file_is_given_to_the_screen_once(paperless: Shop) -> None:
    anna = paperless.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    card = anna.filed_papers()
    anna.deposit(number, Decimal("500"))
    anna.print_statement(number)

    papers = anna.filed_papers()

    shown = display_account_number(number)
    assert [paper.heading for paper in card] == [f"Карта счёта игрока {shown}"]
    assert [paper.heading for paper in papers] == [f"Выписка по счёту игрока {shown}"]
    texts = [line.text for line in papers[0].lines]
    assert "ВЫПИСКА ПО СЧЁТУ ИГРОКА" in texts
    assert any("И***** П. С." in text for text in texts)  # the file's copy: the name masked
    assert any("500,00" in text for text in texts)
    assert anna.filed_papers() == []  # each paper once


def test_nothing_is_kept_for_the_screen_where_paper_comes_out(
    db_url: str, clock: FixedClock, tmp_path: Path
) -> None:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        shop.seed_demo()
        anna = shop.login("anna", "4821")
        number = anna.open_account(document=PASSPORT).number
        anna.print_statement(number)
        assert anna.filed_papers() == []
    finally:
        shop.close()
