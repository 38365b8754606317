"""Screenshots of a chain of offices (issue 18) on one PostgreSQL server, for docs/: each
office's journal as the chain's head reads it, the chain's report by office, and the offices
page. Without PostgreSQL installed, on a SQLite file. Run under a real X server (Xvfb):

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_chain [out_dir]
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from escpos.printer import Dummy
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget

from main import open_shop
from pos.core.clock import FixedClock
from pos.reports.tables import ReportKind
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.pg import PostgresServer, find_binaries
from tests.screenshots import NOW, open_page, save, sign_in, wait_until
from tests.shifts import reopen_shift
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.journal import JournalPage
from ui.pages.offices import OfficesPage
from ui.pages.reports import ReportsPage
from ui.tasks import TaskRunner

SIZE = (1366, 768)


@contextlib.contextmanager
def database(folder: Path) -> Iterator[str]:
    """A PostgreSQL database on a throw-away server, or a SQLite file without one."""
    binaries = find_binaries()
    if binaries is None:
        yield f"sqlite:///{folder / 'shop.db'}"
        return
    server = PostgresServer(binaries)
    server.start()
    try:
        yield server.url(server.create_database())
    finally:
        server.stop()


def _open(url: str, clock: FixedClock, terminal: str, folder: Path) -> Shop:
    return open_shop(
        url,
        clock=clock,
        terminal=terminal,
        pin_hasher=PlainPinHasher(),
        printer=Dummy(profile="TM-T20II"),
        jobs_dir=folder / "prints",
    )


def chain_day(url: str, folder: Path) -> tuple[Shop, Shop]:
    """The demo chain: bets in both offices, the results, and a payout morning in each —
    one in M1's journal, two in M2's (payouts anywhere). Returns the shops at К1 and К3."""
    clock = FixedClock(NOW - timedelta(days=3))
    k1 = _open(url, clock, "К1", folder)
    k1.seed_demo(chain=True)
    k1.update_settings(payout_anywhere=True, shop_name="ООО «Фортуна Бет»")
    k3 = _open(url, clock, "К3", folder)
    head = k3.login("boss", "9911")
    head.open_shift(cash="1000")
    anna, vera = k1.login("anna", "4821"), k3.login("vera", "5555")
    slips = [anna.accept_bet([(101, "1")], stake="20").number]
    slips += [vera.accept_bet([(101, "1")], stake=s).number for s in ("15", "40")]
    vera.accept_bet([(203, "X")], stake="10")
    clock.advance(timedelta(days=2))
    chief = k1.login("boss", "9911")
    chief.record_result(101, 2, 1, source="АБФФ")
    chief.settle()
    clock.set(NOW)
    reopen_shift(anna)
    reopen_shift(head)
    anna.pay_out(slips[0], PASSPORT)
    vera.pay_out(slips[1], PASSPORT)
    vera.pay_out(slips[2], PASSPORT)
    clock.advance(timedelta(minutes=10))
    for desk, legs, stake in ((anna, [(105, "1")], "25"), (vera, [(302, "2")], "12,50")):
        desk.accept_bet(legs, stake=stake)
        clock.advance(timedelta(minutes=5))
    return k1, k3


def main(out_dir: Path) -> None:
    """Save chain_journal_m1.png, chain_journal_m2.png, chain_report.png, offices.png."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as temp, database(Path(temp)) as url:
        k1, k3 = chain_day(url, Path(temp))
        today = k1.clock.now().astimezone(k1.settings().zone).date()
        ui_state = QSettings(str(Path(temp) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(k1), runner, ui_state=ui_state)
        window.resize(*SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() >= 2)
        sign_in(window, "boss", "9911")
        open_page(window, "Журнал")
        journal = window.findChild(JournalPage)
        wait_until(lambda: journal.office_choice.count() == 2 and not runner.busy)
        save(window, out_dir / "chain_journal_m1.png")
        journal.office_choice.choose("M2")
        wait_until(lambda: journal.table.rowCount() == 2 and not runner.busy)
        save(window, out_dir / "chain_journal_m2.png")
        open_page(window, "Отчёты")
        reports = window.findChild(ReportsPage)
        wait_until(lambda: reports.report is not None and not runner.busy)
        reports.set_period(today, today)
        reports.choose(ReportKind.OFFICES)
        wait_until(
            lambda: (
                reports.report is not None
                and reports.report.kind is ReportKind.OFFICES
                and not runner.busy
            )
        )
        save(window, out_dir / "chain_report.png")
        open_page(window, "Пункты")
        offices = window.findChild(OfficesPage)
        wait_until(lambda: offices.table.rowCount() == 2 and not runner.busy)
        save(window, out_dir / "offices.png")
        for name in ("chain_journal_m1", "chain_journal_m2", "chain_report", "offices"):
            sys.stdout.write(f"{out_dir / name}.png\n")
        window.close()
        runner.shutdown()  # the sign-out reaches the server before it stops
        app.processEvents()
        k3.close()
        k1.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
