"""Screenshots of the payout page and the payout journal page for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_payouts [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from PySide6.QtWidgets import QLineEdit, QTabBar

try:  # python -m tests.screenshots_payouts
    from tests.screenshots import demo_shop, save, wait_until
    from tests.screenshots_results import open_window, results
except ImportError:  # python tests/screenshots_payouts.py: the script's folder is on sys.path
    from screenshots import demo_shop, save, wait_until  # type: ignore[no-redef]
    from screenshots_results import open_window, results  # type: ignore[no-redef]

from pos.betting.slips import Slip, SlipStatus
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT, PASSPORT_HB
from tests.shifts import reopen_shift
from ui.app import create_application
from ui.main_window import MainWindow
from ui.pages.journal import JournalPage
from ui.pages.payouts import PayoutsPage
from ui.tasks import TaskRunner

# Friday 4 December 2026, 12:15 in Minsk: the slips of the 1st and the 2nd are payable.
PAYOUT_DAY = datetime(2026, 12, 4, 9, 15, tzinfo=UTC)
LATER = datetime(2026, 12, 4, 13, 40, tzinfo=UTC)
PLAYERS = (PASSPORT, ID_CARD, PASSPORT_HB)


def bets(anna: Desk) -> tuple[list[Slip], Slip]:
    """Monday's slips, as tests/screenshots_results.py places them: three to pay before the
    picture, and the express on 101, 103 (postponed: void) and 201 shown being paid."""
    others = [
        anna.accept_bet([(101, "1")], Decimal("20")),
        anna.accept_bet([(102, "X")], Decimal("5")),
        anna.accept_bet([(202, "O5.5"), (301, "1")], Decimal("8"), "express"),
    ]
    express = anna.accept_bet([(101, "1"), (103, "1"), (201, "1")], Decimal("10"), "express")
    return others, express


def pay_some(shop: Shop, slips: list[Slip], clock: FixedClock) -> None:
    """The won slips paid on the morning of the 4th, the first corrected in the afternoon."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    clock.set(PAYOUT_DAY)
    reopen_shift(anna)  # a new day, a new shift
    won = [slip for slip in slips if shop.slip(slip.number).status is SlipStatus.WON]
    for slip, player in zip(won, PLAYERS, strict=False):
        (boss if player is PLAYERS[-1] else anna).pay_out(slip.number, player)
    clock.set(LATER)
    boss.correct_journal_entry(
        1,
        document="паспорт MP1234576, выдан 12.03.2015 Октябрьский РУВД г. Минска",
        reason="переставлены цифры в номере паспорта",
    )


def payout_screenshot(window: MainWindow, runner: TaskRunner, express: Slip, out: Path) -> None:
    """payout.png: the express with a void leg, its settlement, the amount, the document."""
    open_tab(window, "Выплаты")
    page = window.findChild(PayoutsPage)
    wait_until(lambda: not runner.busy)
    number = page.findChild(QLineEdit, "payout_number")
    number.setText(express.number)
    page.look_up(express.number)
    wait_until(lambda: page.quote is not None and not runner.busy)
    form = page.document_form
    texts = {
        "surname": "Шевчук",
        "name": "Дмитрий",
        "patronymic": "Олегович",
        "birth_date": "23.11.1979",
        "number": "HB2345678",
        "issued_by": "Гомельский ГОВД",
        "issued_on": "20.08.2019",
        "expires_on": "20.08.2029",
    }
    for name, text in texts.items():
        form.field(name).setText(text)
    form.field("issued_on").setFocus()
    save(window, out)


def journal_screenshot(window: MainWindow, runner: TaskRunner, out: Path) -> None:
    """journal.png: this month's entries, one of them a correction, the first selected."""
    open_tab(window, "Журнал")
    page = window.findChild(JournalPage)
    wait_until(lambda: page.totals_text() != "" and not runner.busy)
    page.table.select_number(1)
    save(window, out)


def open_tab(window: MainWindow, title: str) -> None:
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index(title))


def main(out_dir: Path) -> None:
    """Save payout.png and journal.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    others, express = bets(shop.login("anna", "4821"))
    results(shop.login("boss", "9911"), clock)
    shop.settle()
    pay_some(shop, others, clock)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as state_dir:
        window = open_window(shop, runner, state_dir)
        payout_screenshot(window, runner, express, out_dir / "payout.png")
        journal_screenshot(window, runner, out_dir / "journal.png")
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
