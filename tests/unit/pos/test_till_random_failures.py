"""Print and save as one step over random printer failures: no receipt number is skipped and
none is put on two papers.

On the in-memory fakes with a FlakyDummy printer that fails at random.
"""

from __future__ import annotations

import random
import re

import pytest

from pos.betting.slips import SlipStatus
from pos.shop.services import Shop
from pos.till.errors import PrintFailed, ReceiptInDoubt, ReceiptNotPrinted, SlipNotPrinted
from pos.till.fiscal import ReceiptKind
from pos.till.shifts import CashKind
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage
from tests.unit.pos.till_helpers import _receipts


def test_the_receipt_counter_has_no_gaps_over_random_failures(
    flaky_shop: Shop, flaky: FlakyDummy, storage: FakeStorage
) -> None:
    """120 operations with the plug pulled at random: receipts are numbered 1..N, once each."""
    anna = flaky_shop.login("anna", "4821")
    rng = random.Random(4)
    issued: list[str] = []
    for _ in range(120):
        flaky.broken = rng.random() < 0.3
        action = rng.choice(["bet", "bet", "cancel", "reprint", "x"])
        try:
            if anna.unprinted_receipts():
                anna.print_receipts()
            elif action == "bet" or not issued:
                issued.append(anna.accept_bet([(101, "1")], stake=rng.randint(1, 50)).number)
            elif action == "cancel":
                anna.cancel_in_window(issued.pop(), reason="проверка")
            elif action == "reprint":
                anna.reprint(issued[-1])
            else:
                anna.x_report()
        except (SlipNotPrinted, ReceiptNotPrinted) as failure:
            assert flaky.broken, failure
        except PrintFailed as failure:  # copies and reports
            assert flaky.broken and "не напечатано" in str(failure), failure
    numbers = [number for number, *_ in _receipts(storage)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 50
    open_or_cancelled = [s for s in storage.data.slips.values() if s.status is not SlipStatus.VOID]
    # Every issued slip has its stake and its receipt; no voided slip has either.
    stakes = {m.slip_number for m in storage.data.cash if m.kind is CashKind.STAKE}
    assert stakes == {s.number for s in open_or_cancelled}
    income = {r.slip_number for r in storage.data.receipts.values() if r.kind is ReceiptKind.INCOME}
    assert income == stakes


def _on_paper(flaky: FlakyDummy) -> list[int]:
    """Every receipt number that reached the paper, whole or in part, once per appearance."""
    found = []
    for paper in flaky.papers:
        found += [int(n) for n in re.findall(r"Чек № (\d+) ", paper.decode("cp866", "replace"))]
    return found


@pytest.mark.warns_in_log
def test_a_printer_failing_midway_never_puts_one_number_on_two_papers(
    flaky_shop: Shop, flaky: FlakyDummy, storage: FakeStorage
) -> None:
    """80 operations with jobs cut off, printed and unanswered, or refused, at random: each
    receipt number is on paper at most once, and every number on paper has its record."""
    anna = flaky_shop.login("anna", "4821")
    rng = random.Random(15)
    issued: list[str] = []
    for _ in range(80):
        flaky.broken = rng.random() < 0.3
        flaky.mode = rng.choice(["unplugged", "cut", "lost"])
        try:
            if doubtful := anna.receipts_in_doubt():
                whole = f"Чек № {doubtful[0].number} ".encode("cp866") in flaky.papers[-1]
                anna.answer_receipt(doubtful[0].number, came_out=whole and flaky.mode == "lost")
            elif anna.unprinted_receipts():
                anna.print_receipts()
            elif rng.random() < 0.2 and issued:
                anna.cancel_in_window(issued.pop(), reason="проверка")
            else:
                issued.append(anna.accept_bet([(101, "1")], stake=rng.randint(1, 50)).number)
        except (SlipNotPrinted, ReceiptNotPrinted, ReceiptInDoubt) as failure:
            assert flaky.broken, failure
    numbers = sorted(storage.data.receipts)
    assert [n for _, n in numbers] == list(range(1, len(numbers) + 1))
    paper = _on_paper(flaky)
    assert len(paper) == len(set(paper)) and len(paper) > 25
    assert set(paper) <= {n for _, n in numbers}
